package search

import (
	"sync/atomic"
	"time"

	"github.com/elolab/elolab/engine/board"
	"github.com/elolab/elolab/engine/eval"
)

// Score bounds. Mate scores are Mate - plies to mate.
const (
	Infinity = 32000
	Mate     = 31000
	MaxPly   = 120
	mateBand = Mate - MaxPly // |score| >= mateBand is a mate score
)

// Limits of one search; zero values mean "no limit" (a clockless search
// with no limit at all runs until Stop, like "go infinite").
type Limits struct {
	Time      [2]time.Duration // remaining clock, indexed by board.Color
	Inc       [2]time.Duration
	MovesToGo int
	Depth     int
	Nodes     uint64
	MoveTime  time.Duration
	Infinite  bool
}

// Info is one iteration's report (UCI "info depth … pv …").
type Info struct {
	Depth    int
	SelDepth int
	Score    int // centipawns from the side to move; see MateIn
	Nodes    uint64
	Time     time.Duration
	Hashfull int
	PV       []board.Move
}

// MateIn converts a mate score to UCI "score mate N" (moves, negative when
// being mated); ok is false for a normal score.
func MateIn(score int) (n int, ok bool) {
	switch {
	case score >= mateBand:
		return (Mate - score + 1) / 2, true
	case score <= -mateBand:
		return -(Mate + score) / 2, true
	}
	return 0, false
}

// Searcher holds everything one search thread owns. It allocates at New and
// never during a search.
type Searcher struct {
	TT       *TT
	Overhead time.Duration // per-move safety margin for GUI/runner latency

	pos      *board.Position
	stop     atomic.Bool
	nodes    uint64
	selDepth int
	limits   Limits
	start    time.Time
	soft     time.Duration
	hard     time.Duration
	aborted  bool

	lists   [MaxPly + 1]board.MoveList
	scores  [MaxPly + 1][board.MaxMoves]int32
	killers [MaxPly + 2][2]board.Move
	history [2][64][64]int32
	pv      [MaxPly + 1][MaxPly + 1]board.Move
	pvLen   [MaxPly + 1]int
}

// New returns a searcher with a transposition table of hashMB megabytes.
func New(hashMB int) *Searcher {
	return &Searcher{TT: NewTT(hashMB), Overhead: 10 * time.Millisecond}
}

// Stop asks a running search to return as soon as possible (safe from
// another goroutine).
func (s *Searcher) Stop() { s.stop.Store(true) }

// Clear forgets everything learned (ucinewgame).
func (s *Searcher) Clear() {
	s.TT.Clear()
	s.history = [2][64][64]int32{}
	s.killers = [MaxPly + 2][2]board.Move{}
}

// Nodes searched by the last (or running) search.
func (s *Searcher) Nodes() uint64 { return s.nodes }

// Search runs iterative deepening on pos and returns the best move (NoMove
// when there is no legal move). onInfo, if not nil, gets every completed
// iteration. pos is restored before Search returns.
func (s *Searcher) Search(pos *board.Position, lim Limits, onInfo func(Info)) board.Move {
	s.pos = pos
	s.limits = lim
	s.start = time.Now()
	s.nodes = 0
	s.aborted = false
	s.stop.Store(false)
	s.soft, s.hard = s.allocateTime(pos.SideToMove())
	s.TT.NewSearch()
	for c := range s.history {
		for f := range s.history[c] {
			for t := range s.history[c][f] {
				s.history[c][f][t] /= 8
			}
		}
	}

	var root board.MoveList
	pos.GenerateMoves(&root)
	if root.N == 0 {
		return board.NoMove
	}
	best := root.Moves[0]
	maxDepth := MaxPly - 1
	if lim.Depth > 0 {
		maxDepth = min(lim.Depth, maxDepth)
	}
	score := 0
	for depth := 1; depth <= maxDepth; depth++ {
		s.selDepth = 0
		score = s.aspiration(depth, score)
		if s.aborted && depth > 1 {
			break
		}
		if s.pvLen[0] > 0 {
			best = s.pv[0][0]
		}
		if onInfo != nil {
			onInfo(Info{Depth: depth, SelDepth: s.selDepth, Score: score, Nodes: s.nodes,
				Time: time.Since(s.start), Hashfull: s.TT.Hashfull(), PV: s.pv[0][:s.pvLen[0]]})
		}
		if s.aborted || s.stop.Load() {
			break
		}
		// Mate found and proven to this depth: deeper search cannot change it.
		if _, mate := MateIn(score); mate && lim.Depth == 0 && !lim.Infinite && depth > 8 {
			break
		}
		if s.soft > 0 && time.Since(s.start) > s.soft {
			break
		}
	}
	return best
}

