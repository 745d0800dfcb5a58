package search

import (
	"math"

	"github.com/elolab/elolab/engine/board"
	"github.com/elolab/elolab/engine/params"
)

// Late move reductions: quiet moves late in the ordering are searched
// shallower, by base + ln(depth)·ln(move number)/divisor plies, less for
// moves with good history and at PV nodes; a reduced move that beats alpha
// is searched again at full depth. History here is the from-to table plus
// the continuation tables (conthist.go); worsening nodes reduce one more.
// Captures that lose material by SEE (the picker's last stage) can be
// reduced the same way (lmr.badcaptures). Quiet moves that give check are
// reduced one ply less than the table (lmr.checks, on since 2026-11-28:
// +25.5 Elo in self-play, 13.7 over the engine without it against
// Ethereal 12 on the same 800 openings); with it off they are never reduced.
// lmr.checkless is that one ply as a parameter; lmr.checkzone (off) leaves
// a quiet check next to the enemy king unreduced, for WAC's sacrifices
// (Bh7+, Bf7+): WAC 284, 284 against 280–281 for the defaults, and
// +3.5 ± 14.0 Elo in 1,200 self-play games (2026-11-29; LOS 68.7 %),
// and −129.5 ± 21.8 against Ethereal 12 on the 800 openings where the
// defaults scored −112.8 ± 20.3: not kept.
//
// lmr.divisor 260 instead of the first SPSA run's 215 (less reduction,
// the default from 2026-11-25 to 2026-11-30) was measured
// for WAC on 2026-11-29: 288, 289, 289, 289, 286, 285, 285 in seven runs
// over an hour (the defaults 281, 281 alternated with two of them),
// +5.8 ± 19.3 Elo in 600 self-play games at 1+0.01, but −152.9 ± 22.4
// against Ethereal 12 in 800 games, where the defaults scored
// −130.1 ± 12.3 in 2,400: not kept.
// Reducing less gains WAC's sacrifices and loses depth against an engine
// that searches deeper.
//
// The base 89 and divisor 161 (more reduction than 75 and 215) are the
// second SPSA run's (configs/spsa-search2.yaml, 2026-11-30, 1,200 pairs
// at 1+0.01): the divisor fell steadily over the whole run, the clearest
// trend of its twelve parameters; all twelve together scored
// +28.4 ± 18.8 Elo in 600 games against the values before (README).
// Following the trend further, 145, scored −4.6 ± 17.9 Elo in 600
// self-play games (2026-12-01, LOS 30.6 %): not kept.
var (
	lmrEnabled     = params.Bool("lmr.enabled", true, "search", "late move reductions")
	lmrBase        = params.Int("lmr.base", 89, 0, 300, 10, "search", "reduction table base (hundredths of a ply)")
	lmrDivisor     = params.Int("lmr.divisor", 161, 100, 600, 15, "search", "reduction table divisor (hundredths)")
	lmrMinDepth    = params.Int("lmr.mindepth", 3, 2, 8, 1, "search", "least depth for a reduction")
	lmrMinMoves    = params.Int("lmr.minmoves", 2, 1, 10, 1, "search", "moves searched before reductions start (PV nodes get one more)")
	lmrBadCaptures = params.Bool("lmr.badcaptures", false, "search", "also reduce captures that lose material by SEE, by the same table")
	lmrChecks      = params.Bool("lmr.checks", true, "search", "also reduce quiet moves that give check, one ply less than the table")
	lmrCheckLess   = params.Int("lmr.checkless", 1, 0, 4, 1, "search", "plies a quiet check is reduced less than the table (lmr.checks)")
	lmrCheckZone   = params.Bool("lmr.checkzone", false, "search", "never reduce a quiet check that lands next to the enemy king")
	lmrLeast       = params.Int("lmr.least", 0, 0, 1, 1, "search", "least reduction of a late move that LMR applies to (Ethereal reduces every one by at least a ply)")
	lmrHistDiv     = params.Int("lmr.historydiv", 8863, 1024, 65536, 512, "search", "one ply less reduction per historydiv of history score (0 in the table means off)")
)

func (s *Searcher) buildLMRTable() {
	key := [2]int{s.P.Int(lmrBase), s.P.Int(lmrDivisor)}
	if key == s.lmrKey && s.lmrTable[63][63] != 0 {
		return
	}
	s.lmrKey = key
	base, div := float64(key[0])/100, float64(key[1])/100
	for d := 1; d < 64; d++ {
		for m := 1; m < 64; m++ {
			r := base + math.Log(float64(d))*math.Log(float64(m))/div
			s.lmrTable[d][m] = int8(max(0, min(r, 60)))
		}
	}
}

// reduction for the searched-th move (0-based) at depth.
func (s *Searcher) reduction(depth, searched int, quiet, badCapture, givesCheck, inCheck, pvNode, cutNode bool, m board.Move, us board.Color, ply int) int {
	p := s.P
	if !p.Bool(lmrEnabled) || depth < p.Int(lmrMinDepth) || (givesCheck && !(quiet && p.Bool(lmrChecks))) || inCheck ||
		(!quiet && !(badCapture && p.Bool(lmrBadCaptures))) {
		return 0
	}
	if givesCheck && p.Bool(lmrCheckZone) && s.nextToKing(m, us^1) {
		return 0
	}
	minMoves := p.Int(lmrMinMoves)
	if pvNode {
		minMoves++
	}
	if searched < minMoves {
		return 0
	}
	r := int(s.lmrTable[min(depth, 63)][min(searched+1, 63)])
	if pvNode {
		r--
	}
	if givesCheck {
		r -= p.Int(lmrCheckLess)
	}
	if m == s.killers[ply][0] || m == s.killers[ply][1] {
		r--
	}
	fr := &s.stack[ply]
	if fr.worsening {
		r++ // improving.go
	}
	r += s.cutNodeReduction(cutNode)
	r += s.cutoffReduction(ply)
	r += s.ttPvReduction(fr, pvNode)
	if quiet {
		r += s.ttNoisyReduction(fr.ttMove)
		// Bounded: three tables together could otherwise swing it by six plies.
		r -= max(-2, min(2, int(s.quietScore(fr, us, m, fr.moved, p.Bool(historyEnabled)))/p.Int(lmrHistDiv)))
	}
	return max(p.Int(lmrLeast), min(r, depth-2))
}
