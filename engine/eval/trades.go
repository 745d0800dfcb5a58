package eval

import (
	"github.com/elolab/elolab/engine/board"
	"github.com/elolab/elolab/engine/params"
)

// Material trades (MadChess 2.0 build 052): "when ahead trade pieces, when
// behind trade pawns". The side ahead gains a share of its material lead
// for each piece the opponent has lost and loses a (larger) share for each
// pawn of its own that is gone.
var (
	tradesEnabled = params.Bool("eval.trades.enabled", true, "eval", "MadChess material-trade scaling")
	tradesPieces  = params.Int("eval.trades.piecepercent", 25, 0, 100, 5, "eval", "MadChess: share of the lead per missing enemy piece, /7 (%)")
	tradesPawns   = params.Int("eval.trades.pawnpercent", 50, 0, 100, 5, "eval", "MadChess: share of the lead per missing own pawn, /8 (%)")
)

// materialTrades returns White's bonus; lead is White's material lead
// (materialLead).
func (e *Evaluator) materialTrades(lead int) int {
	if !e.on(tradesEnabled) || lead == 0 {
		return 0
	}
	win := board.White
	if lead < 0 {
		win, lead = board.Black, -lead
	}
	lose := win ^ 1
	n := &e.count[lose]
	losingMissingPieces := max(7-(n[board.Knight]+n[board.Bishop]+n[board.Rook]+n[board.Queen]), 0)
	winningMissingPawns := max(8-e.count[win][board.Pawn], 0)
	v := lead*losingMissingPieces*e.get(tradesPieces)/700 - lead*winningMissingPawns*e.get(tradesPawns)/800
	if win == board.Black {
		v = -v
	}
	return v
}
