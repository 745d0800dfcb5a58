package search

import (
	"github.com/elolab/elolab/engine/board"
	"github.com/elolab/elolab/engine/params"
)

// Null-move pruning: give the opponent a free move; if a reduced search
// still fails high, the real moves will too. Not in check, not in pawn
// endings (zugzwang), never twice in a row. nullmove.ttguard (on) also
// skips it when the hash table holds an upper bound below beta for the
// node: a search of the real moves already failed low there, so the null
// move's reduced search would most likely fail low too and only cost nodes
// (after Ethereal, which also counts an exact score below beta; ProbCut's
// hash test, probcut.go, does too — this one takes upper bounds only, as
// measured). On since 2026-11-28, late: +18.6 ± 20.2 Elo in self-play
// once quiet checks were reduced (lmr.go; +4.9 ± 14.4 in 1,200 games on
// the engine before), and 6.6 over the engine without it against
// Ethereal 12 on the same 800 openings (README).
var (
	nmpEnabled     = params.Bool("nullmove.enabled", true, "search", "null-move pruning")
	nmpMinDepth    = params.Int("nullmove.mindepth", 3, 1, 8, 1, "search", "least remaining depth for a null move")
	nmpRBase       = params.Int("nullmove.rbase", 3, 1, 6, 1, "search", "base depth reduction R")
	nmpRDepthDiv   = params.Int("nullmove.rdepthdiv", 4, 1, 16, 1, "search", "R grows by depth / rdepthdiv")
	nmpREvalDiv    = params.Int("nullmove.revaldiv", 217, 50, 1000, 20, "search", "R grows by (eval - beta) / revaldiv, at most 3")
	nmpVerify      = params.Bool("nullmove.verify", false, "search", "verify a null-move cutoff with a reduced normal search")
	nmpVerifyDepth = params.Int("nullmove.verifydepth", 10, 2, 30, 1, "search", "least depth at which cutoffs are verified")
	nmpTTGuard     = params.Bool("nullmove.ttguard", true, "search", "no null move when the hash table's upper bound for the node is below beta")
)

// nullMove returns the cut's score and whether it cuts, and then whether
// it failed low because the opponent mates within the bound of
// nullmove.matethreat.plies (matethreat.go).
func (s *Searcher) nullMove(beta, depth, ply, staticEval int, hit ttHit, found, cutNode bool) (int, bool, bool) {
	pos, p := s.pos, s.P
	if !p.Bool(nmpEnabled) || depth < p.Int(nmpMinDepth) || staticEval < beta ||
		!pos.NonPawnMaterial(pos.SideToMove()) || s.stack[ply].excluded ||
		(ply > 0 && s.stack[ply-1].move == board.NoMove) {
		return 0, false, false
	}
	if found && hit.bound == boundUpper && scoreFromTT(hit.score, ply) < beta && p.Bool(nmpTTGuard) {
		return 0, false, false
	}
	r := p.Int(nmpRBase) + depth/p.Int(nmpRDepthDiv) + min((staticEval-beta)/p.Int(nmpREvalDiv), 3)
	s.stack[ply].move = board.NoMove
	s.stack[ply].moved = board.NoPiece
	pos.MakeNull()
	sc := -s.negamax(-beta, -beta+1, depth-1-r, ply+1, false, !cutNode)
	pos.UnmakeNull()
	if s.aborted || sc < beta {
		return 0, false, !s.aborted && s.isMateThreat(sc, ply)
	}
	if sc >= mateBand {
		sc = beta // an unproven mate from a null move is not trusted
	}
	if p.Bool(nmpVerify) && depth >= p.Int(nmpVerifyDepth) {
		s.stack[ply].excluded = true
		v := s.negamax(beta-1, beta, depth-1-r, ply, false, cutNode)
		s.stack[ply].excluded = false
		if v < beta {
			return 0, false, false
		}
	}
	return sc, true, false
}
