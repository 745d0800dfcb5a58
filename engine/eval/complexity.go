package eval

import (
	"github.com/elolab/elolab/engine/board"
	"github.com/elolab/elolab/engine/params"
)

// Complexity (Stockfish's "initiative", Ethereal's complexity): how
// winnable the end game is, from the pawns alone. Many pawns, pawns on
// both wings and a pure pawn ending make an advantage easier to convert;
// few pawns on one wing make it harder. The term moves the end-game half
// of the score away from zero by
//
//	c = pawns·(pawns on the board) + flanks·(pawns on both wings)
//	  + pawnending·(no pieces but kings and pawns) + offset
//
// and, when c is negative, towards zero by at most the whole end-game
// score, so it never turns an advantage into its opposite. It depends on
// the sign of the end-game score, so it is computed after every other
// term. The trace records its coefficients where c does not reach the
// end-game score (the term is linear there); where it does, the end-game
// half is zero and the weights have no gradient.
//
// Measured on 2026-11-30: with these hand-set weights the Texel error on
// 1.6 M datagen positions falls from 0.090182 to 0.089447 (hold-out, each
// with its own fitted K), and a fit of the four weights does not lower it
// further; in play −4.6 ± 18.9 Elo in 600 self-play games at 1+0.01: off.
var (
	complexityEnabled    = params.Bool("eval.complexity.enabled", false, "eval", "move the end-game score away from zero by how winnable the pawns make it")
	complexityPawns      = params.Int("eval.complexity.pawns", 4, 0, 40, 1, "eval", "complexity per pawn on the board (end game)")
	complexityFlanks     = params.Int("eval.complexity.flanks", 40, 0, 200, 5, "eval", "complexity when pawns stand on both wings (end game)")
	complexityPawnEnding = params.Int("eval.complexity.pawnending", 40, 0, 200, 5, "eval", "complexity in a pure pawn ending (end game)")
	complexityOffset     = params.Int("eval.complexity.offset", -80, -400, 0, 5, "eval", "complexity offset (end game)")
)

// queenSide is files a–d; the king side is its complement.
const queenSide = board.Bitboard(0x0f0f0f0f0f0f0f0f)

// complexity adjusts the end-game half of e.acc, after every other term.
func (e *Evaluator) complexity(pos *board.Position) {
	if !e.on(complexityEnabled) {
		return
	}
	eg := e.acc.eg()
	if eg == 0 {
		return
	}
	pawns := pos.PiecesOf(board.Pawn)
	features := [4]int{pawns.Count(), 0, 0, 1}
	if pawns&queenSide != 0 && pawns&^queenSide != 0 {
		features[1] = 1
	}
	if pos.Occupied() == pawns|pos.PiecesOf(board.King) {
		features[2] = 1
	}
	defs := [4]*params.Def{complexityPawns, complexityFlanks, complexityPawnEnding, complexityOffset}
	c := 0
	for i, d := range defs {
		c += e.get(d) * features[i]
	}
	sign := 1
	if eg < 0 {
		sign, eg = -1, -eg
	}
	if c <= -eg {
		e.acc -= pack(0, sign*eg)
		return
	}
	e.acc += pack(0, sign*c)
	if t := e.trace; t != nil {
		for i, d := range defs {
			t.Coef[d.Index] += float64(sign*features[i]) * t.egF
		}
	}
}
