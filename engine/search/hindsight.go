package search

import "github.com/elolab/elolab/engine/params"

// Hindsight depth (Stockfish 17's priorReduction): a node reached by a
// reduced move learns, from its own static evaluation, whether the
// reduction was right. The parent reduced the move expecting it to fail
// low for the parent; when the parent's side did not get worse by it (the
// two evaluations, each from its own side, sum to little) a reduction of
// hindsight.deeper plies or more was too much and the node searches one
// ply deeper; when the node's side is clearly better than the parent's
// was (the sum above hindsight.margin), the move was as bad for the parent
// as the reduction guessed and the node searches one ply shallower.
// Both evaluations are the corrected ones the pruning reads.
var (
	hindsightEnabled = params.Bool("hindsight.enabled", false, "search", "adjust a reduced move's depth by the evaluations of it and its parent")
	hindsightDeeper  = params.Int("hindsight.deeper", 3, 1, 8, 1, "search", "least reduction of the move into a node that then searches one ply deeper")
	hindsightMargin  = params.Int("hindsight.margin", 175, 0, 800, 20, "search", "sum of the node's and its parent's evaluations above which a reduced node searches one ply shallower (cp)")
)

// hindsightWorsened is the sum up to which the parent's side counts as not
// worse off after its move (Stockfish's opponentWorsening, negated).
const hindsightWorsened = 2

// hindsightDepth is the depth of the node at ply with static evaluation
// staticEval (−Infinity in check), given the reduction its parent applied
// to the move into it (frame.reduction).
func (s *Searcher) hindsightDepth(depth, ply, staticEval int) int {
	if ply == 0 || staticEval == -Infinity || !s.P.Bool(hindsightEnabled) {
		return depth
	}
	parent := &s.stack[ply-1]
	if parent.reduction <= 0 || parent.staticEval == -Infinity {
		return depth
	}
	sum := staticEval + parent.staticEval
	switch {
	case parent.reduction >= s.P.Int(hindsightDeeper) && sum <= hindsightWorsened:
		return depth + 1
	case depth >= 2 && sum > s.P.Int(hindsightMargin):
		return depth - 1
	}
	return depth
}
