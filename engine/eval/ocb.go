package eval

import (
	"github.com/elolab/elolab/engine/board"
	"github.com/elolab/elolab/engine/params"
)

// Opposite-coloured bishops: with one bishop each on squares of different
// colours, the defender's bishop holds the squares the attacker's cannot
// contest, so an extra pawn or two often does not win. The end-game half of
// the score is scaled down: most with bishops alone, less when each side
// also has the same knights and rooks (queens on the board: no scaling).
// The scale multiplies the end-game coefficients of the trace as well, so
// Texel fits the weights of the scaled evaluation.
var (
	ocbEnabled = params.Bool("eval.ocb.enabled", false, "eval", "scale the end-game score with opposite-coloured bishops")
	ocbAlone   = params.Int("eval.ocb.alone", 32, 0, 64, 2, "eval", "end-game score kept with opposite-coloured bishops and pawns only (64ths)")
	ocbPieces  = params.Int("eval.ocb.pieces", 48, 0, 64, 2, "eval", "end-game score kept with opposite-coloured bishops and the same knights and rooks each (64ths)")
)

// egScale is the share of the end-game score kept, in 64ths; count must be
// filled for pos.
func (e *Evaluator) egScale(pos *board.Position) int {
	if !e.on(ocbEnabled) {
		return 64
	}
	w, b := &e.count[board.White], &e.count[board.Black]
	if w[board.Bishop] != 1 || b[board.Bishop] != 1 || w[board.Queen]+b[board.Queen] != 0 {
		return 64
	}
	light := pos.PiecesOf(board.Bishop) & board.LightSquares
	if light == 0 || light.More() {
		return 64 // both bishops on one colour
	}
	if w[board.Knight]+w[board.Rook]+b[board.Knight]+b[board.Rook] == 0 {
		return e.get(ocbAlone)
	}
	if w[board.Knight] == b[board.Knight] && w[board.Rook] == b[board.Rook] {
		return e.get(ocbPieces)
	}
	return 64
}
