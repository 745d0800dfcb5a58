package search

import (
	"github.com/elolab/elolab/engine/board"
	"github.com/elolab/elolab/engine/params"
)

// Continuation history: how well a quiet move did right after the
// opponent's previous move (one ply back) and after our own previous move
// (two plies back), indexed by those moves' pieces and destinations. A
// from-to history cannot tell that Nf5 is good because of the bishop that
// just left g4; these tables can. They order quiets together with the main
// history and lower (or raise) their reductions. conthist.ply4 (off) adds
// our own move before that, four plies back, as Stockfish does: the same
// table, read and updated like the other two (−0.6 ± 19.5 Elo in 600
// self-play games at 1+0.01, 2026-12-01).
var (
	contEnabled = params.Bool("conthist.enabled", true, "search", "continuation history (1 and 2 plies back) for quiet ordering and reductions")
	contPly2    = params.Bool("conthist.ply2", true, "search", "continuation history: also the table of our own previous move (2 plies back)")
	contPly4    = params.Bool("conthist.ply4", false, "search", "continuation history: also the table of our own move before that (4 plies back)")
)

// contTable scores a move by its piece and destination.
type contTable [16][64]int16

// setContinuations points the frame at ply to its continuation tables
// (nil where the move back there was a null move or there is none).
func (s *Searcher) setContinuations(ply int) {
	fr := &s.stack[ply]
	fr.cont1, fr.cont2, fr.cont4 = nil, nil, nil
	if !s.P.Bool(contEnabled) {
		return
	}
	if ply >= 1 {
		if prev := &s.stack[ply-1]; prev.move != board.NoMove {
			fr.cont1 = &s.cont[prev.moved&15][prev.move.To()]
		}
	}
	if ply >= 2 && s.P.Bool(contPly2) {
		if prev := &s.stack[ply-2]; prev.move != board.NoMove {
			fr.cont2 = &s.cont[prev.moved&15][prev.move.To()]
		}
	}
	if ply >= 4 && s.P.Bool(contPly4) {
		if prev := &s.stack[ply-4]; prev.move != board.NoMove {
			fr.cont4 = &s.cont[prev.moved&15][prev.move.To()]
		}
	}
}

// quietScore is a quiet move's history: the from-to table plus the
// continuation tables of the frame; pc is the moving piece.
func (s *Searcher) quietScore(fr *frame, us board.Color, m board.Move, pc board.Piece, useHist bool) int32 {
	var v int32
	if useHist {
		v = s.history[us][m.From()][m.To()]
	}
	if fr.cont1 != nil || fr.cont2 != nil || fr.cont4 != nil {
		pc &= 15
		if fr.cont1 != nil {
			v += int32(fr.cont1[pc][m.To()])
		}
		if fr.cont2 != nil {
			v += int32(fr.cont2[pc][m.To()])
		}
		if fr.cont4 != nil {
			v += int32(fr.cont4[pc][m.To()])
		}
	}
	return v
}

// updateContinuations adds bonus to m's continuation entries (the moving
// piece is read from the board: call before the move is made or after it
// is unmade).
func (s *Searcher) updateContinuations(fr *frame, m board.Move, bonus int32) {
	if fr.cont1 == nil && fr.cont2 == nil && fr.cont4 == nil {
		return
	}
	s.addContinuations(fr, s.pos.PieceAt(m.From()), m.To(), bonus)
}

// addContinuations adds bonus to the continuation entries of piece pc
// arriving on to, in the frame's tables.
func (s *Searcher) addContinuations(fr *frame, pc board.Piece, to board.Square, bonus int32) {
	pc &= 15
	for _, t := range [3]*contTable{fr.cont1, fr.cont2, fr.cont4} {
		if t != nil {
			h := &t[pc][to]
			v := int32(*h)
			v += bonus - v*abs32(bonus)/historyMax
			*h = int16(v)
		}
	}
}
