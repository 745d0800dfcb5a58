package search

import "github.com/elolab/elolab/engine/params"

// Depth after a raised alpha (Stockfish 16): at a PV node, once a move has
// raised alpha without failing high, the node has a good move and its
// remaining moves need only show they are not better; they are searched
// alpharaise.plies shallower. Nodes of depth 3 up to alpharaise.maxdepth
// (exclusive) only, never the root (its depth is the iteration's), and not
// once the score is a mate's.
var (
	alphaRaiseEnabled  = params.Bool("alpharaise.enabled", false, "search", "search a PV node's remaining moves shallower once one raised alpha")
	alphaRaisePlies    = params.Int("alpharaise.plies", 2, 1, 3, 1, "search", "plies the remaining moves lose after a raised alpha")
	alphaRaiseMaxDepth = params.Int("alpharaise.maxdepth", 12, 4, 64, 1, "search", "nodes of this depth or more keep their depth after a raised alpha")
)

// alphaRaiseDepth is a node's depth for its later moves after a move
// scored sc, between alpha and beta.
func (s *Searcher) alphaRaiseDepth(depth, sc int, root bool) int {
	if root || depth <= 2 || depth >= s.P.Int(alphaRaiseMaxDepth) || isMate(sc) ||
		!s.P.Bool(alphaRaiseEnabled) {
		return depth
	}
	return max(1, depth-s.P.Int(alphaRaisePlies))
}
