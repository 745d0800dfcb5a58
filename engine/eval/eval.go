// Package eval owns labrat's static evaluation: a tapered (middle game /
// end game) sum of terms, scored in centipawns from the side to move.
package eval

import "github.com/elolab/elolab/engine/board"

// Phase weights of the pieces; a full board is MaxPhase.
var phaseWeight = [7]int{0, 0, 1, 1, 2, 4, 0}

// MaxPhase is the phase of the initial position (all pieces on the board).
const MaxPhase = 24

// Evaluate scores the position for the side to move.
func Evaluate(p *board.Position) int {
	var mg, eg [2]int
	phase := 0
	for c := board.White; c <= board.Black; c++ {
		for pt := board.Pawn; pt <= board.King; pt++ {
			for b := p.Pieces(c, pt); b != 0; {
				s := b.PopLSB()
				if c == board.Black {
					s ^= 56 // tables are written from White's side
				}
				mg[c] += materialMG[pt] + pstMG[pt][s]
				eg[c] += materialEG[pt] + pstEG[pt][s]
				phase += phaseWeight[pt]
			}
		}
	}
	phase = min(phase, MaxPhase)
	mgScore := mg[board.White] - mg[board.Black]
	egScore := eg[board.White] - eg[board.Black]
	score := (mgScore*phase + egScore*(MaxPhase-phase)) / MaxPhase
	if p.SideToMove() == board.Black {
		score = -score
	}
	return score + tempo
}

const tempo = 10

var (
	materialMG = [7]int{0, 90, 320, 335, 470, 990, 0}
	materialEG = [7]int{0, 115, 300, 320, 520, 960, 0}
)
