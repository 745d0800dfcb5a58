package search

import (
	"github.com/elolab/elolab/engine/board"
	"github.com/elolab/elolab/engine/params"
)

// Move ordering. The default is a staged picker: the hash move before any
// generation, then captures by MVV/LVA (those losing material by SEE are
// deferred), killers, the counter-move, quiets by history, and last the
// losing captures — quiet moves are only generated when no capture cut off.
// The alternative is MadChess 2.0's two-stage sort (build 059): generate
// everything after the hash move, find the best four by selection, and sort
// the rest only if a fifth move is needed.
var (
	orderStyle = params.Enum("order.style", "staged", []string{"staged", "madchess"},
		"search", "move ordering: staged picker or MadChess two-stage sort")
	orderMadChessBest = params.Int("order.madchess.best", 4, 1, 16, 1, "search", "madchess: moves found by selection before the full sort")
)

const (
	stageTT = iota
	stageGenNoisy
	stageGoodNoisy
	stageKiller1
	stageKiller2
	stageCounter
	stageGenQuiet
	stageQuiet
	stageBadNoisy
	stageGenQuietChecks // quiescence only: quiet checks after every capture
	stageQuietChecks
	stageGenAll // in check, or MadChess ordering
	stageAll
	stageDone
)

const (
	scoreGood    = 1 << 28
	scoreKiller1 = 1 << 27
	scoreKiller2 = scoreKiller1 - 1
	scoreCounter = scoreKiller1 - 2
	scoreBad     = -(1 << 28)
)

type picker struct {
	ply                     int
	stage                   int
	ttMove, k1, k2, counter board.Move
	idx                     int
	noisyOnly               bool // quiescence
	madchess                bool
	sorted                  bool
	lastBad                 bool // the move just returned lost material by SEE
	quietChecks             bool // quiescence: finish with the quiet checking moves
	unsorted                bool // the rest of the quiets are pruned unless they check: order is moot
	triedQuiets             [64]board.Move
	nTried                  int
	triedNoisy              [32]board.Move // captures and promotions searched (caphist.go)
	nNoisy                  int
}

var mvvValue = [7]int32{0, 100, 320, 330, 500, 950, 0}

func (s *Searcher) initPicker(mp *picker, ply int, ttMove board.Move, inCheck, noisyOnly bool) {
	*mp = picker{ply: ply, noisyOnly: noisyOnly, stage: stageTT}
	if ttMove != board.NoMove && s.pos.IsLegal(ttMove) && (!noisyOnly || inCheck || !ttMove.IsQuiet()) {
		mp.ttMove = ttMove
	}
	if !noisyOnly && s.P.Bool(killersEnabled) {
		mp.k1, mp.k2 = s.killers[ply][0], s.killers[ply][1]
	}
	if !noisyOnly {
		mp.counter = s.counterMove(ply)
	}
	if inCheck {
		mp.noisyOnly = false // every evasion is searched
		mp.madchess = true   // one list, all moves
	} else if !noisyOnly && s.P.EnumIndex(orderStyle) == 1 {
		mp.madchess = true
	}
}

