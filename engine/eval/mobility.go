package eval

import (
	"github.com/elolab/elolab/engine/board"
	"github.com/elolab/elolab/engine/params"
)

// Mobility: per piece, the squares it attacks that are neither occupied by
// its own side nor attacked by enemy pawns, counted from a typical number
// (so the material values keep their meaning). The same pass counts the
// attacks on the enemy king's zone for king safety.
var (
	mobilityEnabled = params.Bool("eval.mobility.enabled", true, "eval", "piece mobility")
	mobilityW       = [7]weight{
		board.Knight: pair("eval.mobility.knight", 4, 4, -10, 40, 1, "knight, per reachable square"),
		board.Bishop: pair("eval.mobility.bishop", 5, 5, -10, 40, 1, "bishop, per reachable square"),
		board.Rook:   pair("eval.mobility.rook", 2, 4, -10, 40, 1, "rook, per reachable square"),
		board.Queen:  pair("eval.mobility.queen", 1, 2, -10, 40, 1, "queen, per reachable square"),
	}
	mobilityBase = [7]int{board.Knight: 4, board.Bishop: 6, board.Rook: 7, board.Queen: 13}

	kingAttackW = [7]weight{
		board.Knight: pair("eval.kingsafety.attack.knight", 8, 0, 0, 60, 2, "attack on a king-zone square by a knight"),
		board.Bishop: pair("eval.kingsafety.attack.bishop", 6, 0, 0, 60, 2, "attack on a king-zone square by a bishop"),
		board.Rook:   pair("eval.kingsafety.attack.rook", 7, 0, 0, 60, 2, "attack on a king-zone square by a rook"),
		board.Queen:  pair("eval.kingsafety.attack.queen", 10, 0, 0, 60, 2, "attack on a king-zone square by a queen"),
	}

	rookFilesEnabled = params.Bool("eval.rookfiles.enabled", true, "eval", "rooks on open and half-open files")
	rookOpenW        = pair("eval.rookfiles.open", 25, 10, -20, 100, 3, "rook on a file without pawns")
	rookSemiOpenW    = pair("eval.rookfiles.semiopen", 12, 6, -20, 100, 2, "rook on a file without own pawns")
)

// kingZone is the king's square, its neighbours and the three squares
// beyond them towards the enemy.
func kingZone(c board.Color, ksq board.Square) board.Bitboard {
	z := board.KingAttacks(ksq) | board.SquareBB(ksq)
	if c == board.White {
		return z | z<<8
	}
	return z | z>>8
}

func (e *Evaluator) pieces(pos *board.Position) {
	mob, rooks, ks := e.on(mobilityEnabled), e.on(rookFilesEnabled), e.on(kingSafetyEnabled)
	occ := pos.Occupied()
	pawns := pos.PiecesOf(board.Pawn)
	for c := board.White; c <= board.Black; c++ {
		them := c ^ 1
		area := ^pos.Colors(c) &^ e.pawnAtt[them]
		zone := kingZone(them, pos.KingSquare(them))
		for pt := board.Knight; pt <= board.Queen; pt++ {
			for b := pos.Pieces(c, pt); b != 0; {
				s := b.PopLSB()
				att := board.AttacksBy(pt, s, occ)
				if mob {
					n := (att & area).Count()
					if e.trace == nil && e.prepared {
						e.mg[c] += int(e.mobMG[pt][n])
						e.eg[c] += int(e.mobEG[pt][n])
					} else {
						e.add(c, mobilityW[pt], n-mobilityBase[pt])
					}
				}
				if ks {
					if n := (att & zone).Count(); n > 0 {
						e.add(c, kingAttackW[pt], n)
					}
				}
				if pt == board.Rook && rooks {
					file := board.FileBB(s.File())
					switch {
					case file&pawns == 0:
						e.add(c, rookOpenW, 1)
					case file&pawns&pos.Colors(c) == 0:
						e.add(c, rookSemiOpenW, 1)
					}
				}
			}
		}
	}
}

func (e *Evaluator) prepareMobility() {
	for pt := board.Knight; pt <= board.Queen; pt++ {
		mg, eg := e.get(mobilityW[pt].mg), e.get(mobilityW[pt].eg)
		for n := range e.mobMG[pt] {
			e.mobMG[pt][n] = int32(mg * (n - mobilityBase[pt]))
			e.mobEG[pt][n] = int32(eg * (n - mobilityBase[pt]))
		}
	}
}
