package eval

import (
	"github.com/elolab/elolab/engine/board"
	"github.com/elolab/elolab/engine/params"
)

// Passed pawns: a bonus by relative rank; MadChess 2.0's free passed pawns
// (build 059: on the 6th/7th rank, the advance square empty and the push
// not losing material by SEE) and unstoppable passed pawns (build 052: the
// enemy has only pawns and its king cannot catch the pawn).
var (
	passedEnabled = params.Bool("eval.passed.enabled", true, "eval", "passed pawn bonus by rank")
	passedW       = [8]weight{
		1: pair("eval.passed.rank2", 0, 10, -50, 300, 4, "passed pawn on the 2nd rank"),
		2: pair("eval.passed.rank3", 0, 15, -50, 300, 4, "passed pawn on the 3rd rank"),
		3: pair("eval.passed.rank4", 5, 30, -50, 300, 4, "passed pawn on the 4th rank"),
		4: pair("eval.passed.rank5", 20, 55, -50, 300, 5, "passed pawn on the 5th rank"),
		5: pair("eval.passed.rank6", 45, 95, -50, 400, 6, "passed pawn on the 6th rank"),
		6: pair("eval.passed.rank7", 70, 140, -50, 500, 8, "passed pawn on the 7th rank"),
	}
	freePassedEnabled  = params.Bool("eval.passed.free.enabled", true, "eval", "MadChess free passed pawn bonus")
	freePassedW        = pair("eval.passed.free", 30, 60, 0, 300, 5, "MadChess: passed pawn on the 6th/7th rank free to advance")
	unstoppableEnabled = params.Bool("eval.passed.unstoppable.enabled", true, "eval", "MadChess unstoppable passed pawn")
	unstoppableW       = params.Int("eval.passed.unstoppable", 700, 0, 900, 25, "eval", "MadChess: unstoppable passed pawn, replaces the rank bonus (cp)")

	// The kings' distances to the square in front of an advanced passed
	// pawn decide most pawn endings; weighted by how far the pawn is.
	kingDistEnabled = params.Bool("eval.passed.kingdist.enabled", true, "eval", "kings' distance to advanced passed pawns")
	kingDistOwnW    = pair("eval.passed.kingdist.own", 0, -3, -50, 50, 1, "per square between the own king and the pawn's stop square, × rank factor")
	kingDistEnemyW  = pair("eval.passed.kingdist.enemy", 0, 6, -50, 50, 1, "per square between the enemy king and the pawn's stop square, × rank factor")
)

// kingDistFactor weighs the king distances by the pawn's relative rank:
// nothing up to the 3rd rank, then growing to the 7th.
var kingDistFactor = [8]int{3: 1, 4: 2, 5: 3, 6: 4}

func (e *Evaluator) passedPawns(pos *board.Position, phase int) {
	if e.passed == 0 || !e.on(passedEnabled) {
		return
	}
	free, unstop, kdist := e.on(freePassedEnabled), e.on(unstoppableEnabled), e.on(kingDistEnabled)
	occ := pos.Occupied()
	for c := board.White; c <= board.Black; c++ {
		them := c ^ 1
		enemyPieces := pos.NonPawnMaterial(them)
		eksq, ksq := pos.KingSquare(them), pos.KingSquare(c)
		forward := 8 // a pawn's step, from c's side
		if c == board.Black {
			forward = -8
		}
		for b := e.passed & pos.Colors(c); b != 0; {
			s := b.PopLSB()
			rank := s.RelativeRank(c)
			if unstop && !enemyPieces && frontSpan(c, s)&occ == 0 {
				promo := board.MakeSquare(s.File(), 7*(1-int(c)))
				pawnDist := 7 - rank
				kingDist := distance(eksq, promo)
				if pos.SideToMove() != c {
					kingDist--
				}
				if kingDist > pawnDist {
					e.addFlat(c, unstoppableW, 1, 1)
					continue
				}
			}
			e.addPrepared(c, passedW[rank], e.passedRank[rank&7], 1)
			stop := board.Square(int(s) + forward)
			if f := kingDistFactor[rank&7]; kdist && f > 0 {
				e.addPrepared(c, kingDistOwnW, e.kingDistOwn, f*min(distance(ksq, stop), 5))
				e.addPrepared(c, kingDistEnemyW, e.kingDistEnemy, f*min(distance(eksq, stop), 5))
			}
			if free && enemyPieces && rank >= 5 {
				if !occ.Has(stop) {
					flag := board.FlagQuiet
					if rank == 6 {
						flag = board.FlagPromo + 3
					}
					if pos.SEEAtLeast(board.NewMove(s, stop, flag), 0) {
						e.addPrepared(c, freePassedW, e.freePassed, 1)
					}
				}
			}
		}
	}
}

// passedTables is Prepare's copy of the weights.
type passedTables struct {
	passedRank                 [8]packed
	freePassed                 packed
	kingDistOwn, kingDistEnemy packed
}

func (e *Evaluator) preparePassed() {
	for r, w := range passedW {
		if w.mg != nil { // no passed pawn stands on the first or last rank
			e.passedRank[r] = pack(e.get(w.mg), e.get(w.eg))
		}
	}
	e.freePassed = pack(e.get(freePassedW.mg), e.get(freePassedW.eg))
	e.kingDistOwn = pack(e.get(kingDistOwnW.mg), e.get(kingDistOwnW.eg))
	e.kingDistEnemy = pack(e.get(kingDistEnemyW.mg), e.get(kingDistEnemyW.eg))
}

func distance(a, b board.Square) int {
	return max(abs(a.File()-b.File()), abs(a.Rank()-b.Rank()))
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
