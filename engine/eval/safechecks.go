package eval

import (
	"github.com/elolab/elolab/engine/board"
	"github.com/elolab/elolab/engine/params"
)

// Safe checks: squares from which a piece of ours could check the enemy
// king next move, that the piece attacks now, that hold none of our pieces
// and that no enemy piece defends. An attack on the king matters most when
// it can arrive with check; counting the king zone alone (mobility.go)
// misses checks from a distance.
var (
	safeChecksEnabled = params.Bool("eval.safechecks.enabled", true, "eval", "safe checks against the enemy king")
	safeCheckW        = [7]weight{
		board.Knight: pair("eval.safechecks.knight", 12, 2, -20, 150, 2, "safe knight check available"),
		board.Bishop: pair("eval.safechecks.bishop", 8, 2, -20, 150, 2, "safe bishop check available"),
		board.Rook:   pair("eval.safechecks.rook", 12, 2, -20, 150, 2, "safe rook check available"),
		board.Queen:  pair("eval.safechecks.queen", 8, 2, -20, 150, 2, "safe queen check available"),
	}
)

func (e *Evaluator) safeChecks(pos *board.Position) {
	if !e.on(safeChecksEnabled) {
		return
	}
	for c := board.White; c <= board.Black; c++ {
		sq := e.safeCheckSquares(pos, c)
		for pt := board.Knight; pt <= board.Queen; pt++ {
			e.addChecks(c, pt, sq[pt])
		}
	}
}

// safeCheckSquares returns, by piece type, the squares from which colour
// c's pieces of that type could check the enemy king next move: attacked
// by them now, free of c's pieces and defended by no enemy piece. It
// reads the attack maps (mobility.go, completeMaps). King danger counts
// the same squares (kingdanger.go), so the first of the two to ask
// computes them for the evaluation (Evaluate clears checksDone).
func (e *Evaluator) safeCheckSquares(pos *board.Position, c board.Color) *[7]board.Bitboard {
	sq := &e.checkSq[c&1]
	if e.checksDone&(1<<c) != 0 {
		return sq
	}
	e.checksDone |= 1 << c
	*sq = [7]board.Bitboard{}
	att := &e.attBy[c&1]
	if att[board.Knight]|att[board.Bishop]|att[board.Rook]|att[board.Queen] == 0 {
		return sq
	}
	occ := pos.Occupied()
	ksq := pos.KingSquare(c ^ 1)
	safe := ^pos.Colors(c) &^ e.attAll[(c^1)&1]
	var diag, straight board.Bitboard
	if att[board.Bishop]|att[board.Queen] != 0 {
		diag = board.BishopAttacks(ksq, occ)
	}
	if att[board.Rook]|att[board.Queen] != 0 {
		straight = board.RookAttacks(ksq, occ)
	}
	sq[board.Knight] = board.KnightAttacks(ksq) & att[board.Knight] & safe
	sq[board.Bishop] = diag & att[board.Bishop] & safe
	sq[board.Rook] = straight & att[board.Rook] & safe
	sq[board.Queen] = (diag | straight) & att[board.Queen] & safe
	return sq
}

// addChecks credits colour c with the safe checks of piece type pt.
func (e *Evaluator) addChecks(c board.Color, pt board.PieceType, checks board.Bitboard) {
	if checks != 0 {
		e.addPrepared(c, safeCheckW[pt], e.safeCheck[pt], checks.Count())
	}
}

// safeChecksTables is Prepare's copy of the weights.
type safeChecksTables struct {
	safeCheck [7]packed
}

func (e *Evaluator) prepareSafeChecks() {
	for pt := board.Knight; pt <= board.Queen; pt++ {
		e.safeCheck[pt] = pack(e.get(safeCheckW[pt].mg), e.get(safeCheckW[pt].eg))
	}
}
