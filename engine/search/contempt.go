package search

import "github.com/elolab/elolab/engine/params"

// Contempt: what a draw found in the tree (repetition, fifty moves,
// insufficient material, stalemate) is worth to the side labrat plays at
// the root, in centipawns below zero. At 0 every draw is exactly equal,
// the right score against an equal opponent. Against a stronger engine a
// draw is worth more than an even-looking position the weaker side will
// probably go on to lose, so a negative contempt makes labrat steer into
// repetitions and fortresses when it stands slightly worse; against a
// weaker engine a positive one makes it play on. The sign follows
// Stockfish's old Contempt option (positive avoids draws). The score is
// relative to the root's side, so the same setting holds for White and
// Black; hash entries holding such scores are path-dependent already,
// like every draw by repetition. Against Ethereal 12 (README, 2026-11-30,
// evening and late evening) -25, -50 and -75 each scored within the
// errors of the defaults on the same openings, in 300 to 1,000 games,
// and their order changed from run to run: the default stays 0.
var drawContempt = params.Int("draw.contempt", 0, -100, 100, 0, "search", "centipawns a draw in the tree is worth less than zero to the side labrat plays (negative: prefer draws, as against a stronger engine)")

// drawScore is the score of a draw at ply, for the side to move there:
// the root's side (even plies) scores it -contempt, the other side
// +contempt.
func (s *Searcher) drawScore(ply int) int {
	c := s.P.Int(drawContempt)
	if ply&1 == 1 {
		return c
	}
	return -c
}
