package eval

import (
	"github.com/elolab/elolab/engine/board"
	"github.com/elolab/elolab/engine/params"
)

// Pawn structure: doubled, isolated and backward pawns, and micro-Max 4.5's
// "missing second neighbour" rule (a pawn whose neighbours two files away
// are not on its rank leaves the squares it covered weak). Results depend
// on the pawns only and are cached by pawn key.
var (
	pawnsEnabled    = params.Bool("eval.pawns.enabled", true, "eval", "pawn structure (doubled, isolated, backward)")
	doubledW        = pair("eval.pawns.doubled", -10, -25, -100, 50, 3, "doubled pawn")
	isolatedW       = pair("eval.pawns.isolated", -12, -15, -100, 50, 3, "isolated pawn")
	backwardW       = pair("eval.pawns.backward", -8, -10, -100, 50, 3, "backward pawn")
	secondNbEnabled = params.Bool("eval.pawns.micromax", false, "eval", "micro-Max missing-second-neighbour penalty")
	secondNbW       = pair("eval.pawns.secondneighbour", -6, 0, -50, 20, 2, "micro-Max: per missing same-rank pawn two files away")
)

const pawnTableSize = 1 << 14

type pawnEntry struct {
	key    uint64
	score  packed // White minus Black
	passed board.Bitboard
}

// adjacentFiles[f] is the files beside file f. A variable initializer, not
// an init function, so that the tables built from it (kingsafety.go) see it.
var adjacentFiles = func() (a [8]board.Bitboard) {
	for f := 0; f < 8; f++ {
		if f > 0 {
			a[f] |= board.FileBB(f - 1)
		}
		if f < 7 {
			a[f] |= board.FileBB(f + 1)
		}
	}
	return a
}()

// frontSpan is every square ahead of s on its file, from colour c's side.
func frontSpan(c board.Color, s board.Square) board.Bitboard {
	f := board.FileBB(s.File())
	if c == board.White {
		return f & ^(board.Bitboard(1)<<(uint(s)+1) - 1)
	}
	return f & (board.Bitboard(1)<<uint(s) - 1)
}

// passedMask: the squares that must hold no enemy pawn for s to be passed.
func passedMask(c board.Color, s board.Square) board.Bitboard {
	span := frontSpan(c, s)
	return span | board.PawnAttacksBB(c, span) | board.PawnAttacksBB(c, board.SquareBB(s))&^board.RankBB(s.Rank())
}

func (e *Evaluator) pawnStructure(pos *board.Position) {
	wp, bp := pos.Pieces(board.White, board.Pawn), pos.Pieces(board.Black, board.Pawn)
	e.pawnAtt[board.White] = board.PawnAttacksBB(board.White, wp)
	e.pawnAtt[board.Black] = board.PawnAttacksBB(board.Black, bp)
	if e.trace == nil {
		ent := &e.pawns[pos.PawnKey()&(pawnTableSize-1)]
		if ent.key == pos.PawnKey() && ent.key != 0 {
			e.acc += ent.score
			e.passed = ent.passed
			return
		}
		before := e.acc
		e.computePawns(wp, bp)
		ent.key = pos.PawnKey()
		ent.score = e.acc - before
		ent.passed = e.passed
		return
	}
	e.computePawns(wp, bp)
}

func (e *Evaluator) computePawns(wp, bp board.Bitboard) {
	e.passed = 0
	pawns := [2]board.Bitboard{wp, bp}
	structure, secondNb, connected := e.on(pawnsEnabled), e.on(secondNbEnabled), e.on(connectedEnabled)
	for c := board.White; c <= board.Black; c++ {
		own, enemy := pawns[c], pawns[c^1]
		var doubled, isolated, backward, missing int
		for b := own; b != 0; {
			s := b.PopLSB()
			f := s.File()
			if passedMask(c, s)&enemy == 0 && frontSpan(c, s)&own == 0 {
				e.passed |= board.SquareBB(s)
			}
			if frontSpan(c, s)&own != 0 {
				doubled++
			}
			if adjacentFiles[f]&own == 0 {
				isolated++
			} else {
				// Backward: no friendly pawn beside or behind on the
				// adjacent files, and the stop square is covered by an enemy pawn.
				support := adjacentFiles[f] & own &^ frontSpanRanks(c, s)
				stop := frontSpan(c, s) & pawnStopRank(c, s)
				if support == 0 && board.PawnAttacksBB(c^1, enemy)&stop != 0 {
					backward++
				}
			}
			for _, df := range [2]int{-2, 2} {
				if nf := f + df; nf >= 0 && nf < 8 && own&board.SquareBB(board.MakeSquare(nf, s.Rank())) == 0 {
					missing++
				}
			}
		}
		if structure {
			e.add(c, doubledW, doubled)
			e.add(c, isolatedW, isolated)
			e.add(c, backwardW, backward)
		}
		if secondNb {
			e.add(c, secondNbW, missing)
		}
		if connected {
			e.connectedPawns(c, own)
		}
	}
}

// frontSpanRanks: every square on the ranks strictly ahead of s (colour c).
func frontSpanRanks(c board.Color, s board.Square) board.Bitboard {
	if c == board.White {
		return ^(board.Bitboard(1)<<(8*uint(s.Rank()+1)) - 1)
	}
	return board.Bitboard(1)<<(8*uint(s.Rank())) - 1
}

// pawnStopRank is the rank just in front of s.
func pawnStopRank(c board.Color, s board.Square) board.Bitboard {
	if c == board.White {
		return board.RankBB(s.Rank() + 1)
	}
	return board.RankBB(s.Rank() - 1)
}
