package search

import "github.com/elolab/elolab/engine/board"

// Quiet leaves, for labelled-position generation (Texel tuning): a position
// in the middle of an exchange is a poor training sample, because its static
// evaluation says nothing about where the exchange ends. QuietPV resolves it
// with a quiescence search that keeps its principal variation; playing that
// variation gives the quiet position whose static evaluation is the
// quiescence score.

// QuietPV runs a full-window quiescence search from pos and returns its
// principal variation, appended to pv[:0], with the score for the side to
// move. Playing the moves of the variation on pos reaches the quiet leaf
// whose static evaluation gives the score (no moves: pos itself is quiet).
//
// It searches captures and queen promotions that do not lose material by
// SEE in MVV/LVA order (every evasion when in check), with the static
// evaluation as stand-pat, and without quiet checks, delta pruning or node
// limit. Unlike the search's own quiescence it reads and writes neither the
// transposition table nor the move-ordering tables, so calling it between
// searches changes nothing a later search does. It must not run while a
// search of the same Searcher runs. pos is restored before it returns, and
// nothing is allocated when pv has room for MaxPly moves.
func (s *Searcher) QuietPV(pos *board.Position, pv []board.Move) ([]board.Move, int) {
	s.pos = pos
	s.Eval.Prepare() // parameters may have changed since the last search
	score := s.qpv(-Infinity, Infinity, 0)
	return append(pv[:0], s.pv[0][:s.pvLen[0]]...), score
}

// AtQuietLeaf plays QuietPV's variation on pos, calls leaf with pos at
// the quiet leaf and the variation's length in plies (odd: the leaf's side
// to move is the root's opponent), and takes the moves back. pv is
// QuietPV's buffer, returned for the next call; the labelled-position
// writers (tuner/datagen, tuner/gamepos) read their leaves through it.
func (s *Searcher) AtQuietLeaf(pos *board.Position, pv []board.Move, leaf func(plies int)) []board.Move {
	pv, _ = s.QuietPV(pos, pv)
	for _, m := range pv {
		pos.MakeMove(m)
	}
	leaf(len(pv))
	for i := len(pv) - 1; i >= 0; i-- {
		pos.UnmakeMove(pv[i])
	}
	return pv
}

// qpv is QuietPV's quiescence search; it keeps the PV in s.pv like negamax.
func (s *Searcher) qpv(alpha, beta, ply int) int {
	pos := s.pos
	s.pvLen[ply] = 0
	inCheck := pos.InCheck()
	if ply > 0 && s.isDraw(inCheck) {
		return 0 // a fitting label, not a game: no contempt (contempt.go)
	}
	if ply >= MaxPly {
		if inCheck {
			return 0
		}
		return s.Eval.Evaluate(pos)
	}
	best := -Infinity
	if !inCheck {
		best = s.Eval.Evaluate(pos)
		if best >= beta {
			return best
		}
		alpha = max(alpha, best)
	}
	list, sc := &s.lists[ply], &s.scores[ply]
	if inCheck {
		pos.GenerateMoves(list)
		if list.N == 0 {
			return -Mate + ply
		}
	} else {
		pos.GenerateNoisy(list)
	}
	s.scoreNoisy(list, sc) // evasions that capture nothing score lowest
	for i := 0; i < list.N; i++ {
		m := pickBest(list, sc, i)
		if !inCheck && !s.goodCapture(m) {
			continue // under-promotions and captures that lose material
		}
		pos.MakeMove(m)
		v := -s.qpv(-beta, -alpha, ply+1)
		pos.UnmakeMove(m)
		if v > best {
			best = v
			if v > alpha {
				alpha = v
				s.pv[ply][0] = m
				copy(s.pv[ply][1:], s.pv[ply+1][:s.pvLen[ply+1]])
				s.pvLen[ply] = s.pvLen[ply+1] + 1
				if v >= beta {
					break
				}
			}
		}
	}
	return best
}
