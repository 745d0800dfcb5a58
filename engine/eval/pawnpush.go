package eval

import (
	"github.com/elolab/elolab/engine/board"
	"github.com/elolab/elolab/engine/params"
)

// micro-Max 4.5's end-game pawn-push bonus: every rank a pawn has advanced
// is worth R/4 cP, where R measures the piece material already captured
// (0 in the opening, 40 with bare kings). Here R = 40 × (1 − phase/24) and
// the divisor is the parameter (4 in micro-Max).
var (
	pawnPushEnabled = params.Bool("eval.pawnpush.enabled", false, "eval", "micro-Max end-game pawn-push bonus")
	pawnPushPer40   = params.Int("eval.pawnpush.per40", 10, 0, 60, 2, "eval", "bonus per advanced rank with bare kings (cp; micro-Max: 40/4 = 10)")
)

func (e *Evaluator) pawnPush(pos *board.Position, phase int) {
	if !e.on(pawnPushEnabled) || phase >= MaxPhase {
		return
	}
	for c := board.White; c <= board.Black; c++ {
		adv := 0
		for b := pos.Pieces(c, board.Pawn); b != 0; {
			adv += b.PopLSB().RelativeRank(c) - 1
		}
		e.addFlat(c, pawnPushPer40, adv*(MaxPhase-phase), MaxPhase)
	}
}
