package search

import "github.com/elolab/elolab/engine/params"

// Razoring: near the horizon, a position far below alpha is checked with a
// quiescence search only; if that confirms the fail-low, trust it.
var (
	razorEnabled = params.Bool("razor.enabled", true, "search", "razoring near the horizon")
	razorDepth   = params.Int("razor.depth", 1, 1, 6, 1, "search", "deepest remaining depth where razoring applies")
	razorMargin  = params.Int("razor.margin", 270, 50, 1000, 20, "search", "razoring margin per ply of depth (cp)")
)

func (s *Searcher) razor(alpha, depth, ply, staticEval int) (int, bool) {
	p := s.P
	if !p.Bool(razorEnabled) || depth > p.Int(razorDepth) || staticEval+p.Int(razorMargin)*depth > alpha {
		return 0, false
	}
	sc := s.quiesce(alpha-1, alpha, ply, 0)
	if sc < alpha {
		return sc, true
	}
	return 0, false
}
