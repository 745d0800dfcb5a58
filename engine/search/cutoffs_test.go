package search

import "testing"

// A late move is reduced one ply more once more than lmr.cutoffs of the
// node's children have failed high, and never with the parameter at 0; a
// search counts the cutoffs it makes into the frames it reads.
func TestCutoffReduction(t *testing.T) {
	const fen = "4k3/8/2p5/8/8/8/3Q4/4K2R w K - 0 1"
	on, _ := searcherAt(t, fen, "lmr.cutoffs", "2")
	off, _ := searcherAt(t, fen)
	const ply = 3
	for _, c := range []struct {
		s       *Searcher
		cutoffs int
		want    int
	}{
		{on, 0, 0}, {on, 2, 0}, {on, 3, 1}, {on, 7, 1},
		{off, 3, 0}, {off, 7, 0},
	} {
		c.s.stack[ply+1].cutoffs = c.cutoffs
		if got := c.s.cutoffReduction(ply); got != c.want {
			t.Errorf("lmr.cutoffs %v, %d children cut off: %d, want %d", c.s == on, c.cutoffs, got, c.want)
		}
	}

	// Counted by the search itself: after a fixed-depth search from the
	// start some frame below the root has seen cutoffs.
	s, pos := searcherAt(t, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
	s.Search(pos, Limits{Depth: 6}, nil)
	seen := 0
	for i := 1; i < 8; i++ {
		seen += s.stack[i].cutoffs
	}
	if seen == 0 {
		t.Error("a depth-6 search counted no cutoffs in plies 1-7")
	}
}
