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

// kingZones[c][s] is the zone of colour c's king on s: the king's square,
// its neighbours and the three squares beyond them towards the enemy.
var kingZones = func() (z [2][64]board.Bitboard) {
	for s := board.Square(0); s < 64; s++ {
		k := board.KingAttacks(s) | board.SquareBB(s)
		z[board.White][s] = k | k<<8
		z[board.Black][s] = k | k>>8
	}
	return z
}()

func (e *Evaluator) pieces(pos *board.Position) {
	if e.fast() {
		if e.piecesOn || e.mapsOn {
			e.acc += e.piecesFast(pos)
			e.completeMaps(pos)
		}
		return
	}
	mob, rooks, ks := e.on(mobilityEnabled), e.on(rookFilesEnabled), e.on(kingSafetyEnabled)
	occ := pos.Occupied()
	e.attBy = [2][7]board.Bitboard{}
	pawns := pos.PiecesOf(board.Pawn)
	for c := board.White; c <= board.Black; c++ {
		them := c ^ 1
		area := ^pos.Colors(c) &^ e.pawnAtt[them]
		zone := kingZones[them][pos.KingSquare(them)&63]
		for pt := board.Knight; pt <= board.Queen; pt++ {
			for b := pos.Pieces(c, pt); b != 0; {
				s := b.PopLSB()
				att := board.AttacksBy(pt, s, occ)
				e.attBy[c][pt] |= att
				if mob {
					e.addMobility(c, pt, (att & area).Count())
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
	e.completeMaps(pos)
}

// completeMaps adds the pawns' and kings' attacks to the pieces' and
// builds each side's union.
func (e *Evaluator) completeMaps(pos *board.Position) {
	for c := board.White; c <= board.Black; c++ {
		a := &e.attBy[c&1]
		a[board.Pawn] = e.pawnAtt[c&1]
		a[board.King] = board.KingAttacks(pos.KingSquare(c))
		e.attAll[c&1] = a[board.Pawn] | a[board.Knight] | a[board.Bishop] | a[board.Rook] | a[board.Queen] | a[board.King]
	}
}

// piecesFast is pieces() from Prepare's tables, which are zero for the
// terms switched off; one loop per piece type, each with its own attack
// function. It returns White minus Black.
func (e *Evaluator) piecesFast(pos *board.Position) packed {
	occ := pos.Occupied()
	pawns := pos.PiecesOf(board.Pawn)
	var total packed
	for c := board.White; c <= board.Black; c++ {
		them := c ^ 1
		us := pos.Colors(c)
		area := ^us &^ e.pawnAtt[them&1]
		zone := kingZones[them&1][pos.KingSquare(them)&63]
		var s packed
		var maps [7]board.Bitboard
		for b := pos.Pieces(c, board.Knight); b != 0; {
			att := board.KnightAttacks(b.PopLSB())
			maps[board.Knight] |= att
			s += e.pieceTerms(board.Knight, att, area, zone)
		}
		for b := pos.Pieces(c, board.Bishop); b != 0; {
			att := board.BishopAttacks(b.PopLSB(), occ)
			maps[board.Bishop] |= att
			s += e.pieceTerms(board.Bishop, att, area, zone)
		}
		for b := pos.Pieces(c, board.Rook); b != 0; {
			sq := b.PopLSB()
			att := board.RookAttacks(sq, occ)
			maps[board.Rook] |= att
			s += e.pieceTerms(board.Rook, att, area, zone)
			if file := board.FileBB(sq.File()); file&pawns == 0 {
				s += e.rookFile[0]
			} else if file&pawns&us == 0 {
				s += e.rookFile[1]
			}
		}
		for b := pos.Pieces(c, board.Queen); b != 0; {
			att := board.QueenAttacks(b.PopLSB(), occ)
			maps[board.Queen] |= att
			s += e.pieceTerms(board.Queen, att, area, zone)
		}
		e.attBy[c&1] = maps
		total += signed(c, s)
	}
	return total
}

// pieceTerms: mobility and king-zone attacks of one piece attacking att.
// A piece reaches at most 27 squares, so the count fits the table.
func (e *Evaluator) pieceTerms(pt board.PieceType, att, area, zone board.Bitboard) packed {
	return e.mob[pt][(att&area).Count()&31] + e.kingAtt[pt]*packed((att&zone).Count())
}

// mobilityTables is Prepare's copy of the weights, zero for the terms
// switched off.
type mobilityTables struct {
	mob      [7][32]packed // mobility by reachable-square count
	kingAtt  [7]packed     // per attacked king-zone square
	rookFile [2]packed     // rook on an open, a half-open file
	piecesOn bool          // mobility, king attacks or rook files are on
}

func (e *Evaluator) prepareMobility() {
	mob, ks, rooks := e.on(mobilityEnabled), e.on(kingSafetyEnabled), e.on(rookFilesEnabled)
	table := e.on(mobTableEnabled)
	for pt := board.Knight; pt <= board.Queen; pt++ {
		for n := range e.mob[pt] {
			e.mob[pt][n] = 0
			if mob {
				e.mob[pt][n] = e.mobilityEntry(pt, n, table)
			}
		}
		e.kingAtt[pt] = 0
		if ks {
			e.kingAtt[pt] = pack(e.get(kingAttackW[pt].mg), e.get(kingAttackW[pt].eg))
		}
	}
	e.rookFile = [2]packed{}
	if rooks {
		e.rookFile = [2]packed{pack(e.get(rookOpenW.mg), e.get(rookOpenW.eg)), pack(e.get(rookSemiOpenW.mg), e.get(rookSemiOpenW.eg))}
	}
	e.piecesOn = mob || ks || rooks
}
