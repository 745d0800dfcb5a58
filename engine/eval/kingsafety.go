package eval

import (
	"math/bits"

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

// shieldMasks[c][s]: the squares in front of colour c's king on s (two
// ranks, its file and the adjacent ones) where its pawns shield it.
// shelterFiles[s]: the files at and beside a king on s, one bit per file.
var shieldMasks, shelterFiles = shelterTables()

func shelterTables() (masks [2][64]board.Bitboard, files [64]uint8) {
	for s := board.Square(0); s < 64; s++ {
		f, r := s.File(), s.Rank()
		near := board.FileBB(f) | adjacentFiles[f]
		masks[board.White][s] = near & (board.RankBB(min(r+1, 7)) | board.RankBB(min(r+2, 7)))
		masks[board.Black][s] = near & (board.RankBB(max(r-1, 0)) | board.RankBB(max(r-2, 0)))
		window := 7 << f >> 1 // files f-1..f+1 (an int, so h+1 is cut off below)
		files[s] = uint8(window)
	}
	return masks, files
}

// pawnFiles has bit f set when b has a square on file f.
func pawnFiles(b board.Bitboard) uint8 {
	b |= b >> 32
	b |= b >> 16
	b |= b >> 8
	return uint8(b)
}

// shelter returns the shield pawns and the open files at and beside
// colour c's king.
func shelter(pos *board.Position, c board.Color) (shield, open int) {
	ksq := pos.KingSquare(c) & 63
	own := pos.Pieces(c, board.Pawn)
	shield = (own & shieldMasks[c&1][ksq]).Count()
	open = bits.OnesCount8(shelterFiles[ksq] &^ pawnFiles(own))
	return shield, open
}

func (e *Evaluator) kingSafety(pos *board.Position) {
	if !e.on(kingSafetyEnabled) {
		return
	}
	for c := board.White; c <= board.Black; c++ {
		shield, open := shelter(pos, c)
		e.addPrepared(c, shieldW, e.shield, shield)
		e.addPrepared(c, kingOpenFileW, e.openFile, open)
	}
}

// kingSafetyTables is Prepare's copy of the weights.
type kingSafetyTables struct {
	shield, openFile packed
}

func (e *Evaluator) prepareKingSafety() {
	e.shield = pack(e.get(shieldW.mg), e.get(shieldW.eg))
	e.openFile = pack(e.get(kingOpenFileW.mg), e.get(kingOpenFileW.eg))
}
