package search

import (
	"time"

	"github.com/elolab/elolab/engine/board"
)

// allocateTime turns the limits into a soft limit (do not start another
// iteration after it) and a hard limit (abort the search). Zero = none.
func (s *Searcher) allocateTime(us board.Color) (soft, hard time.Duration) {
	lim := s.limits
	if lim.Infinite {
		return 0, 0
	}
	if lim.MoveTime > 0 {
		t := max(lim.MoveTime-s.Overhead, time.Millisecond)
		return t, t
	}
	left, inc := lim.Time[us], lim.Inc[us]
	if left <= 0 {
		return 0, 0
	}
	mtg := lim.MovesToGo
	if mtg <= 0 || mtg > 40 {
		mtg = 40
	}
	avail := max(left-s.Overhead, time.Millisecond)
	soft = avail/time.Duration(mtg) + inc*3/4
	hard = min(soft*4, avail/3+inc*3/4)
	soft = min(soft, avail/2)
	hard = min(max(hard, soft), avail-avail/10)
	return max(soft, time.Millisecond), max(hard, time.Millisecond)
}
