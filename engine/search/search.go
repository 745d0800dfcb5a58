package search

import (
	"sync/atomic"
	"time"

	"github.com/elolab/elolab/engine/board"
	"github.com/elolab/elolab/engine/eval"
	"github.com/elolab/elolab/engine/params"
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

// isMate reports whether score is a mate score (of either side), which
// the rules that read margins, corrections or blends leave alone.
func isMate(score int) bool { return score >= mateBand || score <= -mateBand }

// frame is the per-ply state of the current line.
type frame struct {
	staticEval int
	move       board.Move // move made from this ply
	moved      board.Piece
	excluded   bool       // null move not allowed (right after one)
	skip       board.Move // the move a singular test leaves out (singular.go)
	doubles    int        // double extensions on the line to this node (singular.go)
	ttPv       bool       // the node is or was a PV node (ttpv.go)
	cutoffs    int        // beta cutoffs at this ply under the current parent (cutoffs.go)
	reduction  int        // the reduction of the move searched from this ply, while its reduced search runs (hindsight.go)

	improving, worsening bool       // see improving.go
	ttMove               board.Move // the node's hash move (ttnoisy.go)
	cont1, cont2, cont4  *contTable // see conthist.go
	checks               board.CheckInfo
}

// Searcher holds everything one search thread owns. It allocates at New and
// never during a search. Its parameters (P) belong to this instance alone.
type Searcher struct {
	TT   *TT
	P    *params.Values
	Eval *eval.Evaluator

	pos       *board.Position
	stop      atomic.Bool
	nodes     uint64
	selDepth  int
	limits    Limits
	start     time.Time
	soft      time.Duration
	hard      time.Duration
	aborted   bool
	rootBest  board.Move
	rootDepth int          // the iteration's depth
	rootPhase int          // eval.Phase of the position searched (futlmr.go)
	rootNodes [4096]uint64 // nodes below each root move, all iterations (timenodes.go)
	threats   threatMaps   // the node's threat maps while its quiets are scored (threatorder.go)

	stack    [MaxPly + 4]frame
	lists    [MaxPly + 1]board.MoveList
	badLists [MaxPly + 1]board.MoveList
	scores   [MaxPly + 1][board.MaxMoves]int32
	killers  [MaxPly + 2][2]board.Move
	history  [2][64][64]int32
	cont     [16][64]contTable
	counter  [16][64]board.Move
	capHist  capTable     // see caphist.go
	corr     corrTable    // see corrhist.go
	corrNP   [2]corrTable // the non-pawn tables by piece colour (corrhist.go)
	pv       [MaxPly + 1][MaxPly + 1]board.Move
	pvLen    [MaxPly + 1]int
	lmrTable [64][64]int8
	lmrKey   [2]int // the parameters the LMR table was built from
}

// New returns a searcher with a transposition table of hashMB megabytes and
// its own copy of the parameters (nil: defaults, after Register).
func New(hashMB int, p *params.Values) *Searcher {
	if p == nil {
		Register()
		p = params.NewValues()
	}
	return &Searcher{TT: NewTT(hashMB), P: p, Eval: eval.New(p)}
}

// Stop asks a running search to return as soon as possible (safe from
// another goroutine).
func (s *Searcher) Stop() { s.stop.Store(true) }

// Clear forgets everything learned (ucinewgame).
func (s *Searcher) Clear() {
	s.TT.Clear()
	s.history = [2][64][64]int32{}
	clear(s.cont[:])
	s.killers = [MaxPly + 2][2]board.Move{}
	s.counter = [16][64]board.Move{}
	s.capHist = capTable{}
	s.corr = corrTable{}
	s.corrNP = [2]corrTable{}
	s.Eval.Clear()
}

// Nodes searched by the last (or running) search.
func (s *Searcher) Nodes() uint64 { return s.nodes }

// Search runs iterative deepening on pos and returns the best move (NoMove
// when there is no legal move). onInfo, if not nil, gets every completed
// iteration. pos is restored before Search returns.
func (s *Searcher) Search(pos *board.Position, lim Limits, onInfo func(Info)) board.Move {
	s.pos = pos
	s.rootPhase = eval.Phase(pos)
	s.limits = lim
	s.start = time.Now()
	s.nodes = 0
	s.aborted = false
	s.stop.Store(false)
	s.soft, s.hard = s.allocateTime(pos.SideToMove())
	s.TT.NewSearch()
	s.TT.setWays(s.P.Int(ttWays))
	s.ageHistory()
	s.buildLMRTable()
	s.Eval.Prepare()
	s.stack = [MaxPly + 4]frame{}
	clear(s.rootNodes[:])

	var root board.MoveList
	pos.GenerateMoves(&root)
	if root.N == 0 {
		return board.NoMove
	}
	best := root.Moves[0]
	s.rootBest = board.NoMove
	maxDepth := MaxPly - 1
	if lim.Depth > 0 {
		maxDepth = min(lim.Depth, maxDepth)
	}
	score, held, prevBest := 0, 0, board.NoMove
	for depth := 1; depth <= maxDepth; depth++ {
		s.selDepth = 0
		s.rootDepth = depth
		sc := s.aspiration(depth, score)
		if s.aborted && depth > 1 {
			// A partial iteration's best move is still the best we have
			// when it was found with a full-window proof of the first move.
			if s.rootBest != board.NoMove {
				best = s.rootBest
			}
			break
		}
		trend := s.scoreTrendPct(score, sc, depth == 1) // timescore.go
		score = sc
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
		// A mate proven at this depth cannot be improved by searching deeper.
		if _, mate := MateIn(score); mate && lim.Depth == 0 && !lim.Infinite && depth > 8 {
			break
		}
		if best == prevBest {
			held++
		} else {
			held = 0
		}
		prevBest = best
		if s.soft > 0 && time.Since(s.start) > s.softLimit(held, best, trend) {
			break
		}
	}
	return best
}

// enterNode counts a node, checks the limits every 1024 nodes and tracks
// the selective depth; false means the search was aborted.
func (s *Searcher) enterNode(ply int) bool {
	s.nodes++
	if s.nodes&1023 == 0 {
		s.checkLimits()
	}
	if s.aborted {
		return false
	}
	s.selDepth = max(s.selDepth, ply)
	return true
}

// checkLimits is called every 1024 nodes.
func (s *Searcher) checkLimits() {
	if s.stop.Load() || (s.limits.Nodes > 0 && s.nodes >= s.limits.Nodes) ||
		(s.hard > 0 && time.Since(s.start) >= s.hard) {
		s.aborted = true
	}
}

func (s *Searcher) negamax(alpha, beta, depth, ply int, pvNode, cutNode bool) int {
	s.pvLen[ply] = 0
	if depth <= 0 {
		return s.quiesce(alpha, beta, ply, 0)
	}
	pos, p := s.pos, s.P
	if !s.enterNode(ply) {
		return 0
	}
	inCheck := pos.InCheck()
	root := ply == 0
	if !root {
		if s.isDraw(inCheck) {
			return s.drawScore(ply)
		}
		if ply >= MaxPly {
			return s.Eval.Evaluate(pos)
		}
		if p.Bool(mdpEnabled) {
			if alpha, beta = mateDistance(alpha, beta, ply); alpha >= beta {
				return alpha
			}
		}
	}

	key := pos.Key()
	ttMove := board.NoMove
	fr := &s.stack[ply]
	skip := fr.skip
	s.stack[ply+1].doubles = fr.doubles // for the null move's and ProbCut's children
	hit, found := s.TT.probe(key)
	fr.ttPv = s.ttPv(pvNode, hit, found)
	if found {
		ttMove = hit.move
		if !pvNode && skip == board.NoMove && p.Bool(ttCutoffs) && hit.depth >= depth {
			if sc, ok := hit.cutoff(ply, alpha, beta); ok {
				if sc >= beta && ttMove != board.NoMove && ttMove.IsQuiet() && pos.IsLegal(ttMove) {
					s.updateKillers(ttMove, ply)
				}
				return sc
			}
		}
	}

	// rawEval is the evaluation the hash table keeps; staticEval adds the
	// correction history's (corrhist.go); pruneEval, what the pruning
	// rules read, may be the hash score instead (tteval.go).
	staticEval, rawEval, pruneEval := -Infinity, -Infinity, -Infinity
	mateThreat := false // the null move's search found a mate against the node (matethreat.go)
	var corr corrSet
	s.setContinuations(ply)
	if inCheck {
		fr.staticEval = -Infinity
		s.setImproving(ply, staticEval)
	} else {
		if found && hit.eval > -Infinity {
			rawEval = hit.eval
		} else {
			rawEval = s.Eval.Evaluate(pos)
		}
		corr = s.corrEntries(pos)
		staticEval = s.correctEval(rawEval, corr)
		fr.staticEval = staticEval
		s.setImproving(ply, staticEval)
		if skip == board.NoMove {
			depth = s.hindsightDepth(depth, ply, staticEval)
		}
		pruneEval = s.pruningEval(staticEval, hit, found, ply)
		if !pvNode && skip == board.NoMove && beta < mateBand && alpha > -mateBand {
			if sc, ok := s.razor(alpha, depth, ply, pruneEval); ok {
				return sc
			}
			if sc, ok := s.reverseFutility(beta, depth, pruneEval, fr.improving); ok {
				return sc
			}
			sc, ok, threat := s.nullMove(beta, depth, ply, pruneEval, hit, found, cutNode)
			if ok {
				return sc
			}
			mateThreat = threat
			if sc, ok := s.probCut(beta, depth, ply, pruneEval, rawEval, hit, found, ttMove, cutNode); ok {
				return sc
			}
		}
	}
	depth += s.mateThreatExtension(ply, mateThreat)
	depth = s.internalIterativeReduction(depth, ttMove)
	if inCheck && p.Bool(checkExtEnabled) {
		depth++
	}
	ttExt, sc, cut := s.singular(hit, found, ttMove, beta, depth, ply, root, pvNode, cutNode)
	if cut {
		return sc
	}
	if s.aborted {
		return 0
	}

	fut := s.futilitySetup(alpha, depth, inCheck, pvNode, pruneEval)
	lmpLimit := s.lateMoveLimit(depth, inCheck, pvNode, fr.worsening)

	var mp picker
	s.initPicker(&mp, ply, ttMove, inCheck, false)
	fr.ttMove = mp.ttMove // NoMove unless legal here
	best, bestMove := -Infinity, board.NoMove
	origAlpha := alpha
	us := pos.SideToMove()
	searched, quiets := 0, 0
	pos.SetCheckInfo(&fr.checks)
	s.stack[ply+1].cutoffs = 0
	for {
		m := s.next(&mp)
		if m == board.NoMove {
			break
		}
		if m == skip {
			continue
		}
		quiet := m.IsQuiet()
		givesCheck := pos.GivesCheckFast(&fr.checks, m)
		if !root && searched > 0 && best > -mateBand {
			if quiet && lmpLimit > 0 && quiets >= lmpLimit && !givesCheck {
				quiets++
				mp.unsorted = true // every later quiet is pruned too, unless it checks
				continue
			}
			if fut.active {
				if v, prune := s.futile(&fut, m, searched, givesCheck); prune {
					best = max(best, v)
					if quiet {
						quiets++
					}
					continue
				}
			}
			if s.seePrunable(depth, m, quiet, givesCheck, mp.lastBad, pvNode) ||
				(quiet && s.historyPrunable(depth, fr, &mp, us, m, givesCheck)) {
				if quiet {
					quiets++
				}
				continue
			}
		} else if !root && fut.active && searched == 0 && fut.style == futilityMicroMax {
			// micro-Max prunes even the first move: a futile move is
			// refuted by the stand-pat of its reply.
			if v, prune := s.futile(&fut, m, searched, givesCheck); prune {
				best = max(best, v)
				continue
			}
		}

		s.TT.prefetch(pos.KeyAfter(m))
		nodesBefore := s.nodes
		fr.move = m
		fr.moved = pos.PieceAt(m.From())
		pos.MakeMove(m)
		var sc int
		newDepth := depth - 1
		s.stack[ply+1].doubles = fr.doubles
		if m == ttMove {
			newDepth += ttExt
			if ttExt == 2 {
				s.stack[ply+1].doubles++
			}
		}
		// The children's node types (cutnode.go): a PV node's first child
		// is a PV node, a cut node's first child an all node and the other
		// way round; a reduced search expects to fail low, so its child is
		// a cut node.
		if searched == 0 || !p.Bool(pvsEnabled) {
			sc = -s.negamax(-beta, -alpha, newDepth, ply+1, pvNode, !pvNode && !cutNode)
		} else {
			r := s.reduction(depth, searched, quiet, mp.lastBad, givesCheck, inCheck, pvNode, cutNode, m, us, ply)
			reduced := newDepth - r
			// The child reads the reduction (hindsight.go) only during
			// this search: every other child of the frame sees 0.
			fr.reduction = r
			sc = -s.negamax(-alpha-1, -alpha, reduced, ply+1, false, r > 0 || !cutNode)
			fr.reduction = 0
			if sc > alpha && r > 0 {
				if newDepth = s.researchDepth(sc, best, newDepth); newDepth > reduced {
					sc = -s.negamax(-alpha-1, -alpha, newDepth, ply+1, false, !cutNode)
				}
			}
			if sc > alpha && sc < beta && pvNode {
				sc = -s.negamax(-beta, -alpha, newDepth, ply+1, true, false)
			}
		}
		pos.UnmakeMove(m)
		if root {
			s.rootNodes[rootIndex(m)] += s.nodes - nodesBefore
		}
		if s.aborted {
			return 0
		}
		searched++
		if quiet {
			quiets++
			if mp.nTried < len(mp.triedQuiets) {
				mp.triedQuiets[mp.nTried] = m
				mp.nTried++
			}
		} else if mp.nNoisy < len(mp.triedNoisy) {
			mp.triedNoisy[mp.nNoisy] = m
			mp.nNoisy++
		}
		if sc > best {
			best, bestMove = sc, m
			if sc > alpha {
				alpha = sc
				s.pv[ply][0] = m
				copy(s.pv[ply][1:], s.pv[ply+1][:s.pvLen[ply+1]])
				s.pvLen[ply] = s.pvLen[ply+1] + 1
				if root {
					s.rootBest = m
				}
				if sc >= beta {
					fr.cutoffs++
					if quiet {
						s.updateQuietStats(m, ply, depth, &mp)
					}
					s.updateCaptureStats(m, depth, &mp)
					break
				}
				depth = s.alphaRaiseDepth(depth, sc, root)
			}
		}
	}

	if skip != board.NoMove {
		if best == -Infinity {
			return alpha // the left-out move is the only one: it is singular
		}
		return best // a singular test's result is not a bound of the node
	}
	if searched == 0 {
		if best == -Infinity { // no legal move
			if inCheck {
				return -Mate + ply
			}
			return s.drawScore(ply) // stalemate
		}
		return best // every move was pruned as futile: best is the futility bound
	}
	best = s.blendNode(best, origAlpha, beta, depth, pvNode) // failblend.go
	bound := boundOf(best, origAlpha, beta)
	if bound == boundUpper {
		s.updatePriorQuiet(ply, depth) // priorbonus.go
	}
	// A capture or promotion explains its score by material the static
	// evaluation was never meant to see: no correction is learned from it.
	if bestMove.IsQuiet() {
		s.updateCorrection(corr, best, bound, depth, rawEval, staticEval)
	}
	s.TT.store(key, bestMove, scoreToTT(best, ply), rawEval, depth, bound, fr.ttPv)
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
