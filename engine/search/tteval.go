package search

import "github.com/elolab/elolab/engine/params"

// The hash score as a sharper evaluation for pruning: a stored search
// result bounds the position's value, and when its bound says the value is
// above the static evaluation (a lower bound over it) or below it (an upper
// bound under it), the rules that prune on the evaluation — razoring,
// reverse futility, the null move, ProbCut, futility — read the stored
// score instead. What the node itself keeps (improving, the correction
// history's learning, the hash table's evaluation) stays the static
// evaluation. Mate scores are left out: they are distances, not values.
var ttEvalEnabled = params.Bool("tteval.enabled", false, "search", "pruning reads the hash score in place of the static evaluation when its bound allows")

// pruningEval is the evaluation the pruning rules read at a node whose
// static evaluation is staticEval and whose hash probe returned hit.
func (s *Searcher) pruningEval(staticEval int, hit ttHit, found bool, ply int) int {
	if !found || !s.P.Bool(ttEvalEnabled) {
		return staticEval
	}
	sc := scoreFromTT(hit.score, ply)
	if isMate(sc) {
		return staticEval
	}
	if (hit.bound&boundLower != 0 && sc > staticEval) || (hit.bound&boundUpper != 0 && sc < staticEval) {
		return sc
	}
	return staticEval
}
