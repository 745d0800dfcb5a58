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
//
// The units can also count what makes an attack land, each 0 by default
// (the term as first measured): zone squares the attacker hits that the
// defender covers with nothing but its king or queen (weak), safe checks
// (safechecks.go's squares), the defender's shield pawns (negative units)
// and an offset, so a lone piece near a sheltered king adds nothing; and
// a linear end-game share, units ÷ egdiv. Measured on 2026-12-07 against
// Stockfish's scores of labrat's positions in its games with Ethereal 12,
// where most of labrat's losses were decided in the middle game by
// attacks its evaluation scored as nothing (README, "2026-12-07, late").
var (
	kingDangerEnabled = params.Bool("eval.kingdanger.enabled", false, "eval", "non-linear king danger: king-zone attack units, squared (middle game)")
	kingDangerUnits   = [7]*params.Def{
		board.Knight: params.Int("eval.kingdanger.knight", 2, 0, 20, 1, "eval", "king danger: attack units per king-zone square a knight attacks"),
		board.Bishop: params.Int("eval.kingdanger.bishop", 2, 0, 20, 1, "eval", "king danger: attack units per king-zone square a bishop attacks"),
		board.Rook:   params.Int("eval.kingdanger.rook", 3, 0, 20, 1, "eval", "king danger: attack units per king-zone square a rook attacks"),
		board.Queen:  params.Int("eval.kingdanger.queen", 5, 0, 20, 1, "eval", "king danger: attack units per king-zone square the queen attacks"),
	}
	kingDangerCheckUnits = [7]*params.Def{
		board.Knight: params.Int("eval.kingdanger.check.knight", 0, 0, 40, 1, "eval", "king danger: attack units per safe knight check"),
		board.Bishop: params.Int("eval.kingdanger.check.bishop", 0, 0, 40, 1, "eval", "king danger: attack units per safe bishop check"),
		board.Rook:   params.Int("eval.kingdanger.check.rook", 0, 0, 40, 1, "eval", "king danger: attack units per safe rook check"),
		board.Queen:  params.Int("eval.kingdanger.check.queen", 0, 0, 40, 1, "eval", "king danger: attack units per safe queen check"),
	}
	kingDangerWeak   = params.Int("eval.kingdanger.weak", 0, 0, 40, 1, "eval", "king danger: attack units per attacked king-zone square the defender covers with its king or queen only")
	kingDangerShield = params.Int("eval.kingdanger.shield", 0, 0, 40, 1, "eval", "king danger: attack units taken off per pawn of the defender's shield (kingsafety.go)")
	kingDangerOffset = params.Int("eval.kingdanger.offset", 0, -100, 100, 2, "eval", "king danger: attack units added before squaring (negative: a threshold)")
	kingDangerKinds  = params.Int("eval.kingdanger.kinds", 2, 1, 4, 1, "eval", "king danger: attacking piece types the zone must see")
	kingDangerEgDiv  = params.Int("eval.kingdanger.egdiv", 0, 0, 64, 1, "eval", "king danger: end-game bonus units ÷ egdiv (0: none)")
	kingDangerDiv    = params.Int("eval.kingdanger.div", 8, 1, 256, 1, "eval", "king danger: the bonus is units² / div (cp, middle game)")
	kingDangerCap    = params.Int("eval.kingdanger.cap", 400, 0, 2000, 25, "eval", "king danger: largest bonus (cp, middle game)")
)

// kingDanger adds each side's squared attack units. It reads the attack
// maps of pieces() (one union per piece type), so two knights on the same
// zone square count once.
func (e *Evaluator) kingDanger(pos *board.Position) {
	if !e.on(kingDangerEnabled) {
		return
	}
	div, limit, egDiv := e.get(kingDangerDiv), e.get(kingDangerCap), e.get(kingDangerEgDiv)
	weakUnits, shieldUnits := e.get(kingDangerWeak), e.get(kingDangerShield)
	// Nonzero when any check weighs (each is at least 0).
	checks := e.get(kingDangerCheckUnits[board.Knight]) | e.get(kingDangerCheckUnits[board.Bishop]) |
		e.get(kingDangerCheckUnits[board.Rook]) | e.get(kingDangerCheckUnits[board.Queen])
	for c := board.White; c <= board.Black; c++ {
		if e.count[c&1][board.Queen] == 0 {
			continue
		}
		them := c ^ 1
		ksq := pos.KingSquare(them) & 63
		zone := kingZones[them&1][ksq]
		att := &e.attBy[c&1]
		units, kinds := 0, 0
		for pt := board.Knight; pt <= board.Queen; pt++ {
			if n := (att[pt] & zone).Count(); n > 0 {
				units += n * e.get(kingDangerUnits[pt])
				kinds++
			}
		}
		if kinds < e.get(kingDangerKinds) {
			continue
		}
		if weakUnits != 0 {
			def := &e.attBy[them&1]
			covered := def[board.Pawn] | def[board.Knight] | def[board.Bishop] | def[board.Rook]
			units += weakUnits * (e.attAll[c&1] & zone &^ covered).Count()
		}
		if shieldUnits != 0 {
			units -= shieldUnits * (pos.Pieces(them, board.Pawn) & shieldMasks[them&1][ksq]).Count()
		}
		if checks != 0 {
			sq := e.safeCheckSquares(pos, c)
			for pt := board.Knight; pt <= board.Queen; pt++ {
				units += e.get(kingDangerCheckUnits[pt]) * sq[pt].Count()
			}
		}
		units += e.get(kingDangerOffset)
		if units <= 0 {
			continue
		}
		eg := 0
		if egDiv > 0 {
			eg = units / egDiv
		}
		e.acc += signed(c, pack(min(units*units/div, limit), eg))
	}
}
