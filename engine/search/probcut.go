package search

import (
	"github.com/elolab/elolab/engine/board"
	"github.com/elolab/elolab/engine/params"
)

// ProbCut: at a non-PV node deep enough, a capture that wins enough
// material to beat beta by a margin in a shallow search would almost
// surely beat beta in the full one. Captures that cannot gain the margin
// by SEE are not tried; each candidate is first checked by quiescence,
// then by a search probcut.reduction plies shallower. A success returns
// and is stored as a lower bound at the depth it stands for.
var (
	probCutEnabled   = params.Bool("probcut.enabled", false, "search", "ProbCut: a shallow search of good captures against beta + margin")
	probCutMinDepth  = params.Int("probcut.mindepth", 5, 3, 12, 1, "search", "least remaining depth for ProbCut")
	probCutMargin    = params.Int("probcut.margin", 100, 20, 400, 10, "search", "how far above beta the shallow search must score (cp)")
	probCutReduction = params.Int("probcut.reduction", 4, 2, 6, 1, "search", "plies fewer for the shallow search")
)

func (s *Searcher) probCut(beta, depth, ply, staticEval, rawEval int, hit ttHit, found bool, ttMove board.Move, cutNode bool) (int, bool) {
	p, pos := s.P, s.pos
	if !p.Bool(probCutEnabled) || depth < p.Int(probCutMinDepth) || isMate(beta) {
		return 0, false
	}
	rBeta := min(beta+p.Int(probCutMargin), mateBand-1)
	// The hash table already knows a search this deep stayed below rBeta
	// (an upper bound or an exact score under it).
	if found && hit.depth >= depth-p.Int(probCutReduction)+1 && hit.bound&boundUpper != 0 && scoreFromTT(hit.score, ply) < rBeta {
		return 0, false
	}
	var mp picker
	s.initPicker(&mp, ply, ttMove, false, true)
	fr := &s.stack[ply]
	for {
		m := s.next(&mp)
		if m == board.NoMove {
			return 0, false
		}
		if mp.lastBad || (m.IsPromotion() && m.Promotion() != board.Queen) || !pos.SEEAtLeast(m, rBeta-staticEval) {
			continue
		}
		fr.move, fr.moved = m, pos.PieceAt(m.From())
		pos.MakeMove(m)
		sc := -s.quiesce(-rBeta, -rBeta+1, ply+1, 0)
		if sc >= rBeta {
			sc = -s.negamax(-rBeta, -rBeta+1, depth-1-p.Int(probCutReduction), ply+1, false, !cutNode)
		}
		pos.UnmakeMove(m)
		if s.aborted {
			return 0, false
		}
		if sc >= rBeta {
			s.TT.store(pos.Key(), m, scoreToTT(sc, ply), rawEval, depth-p.Int(probCutReduction), boundLower, s.stack[ply].ttPv)
			return sc, true
		}
	}
}
