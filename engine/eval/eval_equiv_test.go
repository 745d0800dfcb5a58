package eval

import (
	"bufio"
	"flag"
	"fmt"
	"hash/fnv"
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/elolab/elolab/engine/board"
	"github.com/elolab/elolab/engine/params"
)

// The golden file pins the evaluation: for every position and parameter
// setting, the score and a hash of the Trace. It was written by the
// evaluator before its speed-up, so a rewrite that changes any score or
// coefficient fails TestEvalGolden. Regenerate (go test -run
// TestEvalGolden -update) only for an intended change of the evaluation.
var update = flag.Bool("update", false, "rewrite testdata/eval_golden.txt")

const goldenFile = "testdata/eval_golden.txt"

// goldenSetting is a named parameter setting.
type goldenSetting struct {
	name string
	set  func(p *params.Values) error
}

func evalDefs() []*params.Def {
	var out []*params.Def
	for _, d := range params.All() {
		if d.Group == "eval" {
			out = append(out, d)
		}
	}
	return out
}

func setSwitches(p *params.Values, v int) error {
	for _, d := range evalDefs() {
		if d.Kind == params.KindBool {
			if err := p.SetInt(d, v); err != nil {
				return err
			}
		}
	}
	return nil
}

// randomise gives every eval parameter a value drawn from its range by a
// hash of its name, so the setting does not depend on registration order.
func randomise(p *params.Values, seed string) error {
	for _, d := range evalDefs() {
		h := fnv.New64a()
		h.Write([]byte(seed + "/" + d.Name))
		if err := p.SetInt(d, d.Min+int(h.Sum64()%uint64(d.Max-d.Min+1))); err != nil {
			return err
		}
	}
	return nil
}

var goldenSettings = []goldenSetting{
	{"default", func(*params.Values) error { return nil }},
	{"alloff", func(p *params.Values) error { return setSwitches(p, 0) }},
	{"allon", func(p *params.Values) error { return setSwitches(p, 1) }},
	{"micromax", func(p *params.Values) error { // configs/labrat/micromax-material.yaml
		for pt, v := range map[string]int{"pawn": 80, "knight": 280, "bishop": 320, "rook": 480, "queen": 920} {
			for _, ph := range []string{"mg", "eg"} {
				if err := p.Set("eval.material."+pt+"."+ph, strconv.Itoa(v)); err != nil {
					return err
				}
			}
		}
		return nil
	}},
	{"random1", func(p *params.Values) error { return randomise(p, "random1") }},
	{"random2", func(p *params.Values) error { return randomise(p, "random2") }},
}

// traceHash folds every field of a trace into 32 bits.
func traceHash(t *Trace) uint32 {
	h := fnv.New64a()
	var b [8]byte
	put := func(x uint64) {
		for i := range b {
			b[i] = byte(x >> (8 * i))
		}
		h.Write(b[:])
	}
	put(uint64(t.Phase))
	put(uint64(int64(t.Score)))
	put(uint64(t.STM))
	for _, c := range t.Coef {
		put(math.Float64bits(c))
	}
	s := h.Sum64()
	return uint32(s ^ s>>32)
}

// goldenResult is one setting's result on one position.
type goldenResult struct {
	score int
	trace uint32
}

// evalGolden evaluates positions under setting s every way the evaluator
// can be used, fails if the ways disagree, and returns the results.
func evalGolden(t *testing.T, s goldenSetting, positions []*board.Position) []goldenResult {
	p := params.NewValues()
	if err := s.set(p); err != nil {
		t.Fatalf("%s: %v", s.name, err)
	}
	prepared := New(p)
	prepared.Prepare()
	unprepared := New(p) // reads the registry values directly
	tr, utr := NewTrace(), NewTrace()
	out := make([]goldenResult, len(positions))
	for i, pos := range positions {
		score := prepared.Evaluate(pos)
		again := prepared.Evaluate(pos) // pawn cache hit
		u := unprepared.Evaluate(pos)
		traced := prepared.TraceEval(pos, tr)
		utraced := unprepared.TraceEval(pos, utr)
		h := traceHash(tr)
		if again != score || u != score || traced != score || utraced != score || traceHash(utr) != h {
			t.Fatalf("%s: %s: evaluate %d, again %d, unprepared %d, traced %d, unprepared traced %d (trace hashes %08x, %08x)",
				s.name, pos.FEN(), score, again, u, traced, utraced, h, traceHash(utr))
		}
		out[i] = goldenResult{score, h}
	}
	return out
}

