package search

import "github.com/elolab/elolab/engine/params"

// Reverse futility pruning (static null move): when the static evaluation
// beats beta by a depth-scaled margin, assume the node fails high.
var (
	rfpEnabled = params.Bool("rfp.enabled", true, "search", "reverse futility pruning (static null move)")
	rfpDepth   = params.Int("rfp.depth", 7, 1, 12, 1, "search", "deepest remaining depth where reverse futility applies")
	rfpMargin  = params.Int("rfp.margin", 80, 20, 300, 8, "search", "reverse futility margin per ply (cp)")
)

func (s *Searcher) reverseFutility(beta, depth, staticEval int) (int, bool) {
	p := s.P
	if !p.Bool(rfpEnabled) || depth > p.Int(rfpDepth) {
		return 0, false
	}
	if staticEval-p.Int(rfpMargin)*depth >= beta {
		return staticEval, true
	}
	return 0, false
}
