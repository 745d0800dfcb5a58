package search

import (
	"github.com/elolab/elolab/engine/board"
	"github.com/elolab/elolab/engine/params"
)

// Singular extensions: when the hash move's stored score is a lower bound
// from a nearly as deep search, search every other move at half depth
// against a window below that score. If none reaches it the hash move is
// the only good move here (singular) and is searched one ply deeper; if
// that reduced search already beats beta, several moves do and the node is
// cut (multi-cut).
//
// Two refinements after Stockfish's, each a switch: a hash move whose
// alternatives all fall far below the window (singular.double.margin cp
// under it) at a non-PV node is extended two plies, at most
// singular.double.limit times along one line, so a forced sequence is not
// cut off at the horizon; and a hash move that is not singular while its
// stored score already beats beta is searched one ply shallower
// (singular.negative), as other moves reach the same score.
//
// Double extensions are on since 2026-11-30: +12.2 ± 13.6 Elo in 1,200
// self-play games at 1+0.01 (LOS 96 %), and against Ethereal 12, in one
// gauntlet with the engine without them on the same 300 openings
// (interleaved, so the host was the same for both), 160 of 600 points
// each. An earlier comparison with a run of the defaults from another
// sitting (−135.5 against −112.8) had turned them down; the host alone
// moved the defaults by 57–74 Elo that day. They cost about three WAC
// positions at 200 ms (281, 282 against 285, 284). Negative extensions:
// 0.0 ± 20.1 in 600 games, off.
var (
	seEnabled  = params.Bool("singular.enabled", true, "search", "singular extension of the hash move")
	seMinDepth = params.Int("singular.mindepth", 8, 4, 16, 1, "search", "least remaining depth for the singularity test")
	seMargin   = params.Int("singular.margin", 2, 0, 10, 1, "search", "the test's window lies margin × depth cp below the hash score")
	seMultiCut = params.Bool("singular.multicut", true, "search", "cut the node when the test search fails high against beta")

	seDouble       = params.Bool("singular.double.enabled", true, "search", "extend a strongly singular hash move two plies at non-PV nodes")
	seDoubleMargin = params.Int("singular.double.margin", 27, 0, 200, 5, "search", "the test's score must fall this many cp below its window for two plies")
	seDoubleLimit  = params.Int("singular.double.limit", 4, 1, 16, 1, "search", "most double extensions along one line")
	seNegative     = params.Bool("singular.negative", false, "search", "search a hash move that is not singular, and whose score beats beta, one ply shallower")
)

// singular runs the test for ttMove at a node of depth; ext is the
// extension for ttMove, and cut with score sc means the node fails high.
func (s *Searcher) singular(hit ttHit, found bool, ttMove board.Move, beta, depth, ply int, root, pvNode, cutNode bool) (ext int, sc int, cut bool) {
	p := s.P
	// Extensions stop at twice the iteration's depth, so a line of
	// singular moves cannot run to the ply limit.
	if root || !found || ttMove == board.NoMove || !p.Bool(seEnabled) || depth < p.Int(seMinDepth) || ply >= 2*s.rootDepth ||
		s.stack[ply].skip != board.NoMove || hit.bound&boundLower == 0 || hit.depth < depth-3 {
		return 0, 0, false
	}
	ttScore := scoreFromTT(hit.score, ply)
	if isMate(ttScore) || !s.pos.IsLegal(ttMove) {
		return 0, 0, false
	}
	sBeta := ttScore - p.Int(seMargin)*depth
	fr := &s.stack[ply]
	fr.skip = ttMove
	v := s.negamax(sBeta-1, sBeta, (depth-1)/2, ply, false, cutNode)
	fr.skip = board.NoMove
	if s.aborted {
		return 0, 0, false
	}
	switch {
	case v < sBeta:
		if !pvNode && p.Bool(seDouble) && v < sBeta-p.Int(seDoubleMargin) && fr.doubles < p.Int(seDoubleLimit) {
			return 2, 0, false
		}
		return 1, 0, false
	case sBeta >= beta && p.Bool(seMultiCut):
		return 0, sBeta, true
	case ttScore >= beta && p.Bool(seNegative):
		return -1, 0, false
	}
	return 0, 0, false
}
