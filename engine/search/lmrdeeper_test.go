package search

import (
	"fmt"
	"testing"
)

// lmr.deeper: a reduced score far above the node's best re-searches a ply
// deeper, one just above it a ply shallower, one in between at the
// unreduced depth; the margin grows by lmr.deeper.slope per ply. Off, the
// re-search is always at the unreduced depth.
func TestResearchDepth(t *testing.T) {
	const fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1"
	cases := []struct {
		sc, best, depth, want int
	}{
		{sc: 100, best: 0, depth: 10, want: 11}, // 100 > 43 + 2·10
		{sc: 63, best: 0, depth: 10, want: 10},  // 63 = 43 + 2·10: not over the margin
		{sc: 64, best: 0, depth: 10, want: 11},
		{sc: 64, best: 0, depth: 11, want: 11}, // the margin is 65 at depth 11
		{sc: 9, best: 0, depth: 10, want: 10},
		{sc: 8, best: 0, depth: 10, want: 9}, // below best + 9
		{sc: -40, best: -50, depth: 4, want: 4},
		{sc: 20, best: -50, depth: 4, want: 5}, // 70 over the best, margin 51
	}
	for _, on := range []bool{false, true} {
		s, _ := searcherAt(t, fen, "lmr.deeper", fmt.Sprint(on))
		for _, c := range cases {
			want := c.depth
			if on {
				want = c.want
			}
			if got := s.researchDepth(c.sc, c.best, c.depth); got != want {
				t.Errorf("lmr.deeper=%v: score %d over best %d at depth %d re-searched at %d, want %d", on, c.sc, c.best, c.depth, got, want)
			}
		}
	}
	s, _ := searcherAt(t, fen, "lmr.deeper", "true", "lmr.deeper.slope", "0", "lmr.shallower.margin", "0")
	if got := s.researchDepth(44, 0, 30); got != 31 {
		t.Errorf("slope 0: 44 over the best at depth 30 re-searched at %d, want 31", got)
	}
	if got := s.researchDepth(0, 0, 30); got != 30 {
		t.Errorf("shallower margin 0: a score equal to the best re-searched at %d, want 30", got)
	}
}
