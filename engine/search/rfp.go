package search

import (
	"github.com/elolab/elolab/engine/board"
	"github.com/elolab/elolab/engine/params"
)

// Reverse futility pruning (static null move): when the static evaluation
// beats beta by a depth-scaled margin, assume the node fails high.
var (
	rfpEnabled = params.Bool("rfp.enabled", true, "search", "reverse futility pruning (static null move)")
	rfpDepth   = params.Int("rfp.depth", 7, 1, 12, 1, "search", "deepest remaining depth where reverse futility applies")
	rfpMargin  = params.Int("rfp.margin", 75, 20, 300, 8, "search", "reverse futility margin per ply (cp)")
	rfpKing    = params.Int("rfp.kingattackers", 2, 0, 8, 1, "search", "no reverse futility when this many enemy pieces attack the king's zone (0: off)")
)

// kingUnderAttack counts the enemy knights, bishops, rooks and queens that
// attack the side to move's king or the squares around it, and reports
// whether there are at least n. A static evaluation far above beta is
// often the material of a sacrifice whose mating attack is still to come
// (WAC's Qxg7+ Kxg7 Bf6+ Kg8 Rh4): such nodes must be searched.
func kingUnderAttack(pos *board.Position, n int) bool {
	us := pos.SideToMove()
	them := us ^ 1
	ksq := pos.KingSquare(us)
	zone := board.KingAttacks(ksq) | board.SquareBB(ksq)
	occ := pos.Occupied()
	count := 0
	for b := pos.Pieces(them, board.Knight); b != 0; {
		if board.KnightAttacks(b.PopLSB())&zone != 0 {
			count++
		}
	}
	for b := pos.Pieces(them, board.Bishop) | pos.Pieces(them, board.Queen); b != 0; {
		if board.BishopAttacks(b.PopLSB(), occ)&zone != 0 {
			count++
		}
	}
	for b := pos.Pieces(them, board.Rook) | pos.Pieces(them, board.Queen); b != 0; {
		if board.RookAttacks(b.PopLSB(), occ)&zone != 0 {
			count++
		}
	}
	return count >= n
}

// An improving node (improving.go) needs one ply less of margin.
func (s *Searcher) reverseFutility(beta, depth, staticEval int, improving bool) (int, bool) {
	p := s.P
	if !p.Bool(rfpEnabled) || depth > p.Int(rfpDepth) {
		return 0, false
	}
	d := depth
	if improving {
		d--
	}
	if staticEval-p.Int(rfpMargin)*d >= beta {
		if k := p.Int(rfpKing); k > 0 && kingUnderAttack(s.pos, k) {
			return 0, false
		}
		return staticEval, true
	}
	return 0, false
}
