package search

import "testing"

// A node whose parent reduced the move into it searches a ply deeper when
// the parent's side did not lose by the move and the reduction was large,
// a ply shallower when the node's side is well ahead of where the parent
// stood, and keeps its depth otherwise, with the switch off, at the root,
// in check, below an unreduced move or below a parent in check.
func TestHindsightDepth(t *testing.T) {
	const fen = "4k3/8/2p5/8/8/8/3Q4/4K2R w K - 0 1"
	on, _ := searcherAt(t, fen, "hindsight.enabled", "true")
	off, _ := searcherAt(t, fen)
	const ply = 4
	for _, c := range []struct {
		name                 string
		s                    *Searcher
		ply, depth, r        int
		parentEval, nodeEval int
		want                 int
	}{
		{"large reduction, parent not worse", on, ply, 6, 3, 40, -40, 7},
		{"large reduction, sum at the bound", on, ply, 6, 4, 40, -38, 7},
		{"large reduction, parent worse", on, ply, 6, 3, 40, -30, 6},
		{"small reduction, parent not worse", on, ply, 6, 2, 40, -40, 6},
		{"node well ahead", on, ply, 6, 1, -100, 300, 5},
		{"node ahead within the margin", on, ply, 6, 1, -100, 275, 6},
		{"node well ahead at depth 1", on, ply, 1, 1, -100, 300, 1},
		{"unreduced move", on, ply, 6, 0, 40, -40, 6},
		{"in check", on, ply, 6, 3, 40, -Infinity, 6},
		{"parent in check", on, ply, 6, 3, -Infinity, 0, 6},
		{"root", on, 0, 6, 3, 40, -40, 6},
		{"off", off, ply, 6, 3, 40, -40, 6},
		{"off, node well ahead", off, ply, 6, 1, -100, 300, 6},
	} {
		if c.ply > 0 {
			c.s.stack[c.ply-1].reduction = c.r
			c.s.stack[c.ply-1].staticEval = c.parentEval
		}
		if got := c.s.hindsightDepth(c.depth, c.ply, c.nodeEval); got != c.want {
			t.Errorf("%s: depth %d, want %d", c.name, got, c.want)
		}
	}
}

// With the switch on the search stays deterministic and allocation-free.
func TestHindsightSearch(t *testing.T) {
	searchSwitchedOn(t, "hindsight.enabled")
}