// goldenPositions: the perft suites' positions and positions reached by
// random playouts from them, some through captures only so that endgames
// are well represented.
func goldenPositions(t *testing.T) []*board.Position {
	var seeds []string
	seen := map[string]bool{}
	for _, name := range []string{"../board/testdata/cpw_standard_positions.epd", "../board/testdata/perftsuite.epd"} {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(string(data), "\n") {
			if fen, _, _ := strings.Cut(line, ";"); strings.TrimSpace(fen) != "" && !seen[strings.TrimSpace(fen)] {
				seen[strings.TrimSpace(fen)] = true
				seeds = append(seeds, strings.TrimSpace(fen))
			}
		}
	}
	seeds = append(seeds,
		"8/8/4k3/8/8/3KN3/8/8 w - - 0 1",           // KNvK
		"8/8/4k3/8/8/2BKB3/8/8 b - - 0 1",          // KBBvK
		"8/8/8/8/k5P1/8/8/K7 w - - 0 1",            // unstoppable pawn
		"8/8/8/8/k5P1/8/8/K7 b - - 0 1",            // the king catches it
		"4k3/1P6/8/8/8/8/6p1/R3K3 w - - 0 1",       // passed pawns on the 7th
		"3rk3/8/2P5/8/8/8/8/4K2R w K - 0 1",        // free passer on the 6th
		"qqq4k/5ppp/8/8/8/8/PPP5/QQQQK3 w - - 0 1", // phase above MaxPhase
		"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",     // rooks on open files
		"4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - -",  // pawns only
	)
	r := rand.New(rand.NewPCG(2024, 7))
	var list board.MoveList
	var out []*board.Position
	add := func(fen string) {
		q, err := board.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, q)
	}
	for _, fen := range seeds {
		add(fen)
	}
	for i := 0; len(out) < 2000; i++ {
		p, err := board.ParseFEN(seeds[i%len(seeds)])
		if err != nil {
			t.Fatal(err)
		}
		captures := i%3 == 2
		for ply := 0; ply < 160; ply++ {
			p.GenerateMoves(&list)
			if list.N == 0 {
				break
			}
			m := list.Moves[r.IntN(list.N)]
			if captures {
				for range 8 {
					if m.IsCapture() {
						break
					}
					m = list.Moves[r.IntN(list.N)]
				}
			}
			p.MakeMove(m)
			if ply%11 == 10 && len(out) < 2000 {
				add(p.FEN())
			}
		}
	}
	return out
}

func TestEvalGolden(t *testing.T) {
	if *update {
		positions := goldenPositions(t)
		results := make([][]goldenResult, len(goldenSettings))
		var names []string
		for i, s := range goldenSettings {
			results[i] = evalGolden(t, s, positions)
			names = append(names, s.name)
		}
		var b strings.Builder
		b.WriteString("# Written by go test ./engine/eval -run TestEvalGolden -update.\n")
		b.WriteString("# FEN, then score:trace-hash for the settings " + strings.Join(names, " ") + "\n")
		for j, pos := range positions {
			b.WriteString(pos.FEN())
			for i := range goldenSettings {
				fmt.Fprintf(&b, "\t%d:%08x", results[i][j].score, results[i][j].trace)
			}
			b.WriteString("\n")
		}
		if err := os.WriteFile(goldenFile, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}

	f, err := os.Open(goldenFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var positions []*board.Position
	var want [][]goldenResult // by position, then setting
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Split(line, "\t")
		if len(fields) != 1+len(goldenSettings) {
			t.Fatalf("%s:%d: %d fields, want %d", goldenFile, n, len(fields), 1+len(goldenSettings))
		}
		pos, err := board.ParseFEN(fields[0])
		if err != nil {
			t.Fatalf("%s:%d: %v", goldenFile, n, err)
		}
		var rs []goldenResult
		for _, fld := range fields[1:] {
			s, h, _ := strings.Cut(fld, ":")
			score, err1 := strconv.Atoi(s)
			hash, err2 := strconv.ParseUint(h, 16, 32)
			if err1 != nil || err2 != nil {
				t.Fatalf("%s:%d: bad field %q", goldenFile, n, fld)
			}
			rs = append(rs, goldenResult{score, uint32(hash)})
		}
		positions = append(positions, pos)
		want = append(want, rs)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(positions) < 1000 {
		t.Fatalf("%s: only %d positions", goldenFile, len(positions))
	}
	for i, s := range goldenSettings {
		bad := 0
		for j, got := range evalGolden(t, s, positions) {
			if w := want[j][i]; got != w {
				if bad++; bad <= 5 {
					t.Errorf("%s: %s: score %d trace %08x, golden %d trace %08x", s.name, positions[j].FEN(), got.score, got.trace, w.score, w.trace)
				}
			}
		}
		if bad > 5 {
			t.Errorf("%s: %d positions differ in all", s.name, bad)
		}
	}
}
