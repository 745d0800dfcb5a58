package search

import "github.com/elolab/elolab/engine/params"

// Fail-high blending (Stockfish's): a score that fails high says only that
// the node is at least beta; how far above beta it lands is mostly the
// noise of one line. failhigh.blend pulls it toward beta before the node
// returns and stores it: at a non-PV node of depth d to (best·d + beta) /
// (d + 1), so shallow results move most; in quiescence a stand pat to
// (standPat + beta) / 2 and a move's fail high to (3·best + beta) / 4.
// Mate scores and windows at a mate's bound are left alone. A blended
// score stays at or above beta: the bound does not change, only how far
// a parent trusts it.
var failBlend = params.Bool("failhigh.blend", false, "search", "pull fail-high scores toward beta (non-PV nodes and quiescence)")

// blendable reports whether best, alpha and beta are all ordinary scores.
func blendable(best, alpha, beta int) bool {
	return !isMate(best) && !isMate(alpha) && !isMate(beta)
}

// blendNode is a non-PV node's result best, against beta, at depth.
func (s *Searcher) blendNode(best, alpha, beta, depth int, pvNode bool) int {
	if pvNode || best < beta || !s.P.Bool(failBlend) || !blendable(best, alpha, beta) {
		return best
	}
	return (best*depth + beta) / (depth + 1)
}

// blendQuiet is quiescence's fail-high score v against beta; standPat
// selects the stand pat's weight (1:1) over a move's (3:1).
func (s *Searcher) blendQuiet(v, alpha, beta int, standPat bool) int {
	if v < beta || !s.P.Bool(failBlend) || !blendable(v, alpha, beta) {
		return v
	}
	if standPat {
		return (v + beta) / 2
	}
	return (3*v + beta) / 4
}
