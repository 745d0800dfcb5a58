package eval

import (
	"strconv"

	"github.com/elolab/elolab/engine/board"
	"github.com/elolab/elolab/engine/params"
)

// Mobility by table: one weight pair per number of reachable squares and
// piece type instead of one slope per piece. A knight with two squares is
// often lost and one with eight is not much better than one with six, which
// a straight line cannot say; Ethereal 12 and Stockfish's classical
// evaluation score mobility this way. The switch replaces the linear
// weights of mobility.go (which stays on as the term's switch); the fast
// path reads the same per-count table either way (mobilityTables.mob), so
// the table costs no time.
//
// The declared defaults are the slopes' fitted weights written out per
// count (knight 6/0, bishop 5/5, rook 3/2, queen 3/−1 per square from
// mobilityBase), the start of a Texel fit of eval.mobility.table; the
// fitted table (fitted.go) replaces them. Names end in the count:
// eval.mobility.table.knight.n2 is a knight reaching two squares.
//
// Measured on 2026-11-30: fitted alone on 1.6 M datagen positions
// (configs/labrat/mobility-fit.yaml; hold-out error 0.090182 → 0.090026),
// −2.3 ± 18.7 Elo in 600 self-play games at 1+0.01, WAC 288, 288, 288
// where the slopes solved 284, 284, 283, and against Ethereal 12, in one
// gauntlet with the engine without it on the same openings, −146.4 ±
// 26.4 against −185.3 ± 28.3 in 500 games each: on since then.
var (
	mobTableEnabled = params.Bool("eval.mobility.table.enabled", true, "eval", "mobility scored by a table per reachable-square count instead of a slope per piece")
	mobTableW       = declareMobTable()
)

// mobTableSize is the number of counts a piece type can have: 0..8 for a
// knight, 0..13 for a bishop, 0..14 for a rook, 0..27 for a queen.
var mobTableSize = [7]int{board.Knight: 9, board.Bishop: 14, board.Rook: 15, board.Queen: 28}

func declareMobTable() (w [7][28]weight) {
	slope := [7][2]int{board.Knight: {6, 0}, board.Bishop: {5, 5}, board.Rook: {3, 2}, board.Queen: {3, -1}}
	for pt := board.Knight; pt <= board.Queen; pt++ {
		for n := 0; n < mobTableSize[pt]; n++ {
			d := n - mobilityBase[pt]
			w[pt][n] = pair("eval.mobility.table."+pieceNames[pt]+".n"+strconv.Itoa(n),
				slope[pt][0]*d, slope[pt][1]*d, -200, 200, 2,
				pieceNames[pt]+" reaching "+strconv.Itoa(n)+" squares")
		}
	}
	return w
}

// addMobility credits colour c with the mobility of a piece of type pt
// reaching n squares, by table or by slope.
func (e *Evaluator) addMobility(c board.Color, pt board.PieceType, n int) {
	if e.on(mobTableEnabled) {
		e.add(c, mobTableW[pt][n], 1)
		return
	}
	e.add(c, mobilityW[pt], n-mobilityBase[pt])
}

// mobilityEntry is Prepare's packed value for a piece of type pt reaching
// n squares (n may exceed the piece's table: those slots are never read).
func (e *Evaluator) mobilityEntry(pt board.PieceType, n int, table bool) packed {
	if table {
		if n >= mobTableSize[pt] {
			return 0
		}
		w := mobTableW[pt][n]
		return pack(e.get(w.mg), e.get(w.eg))
	}
	d := n - mobilityBase[pt]
	return pack(e.get(mobilityW[pt].mg)*d, e.get(mobilityW[pt].eg)*d)
}
