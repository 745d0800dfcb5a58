package eval

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/elolab/elolab/engine/board"
	"github.com/elolab/elolab/engine/params"
)

// mirrorFEN swaps colours and flips the board vertically.
func mirrorFEN(fen string) string {
	f := strings.Fields(fen)
	ranks := strings.Split(f[0], "/")
	for i, j := 0, len(ranks)-1; i < j; i, j = i+1, j-1 {
		ranks[i], ranks[j] = ranks[j], ranks[i]
	}
	swap := func(s string) string {
		return strings.Map(func(r rune) rune {
			switch {
			case r >= 'a' && r <= 'z':
				return r - 32
			case r >= 'A' && r <= 'Z':
				return r + 32
			}
			return r
		}, s)
	}
	f[0] = swap(strings.Join(ranks, "/"))
	if f[1] == "w" {
		f[1] = "b"
	} else {
		f[1] = "w"
	}
	if f[2] != "-" {
		c := swap(f[2])
		// keep the canonical KQkq order
		var out string
		for _, x := range "KQkq" {
			if strings.ContainsRune(c, x) {
				out += string(x)
			}
		}
		f[2] = out
	}
	if f[3] != "-" {
		f[3] = string(f[3][0]) + string('1'+'8'-f[3][1])
	}
	return strings.Join(f, " ")
}

func randomPositions(t testing.TB, n int) []*board.Position {
	r := rand.New(rand.NewPCG(11, 12))
	var out []*board.Position
	var list board.MoveList
	for len(out) < n {
		p := board.NewPosition()
		for ply := 0; ply < 100; ply++ {
			p.GenerateMoves(&list)
			if list.N == 0 {
				break
			}
			p.MakeMove(list.Moves[r.IntN(list.N)])
			if ply%9 == 8 {
				q, err := board.ParseFEN(p.FEN())
				if err != nil {
					t.Fatal(err)
				}
				out = append(out, q)
			}
		}
	}
	return out
}

// TestSymmetry: a position and its colour-flipped mirror score the same
// for the side to move, with every optional term switched on.
func TestSymmetry(t *testing.T) {
	p := params.NewValues()
	for _, name := range []string{"eval.pawns.micromax", "eval.pawnpush.enabled", "eval.kingdanger.enabled", "eval.pawns.connected.enabled"} {
		if err := p.Set(name, "true"); err != nil {
			t.Fatal(err)
		}
	}
	e := New(p)
	e.Prepare()
	for _, pos := range randomPositions(t, 400) {
		m, err := board.ParseFEN(mirrorFEN(pos.FEN()))
		if err != nil {
			t.Fatalf("mirror of %s: %v", pos.FEN(), err)
		}
		if a, b := e.Evaluate(pos), e.Evaluate(m); a != b {
			t.Fatalf("%s scores %d, its mirror %s scores %d", pos.FEN(), a, m.FEN(), b)
		}
	}
}

// TestTraceIsLinear: with the nonlinear terms off, the traced coefficients
// reproduce the score (up to integer rounding), and the fast path agrees
// with the traced one.
func TestTraceIsLinear(t *testing.T) {
	p := params.NewValues()
	for _, name := range []string{"eval.trades.enabled", "eval.drawn.enabled"} {
		if err := p.Set(name, "false"); err != nil {
			t.Fatal(err)
		}
	}
	e := New(p)
	e.Prepare()
	tr := NewTrace()
	for _, pos := range randomPositions(t, 300) {
		fast := e.Evaluate(pos)
		traced := e.TraceEval(pos, tr)
		if fast != traced {
			t.Fatalf("%s: fast %d, traced %d", pos.FEN(), fast, traced)
		}
		lin := tr.Linear(p)
		if math.Abs(lin-float64(tr.Score)) > 2 {
			t.Fatalf("%s: linear %.2f, score %d", pos.FEN(), lin, tr.Score)
		}
	}
}

func TestTogglesMatter(t *testing.T) {
	positions := randomPositions(t, 100)
	for _, fen := range []string{
		"8/8/4k3/8/8/3KN3/8/8 w - - 0 1",        // KNvK: drawn
		"8/8/8/8/k5P1/8/8/K7 w - - 0 1",         // unstoppable pawn
		"4k3/p7/8/3N4/4P3/8/8/4K3 w - - 0 1",    // knight outpost
		"8/4k3/4b3/3P4/2P5/2B5/4K3/8 w - - 0 1", // opposite-coloured bishops
	} {
		pos, err := board.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		positions = append(positions, pos)
	}
	sum := func(p *params.Values) int {
		e := New(p)
		e.Prepare()
		s := 0
		for _, pos := range positions {
			s += e.Evaluate(pos)
		}
		return s
	}
	base := sum(params.NewValues())
	for _, d := range params.All() {
		if d.Group != "eval" || d.Kind != params.KindBool {
			continue
		}
		p := params.NewValues()
		p.SetInt(d, 1-d.Default)
		if sum(p) == base {
			t.Errorf("%s switched leaves every score unchanged", d.Name)
		}
	}
}

func TestEvalAllocs(t *testing.T) {
	e := New(params.NewValues())
	e.Prepare()
	pos, _ := board.ParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	if a := testing.AllocsPerRun(100, func() { e.Evaluate(pos) }); a != 0 {
		t.Fatalf("Evaluate allocates %v times", a)
	}
}

func BenchmarkEvaluate(b *testing.B) {
	e := New(params.NewValues())
	e.Prepare()
	positions := randomPositions(b, 256)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		e.Evaluate(positions[i&255])
	}
}
