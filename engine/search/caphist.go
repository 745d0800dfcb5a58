package search

import (
	"github.com/elolab/elolab/engine/board"
	"github.com/elolab/elolab/engine/params"
)

// Capture history: MVV/LVA knows what a capture wins on the board, not
// whether it worked in this search. A capture that cut off earns a depth²
// bonus in a table by moving piece, destination and captured piece type;
// the captures searched before a cutoff (by a capture or a quiet) earn a
// malus. Good captures are ordered by MVV/LVA plus the table divided by
// caphist.div, so history reorders captures of nearby value (a knight
// taking a pawn before a bishop taking one), rarely a pawn capture before
// a queen capture. Whether a capture counts as losing stays SEE's call.
var (
	capHistEnabled = params.Bool("caphist.enabled", false, "search", "capture history: order captures by MVV/LVA plus their record of cutoffs")
	capHistDiv     = params.Int("caphist.div", 8, 1, 64, 1, "search", "capture history is divided by this before it is added to the MVV/LVA score")
)

// capTable is indexed by moving piece (colour and type), destination and
// captured piece type (NoPieceType for a promotion that captures nothing).
type capTable [16][64][8]int32

// capEntry is m's entry; the board is read, so call it at the node (before
// m is made or after it is unmade).
func (s *Searcher) capEntry(m board.Move) *int32 {
	pos := s.pos
	victim := pos.PieceAt(m.To()).Type()
	if m.IsEnPassant() {
		victim = board.Pawn
	}
	return &s.capHist[pos.PieceAt(m.From())&15][m.To()][victim]
}

// capScore is what capture history adds to m's MVV/LVA score (0 when off).
func (s *Searcher) capScore(m board.Move) int32 {
	if !s.P.Bool(capHistEnabled) {
		return 0
	}
	return *s.capEntry(m) / int32(s.P.Int(capHistDiv))
}

// updateCaptureStats runs at a beta cutoff by m: m earns bonus when it is
// a capture or promotion, and every such move searched before it (the
// picker's triedNoisy) the malus.
func (s *Searcher) updateCaptureStats(m board.Move, depth int, mp *picker) {
	if !s.P.Bool(capHistEnabled) {
		return
	}
	bonus := int32(min(depth*depth*16, s.P.Int(historyMaxBonus)))
	if !m.IsQuiet() {
		addGravity(s.capEntry(m), bonus)
	}
	for _, q := range mp.triedNoisy[:mp.nNoisy] {
		if q != m {
			addGravity(s.capEntry(q), -bonus)
		}
	}
}

// ageCaptures divides the table as ageHistory divides the quiet one.
func (s *Searcher) ageCaptures(div int32) {
	for pc := range s.capHist {
		for to := range s.capHist[pc] {
			for v := range s.capHist[pc][to] {
				s.capHist[pc][to][v] /= div
			}
		}
	}
}
