package eval

import (
	"github.com/elolab/elolab/engine/board"
	"github.com/elolab/elolab/engine/params"
)

// King danger: the attack units of the pieces that reach the enemy king's
// zone, squared. The linear king-zone term (mobility.go) scores each
// attacked square alike, whether one knight eyes the king or a queen, a
// rook and a knight converge on it; real attacks grow faster than their
// parts, which is what a sacrifice on the king cashes in. The square only
// counts when at least two piece types take part and the attacker still
// has its queen (an attack without a queen rarely mates), and it is a
// middle-game term only. It is one of the evaluation's nonlinear terms:
// the Texel trace leaves it in the offset (README, texel).
var (
	kingDangerEnabled = params.Bool("eval.kingdanger.enabled", false, "eval", "non-linear king danger: king-zone attack units, squared (middle game)")
	kingDangerUnits   = [7]*params.Def{
		board.Knight: params.Int("eval.kingdanger.knight", 2, 0, 20, 1, "eval", "king danger: attack units per king-zone square a knight attacks"),
		board.Bishop: params.Int("eval.kingdanger.bishop", 2, 0, 20, 1, "eval", "king danger: attack units per king-zone square a bishop attacks"),
		board.Rook:   params.Int("eval.kingdanger.rook", 3, 0, 20, 1, "eval", "king danger: attack units per king-zone square a rook attacks"),
		board.Queen:  params.Int("eval.kingdanger.queen", 5, 0, 20, 1, "eval", "king danger: attack units per king-zone square the queen attacks"),
	}
	kingDangerDiv = params.Int("eval.kingdanger.div", 8, 1, 256, 1, "eval", "king danger: the bonus is units² / div (cp, middle game)")
	kingDangerCap = params.Int("eval.kingdanger.cap", 400, 0, 2000, 25, "eval", "king danger: largest bonus (cp, middle game)")
)

// kingDanger adds each side's squared attack units. It reads the attack
// maps of pieces() (one union per piece type), so two knights on the same
// zone square count once.
func (e *Evaluator) kingDanger(pos *board.Position) {
	if !e.on(kingDangerEnabled) {
		return
	}
	div, limit := e.get(kingDangerDiv), e.get(kingDangerCap)
	for c := board.White; c <= board.Black; c++ {
		if e.count[c&1][board.Queen] == 0 {
			continue
		}
		them := c ^ 1
		zone := kingZones[them&1][pos.KingSquare(them)&63]
		units, kinds := 0, 0
		for pt := board.Knight; pt <= board.Queen; pt++ {
			if n := (e.attBy[c&1][pt] & zone).Count(); n > 0 {
				units += n * e.get(kingDangerUnits[pt])
				kinds++
			}
		}
		if kinds < 2 {
			continue
		}
		e.acc += signed(c, pack(min(units*units/div, limit), 0))
	}
}
