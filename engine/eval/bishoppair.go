package eval

import (
	"github.com/elolab/elolab/engine/board"
	"github.com/elolab/elolab/engine/params"
)

// Bishop pair: two bishops are worth more than their sum.
var (
	bishopPairEnabled = params.Bool("eval.bishoppair.enabled", true, "eval", "bishop pair bonus")
	bishopPairW       = pair("eval.bishoppair", 25, 50, 0, 150, 3, "bishop pair")
)

func (e *Evaluator) bishopPair(pos *board.Position) {
	if !e.on(bishopPairEnabled) {
		return
	}
	for c := board.White; c <= board.Black; c++ {
		if pos.Pieces(c, board.Bishop).More() {
			e.add(c, bishopPairW, 1)
		}
	}
}
