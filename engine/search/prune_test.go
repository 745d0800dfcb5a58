package search

import (
	"fmt"
	"testing"

	"github.com/elolab/elolab/engine/board"
	"github.com/elolab/elolab/engine/eval"
	"github.com/elolab/elolab/engine/params"
)

// searcherAt returns a searcher with the parameters kv (name, value, …)
// set, placed at the position fen.
func searcherAt(t *testing.T, fen string, kv ...string) (*Searcher, *board.Position) {
	t.Helper()
	p := params.NewValues()
	for i := 0; i < len(kv); i += 2 {
		if err := p.Set(kv[i], kv[i+1]); err != nil {
			t.Fatal(err)
		}
	}
	pos, err := board.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	s := New(1, p)
	s.pos = pos
	s.rootPhase = eval.Phase(pos)
	return s, pos
}

// The queen may step onto a square a pawn guards (it loses 900 cp) only
// when the remaining depth is large enough to earn that back; a safe quiet
// move and a check are never pruned; a losing capture is pruned by the
// depth² margin.
func TestSEEPruning(t *testing.T) {
	const fen = "4k3/8/2p5/8/8/8/3Q4/4K2R w K - 0 1"
	s, pos := searcherAt(t, fen, "seeprune.enabled", "true")
	hang := mustMove(t, pos, "d2d5")  // c6 pawn takes the queen
	safe := mustMove(t, pos, "d2d3")  // no attacker
	check := mustMove(t, pos, "d2d7") // check, and the king takes (unguarded)
	for _, c := range []struct {
		m          board.Move
		depth      int
		check, bad bool
		want       bool
	}{
		{hang, 1, false, false, true},
		{hang, 8, false, false, true}, // 56 × 8 = 448 < 900
		{hang, 9, false, false, false},
		{safe, 1, false, false, false},
		{check, 1, true, false, false},
	} {
		if got := s.seePrunable(c.depth, c.m, true, c.check, c.bad, false); got != c.want {
			t.Errorf("%v at depth %d: pruned %v, want %v", c.m, c.depth, got, c.want)
		}
	}
	// A losing capture: the queen takes a pawn the d7 pawn guards.
	const fen2 = "4k3/3p4/2p5/8/8/8/2Q5/4K3 w - - 0 1"
	s2, pos2 := searcherAt(t, fen2, "seeprune.enabled", "true")
	qxc6 := mustMove(t, pos2, "c2c6") // d7 takes: -900 + 100
	if !s2.seePrunable(1, qxc6, false, false, true, false) {
		t.Error("Qxc6 (loses 800) not pruned at depth 1")
	}
	if s2.seePrunable(7, qxc6, false, false, true, false) { // 19 × 49 = 931 > 800
		t.Error("Qxc6 pruned at depth 7, where the margin allows 931")
	}
	if s2.seePrunable(1, qxc6, false, false, false, false) {
		t.Error("a capture the picker did not call losing was pruned")
	}
	off, _ := searcherAt(t, fen, "seeprune.enabled", "false")
	if off.seePrunable(1, mustMove(t, off.pos, "d2d5"), true, false, false, false) {
		t.Error("SEE pruning switched off, yet it pruned")
	}
	for _, spare := range []bool{false, true} {
		s, pos := searcherAt(t, fen, "seeprune.sparepv", fmt.Sprint(spare))
		hang := mustMove(t, pos, "d2d5")
		if got := s.seePrunable(1, hang, true, false, false, true); got == spare {
			t.Errorf("seeprune.sparepv=%v: the hanging queen at a PV node pruned %v", spare, got)
		}
		if !s.seePrunable(1, hang, true, false, false, false) {
			t.Errorf("seeprune.sparepv=%v: the hanging queen at a non-PV node not pruned", spare)
		}
	}
}

// futility.sparepv keeps futility pruning away from PV nodes only.
func TestFutilitySparePV(t *testing.T) {
	const fen = "4k3/8/2p5/8/8/8/3Q4/4K2R w K - 0 1"
	for _, spare := range []bool{false, true} {
		s, _ := searcherAt(t, fen, "futility.sparepv", fmt.Sprint(spare))
		if st := s.futilitySetup(500, 2, false, true, 0); st.active == spare {
			t.Errorf("futility.sparepv=%v: active %v at a PV node 500 cp below alpha", spare, st.active)
		}
		if st := s.futilitySetup(500, 2, false, false, 0); !st.active {
			t.Errorf("futility.sparepv=%v: inactive at a non-PV node 500 cp below alpha", spare)
		}
	}
}

