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
		if e.count[c][board.Bishop] >= 2 {
			e.addPrepared(c, bishopPairW, e.pairBonus, 1)
		}
	}
}

// bishopPairTables is Prepare's copy of the weight.
type bishopPairTables struct {
	pairBonus packed
}

func (e *Evaluator) prepareBishopPair() {
	e.pairBonus = pack(e.get(bishopPairW.mg), e.get(bishopPairW.eg))
}
