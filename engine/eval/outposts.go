package eval

import (
	"github.com/elolab/elolab/engine/board"
	"github.com/elolab/elolab/engine/params"
)

// Outposts: a knight or bishop on the 4th to 6th rank, defended by an own
// pawn, on a square no enemy pawn can ever attack. Only a piece can drive
// it away, and trading that piece for it usually helps the outpost's side.
var (
	outpostsEnabled = params.Bool("eval.outposts.enabled", true, "eval", "knights and bishops on outposts")
	outpostW        = [7]weight{
		board.Knight: pair("eval.outposts.knight", 20, 10, -20, 100, 2, "knight on an outpost"),
		board.Bishop: pair("eval.outposts.bishop", 10, 5, -20, 100, 2, "bishop on an outpost"),
	}
)

// outpostRanks[c]: the 4th to 6th ranks from colour c's side.
var outpostRanks = [2]board.Bitboard{
	board.RankBB(3) | board.RankBB(4) | board.RankBB(5),
	board.RankBB(2) | board.RankBB(3) | board.RankBB(4),
}

// pawnSpan is every square colour c's pawns b can attack now or after
// advancing.
func pawnSpan(c board.Color, b board.Bitboard) board.Bitboard {
	if c == board.White {
		b |= b << 8
		b |= b << 16
		b |= b << 32
	} else {
		b |= b >> 8
		b |= b >> 16
		b |= b >> 32
	}
	return board.PawnAttacksBB(c, b)
}

func (e *Evaluator) outposts(pos *board.Position) {
	if !e.on(outpostsEnabled) {
		return
	}
	for c := board.White; c <= board.Black; c++ {
		them := c ^ 1
		holes := outpostRanks[c&1] & e.pawnAtt[c&1] &^ pawnSpan(them, pos.Pieces(them, board.Pawn))
		if holes == 0 {
			continue
		}
		if n := (pos.Pieces(c, board.Knight) & holes).Count(); n > 0 {
			e.addPrepared(c, outpostW[board.Knight], e.outpost[board.Knight], n)
		}
		if n := (pos.Pieces(c, board.Bishop) & holes).Count(); n > 0 {
			e.addPrepared(c, outpostW[board.Bishop], e.outpost[board.Bishop], n)
		}
	}
}

// outpostsTables is Prepare's copy of the weights.
type outpostsTables struct {
	outpost [7]packed
}

func (e *Evaluator) prepareOutposts() {
	for _, pt := range []board.PieceType{board.Knight, board.Bishop} {
		e.outpost[pt] = pack(e.get(outpostW[pt].mg), e.get(outpostW[pt].eg))
	}
}
