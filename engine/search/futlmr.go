package search

import (
	"github.com/elolab/elolab/engine/eval"
	"github.com/elolab/elolab/engine/params"
)

// Futility by the reduced depth (Stockfish's lmrDepth): moonfish futility
// judges every quiet move of a node by the node's depth, although late
// moves would be searched plies shallower by LMR anyway. With
// futility.lmrdepth each late quiet move is judged by the depth the
// reduction table leaves it, depth − table(depth, move number), so a node
// deeper than futility.moonfish.depth prunes its latest quiets and a
// shallow node prunes them at a smaller margin. The bound recorded for a
// pruned move is its own (eval + margin × its depth). At every depth
// (mindepth 1): +5.4 ± 8.6 Elo in 3,000 self-play games at 1+0.01 (LOS
// 89.2 %, 2026-12-03); against Ethereal 12 −140.5 ± 14.5 in 1,900 games
// where the engine without it scored −151.6 ± 14.7 on the same openings;
// and WAC at 600,000 nodes 285 where the engine without it solves 290
// (neither the move's history in the reduced depth, a margin base, sparing
// PV nodes nor a lower cap won those back).
//
// futility.lmrdepth.mindepth leaves the nodes below it to the node-wide
// test: with 7 the nodes of depth 1–6 prune as without the switch and
// only nodes of depth 7–10, which moonfish futility never reaches, gain
// the per-move test. Both are the defaults since 2026-12-03, night; with
// 7 (2026-12-03, evening): WAC at 500,000,
// 600,000 and 700,000 nodes 286, 288, 289 where the engine without it
// solves 290; +3.8 ± 13.9 Elo in 1,200 self-play games; against Ethereal
// 12 −149.8 ± 22.2 in 800 games where the engine without it scored
// −178.9 ± 22.3 on the same openings, then −146.7 ± 20.7 in 800 games on
// fresh openings (README).
var (
	futLMR         = params.Bool("futility.lmrdepth", true, "search", "moonfish futility judges each late quiet by the depth LMR's table leaves it")
	futLMRMaxDepth = params.Int("futility.lmrdepth.maxdepth", 10, 2, 20, 1, "search", "futility.lmrdepth: deepest node where the per-move test applies")
	futLMRMinDepth = params.Int("futility.lmrdepth.mindepth", 7, 1, 20, 1, "search", "futility.lmrdepth: shallowest node where the per-move test applies (below it the node's depth decides, as without the switch)")
)

// Endgames: futility.lmrdepth.endgame applies the per-move test from
// depth 1 once the pieces left on the board (knights and bishops 1, rooks
// 2, queens 4, both sides; 24 at the start) weigh futility.lmrdepth.egphase
// or less. The per-move test at every depth costs WAC's middle-game
// sacrifices (285 against 290 at 600,000 nodes); in an ending there are
// few of those, and against Ethereal 12 labrat's deficit in depth is
// largest late in the game (README, 2026-12-03: 11.5 plies against 15.2
// over moves 41–60).
//
// futility.lmrdepth.egroot measures the phase at the root, the position
// the engine was asked to move in, instead of at the node: with the node's
// phase the switch lost six WAC sacrifices whose lines trade into an
// ending inside the tree (WAC.049, 081, 089, 128, 163, 237, roots of
// phase 13–20; 288 against 293 at 600,000 nodes); with the root's it
// changes nothing in a middle game and solves 294. Still off: against
// Ethereal 12 the root's version scored −167.3 ± 22.8 where the defaults
// scored −150.8 ± 22.8 on the same 400 openings, +5.2 ± 19.0 in 600
// self-play games (README, 2026-12-07).
var (
	futLMREndgame = params.Bool("futility.lmrdepth.endgame", false, "search", "futility.lmrdepth: the per-move test from depth 1 in endings (phase at most futility.lmrdepth.egphase)")
	futLMREgPhase = params.Int("futility.lmrdepth.egphase", 8, 0, 24, 1, "search", "futility.lmrdepth.endgame: the largest phase counted as an ending (N, B 1, R 2, Q 4; 24 at the start)")
	futLMREgRoot  = params.Bool("futility.lmrdepth.egroot", true, "search", "futility.lmrdepth.endgame: the phase measured at the root (the position to move in) rather than at the node")
)

// endgamePhase: the phase futility.lmrdepth.endgame judges, the root's or
// the node's (futility.lmrdepth.egroot).
func (s *Searcher) endgamePhase() int {
	if s.P.Bool(futLMREgRoot) {
		return s.rootPhase
	}
	return eval.Phase(s.pos)
}

// futilityLMRApplies: futility.lmrdepth is on and the node is at least
// futility.lmrdepth.mindepth deep; shallower nodes keep the node-wide test.
func (s *Searcher) futilityLMRApplies(depth int) bool {
	p := s.P
	if !p.Bool(futLMR) {
		return false
	}
	return depth >= p.Int(futLMRMinDepth) || p.Bool(futLMREndgame) && s.endgamePhase() <= p.Int(futLMREgPhase)
}

// futilityLMRSetup is futilitySetup's moonfish case with futility.lmrdepth:
// active at every depth up to the cap, the bound decided per move.
func (s *Searcher) futilityLMRSetup(st *futilityState, depth, staticEval int) {
	if depth <= s.P.Int(futLMRMaxDepth) {
		st.perMove = true
		st.eval = staticEval
		st.depth = depth
		st.active = true
	}
}

// futileLMR decides one quiet, non-checking, non-first move.
func (s *Searcher) futileLMR(st *futilityState, searched int) (v int, prune bool) {
	p := s.P
	d := st.depth - int(s.lmrTable[min(st.depth, 63)][min(searched+1, 63)])
	if d > p.Int(futMFDepth) {
		return 0, false
	}
	v = st.eval + p.Int(futMFMargin)*max(d, 1)
	return v, v < st.alpha
}
