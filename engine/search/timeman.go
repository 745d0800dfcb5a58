package search

import (
	"time"

	"github.com/elolab/elolab/engine/board"
	"github.com/elolab/elolab/engine/params"
)

// Time management: from the clock, increment and moves to go, a soft limit
// (no new iteration after it) and a hard limit (abort the search).
var (
	tmOverhead   = params.Int("time.overhead", 30, 0, 5000, 0, "time", "per-move safety margin for communication latency (ms)")
	tmMovesToGo  = params.Int("time.movestogo", 30, 10, 80, 2, "time", "moves assumed left when the clock has no movestogo")
	tmIncPercent = params.Int("time.incpercent", 75, 0, 100, 5, "time", "share of the increment spent per move (%)")
	tmSoftPct    = params.Int("time.softpercent", 100, 30, 300, 10, "time", "soft limit as a percentage of the base allocation")
	tmHardPct    = params.Int("time.hardpercent", 400, 100, 1000, 25, "time", "hard limit as a percentage of the base allocation")
	tmMaxPct     = params.Int("time.maxpercent", 40, 5, 90, 5, "time", "never plan more than this share of the remaining clock (%)")
)

func (s *Searcher) allocateTime(us board.Color) (soft, hard time.Duration) {
	lim, p := s.limits, s.P
	overhead := time.Duration(p.Int(tmOverhead)) * time.Millisecond
	if lim.Infinite {
		return 0, 0
	}
	if lim.MoveTime > 0 {
		// A fixed move time has no clock to lose: the margin only covers
		// the reply's latency, so it is capped at 5 % of the move time.
		t := max(lim.MoveTime-min(overhead, lim.MoveTime/20), time.Millisecond)
		return t, t
	}
	left, inc := lim.Time[us], lim.Inc[us]
	if left <= 0 {
		return 0, 0
	}
	mtg := lim.MovesToGo
	if mtg <= 0 || mtg > p.Int(tmMovesToGo) {
		mtg = p.Int(tmMovesToGo)
	}
	avail := max(left-overhead, time.Millisecond)
	base := avail/time.Duration(mtg) + inc*time.Duration(p.Int(tmIncPercent))/100
	base = s.reserveBase(base, avail, inc)
	ceiling := avail * time.Duration(p.Int(tmMaxPct)) / 100
	soft = min(base*time.Duration(p.Int(tmSoftPct))/100, ceiling)
	hard = min(base*time.Duration(p.Int(tmHardPct))/100, ceiling)
	return max(soft, time.Millisecond), max(hard, soft, time.Millisecond)
}

// Best-move stability: a best move that just changed needs more time to be
// confirmed; one that has held for several iterations will probably not
// change, so the search stops earlier and saves the clock for later moves.
var (
	tmStabilityEnabled = params.Bool("time.stability.enabled", true, "time", "scale the soft limit by how long the best move has held")
	tmUnstablePct      = params.Int("time.stability.unstable", 150, 100, 300, 10, "time", "soft limit (% of the planned) right after the best move changed")
	tmStablePct        = params.Int("time.stability.stable", 70, 30, 100, 5, "time", "soft limit (% of the planned) once the best move has held for stableiters iterations")
	tmStableIters      = params.Int("time.stability.stableiters", 5, 1, 12, 1, "time", "iterations after which the best move counts as stable")
)

// softLimit is the soft limit after an iteration whose best move, best,
// has held for held iterations (0: it changed), scaled by its stability,
// by its share of the nodes (timenodes.go) and by trend percent, the
// score trend's factor (timescore.go). A fixed move time is not scaled.
func (s *Searcher) softLimit(held int, best board.Move, trend int) time.Duration {
	p := s.P
	if s.limits.MoveTime > 0 {
		return s.soft
	}
	pct := 100
	if p.Bool(tmStabilityEnabled) {
		n := p.Int(tmStableIters)
		hi, lo := p.Int(tmUnstablePct), p.Int(tmStablePct)
		pct = hi - (hi-lo)*min(held, n)/n
	}
	pct = pct * s.nodeSharePct(best) / 100 * trend / 100
	return min(s.soft*time.Duration(pct)/100, s.hard)
}
