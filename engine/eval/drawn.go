package eval

import (
	"github.com/elolab/elolab/engine/board"
	"github.com/elolab/elolab/engine/params"
)

// Drawn endgames: without pawns, a material lead smaller than a rook does
// not win (KNvK, KBvK, KNNvK, KRvKB, KRvKN, KBvKN, …), so the score is
// scaled down towards zero instead of promising a win that is not there.
var (
	drawnEnabled = params.Bool("eval.drawn.enabled", true, "eval", "recognise drawn pawnless endgames")
	drawnScale   = params.Int("eval.drawn.scale", 8, 0, 64, 2, "eval", "score kept in drawn endgames, in 64ths")
)

// scaleDrawish scales White's score; lead is White's material lead
// (materialLead).
func (e *Evaluator) scaleDrawish(pos *board.Position, score, lead int) int {
	if !e.on(drawnEnabled) || pos.PiecesOf(board.Pawn) != 0 {
		return score
	}
	if abs(lead) >= e.get(materialW[board.Rook].mg) {
		return score
	}
	// Two bishops against a bare king do win.
	for c := board.White; c <= board.Black; c++ {
		if pos.Colors(c^1).Count() == 1 && pos.Pieces(c, board.Bishop).More() {
			return score
		}
	}
	return score * e.get(drawnScale) / 64
}
