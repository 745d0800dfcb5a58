package search

import (
	"time"

	"github.com/elolab/elolab/engine/params"
)

// Clock reserve: with an increment, the base allocation (the clock over the
// moves to go plus most of the increment) settles where a move costs about
// the increment, which at 2+0.02 leaves labrat 0.1–0.2 s on its clock for
// the rest of the game (a median low of 0.094 s in 132 long self-play
// games); one 0.2 s delay of the host then loses a won game on time
// (README, 2026-11-27). A larger time.overhead keeps more, but every
// move of the game pays for it (200 ms: −38 ± 34 Elo in 200 games). The
// reserve is paid only while the clock is low: below incs increments, a
// move is planned at spend % of the increment, so the clock climbs back to
// the reserve instead of settling under it.
var (
	tmReserveEnabled = params.Bool("time.reserve.enabled", false, "time", "spend less than the increment while the clock is below a reserve of increments")
	tmReserveIncs    = params.Int("time.reserve.incs", 20, 2, 100, 2, "time", "the reserve, in increments (after time.overhead)")
	tmReserveSpend   = params.Int("time.reserve.spend", 50, 10, 100, 5, "time", "base allocation below the reserve (% of the increment)")
)

// reserveBase caps the base allocation while avail (the clock after the
// overhead) is below the reserve; without an increment there is nothing to
// rebuild the clock with, and the clock over the moves to go already
// shrinks with it.
func (s *Searcher) reserveBase(base, avail, inc time.Duration) time.Duration {
	p := s.P
	if !p.Bool(tmReserveEnabled) || inc <= 0 || avail >= inc*time.Duration(p.Int(tmReserveIncs)) {
		return base
	}
	return min(base, inc*time.Duration(p.Int(tmReserveSpend))/100)
}
