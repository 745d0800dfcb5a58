package search

import (
	"fmt"
	"testing"

	"github.com/elolab/elolab/engine/board"
	"github.com/elolab/elolab/engine/eval"
)

// futLMRFEN: a quiet rook move (h1h2), a rook check (h1h8) and a capture
// (d2d5) for White, whose static evaluation the tests set to 0.
const futLMRFEN = "4k3/8/2p5/3p4/8/8/3Q4/4K2R w K - 0 1"

// futilePrunes: whether futility prunes move m, the searched-th of a
// non-PV node not in check at depth, with static evaluation 0 and alpha.
func futilePrunes(s *Searcher, alpha, depth int, m board.Move, searched int, givesCheck bool) bool {
	st := s.futilitySetup(alpha, depth, false, false, 0)
	if !st.active {
		return false
	}
	_, prune := s.futile(&st, m, searched, givesCheck)
	return prune
}

// With futility.lmrdepth a late quiet is judged by the depth the reduction
// table leaves it: pruned at a node deeper than futility.moonfish.depth
// when eval + margin × that depth is below alpha, kept when that depth is
// still too deep or the bound reaches alpha; checks, captures and the
// first move are never pruned; with the switch off a node that deep prunes
// nothing.
func TestFutilityLMRDepth(t *testing.T) {
	const alpha = 500
	for _, on := range []bool{false, true} {
		s, pos := searcherAt(t, futLMRFEN, "futility.lmrdepth", fmt.Sprint(on))
		s.buildLMRTable()
		quiet := mustMove(t, pos, "h1h2")
		check := mustMove(t, pos, "h1h8")
		capture := mustMove(t, pos, "d2d5")
		for _, c := range []struct {
			name       string
			depth      int
			searched   int
			m          board.Move
			givesCheck bool
			alpha      int
			want       bool
		}{
			// depth 8, 30th move: the table reduces it to depth ≤ 6 and
			// 0 + 108 × d < 500 needs d ≤ 4.
			{"late quiet at depth 8", 8, 30, quiet, false, alpha, true},
			{"late quiet, alpha within reach", 8, 30, quiet, false, 20, false},
			{"second quiet at depth 8", 8, 1, quiet, false, alpha, false},
			{"late check at depth 8", 8, 30, check, true, alpha, false},
			{"late capture at depth 8", 8, 30, capture, false, alpha, false},
			{"first move at depth 3", 3, 0, quiet, false, alpha, false},
			{"late quiet at depth 12 (beyond the cap)", 12, 30, quiet, false, alpha, false},
		} {
			prune := futilePrunes(s, c.alpha, c.depth, c.m, c.searched, c.givesCheck)
			want := c.want && on
			if prune != want {
				d := c.depth - int(s.lmrTable[c.depth][min(c.searched+1, 63)])
				t.Errorf("futility.lmrdepth=%v, %s (reduced depth %d): pruned %v, want %v", on, c.name, d, prune, want)
			}
		}
	}
	// At depth ≤ futility.moonfish.depth the switch prunes everything the
	// node-wide test prunes: the table never deepens a move, so the depth
	// it judges by (here 2 for the second move at depth 3) is at most the
	// node's. The floor at 1 puts depth 3 under the per-move test (the
	// default floor, 7, would leave it to the node-wide one).
	s, pos := searcherAt(t, futLMRFEN, "futility.lmrdepth", "true", "futility.lmrdepth.mindepth", "1")
	s.buildLMRTable()
	if !futilePrunes(s, alpha, 3, mustMove(t, pos, "h1h2"), 1, false) { // 0 + 108 × 3 < 500
		t.Error("futility.lmrdepth: a quiet the node-wide test prunes at depth 3 was kept")
	}
}

// futility.lmrdepth.mindepth keeps the node-wide test below it: at depth 3
// a late quiet (the table leaves it depth 0, judged at 1: bound 108) is
// pruned against alpha 200 by the per-move test, but not by the node's
// (108 × 3 = 324 reaches 200); at depth 8, above the floor, the per-move
// test still prunes it.
func TestFutilityLMRMinDepth(t *testing.T) {
	for _, c := range []struct {
		minDepth    string
		depth       int
		alpha       int
		wantPrune   bool
		description string
	}{
		{"1", 3, 200, true, "per-move test at depth 3"},
		{"7", 3, 200, false, "node-wide test at depth 3, below the floor"},
		{"7", 3, 500, true, "node-wide test at depth 3 (324 < 500)"},
		{"7", 8, 500, true, "per-move test at depth 8, above the floor"},
	} {
		s, pos := searcherAt(t, futLMRFEN, "futility.lmrdepth", "true", "futility.lmrdepth.mindepth", c.minDepth)
		s.buildLMRTable()
		if prune := futilePrunes(s, c.alpha, c.depth, mustMove(t, pos, "h1h2"), 30, false); prune != c.wantPrune {
			t.Errorf("mindepth %s, %s: pruned %v, want %v (per-move test %v)", c.minDepth, c.description, prune, c.wantPrune, s.futilityLMRApplies(c.depth))
		}
	}
}

// futility.lmrdepth.endgame takes the per-move test below
// futility.lmrdepth.mindepth only where the pieces weigh egphase or less:
// futLMRFEN's queen and rook weigh 6.
func TestFutilityLMREndgame(t *testing.T) {
	if got := eval.Phase(board.NewPosition()); got != 24 {
		t.Fatalf("phase of the start position %d, want 24", got)
	}
	for _, c := range []struct {
		endgame, egphase string
		depth            int
		want             bool
	}{
		{"false", "8", 3, false}, // off: depth 3 is below mindepth 7
		{"true", "8", 3, true},   // phase 6 <= 8
		{"true", "5", 3, false},  // phase 6 > 5
		{"true", "6", 1, true},   // at the bound
		{"false", "8", 7, true},  // from mindepth on, as before
	} {
		s, pos := searcherAt(t, futLMRFEN, "futility.lmrdepth.endgame", c.endgame, "futility.lmrdepth.egphase", c.egphase)
		if p := eval.Phase(pos); p != 6 {
			t.Fatalf("phase %d, want 6", p)
		}
		if got := s.futilityLMRApplies(c.depth); got != c.want {
			t.Errorf("endgame %s, egphase %s, depth %d: applies %v, want %v", c.endgame, c.egphase, c.depth, got, c.want)
		}
	}
}

// futility.lmrdepth.egroot: by default the phase is the root's, so a node
// of phase 6 below a middle-game root (phase 24) keeps the node-wide test,
// and an ending's root takes the per-move test; with egroot false the
// node's own phase decides, whatever the root.
func TestFutilityLMREndgameRoot(t *testing.T) {
	for _, c := range []struct {
		egroot    string
		rootPhase int
		want      bool
	}{
		{"true", 24, false},
		{"true", 6, true},
		{"false", 24, true},
		{"false", 6, true},
	} {
		s, _ := searcherAt(t, futLMRFEN, "futility.lmrdepth.endgame", "true", "futility.lmrdepth.egroot", c.egroot)
		s.rootPhase = c.rootPhase
		if got := s.futilityLMRApplies(3); got != c.want {
			t.Errorf("egroot %s, root phase %d, node phase 6: applies %v, want %v", c.egroot, c.rootPhase, got, c.want)
		}
	}
}