// aspiration searches depth with a window around the previous score,
// widening on failure.
func (s *Searcher) aspiration(depth, prev int) int {
	if depth < 5 {
		return s.negamax(-Infinity, Infinity, depth, 0, true)
	}
	delta := 25
	alpha, beta := max(prev-delta, -Infinity), min(prev+delta, Infinity)
	for {
		score := s.negamax(alpha, beta, depth, 0, true)
		if s.aborted {
			return score
		}
		switch {
		case score <= alpha:
			beta = (alpha + beta) / 2
			alpha = max(score-delta, -Infinity)
		case score >= beta:
			beta = min(score+delta, Infinity)
		default:
			return score
		}
		delta += delta / 2
	}
}

// checkLimits is called every 1024 nodes.
func (s *Searcher) checkLimits() {
	if s.stop.Load() {
		s.aborted = true
		return
	}
	if s.limits.Nodes > 0 && s.nodes >= s.limits.Nodes {
		s.aborted = true
		return
	}
	if s.hard > 0 && time.Since(s.start) >= s.hard {
		s.aborted = true
	}
}

func (s *Searcher) negamax(alpha, beta, depth, ply int, pvNode bool) int {
	s.pvLen[ply] = 0
	if depth <= 0 {
		return s.quiesce(alpha, beta, ply)
	}
	pos := s.pos
	s.nodes++
	if s.nodes&1023 == 0 {
		s.checkLimits()
	}
	if s.aborted {
		return 0
	}
	s.selDepth = max(s.selDepth, ply)
	inCheck := pos.InCheck()
	if ply > 0 {
		if pos.IsRepetition() || pos.Rule50() >= 100 || pos.InsufficientMaterial() {
			if pos.Rule50() < 100 || !inCheck || pos.CountMoves() > 0 {
				return 0
			}
		}
		if ply >= MaxPly {
			return eval.Evaluate(pos)
		}
		// Mate-distance pruning: no line from here can beat a shorter mate.
		alpha = max(alpha, -Mate+ply)
		beta = min(beta, Mate-ply-1)
		if alpha >= beta {
			return alpha
		}
	}

	key := pos.Key()
	ttMove := board.NoMove
	hit, found := s.TT.probe(key)
	if found {
		ttMove = hit.move
		if !pvNode && hit.depth >= depth {
			sc := scoreFromTT(hit.score, ply)
			if hit.bound == boundExact || (hit.bound == boundLower && sc >= beta) || (hit.bound == boundUpper && sc <= alpha) {
				return sc
			}
		}
	}

	staticEval := -Infinity
	if !inCheck {
		if found {
			staticEval = hit.eval
		} else {
			staticEval = eval.Evaluate(pos)
		}
		// Null-move pruning: if passing still fails high, the node is not
		// worth a full search.
		if !pvNode && depth >= 3 && staticEval >= beta && pos.NonPawnMaterial(pos.SideToMove()) &&
			pos.LastMove() != board.NoMove && beta > -mateBand {
			r := 3 + depth/4
			pos.MakeNull()
			sc := -s.negamax(-beta, -beta+1, depth-1-r, ply+1, false)
			pos.UnmakeNull()
			if s.aborted {
				return 0
			}
			if sc >= beta {
				if sc >= mateBand {
					sc = beta
				}
				return sc
			}
		}
	} else {
		depth++ // check extension
	}

	list := &s.lists[ply]
	pos.GenerateMoves(list)
	if list.N == 0 {
		if inCheck {
			return -Mate + ply
		}
		return 0
	}
	s.scoreMoves(list, ply, ttMove)

	best, bestMove := -Infinity, board.NoMove
	origAlpha := alpha
	us := pos.SideToMove()
	for i := 0; i < list.N; i++ {
		m := s.pick(list, ply, i)
		pos.MakeMove(m)
		var sc int
		if i == 0 {
			sc = -s.negamax(-beta, -alpha, depth-1, ply+1, pvNode)
		} else {
			// Late move reduction for quiet moves searched late.
			r := 0
			if depth >= 3 && i >= 3 && m.IsQuiet() && !inCheck && !pos.InCheck() {
				r = 1 + (depth+i)/10
			}
			sc = -s.negamax(-alpha-1, -alpha, depth-1-r, ply+1, false)
			if sc > alpha && r > 0 {
				sc = -s.negamax(-alpha-1, -alpha, depth-1, ply+1, false)
			}
			if sc > alpha && pvNode {
				sc = -s.negamax(-beta, -alpha, depth-1, ply+1, true)
			}
		}
		pos.UnmakeMove(m)
		if s.aborted {
			return 0
		}
		if sc > best {
			best, bestMove = sc, m
			if sc > alpha {
				alpha = sc
				s.pv[ply][0] = m
				copy(s.pv[ply][1:], s.pv[ply+1][:s.pvLen[ply+1]])
				s.pvLen[ply] = s.pvLen[ply+1] + 1
				if sc >= beta {
					if m.IsQuiet() {
						s.updateQuietStats(us, m, ply, depth, list, i)
					}
					break
				}
			}
		}
	}

	bound := boundUpper
	switch {
	case best >= beta:
		bound = boundLower
	case best > origAlpha:
		bound = boundExact
	}
	s.TT.store(key, bestMove, scoreToTT(best, ply), staticEval, depth, bound)
	return best
}