// A quiet move with a bad enough history is pruned near the horizon, not
// deeper, and never a killer.
func TestHistoryPruning(t *testing.T) {
	s, pos := searcherAt(t, board.StartFEN, "histprune.enabled", "true")
	m := mustMove(t, pos, "a2a3")
	us := pos.SideToMove()
	fr := &s.stack[0]
	var mp picker
	s.history[us][m.From()][m.To()] = -4000
	if !s.historyPrunable(2, fr, &mp, us, m, false) { // -4000 < -1500 × 2
		t.Error("history -4000 not pruned at depth 2")
	}
	if s.historyPrunable(3, fr, &mp, us, m, false) { // -4500 < -4000
		t.Error("history -4000 pruned at depth 3, where the threshold is -4500")
	}
	if s.historyPrunable(4, fr, &mp, us, m, false) {
		t.Error("pruned beyond histprune.depth")
	}
	if s.historyPrunable(2, fr, &mp, us, m, true) {
		t.Error("a checking move was pruned")
	}
	mp.k1 = m
	if s.historyPrunable(2, fr, &mp, us, m, false) {
		t.Error("a killer was pruned")
	}
	off, _ := searcherAt(t, board.StartFEN)
	off.history[us][m.From()][m.To()] = -16000
	if off.historyPrunable(1, &off.stack[0], &picker{}, us, m, false) {
		t.Error("history pruning off by default, yet it pruned")
	}
}

// ProbCut cuts when a capture wins far more than beta needs, and not when
// no capture can gain the margin.
func TestProbCut(t *testing.T) {
	const fen = "3qk3/8/8/8/8/8/3R4/3QK3 w - - 0 1" // Rxd8+ wins the queen
	s, pos := searcherAt(t, fen, "probcut.enabled", "true")
	s.Search(pos, Limits{Depth: 1}, nil) // sets up the per-search state
	eval := s.Eval.Evaluate(pos)
	sc, ok := s.probCut(eval, 6, 0, eval, eval, ttHit{}, false, board.NoMove, false)
	if !ok || sc < eval+100 {
		t.Fatalf("probCut(beta %d) = %d, %v; want a cut above beta + 100", eval, sc, ok)
	}
	if _, ok := s.probCut(eval+2000, 6, 0, eval, eval, ttHit{}, false, board.NoMove, false); ok {
		t.Error("cut at a beta no capture can reach")
	}
	if _, ok := s.probCut(eval, 4, 0, eval, eval, ttHit{}, false, board.NoMove, false); ok {
		t.Error("cut below probcut.mindepth")
	}
	quiet, qpos := searcherAt(t, board.StartFEN, "probcut.enabled", "true")
	quiet.Search(qpos, Limits{Depth: 1}, nil)
	if _, ok := quiet.probCut(0, 8, 0, 0, 0, ttHit{}, false, board.NoMove, false); ok {
		t.Error("cut in the starting position, where there is no capture")
	}
	off, opos := searcherAt(t, fen)
	off.Search(opos, Limits{Depth: 1}, nil)
	if _, ok := off.probCut(eval, 6, 0, eval, eval, ttHit{}, false, board.NoMove, false); ok {
		t.Error("ProbCut off by default, yet it cut")
	}
}

// A late quiet move at an expected cut node is reduced cutnode.lmr plies
// more than the same move elsewhere; lmr.least keeps every late move that
// LMR applies to at least a ply shallower (here a PV node's fourth move at
// depth 3, which the table alone leaves unreduced).
func TestCutNodeAndLeastReduction(t *testing.T) {
	for _, extra := range []int{0, 2} {
		s, pos := searcherAt(t, board.StartFEN, "cutnode.lmr", fmt.Sprint(extra))
		m := mustMove(t, pos, "g1f3")
		s.buildLMRTable()
		all := s.reduction(12, 20, true, false, false, false, false, false, m, board.White, 1)
		cut := s.reduction(12, 20, true, false, false, false, false, true, m, board.White, 1)
		if cut-all != extra {
			t.Errorf("cutnode.lmr=%d: reduction %d at a cut node, %d elsewhere", extra, cut, all)
		}
	}
	for least, want := range []int{0, 1} {
		s, pos := searcherAt(t, board.StartFEN, "lmr.least", fmt.Sprint(least))
		m := mustMove(t, pos, "g1f3")
		s.buildLMRTable()
		if r := s.reduction(3, 3, true, false, false, false, true, false, m, board.White, 1); r != want {
			t.Errorf("lmr.least=%d: PV node's fourth move at depth 3 reduced %d, want %d", least, r, want)
		}
	}
}

