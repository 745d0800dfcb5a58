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
	occ := pos.Occupied()
	for c := board.White; c <= board.Black; c++ {
		them := c ^ 1
		att := &e.attBy[c&1]
		if att[board.Knight]|att[board.Bishop]|att[board.Rook]|att[board.Queen] == 0 {
			continue
		}
		ksq := pos.KingSquare(them)
		safe := ^pos.Colors(c) &^ e.attAll[them&1]
		var diag, straight board.Bitboard
		if att[board.Bishop]|att[board.Queen] != 0 {
			diag = board.BishopAttacks(ksq, occ)
		}
		if att[board.Rook]|att[board.Queen] != 0 {
			straight = board.RookAttacks(ksq, occ)
		}
		e.addChecks(c, board.Knight, board.KnightAttacks(ksq)&att[board.Knight]&safe)
		e.addChecks(c, board.Bishop, diag&att[board.Bishop]&safe)
		e.addChecks(c, board.Rook, straight&att[board.Rook]&safe)
		e.addChecks(c, board.Queen, (diag|straight)&att[board.Queen]&safe)
	}
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
