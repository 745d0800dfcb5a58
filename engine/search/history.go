package search

import (
	"github.com/elolab/elolab/engine/board"
	"github.com/elolab/elolab/engine/params"
)

// History heuristic: quiet moves that cut off earn a depth² bonus, the
// quiets tried before them a malus; entries are bounded by gravity and aged
// (divided) at the start of every search.
var (
	historyEnabled  = params.Bool("history.enabled", true, "search", "history heuristic for quiet move ordering")
	historyAgeDiv   = params.Int("history.agediv", 2, 1, 64, 1, "search", "divide history scores by this at every new search")
	historyMaxBonus = params.Int("history.maxbonus", 1200, 100, 4000, 100, "search", "cap of the depth² history bonus")
)

const historyMax = 16384

func (s *Searcher) ageHistory() {
	div := int32(s.P.Int(historyAgeDiv))
	for c := range s.history {
		for f := range s.history[c] {
			for t := range s.history[c][f] {
				s.history[c][f][t] /= div
			}
		}
	}
	s.ageCaptures(div)
}

// updateQuietStats rewards the quiet move m that cut off at ply and punishes
// the quiets searched before it.
func (s *Searcher) updateQuietStats(m board.Move, ply, depth int, mp *picker) {
	s.updateKillers(m, ply)
	s.updateCounter(m, ply)
	useHist := s.P.Bool(historyEnabled)
	fr := &s.stack[ply]
	if !useHist && fr.cont1 == nil && fr.cont2 == nil && fr.cont4 == nil {
		return
	}
	us := s.pos.SideToMove()
	bonus := int32(min(depth*depth*16, s.P.Int(historyMaxBonus)))
	if useHist {
		s.addHistory(us, m, bonus)
	}
	s.updateContinuations(fr, m, bonus)
	for _, q := range mp.triedQuiets[:mp.nTried] {
		if q != m {
			if useHist {
				s.addHistory(us, q, -bonus)
			}
			s.updateContinuations(fr, q, -bonus)
		}
	}
}

func (s *Searcher) addHistory(us board.Color, m board.Move, bonus int32) {
	addGravity(&s.history[us][m.From()][m.To()], bonus)
}

// addGravity adds bonus to a history entry; the closer the entry is to the
// cap, the smaller the change (it never passes ±historyMax).
func addGravity(h *int32, bonus int32) {
	*h += bonus - *h*abs32(bonus)/historyMax
}

func abs32(x int32) int32 {
	if x < 0 {
		return -x
	}
	return x
}
