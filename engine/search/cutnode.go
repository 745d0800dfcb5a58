package search

import "github.com/elolab/elolab/engine/params"

// Expected cut nodes: negamax passes down which null-window nodes are
// expected to fail high (a reduced search's child, the first child of an
// expected all node, and so on, alternating). At such a node the first
// move usually refutes and the late moves rarely matter, so they are
// reduced further.
var (
	cutNodeLMR = params.Int("cutnode.lmr", 0, 0, 3, 1, "search", "plies of extra reduction for late moves at expected cut nodes")
)

// cutNodeReduction is the extra reduction of a late move at a cut node.
func (s *Searcher) cutNodeReduction(cutNode bool) int {
	if !cutNode {
		return 0
	}
	return s.P.Int(cutNodeLMR)
}
