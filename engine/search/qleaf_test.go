package search

import (
	"math/rand/v2"
	"testing"

	"github.com/elolab/elolab/engine/board"
)

func TestQuietPVTakesHangingQueen(t *testing.T) {
	pos, err := board.ParseFEN("4k3/8/8/3q4/8/8/8/3RK3 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	s := New(1, nil)
	pv, score := s.QuietPV(pos, nil)
	if len(pv) != 1 || pv[0].String() != "d1d5" {
		t.Fatalf("pv %v, want d1d5", pv)
	}
	if score < 300 {
		t.Errorf("score %d after winning the queen", score)
	}
	if pos.FEN() != "4k3/8/8/3q4/8/8/8/3RK3 w - - 0 1" {
		t.Errorf("position not restored: %s", pos.FEN())
	}
	start := board.NewPosition()
	if pv, score := s.QuietPV(start, pv); len(pv) != 0 || score != s.Eval.Evaluate(start) {
		t.Errorf("start position: pv %v score %d, want no moves and the static evaluation", pv, score)
	}
}

// TestQuietPVLeaf: over positions of random games, the variation's leaf is
// reached by legal moves, and its static evaluation (signed for the root's
// side to move) is the returned score.
func TestQuietPVLeaf(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	s := New(1, nil)
	var list board.MoveList
	pv := make([]board.Move, 0, MaxPly)
	checked, nonEmpty := 0, 0
	for game := 0; game < 40; game++ {
		pos := board.NewPosition()
		for ply := 0; ply < 80; ply++ {
			pos.GenerateMoves(&list)
			if list.N == 0 {
				break
			}
			pos.MakeMove(list.Moves[r.IntN(list.N)])
			if pos.InCheck() {
				continue
			}
			var score int
			pv, score = s.QuietPV(pos, pv)
			leaf := pos.Clone()
			for _, m := range pv {
				if !leaf.IsLegal(m) {
					t.Fatalf("%s: pv move %v illegal", pos.FEN(), m)
				}
				leaf.MakeMove(m)
			}
			// AtQuietLeaf shows the same leaf and takes its moves back.
			before := pos.FEN()
			atLeaf, plies := "", -1
			pv = s.AtQuietLeaf(pos, pv, func(n int) { atLeaf, plies = pos.FEN(), n })
			if atLeaf != leaf.FEN() || plies != len(pv) || pos.FEN() != before {
				t.Fatalf("%s: AtQuietLeaf saw %s after %d plies (want %s after %d), left %s", before, atLeaf, plies, leaf.FEN(), len(pv), pos.FEN())
			}
			if leaf.InCheck() || leaf.IsRepetition() || leaf.Rule50() >= 100 || leaf.InsufficientMaterial() {
				continue
			}
			e := s.Eval.Evaluate(leaf)
			if len(pv)%2 == 1 {
				e = -e
			}
			if e != score {
				t.Fatalf("%s: pv %v: score %d, leaf %s evaluates to %d", pos.FEN(), pv, score, leaf.FEN(), e)
			}
			checked++
			if len(pv) > 0 {
				nonEmpty++
			}
		}
	}
	if checked < 1000 || nonEmpty < 50 {
		t.Errorf("only %d positions checked, %d with captures", checked, nonEmpty)
	}
}

// TestQuietPVLeavesSearchAlone: calling QuietPV between searches changes no
// node count of the following searches.
func TestQuietPVLeavesSearchAlone(t *testing.T) {
	run := func(withQ bool) []uint64 {
		s := New(4, nil)
		var counts []uint64
		for _, fen := range BenchPositions[:12] {
			pos, err := board.ParseFEN(fen)
			if err != nil {
				t.Fatal(err)
			}
			s.Search(pos, Limits{Nodes: 20000}, nil)
			counts = append(counts, s.Nodes())
			if withQ {
				s.QuietPV(pos, nil)
			}
		}
		return counts
	}
	a, b := run(false), run(true)
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("position %d: %d nodes without QuietPV, %d with", i, a[i], b[i])
		}
	}
}

func TestQuietPVAllocs(t *testing.T) {
	pos, _ := board.ParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	s := New(1, nil)
	pv := make([]board.Move, 0, MaxPly)
	if a := testing.AllocsPerRun(20, func() { pv, _ = s.QuietPV(pos, pv) }); a != 0 {
		t.Fatalf("QuietPV allocates %v times", a)
	}
	plies := 0
	if a := testing.AllocsPerRun(20, func() { pv = s.AtQuietLeaf(pos, pv, func(n int) { plies += n }) }); a != 0 {
		t.Fatalf("AtQuietLeaf allocates %v times", a)
	}
}