// quiesce searches captures and promotions (all evasions when in check)
// until the position is quiet.
func (s *Searcher) quiesce(alpha, beta, ply int) int {
	pos := s.pos
	s.nodes++
	if s.nodes&1023 == 0 {
		s.checkLimits()
	}
	if s.aborted {
		return 0
	}
	s.selDepth = max(s.selDepth, ply)
	if pos.IsRepetition() || pos.InsufficientMaterial() {
		return 0
	}
	inCheck := pos.InCheck()
	if ply >= MaxPly {
		if inCheck {
			return 0
		}
		return eval.Evaluate(pos)
	}
	best := -Infinity
	if !inCheck {
		best = eval.Evaluate(pos)
		if best >= beta {
			return best
		}
		alpha = max(alpha, best)
	}
	list := &s.lists[ply]
	if inCheck {
		pos.GenerateMoves(list)
		if list.N == 0 {
			return -Mate + ply
		}
	} else {
		pos.GenerateNoisy(list)
	}
	s.scoreMoves(list, ply, board.NoMove)
	for i := 0; i < list.N; i++ {
		m := s.pick(list, ply, i)
		if !inCheck {
			if m.IsPromotion() && m.Promotion() != board.Queen {
				continue
			}
			if !pos.SEEAtLeast(m, 0) {
				continue
			}
		}
		pos.MakeMove(m)
		sc := -s.quiesce(-beta, -alpha, ply+1)
		pos.UnmakeMove(m)
		if s.aborted {
			return 0
		}
		if sc > best {
			best = sc
			if sc > alpha {
				alpha = sc
				if sc >= beta {
					break
				}
			}
		}
	}
	return best
}

// Mate scores are stored relative to the node, not the root.
func scoreToTT(sc, ply int) int {
	switch {
	case sc >= mateBand:
		return sc + ply
	case sc <= -mateBand:
		return sc - ply
	}
	return sc
}

func scoreFromTT(sc, ply int) int {
	switch {
	case sc >= mateBand:
		return sc - ply
	case sc <= -mateBand:
		return sc + ply
	}
	return sc
}
