package eval

import (
	"github.com/elolab/elolab/engine/board"
	"github.com/elolab/elolab/engine/params"
)

// Connected pawns: a pawn with a friendly pawn beside it on its rank (a
// phalanx) or defending it from behind (supported) holds its square and
// can advance without becoming weak; the bonus grows with its relative
// rank, as Ethereal's PawnConnected32 and Stockfish's Connected do (by
// rank only here, one pair per rank). The pawn structure had only
// penalties (doubled, isolated, backward) before. Part of the pawn
// structure, so cached by pawn key with it.
//
// Off. Its weights are those of a fit with the other pawn-structure
// weights on 800,037 datagen positions, which moved only ranks 5-7 much
// (mg/eg 20/2, 29/8, 56/74 cp): it lowered the training error by 0.0001
// and left the hold-out error where it was (better on two of four splits,
// worse on two). configs/labrat/connected-fit.yaml, the whole fit, scored
// +5.8 ± 19.1 Elo in 600 self-play games (LOS 72 %) and solved 281, 279
// WAC positions where the defaults solved 285, 284 (2026-11-30).
var (
	connectedEnabled = params.Bool("eval.pawns.connected.enabled", false, "eval", "bonus for pawns in a phalanx or supported by a pawn, by rank")
	connectedW       = [8]weight{
		1: pair("eval.pawns.connected.rank2", 3, -2, -50, 200, 2, "connected pawn on the 2nd rank"),
		2: pair("eval.pawns.connected.rank3", 5, -1, -50, 200, 2, "connected pawn on the 3rd rank"),
		3: pair("eval.pawns.connected.rank4", 4, -2, -50, 200, 2, "connected pawn on the 4th rank"),
		4: pair("eval.pawns.connected.rank5", 20, 2, -50, 200, 3, "connected pawn on the 5th rank"),
		5: pair("eval.pawns.connected.rank6", 29, 8, -50, 300, 4, "connected pawn on the 6th rank"),
		6: pair("eval.pawns.connected.rank7", 56, 74, -50, 300, 5, "connected pawn on the 7th rank"),
	}
)

// connectedPawns credits colour c's pawns in own that stand beside or are
// defended by another of its pawns, one weight per relative rank. The
// defended ones are those under the side's pawn attacks, which
// pawnStructure has already mapped (e.pawnAtt).
func (e *Evaluator) connectedPawns(c board.Color, own board.Bitboard) {
	beside := (own&^board.FileA)>>1 | (own&^board.FileH)<<1
	connected := own & (beside | e.pawnAtt[c])
	for r := 1; r <= 6; r++ {
		if n := (connected & board.RankBB(r^7*int(c))).Count(); n != 0 {
			e.add(c, connectedW[r], n)
		}
	}
}