// With nullmove.ttguard, a hash upper bound below beta keeps the null move
// from being tried (no node searched); a bound at or above beta, a lower
// bound, or the switch off leave it to cut as before.
func TestNullMoveTTGuard(t *testing.T) {
	const fen = "4k3/8/8/8/8/8/PPP5/1K1Q4 w - - 0 1" // a queen up: the null move cuts
	run := func(guard bool, hit ttHit, found bool) (bool, uint64) {
		s, pos := searcherAt(t, fen, "nullmove.ttguard", fmt.Sprint(guard))
		s.Search(pos, Limits{Depth: 1}, nil) // sets up the per-search state
		s.nodes = 0
		_, ok, _ := s.nullMove(0, 6, 1, 900, hit, found, false)
		return ok, s.nodes
	}
	below := ttHit{score: -50, bound: boundUpper, depth: 6}
	for _, c := range []struct {
		name  string
		guard bool
		hit   ttHit
		found bool
		cut   bool
	}{
		{"guard, upper bound below beta", true, below, true, false},
		{"guard, upper bound above beta", true, ttHit{score: 50, bound: boundUpper, depth: 6}, true, true},
		{"guard, lower bound below beta", true, ttHit{score: -50, bound: boundLower, depth: 6}, true, true},
		{"guard, no hash entry", true, ttHit{}, false, true},
		{"no guard, upper bound below beta", false, below, true, true},
	} {
		cut, nodes := run(c.guard, c.hit, c.found)
		if cut != c.cut || (nodes == 0) == c.cut {
			t.Errorf("%s: cut %v after %d nodes, want cut %v", c.name, cut, nodes, c.cut)
		}
	}
}

// A late quiet move that gives check is never reduced with lmr.checks off;
// with it on (the default) it is reduced one ply less than the same move
// without check. A checking capture stays unreduced either way.
func TestLMRChecks(t *testing.T) {
	const fen = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"
	for _, on := range []bool{false, true} {
		s, pos := searcherAt(t, fen, "lmr.checks", fmt.Sprint(on))
		s.buildLMRTable()
		m := mustMove(t, pos, "a1a8") // quiet, gives check
		plain := s.reduction(12, 20, true, false, false, false, false, false, m, board.White, 1)
		check := s.reduction(12, 20, true, false, true, false, false, false, m, board.White, 1)
		capture := s.reduction(12, 20, false, false, true, false, false, false, m, board.White, 1)
		want := 0
		if on {
			want = plain - 1
		}
		if plain < 2 || check != want || capture != 0 {
			t.Errorf("lmr.checks=%v: reduction %d without check, %d with, %d for a checking capture; want %d with", on, plain, check, capture, want)
		}
	}
}

// lmr.checkless sets how much less a quiet check is reduced; lmr.checkzone
// leaves a quiet check next to the enemy king unreduced and a distant one
// reduced as before.
func TestLMRCheckLessAndZone(t *testing.T) {
	const fen = "4k3/8/8/8/8/8/8/R2RK3 w - - 0 1"
	for _, less := range []int{0, 1, 2} {
		s, pos := searcherAt(t, fen, "lmr.checkless", fmt.Sprint(less))
		s.buildLMRTable()
		far := mustMove(t, pos, "a1a8")
		plain := s.reduction(12, 20, true, false, false, false, false, false, far, board.White, 1)
		check := s.reduction(12, 20, true, false, true, false, false, false, far, board.White, 1)
		if plain < 3 || plain-check != less {
			t.Errorf("lmr.checkless=%d: reduction %d without check, %d with", less, plain, check)
		}
	}
	for _, zone := range []bool{false, true} {
		s, pos := searcherAt(t, fen, "lmr.checkzone", fmt.Sprint(zone))
		s.buildLMRTable()
		far := s.reduction(12, 20, true, false, true, false, false, false, mustMove(t, pos, "a1a8"), board.White, 1)
		near := s.reduction(12, 20, true, false, true, false, false, false, mustMove(t, pos, "d1d8"), board.White, 1)
		if far < 2 || (near == 0) != zone || (!zone && near != far) {
			t.Errorf("lmr.checkzone=%v: check from a8 reduced %d, from d8 (next to the king) %d", zone, far, near)
		}
	}
}

// seeprune.checks: a losing capture that gives check is pruned like any
// other (prune), spared when it lands next to the enemy king (zone), or
// always spared (spare).
func TestSEEPruneChecks(t *testing.T) {
	const near = "6k1/5ppp/8/8/3Q4/8/8/6K1 w - - 0 1" // Qxg7+, the king takes: −800
	const far = "4k3/8/p7/1p6/8/8/1Q6/4K3 w - - 0 1"  // Qxb5+, a6 takes: −800
	for _, c := range []struct {
		mode        string
		nearP, farP bool
	}{
		{"prune", true, true},
		{"zone", false, true},
		{"spare", false, false},
	} {
		s, pos := searcherAt(t, near, "seeprune.checks", c.mode)
		if got := s.seePrunable(1, mustMove(t, pos, "d4g7"), false, true, true, false); got != c.nearP {
			t.Errorf("seeprune.checks=%s: Qxg7+ pruned %v, want %v", c.mode, got, c.nearP)
		}
		s, pos = searcherAt(t, far, "seeprune.checks", c.mode)
		if got := s.seePrunable(1, mustMove(t, pos, "b2b5"), false, true, true, false); got != c.farP {
			t.Errorf("seeprune.checks=%s: Qxb5+ pruned %v, want %v", c.mode, got, c.farP)
		}
	}
}
