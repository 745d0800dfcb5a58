package search

import (
	"github.com/elolab/elolab/engine/board"
	"github.com/elolab/elolab/engine/params"
)

// SEE pruning near the horizon: a move that loses more material by static
// exchange than the remaining depth can plausibly win back is skipped.
// Quiet moves are allowed to lose margin × depth (they hang a piece to a
// pawn, say), captures that the picker found losing margin × depth².
// Never the first move, never a quiet check, never at the root.
// +28.7 ± 25.3 Elo in 400 games at 1+0.01 on top of the deeper late move
// pruning and futility (2026-11-24); the 2026-11-23 engine had measured
// −3.5 ± 26.9 with it, with its shallower pruning.
//
// A losing capture that gives check is a sacrifice more often than other
// losing captures (WAC's Qxg7+, Rxh7+). seeprune.checks can spare all of
// them, or those landing next to the enemy king; both solve more of WAC
// and both lose games (2026-11-29, 600 self-play games each at 1+0.01):
// spare, WAC 283–284 against 280–281, −24.4 ± 20.4 Elo; zone, WAC 284–285,
// −19.1 ± 18.3 Elo; zone again on the evening's engine, WAC 291 against
// 285 and −20.9 ± 17.3 Elo (600 games). The default prunes them like any
// other capture.
var (
	seePruneEnabled = params.Bool("seeprune.enabled", true, "search", "prune moves that lose material by SEE near the horizon")
	seePruneDepth   = params.Int("seeprune.depth", 8, 1, 12, 1, "search", "deepest remaining depth where SEE pruning applies")
	seeSparePV      = params.Bool("seeprune.sparepv", false, "search", "no SEE pruning at PV nodes (for WAC; −31 Elo in 300 games)")
	seePruneQuiet   = params.Int("seeprune.quiet", 52, 10, 200, 8, "search", "quiet moves: material (cp) a move may lose per ply of depth")
	seePruneNoisy   = params.Int("seeprune.noisy", 21, 5, 100, 4, "search", "losing captures: material (cp) a capture may lose per depth²")
	seeChecks       = params.Enum("seeprune.checks", "prune", []string{"prune", "zone", "spare"}, "search", "captures that give check: prune as any other, spare those landing next to the enemy king (zone), or spare all")
)

// The choices of seeprune.checks, in its order.
const (
	seeChecksPrune = iota
	seeChecksZone
	seeChecksSpare
)

// seePrunable decides one move; bad is the picker's verdict that the
// capture loses material (only those pay for a second exchange count).
func (s *Searcher) seePrunable(depth int, m board.Move, quiet, givesCheck, bad, pvNode bool) bool {
	p := s.P
	if !p.Bool(seePruneEnabled) || depth > p.Int(seePruneDepth) || (pvNode && p.Bool(seeSparePV)) {
		return false
	}
	if quiet {
		return !givesCheck && !s.pos.SEEAtLeast(m, -p.Int(seePruneQuiet)*depth)
	}
	if givesCheck {
		switch p.EnumIndex(seeChecks) {
		case seeChecksZone:
			if s.nextToKing(m, s.pos.SideToMove()^1) {
				return false
			}
		case seeChecksSpare:
			return false
		}
	}
	return bad && !s.pos.SEEAtLeast(m, -p.Int(seePruneNoisy)*depth*depth)
}

// nextToKing: m lands on a square next to the king of color them, where a
// checking sacrifice tears the shelter open.
func (s *Searcher) nextToKing(m board.Move, them board.Color) bool {
	return board.KingAttacks(s.pos.KingSquare(them))&board.SquareBB(m.To()) != 0
}
