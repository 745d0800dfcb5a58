package search

import "github.com/elolab/elolab/engine/params"

// Draw recognition inside the tree. Repetition is scored as a draw at its
// first recurrence (the side that could avoid it will), fifty moves only
// when the side to move is not mated.
var (
	drawRepetition   = params.Bool("draw.repetition", true, "search", "score a repeated position as a draw")
	drawFifty        = params.Bool("draw.fifty", true, "search", "score positions after fifty moves without capture or pawn move as draws")
	drawInsufficient = params.Bool("draw.insufficient", true, "search", "score positions without mating material as draws")
)

func (s *Searcher) isDraw(inCheck bool) bool {
	pos, p := s.pos, s.P
	if p.Bool(drawRepetition) && pos.IsRepetition() {
		return true
	}
	if p.Bool(drawFifty) && pos.Rule50() >= 100 && (!inCheck || pos.CountMoves() > 0) {
		return true
	}
	return p.Bool(drawInsufficient) && pos.InsufficientMaterial()
}
