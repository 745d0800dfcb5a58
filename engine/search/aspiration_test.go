package search

import "testing"

// After a fail high the root searches one ply shallower with
// aspiration.failhigh, never below half the iteration's depth and never
// for a mate score; without the switch the depth stays.
func TestFailHighDepth(t *testing.T) {
	const fen = "4k3/8/8/8/8/8/PPP5/1K1Q4 w - - 0 1"
	on, _ := searcherAt(t, fen, "aspiration.failhigh", "true")
	off, _ := searcherAt(t, fen)
	for _, c := range []struct {
		s                         *Searcher
		searchDepth, depth, score int
		want                      int
	}{
		{on, 12, 12, 40, 11},
		{on, 11, 12, 400, 10},
		{on, 7, 12, 40, 6},
		{on, 6, 12, 40, 6}, // half of 12
		{on, 5, 9, 40, 5},  // half of 9, rounded up
		{on, 12, 12, Mate - 7, 12},
		{off, 12, 12, 40, 12},
		{off, 9, 12, 40, 9},
	} {
		if got := c.s.failHighDepth(c.searchDepth, c.depth, c.score); got != c.want {
			t.Errorf("failHighDepth(%d, %d, %d) with switch %v = %d, want %d",
				c.searchDepth, c.depth, c.score, c.s.P.Bool(aspFailHigh), got, c.want)
		}
	}
}
