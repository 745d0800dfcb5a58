package search

import "github.com/elolab/elolab/engine/board"

// Move ordering: hash move, then captures by MVV/LVA (losing ones after the
// quiets' killers), killers, then quiets by history.
const (
	orderHash    = 1 << 30
	orderGood    = 1 << 26
	orderKiller1 = 1 << 25
	orderKiller2 = orderKiller1 - 1
	orderBad     = -(1 << 26)
)

var mvvValue = [7]int32{0, 100, 320, 330, 500, 950, 0}

func (s *Searcher) scoreMoves(list *board.MoveList, ply int, ttMove board.Move) {
	pos := s.pos
	us := pos.SideToMove()
	sc := &s.scores[ply]
	k := &s.killers[ply]
	for i, m := range list.Moves[:list.N] {
		switch {
		case m == ttMove:
			sc[i] = orderHash
		case !m.IsQuiet():
			victim := pos.PieceAt(m.To()).Type()
			if m.IsEnPassant() {
				victim = board.Pawn
			}
			v := mvvValue[victim]*16 - mvvValue[pos.PieceAt(m.From()).Type()]/16
			if m.IsPromotion() {
				v += mvvValue[m.Promotion()] * 16
			}
			if m.IsPromotion() && m.Promotion() != board.Queen {
				sc[i] = orderBad + v
			} else if victim >= pos.PieceAt(m.From()).Type() || pos.SEEAtLeast(m, 0) {
				sc[i] = orderGood + v
			} else {
				sc[i] = orderBad + v
			}
		case m == k[0]:
			sc[i] = orderKiller1
		case m == k[1]:
			sc[i] = orderKiller2
		default:
			sc[i] = s.history[us][m.From()][m.To()]
		}
	}
}

// pick moves the best remaining move to index i (selection sort: cut-offs
// usually come early, so sorting the whole list is wasted work).
func (s *Searcher) pick(list *board.MoveList, ply, i int) board.Move {
	sc := &s.scores[ply]
	best := i
	for j := i + 1; j < list.N; j++ {
		if sc[j] > sc[best] {
			best = j
		}
	}
	list.Moves[i], list.Moves[best] = list.Moves[best], list.Moves[i]
	sc[i], sc[best] = sc[best], sc[i]
	return list.Moves[i]
}

const historyMax = 1 << 20

// updateQuietStats rewards the quiet move that cut off and penalises the
// quiets tried before it.
func (s *Searcher) updateQuietStats(us board.Color, m board.Move, ply, depth int, list *board.MoveList, idx int) {
	k := &s.killers[ply]
	if k[0] != m {
		k[1], k[0] = k[0], m
	}
	bonus := int32(min(depth*depth, 400))
	s.addHistory(us, m, bonus)
	for _, q := range list.Moves[:idx] {
		if q.IsQuiet() {
			s.addHistory(us, q, -bonus)
		}
	}
}

func (s *Searcher) addHistory(us board.Color, m board.Move, bonus int32) {
	h := &s.history[us][m.From()][m.To()]
	// Gravity keeps entries bounded: large values move less.
	*h += bonus*32 - *h*abs32(bonus)/512
	*h = max(min(*h, historyMax), -historyMax)
}

func abs32(x int32) int32 {
	if x < 0 {
		return -x
	}
	return x
}
