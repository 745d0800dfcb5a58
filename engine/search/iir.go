package search

import (
	"github.com/elolab/elolab/engine/board"
	"github.com/elolab/elolab/engine/params"
)

// Internal iterative reduction: a node with no hash move is probably not
// important (or was never searched); search it one ply shallower.
var (
	iirEnabled  = params.Bool("iir.enabled", true, "search", "internal iterative reduction")
	iirMinDepth = params.Int("iir.mindepth", 4, 2, 12, 1, "search", "least depth for the reduction")
)

func (s *Searcher) internalIterativeReduction(depth int, ttMove board.Move) int {
	if s.P.Bool(iirEnabled) && ttMove == board.NoMove && depth >= s.P.Int(iirMinDepth) {
		return depth - 1
	}
	return depth
}