// next returns the next move to search, or NoMove when there are none left.
func (s *Searcher) next(mp *picker) board.Move {
	pos := s.pos
	list, bad, sc := &s.lists[mp.ply], &s.badLists[mp.ply], &s.scores[mp.ply]
	mp.lastBad = false
	for {
		switch mp.stage {
		case stageTT:
			if mp.madchess {
				mp.stage = stageGenAll
			} else {
				mp.stage = stageGenNoisy
			}
			if mp.ttMove != board.NoMove {
				return mp.ttMove
			}
		case stageGenNoisy:
			pos.GenerateNoisy(list)
			s.scoreNoisy(list, sc)
			bad.N = 0
			mp.idx = 0
			mp.stage = stageGoodNoisy
		case stageGoodNoisy:
			for mp.idx < list.N {
				m := pickBest(list, sc, mp.idx)
				mp.idx++
				if m == mp.ttMove {
					continue
				}
				if !s.goodCapture(m) {
					bad.Moves[bad.N] = m
					bad.N++
					continue
				}
				return m
			}
			if mp.noisyOnly {
				mp.stage = stageBadNoisy
			} else {
				mp.stage = stageKiller1
			}
			mp.idx = 0
		case stageKiller1:
			mp.stage = stageKiller2
			if m := mp.k1; m != board.NoMove && m != mp.ttMove && pos.IsLegal(m) && m.IsQuiet() {
				return m
			}
		case stageKiller2:
			mp.stage = stageCounter
			if m := mp.k2; m != board.NoMove && m != mp.ttMove && m != mp.k1 && pos.IsLegal(m) && m.IsQuiet() {
				return m
			}
		case stageCounter:
			mp.stage = stageGenQuiet
			if m := mp.counter; m != board.NoMove && m != mp.ttMove && m != mp.k1 && m != mp.k2 && pos.IsLegal(m) && m.IsQuiet() {
				return m
			}
		case stageGenQuiet:
			pos.GenerateQuiet(list)
			s.scoreQuiet(mp, list, sc)
			mp.idx = 0
			mp.stage = stageQuiet
		case stageQuiet:
			for mp.idx < list.N {
				var m board.Move
				if mp.unsorted {
					m = list.Moves[mp.idx]
				} else {
					m = pickBest(list, sc, mp.idx)
				}
				mp.idx++
				if m == mp.ttMove || m == mp.k1 || m == mp.k2 || m == mp.counter {
					continue
				}
				return m
			}
			mp.stage = stageBadNoisy
			mp.idx = 0
		case stageBadNoisy:
			if mp.idx < bad.N {
				mp.idx++
				mp.lastBad = true
				return bad.Moves[mp.idx-1]
			}
			mp.stage = stageDone
			if mp.quietChecks {
				mp.stage = stageGenQuietChecks
			}
		case stageGenQuietChecks:
			// quiesce has set the frame's CheckInfo; the list holds the
			// candidates, which the stage below filters exactly.
			pos.GenerateQuietChecks(list, &s.stack[mp.ply].checks)
			mp.idx = 0
			mp.stage = stageQuietChecks
		case stageQuietChecks:
			ci := &s.stack[mp.ply].checks
			for mp.idx < list.N {
				m := list.Moves[mp.idx]
				mp.idx++
				if m != mp.ttMove && pos.GivesCheckFast(ci, m) && pos.SEEAtLeast(m, 0) {
					return m
				}
			}
			mp.stage = stageDone
		case stageGenAll:
			pos.GenerateMoves(list)
			s.scoreAll(mp, list, sc)
			mp.idx = 0
			mp.stage = stageAll
		case stageAll:
			for mp.idx < list.N {
				var m board.Move
				if mp.sorted {
					m = list.Moves[mp.idx]
				} else if best := s.P.Int(orderMadChessBest); mp.idx == best && !mp.noisyOnly {
					sortFrom(list, sc, mp.idx) // a fifth move is needed: sort the rest once
					mp.sorted = true
					m = list.Moves[mp.idx]
				} else {
					m = pickBest(list, sc, mp.idx)
				}
				mp.idx++
				if m == mp.ttMove {
					continue
				}
				mp.lastBad = sc[mp.idx-1] < scoreBad/2
				return m
			}
			mp.stage = stageDone
		default:
			return board.NoMove
		}
	}
}

// goodCapture: promotions to a queen and captures that do not lose material.
func (s *Searcher) goodCapture(m board.Move) bool {
	if m.IsPromotion() && m.Promotion() != board.Queen {
		return false
	}
	pos := s.pos
	if !m.IsCapture() || m.IsEnPassant() {
		return true
	}
	if mvvValue[pos.PieceAt(m.To()).Type()] >= mvvValue[pos.PieceAt(m.From()).Type()] {
		return true
	}
	return pos.SEEAtLeast(m, 0)
}

