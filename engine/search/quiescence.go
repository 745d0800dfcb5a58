package search

import (
	"github.com/elolab/elolab/engine/board"
	"github.com/elolab/elolab/engine/params"
)

// Quiescence search: captures and promotions (all evasions in check) by
// MVV/LVA until the position is quiet, with the static evaluation as the
// stand-pat score. Captures that lose material by SEE are skipped, and
// delta pruning skips captures that cannot lift the score to alpha even
// with a margin.
var (
	qsSEE       = params.Bool("qs.seepruning", true, "search", "quiescence: skip captures that lose material by SEE")
	deltaEnable = params.Bool("delta.enabled", false, "search", "quiescence: delta pruning (off: +15.1 ± 17.4 Elo in 600 self-play games, but 123.5 of 500 points against Ethereal 12 where the defaults scored 133 on the same openings; WAC at 200 ms 286 against 287)")
	deltaMargin = params.Int("delta.margin", 200, 0, 1000, 20, "search", "quiescence: delta pruning margin (cp)")
	qsChecks    = params.Bool("qs.checks", true, "search", "quiescence: also search quiet checking moves at its first ply")
)

func (s *Searcher) quiesce(alpha, beta, ply, qply int) int {
	pos, p := s.pos, s.P
	if !s.enterNode(ply) {
		return 0
	}
	s.pvLen[ply] = 0
	inCheck := pos.InCheck()
	if s.isDraw(inCheck) {
		return s.drawScore(ply)
	}
	if ply >= MaxPly {
		if inCheck {
			return 0
		}
		return s.Eval.Evaluate(pos)
	}
	key := pos.Key()
	ttMove := board.NoMove
	hit, found := s.TT.probe(key)
	if found {
		ttMove = hit.move
		if p.Bool(ttCutoffs) {
			if sc, ok := hit.cutoff(ply, alpha, beta); ok {
				return sc
			}
		}
	}

	best := -Infinity
	standPat, rawEval := -Infinity, -Infinity // rawEval: what the hash table keeps
	if !inCheck {
		if found && hit.eval > -Infinity {
			rawEval = hit.eval
		} else {
			rawEval = s.Eval.Evaluate(pos)
		}
		standPat = rawEval
		if p.Bool(corrQS) {
			standPat = s.correctEval(rawEval, s.corrEntries(pos)) // corrhist.go
		}
		if standPat >= beta {
			return s.blendQuiet(standPat, alpha, beta, true) // failblend.go
		}
		best = standPat
		alpha = max(alpha, standPat)
	}
	useSEE, useDelta, margin := p.Bool(qsSEE), p.Bool(deltaEnable), p.Int(deltaMargin)

	fr := &s.stack[ply]
	if inCheck {
		s.setContinuations(ply) // evasions include quiets
	}
	var mp picker
	s.initPicker(&mp, ply, ttMove, inCheck, true)
	// Quiet checks at the first quiescence ply find the mates and forks
	// a captures-only search cannot see.
	mp.quietChecks = !inCheck && qply == 0 && p.Bool(qsChecks)
	if mp.quietChecks {
		pos.SetCheckInfo(&fr.checks) // for the picker's quiet-check stage
	}
	origAlpha := alpha
	bestMove := board.NoMove
	searched := 0
	for {
		m := s.next(&mp)
		if m == board.NoMove {
			break
		}
		if !inCheck {
			if m.IsPromotion() && m.Promotion() != board.Queen {
				continue
			}
			if useSEE && mp.lastBad {
				continue
			}
			// A checking capture is kept: its worth is the attack, not
			// the material.
			if useDelta && m.IsCapture() && !m.IsPromotion() && standPat+s.gain(m)+margin <= alpha && !pos.GivesCheck(m) {
				continue
			}
		}
		s.TT.prefetch(pos.KeyAfter(m))
		fr.move, fr.moved = m, pos.PieceAt(m.From())
		pos.MakeMove(m)
		sc := -s.quiesce(-beta, -alpha, ply+1, qply+1)
		pos.UnmakeMove(m)
		if s.aborted {
			return 0
		}
		searched++
		if sc > best {
			best = sc
			if sc > alpha {
				alpha, bestMove = sc, m
				if sc >= beta {
					break
				}
			}
		}
	}
	if inCheck && searched == 0 {
		return -Mate + ply
	}
	// A PV mark the entry holds is kept (ttpv.go); quiescence sets none.
	best = s.blendQuiet(best, origAlpha, beta, false)
	s.TT.store(key, bestMove, scoreToTT(best, ply), rawEval, 0, boundOf(best, origAlpha, beta), found && hit.pv)
	return best
}
