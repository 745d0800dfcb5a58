package search

import "testing"

// After a raised alpha a PV node's later moves lose alpharaise.plies, only
// at depths 3 up to alpharaise.maxdepth (exclusive), never at the root,
// never for a mate's score, never below depth 1, and not with the switch
// off.
func TestAlphaRaiseDepth(t *testing.T) {
	const fen = "4k3/8/2p5/8/8/8/3Q4/4K2R w K - 0 1"
	on, _ := searcherAt(t, fen, "alpharaise.enabled", "true")
	one, _ := searcherAt(t, fen, "alpharaise.enabled", "true", "alpharaise.plies", "3")
	off, _ := searcherAt(t, fen)
	for _, c := range []struct {
		name      string
		s         *Searcher
		depth, sc int
		root      bool
		want      int
	}{
		{"depth 6", on, 6, 35, false, 4},
		{"depth 3", on, 3, 35, false, 1},
		{"depth 3, three plies", one, 3, 35, false, 1},
		{"depth 2", on, 2, 35, false, 2},
		{"depth 11", on, 11, -20, false, 9},
		{"depth 12", on, 12, 35, false, 12},
		{"root", on, 6, 35, true, 6},
		{"mate found", on, 6, Mate - 9, false, 6},
		{"mated", on, 6, -Mate + 9, false, 6},
		{"off", off, 6, 35, false, 6},
	} {
		if got := c.s.alphaRaiseDepth(c.depth, c.sc, c.root); got != c.want {
			t.Errorf("%s: depth %d, want %d", c.name, got, c.want)
		}
	}
}
