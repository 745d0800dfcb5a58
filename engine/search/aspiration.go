package search

import "github.com/elolab/elolab/engine/params"

// Aspiration windows: search around the previous iteration's score and
// widen on failure.
var (
	aspEnabled  = params.Bool("aspiration.enabled", true, "search", "aspiration windows at the root")
	aspDelta    = params.Int("aspiration.delta", 17, 5, 200, 3, "search", "initial half-width of the aspiration window (cp)")
	aspMinDepth = params.Int("aspiration.mindepth", 5, 2, 20, 1, "search", "first iteration that uses a window")
)

func (s *Searcher) aspiration(depth, prev int) int {
	p := s.P
	if !p.Bool(aspEnabled) || depth < p.Int(aspMinDepth) {
		return s.negamax(-Infinity, Infinity, depth, 0, true, false)
	}
	delta := p.Int(aspDelta)
	alpha, beta := max(prev-delta, -Infinity), min(prev+delta, Infinity)
	for {
		score := s.negamax(alpha, beta, depth, 0, true, false)
		if s.aborted {
			return score
		}
		switch {
		case score <= alpha:
			beta = (alpha + beta) / 2
			alpha = max(score-delta, -Infinity)
		case score >= beta:
			beta = min(score+delta, Infinity)
		default:
			return score
		}
		delta += delta / 2
		if delta > 1000 {
			alpha, beta = -Infinity, Infinity
		}
	}
}
