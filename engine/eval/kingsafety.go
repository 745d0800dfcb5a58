package eval

import (
	"github.com/elolab/elolab/engine/board"
	"github.com/elolab/elolab/engine/params"
)

// King safety: attacks on the king zone (counted in mobility.go), the pawn
// shield in front of the king, and open files next to it.
var (
	kingSafetyEnabled = params.Bool("eval.kingsafety.enabled", true, "eval", "king safety")
	shieldW           = pair("eval.kingsafety.shield", 12, 0, -20, 60, 2, "own pawn in the two ranks in front of the king")
	kingOpenFileW     = pair("eval.kingsafety.openfile", -18, 0, -100, 20, 3, "file at or beside the king without own pawns")
)

func (e *Evaluator) kingSafety(pos *board.Position) {
	if !e.on(kingSafetyEnabled) {
		return
	}
	for c := board.White; c <= board.Black; c++ {
		ksq := pos.KingSquare(c)
		own := pos.Pieces(c, board.Pawn)
		files := board.FileBB(ksq.File()) | adjacentFiles[ksq.File()]
		var front board.Bitboard
		if c == board.White {
			front = board.RankBB(min(ksq.Rank()+1, 7)) | board.RankBB(min(ksq.Rank()+2, 7))
		} else {
			front = board.RankBB(max(ksq.Rank()-1, 0)) | board.RankBB(max(ksq.Rank()-2, 0))
		}
		e.add(c, shieldW, (own & files & front).Count())
		open := 0
		for f := max(ksq.File()-1, 0); f <= min(ksq.File()+1, 7); f++ {
			if board.FileBB(f)&own == 0 {
				open++
			}
		}
		e.add(c, kingOpenFileW, open)
	}
}
