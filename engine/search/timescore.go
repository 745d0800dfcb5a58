package search

import "github.com/elolab/elolab/engine/params"

// Score trend (after Ethereal's time management): an iteration whose score
// fell below the last one's has found trouble the earlier iterations did
// not see, and the search wants time to find the answer; a rising score
// needs less. The soft limit (timeman.go, after the stability and node
// share factors) is multiplied by 100 + slope × drop / 10 percent, drop
// being the fall in centipawns since the iteration before (negative when
// the score rose), kept between min and max percent. Mate scores count
// as the bounds of their band. A fixed move time is never scaled.
var (
	tmScoreEnabled = params.Bool("time.score.enabled", false, "time", "scale the soft limit by how far the score fell since the previous iteration")
	tmScoreSlope   = params.Int("time.score.slope", 5, 0, 50, 1, "time", "percentage points more per 10 cp the score fell")
	tmScoreMin     = params.Int("time.score.min", 80, 30, 100, 5, "time", "least soft limit (% of the planned) after a rising score")
	tmScoreMax     = params.Int("time.score.max", 150, 100, 300, 10, "time", "greatest soft limit (% of the planned) after a falling score")
)

// scoreTrendPct is the score trend's factor (percent) after an iteration
// that scored score where the one before scored prev; 100 when switched
// off or on the first iteration (first).
func (s *Searcher) scoreTrendPct(prev, score int, first bool) int {
	p := s.P
	if !p.Bool(tmScoreEnabled) || first {
		return 100
	}
	prev, score = max(-mateBand, min(prev, mateBand)), max(-mateBand, min(score, mateBand))
	pct := 100 + p.Int(tmScoreSlope)*(prev-score)/10
	return max(p.Int(tmScoreMin), min(pct, p.Int(tmScoreMax)))
}