func (s *Searcher) mvvLva(m board.Move) int32 {
	pos := s.pos
	victim := pos.PieceAt(m.To()).Type()
	if m.IsEnPassant() {
		victim = board.Pawn
	}
	v := mvvValue[victim]*16 - mvvValue[pos.PieceAt(m.From()).Type()]/16
	if m.IsPromotion() {
		v += mvvValue[m.Promotion()] * 16
	}
	return v
}

// noisyScore orders a capture or promotion: MVV/LVA plus its capture
// history (caphist.go).
func (s *Searcher) noisyScore(m board.Move) int32 {
	return s.mvvLva(m) + s.capScore(m)
}

func (s *Searcher) scoreNoisy(list *board.MoveList, sc *[board.MaxMoves]int32) {
	for i, m := range list.Moves[:list.N] {
		sc[i] = s.noisyScore(m)
	}
}

func (s *Searcher) scoreQuiet(mp *picker, list *board.MoveList, sc *[board.MaxMoves]int32) {
	q := s.quietOrdering(mp.ply)
	for i, m := range list.Moves[:list.N] {
		sc[i] = q.score(s, m)
	}
}

// quietOrder is what ordering a node's quiet moves reads, fetched once per
// node: its frame, the side to move, whether the from-to history is on,
// and the threat maps with their bonus (nil when order.threats is off,
// threatorder.go).
type quietOrder struct {
	fr      *frame
	us      board.Color
	useHist bool
	threats *threatMaps
	bonus   int32
}

func (s *Searcher) quietOrdering(ply int) quietOrder {
	q := quietOrder{fr: &s.stack[ply], us: s.pos.SideToMove(), useHist: s.P.Bool(historyEnabled)}
	if s.P.Bool(threatOrderEnabled) {
		computeThreats(s.pos, &s.threats)
		q.threats, q.bonus = &s.threats, int32(s.P.Int(threatOrderBonus))
	}
	return q
}

// score is quiet move m's ordering score: its history (quietScore) plus its
// threat bonus.
func (q *quietOrder) score(s *Searcher, m board.Move) int32 {
	pc := s.pos.PieceAt(m.From())
	v := s.quietScore(q.fr, q.us, m, pc, q.useHist)
	if q.threats != nil {
		v += q.threats.threatScore(m, pc.Type(), q.bonus)
	}
	return v
}

func (s *Searcher) scoreAll(mp *picker, list *board.MoveList, sc *[board.MaxMoves]int32) {
	q := s.quietOrdering(mp.ply)
	for i, m := range list.Moves[:list.N] {
		switch {
		case !m.IsQuiet():
			if s.goodCapture(m) {
				sc[i] = scoreGood + s.noisyScore(m)
			} else {
				sc[i] = scoreBad + s.noisyScore(m)
			}
		case m == mp.k1:
			sc[i] = scoreKiller1
		case m == mp.k2:
			sc[i] = scoreKiller2
		case m == mp.counter:
			sc[i] = scoreCounter
		default:
			sc[i] = q.score(s, m)
		}
	}
}

// pickBest swaps the best-scored move of list[i:] into place i (selection
// sort: cutoffs usually come early, so sorting everything is wasted work).
func pickBest(list *board.MoveList, sc *[board.MaxMoves]int32, i int) board.Move {
	// The best score is held in a register, not read back from the array
	// at every step; the first of equal scores wins, as it always has.
	best, bestScore := i, sc[i]
	for j := i + 1; j < list.N; j++ {
		if v := sc[j]; v > bestScore {
			best, bestScore = j, v
		}
	}
	list.Moves[i], list.Moves[best] = list.Moves[best], list.Moves[i]
	sc[i], sc[best] = sc[best], sc[i]
	return list.Moves[i]
}

// sortFrom sorts list[i:] by descending score (insertion sort: short lists).
func sortFrom(list *board.MoveList, sc *[board.MaxMoves]int32, i int) {
	for a := i + 1; a < list.N; a++ {
		m, v := list.Moves[a], sc[a]
		b := a - 1
		for b >= i && sc[b] < v {
			list.Moves[b+1], sc[b+1] = list.Moves[b], sc[b]
			b--
		}
		list.Moves[b+1], sc[b+1] = m, v
	}
}
