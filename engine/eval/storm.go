package eval

import (
	"math/bits"
	"strconv"

	"github.com/elolab/elolab/engine/board"
	"github.com/elolab/elolab/engine/params"
)

// Pawn shelter and storm by file and distance, the idea of Ethereal 12's
// KingShelter and KingStorm and of Stockfish's classical shelter and storm
// tables: on the king's file and on each file beside it, the distance in
// ranks from the king to the nearest pawn of its own ahead of it (a pawn
// one rank ahead shelters more than one three ranks ahead; no pawn is its
// own entry) and to the nearest enemy pawn ahead of it (a storming pawn two
// ranks away opens a file soon), with an enemy pawn stopped by the own pawn
// right in front of it apart (blocked, it opens nothing). kingsafety.go's
// shield counts an own pawn one or two ranks ahead the same and enemy pawns
// not at all; this term says where they stand.
//
// Off. Its weights are hand-set starting points (shelterStart,
// stormStart) for a Texel fit. Fitted with the king-safety shield and
// open-file weights on 800,028 datagen positions (2026-12-01,
// configs/labrat/storm-fit.yaml), it lowered the hold-out error from
// 0.090613 (the defaults on the same data) to 0.090444, and scored
// −22.6 ± 20.4 Elo in 600 self-play games at 1+0.01 (LOS 1.4 %): not
// kept.
var (
	stormEnabled = params.Bool("eval.storm.enabled", false, "eval", "pawn shelter and storm by file and distance to the king")
	// shelterW[kingFile][d-1]: the nearest own pawn d ranks ahead on the
	// king's file (kingFile 1) or a file beside it (0); d 7 is no pawn.
	shelterW = declareDistances("eval.storm.shelter", 7)
	// stormW[blocked][d-1]: the nearest enemy pawn d ranks ahead of the
	// king on one of the three files, free or blocked by an own pawn on
	// the square in front of it. A blocked pawn is at least two ranks
	// away (the own pawn stands between): there is no blocked.d1.
	stormW = declareStorm()
)

// The hand-set starting points of a Texel fit (middle game only, in cp):
// a shelter pawn one or two ranks ahead on the king's file or beside it,
// an open file at the king, an enemy pawn two to four ranks away.
var (
	shelterStart = [2][7]int{{6, 3, 0, 0, 0, 0, -6}, {10, 5, 0, 0, 0, 0, -10}}
	stormStart   = [2][6]int{{0, -12, -8, -4, 0, 0}, {0, -4, -2, 0, 0, 0}}
)

// declareDistances declares name.side.dN and name.kingfile.dN, N 1..n.
func declareDistances(name string, n int) (w [2][7]weight) {
	for k, file := range [2]string{"side", "kingfile"} {
		for d := 1; d <= n; d++ {
			w[k][d-1] = pair(name+"."+file+".d"+strconv.Itoa(d), shelterStart[k][d-1], 0, -150, 150, 2,
				"nearest own pawn "+strconv.Itoa(d)+" ranks ahead of the king on the "+file+" (7: none)")
		}
	}
	return w
}

func declareStorm() (w [2][6]weight) {
	for d := 1; d <= 6; d++ {
		w[0][d-1] = pair("eval.storm.free.d"+strconv.Itoa(d), stormStart[0][d-1], 0, -150, 150, 2,
			"nearest enemy pawn "+strconv.Itoa(d)+" ranks ahead of the king on its file or beside it")
	}
	for d := 2; d <= 6; d++ {
		w[1][d-1] = pair("eval.storm.blocked.d"+strconv.Itoa(d), stormStart[1][d-1], 0, -150, 150, 2,
			"nearest enemy pawn "+strconv.Itoa(d)+" ranks ahead of the king, blocked by an own pawn")
	}
	return w
}

// nearestRank is the rank of the square of b nearest to colour c's first
// rank (b not empty).
func nearestRank(c board.Color, b board.Bitboard) int {
	if c == board.White {
		return b.LSB().Rank()
	}
	return (63 - bits.LeadingZeros64(uint64(b))) / 8
}

// stormTables is Prepare's packed copy of the weights.
type stormTables struct {
	shelterP [2][7]packed
	stormP   [2][6]packed
}

func (e *Evaluator) prepareStorm() {
	for k := range shelterW {
		for d := range shelterW[k] {
			w := shelterW[k][d]
			e.shelterP[k][d] = pack(e.get(w.mg), e.get(w.eg))
		}
	}
	for k := range stormW {
		for d := range stormW[k] {
			if w := stormW[k][d]; w.mg != nil {
				e.stormP[k][d] = pack(e.get(w.mg), e.get(w.eg))
			}
		}
	}
}

// storm scores both kings' shelter and the pawns storming them.
func (e *Evaluator) storm(pos *board.Position) {
	if !e.on(stormEnabled) {
		return
	}
	for c := board.White; c <= board.Black; c++ {
		ksq := pos.KingSquare(c) & 63
		kf, kr := ksq.File(), ksq.Rank()
		ahead := frontSpanRanks(c, ksq) // pawns.go
		own, their := pos.Pieces(c, board.Pawn)&ahead, pos.Pieces(c^1, board.Pawn)&ahead
		for f := max(kf-1, 0); f <= min(kf+1, 7); f++ {
			file := board.FileBB(f)
			onKing := 0
			if f == kf {
				onKing = 1
			}
			ownDist := 7
			if o := own & file; o != 0 {
				ownDist = abs(nearestRank(c, o) - kr)
			}
			e.addPrepared(c, shelterW[onKing][ownDist-1], e.shelterP[onKing][ownDist-1], 1)
			if t := their & file; t != 0 {
				d := abs(nearestRank(c, t) - kr)
				blocked := 0
				if ownDist == d-1 {
					blocked = 1
				}
				e.addPrepared(c, stormW[blocked][d-1], e.stormP[blocked][d-1], 1)
			}
		}
	}
}
