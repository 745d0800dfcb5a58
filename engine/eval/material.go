package eval

import (
	"github.com/elolab/elolab/engine/board"
	"github.com/elolab/elolab/engine/params"
)

// Material. The ranges reach micro-Max 4.5's ratio P=2, N=7, B=8, R=12,
// Q=23 (scaled: P 80, N 280, B 320, R 480, Q 920; configs/labrat/micromax-material.yaml).
var (
	materialEnabled = params.Bool("eval.material.enabled", true, "eval", "material")
	materialW       = [7]weight{
		board.Pawn:   pair("eval.material.pawn", 85, 110, 40, 250, 5, "pawn value"),
		board.Knight: pair("eval.material.knight", 330, 300, 150, 700, 10, "knight value"),
		board.Bishop: pair("eval.material.bishop", 345, 320, 150, 700, 10, "bishop value"),
		board.Rook:   pair("eval.material.rook", 470, 530, 250, 1000, 15, "rook value"),
		board.Queen:  pair("eval.material.queen", 1000, 980, 500, 1800, 25, "queen value"),
	}
)

func (e *Evaluator) material(pos *board.Position) {
	if e.fast() || !e.on(materialEnabled) {
		return // fast: material is part of the square tables (pst.go)
	}
	for c := board.White; c <= board.Black; c++ {
		for pt := board.Pawn; pt <= board.Queen; pt++ {
			if n := pos.Pieces(c, pt).Count(); n > 0 {
				e.add(c, materialW[pt], n)
			}
		}
	}
}

// materialLead is White's middle-game material lead, for the trade and the
// drawn-endgame scaling.
func (e *Evaluator) materialLead() int {
	lead := 0
	for pt := board.Pawn; pt <= board.Queen; pt++ {
		v := e.matMG[pt]
		if !e.prepared {
			v = e.get(materialW[pt].mg)
		}
		lead += v * (e.count[board.White][pt] - e.count[board.Black][pt])
	}
	return lead
}

// materialTables is Prepare's copy of the weights.
type materialTables struct {
	matMG [7]int    // middle-game values, for the material lead
	mat   [7]packed // both values, zero when material is off (materialSum)
}

func (e *Evaluator) prepareMaterial() {
	on := e.on(materialEnabled)
	for pt := board.Pawn; pt <= board.Queen; pt++ {
		e.matMG[pt] = e.get(materialW[pt].mg)
		e.mat[pt] = 0
		if on {
			e.mat[pt] = pack(e.get(materialW[pt].mg), e.get(materialW[pt].eg))
		}
	}
}

// materialSum is White's material minus Black's as the fast path's square
// tables count it (pst.go folds material into them), from Prepare's copy.
func (e *Evaluator) materialSum() packed {
	var s packed
	for pt := board.Pawn; pt <= board.Queen; pt++ {
		s += e.mat[pt] * packed(e.count[board.White][pt]-e.count[board.Black][pt])
	}
	return s
}
