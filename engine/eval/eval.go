// Package eval owns labrat's static evaluation: a tapered (middle game /
// end game) sum of terms scored in centipawns for the side to move. Every
// term has a switch and its weights as registry parameters, and the
// evaluation is linear in those weights (apart from the documented scaling
// terms), so a Trace can report each weight's coefficient for Texel tuning.
package eval

import (
	"github.com/elolab/elolab/engine/board"
	"github.com/elolab/elolab/engine/params"
)

// MaxPhase is the game phase of a full board (N=B=1, R=2, Q=4 per piece).
const MaxPhase = 24

var phaseWeight = [7]int{0, 0, 1, 1, 2, 4, 0}

// weight is a middle-game / end-game pair of parameters.
type weight struct{ mg, eg *params.Def }

// pair declares name.mg and name.eg.
func pair(name string, mg, eg, lo, hi int, step float64, doc string) weight {
	return weight{
		mg: params.Int(name+".mg", mg, lo, hi, step, "eval", doc+" (middle game)"),
		eg: params.Int(name+".eg", eg, lo, hi, step, "eval", doc+" (end game)"),
	}
}

var tempo = params.Int("eval.tempo", 12, 0, 60, 2, "eval", "bonus for the side to move (cp)")

// The fitted weights (fitted.go, generated) become the defaults. Every
// parameter is registered by variable initializers, which run before this.
func init() {
	for name, v := range fitted {
		if err := params.SetDefault(name, v); err != nil {
			panic("eval: fitted.go: " + err.Error())
		}
	}
}

// Evaluator evaluates positions with one engine instance's parameters. It
// caches pawn-structure results by pawn key.
type Evaluator struct {
	P     *params.Values
	pawns []pawnEntry
	trace *Trace

	// per-call scratch
	mg, eg   [2]int
	attacks  [2]board.Bitboard // squares attacked by each side (pieces and pawns)
	pawnAtt  [2]board.Bitboard
	kingZone [2]board.Bitboard
	passed   board.Bitboard
	flat     [2]int // untapered terms (micro-Max pawn push)
	phase    int

	prepared     bool
	wv           []int32 // parameter snapshot, indexed by Def.Index
	pstMG, pstEG [2][7][64]int32
	mobMG, mobEG [7][32]int32 // mobility score by reachable-square count
}

// New returns an evaluator reading p.
func New(p *params.Values) *Evaluator {
	return &Evaluator{P: p, pawns: make([]pawnEntry, pawnTableSize)}
}

// Clear drops cached results (after a parameter change or a new game).
func (e *Evaluator) Clear() {
	clear(e.pawns)
	e.prepared = false
	e.wv = e.wv[:0]
}

// Prepare copies the current parameters into the evaluator's flat tables;
// the search calls it before every search, so a changed parameter is seen
// from the next search on.
func (e *Evaluator) Prepare() {
	e.wv = e.P.AppendRaw(e.wv)
	e.preparePST()
	e.prepareMobility()
	e.prepared = true
}

// add credits colour c with n times weight w.
func (e *Evaluator) add(c board.Color, w weight, n int) {
	if e.trace != nil {
		e.trace.add(c, w, n)
	}
	e.mg[c] += e.get(w.mg) * n
	e.eg[c] += e.get(w.eg) * n
}

// get reads a parameter from the snapshot taken by Prepare (the registry
// lookup when not prepared).
func (e *Evaluator) get(d *params.Def) int {
	if i := d.Index; uint(i) < uint(len(e.wv)) {
		return int(e.wv[i])
	}
	return e.P.Get(d)
}

// on reads a switch from the snapshot.
func (e *Evaluator) on(d *params.Def) bool { return e.get(d) != 0 }

// Evaluate scores pos for the side to move.
func (e *Evaluator) Evaluate(pos *board.Position) int {
	e.mg, e.eg, e.flat = [2]int{}, [2]int{}, [2]int{}
	phase := 0
	for pt := board.Knight; pt <= board.Queen; pt++ {
		phase += phaseWeight[pt] * pos.PiecesOf(pt).Count()
	}
	phase = min(phase, MaxPhase)
	e.phase = phase
	if e.trace != nil {
		e.trace.reset(phase)
	}

	e.material(pos)
	e.pst(pos)
	e.pawnStructure(pos)
	e.pieces(pos) // mobility, rooks on files, king attacks
	e.kingSafety(pos)
	e.passedPawns(pos, phase)
	e.bishopPair(pos)
	e.pawnPush(pos, phase)

	mg := e.mg[board.White] - e.mg[board.Black]
	eg := e.eg[board.White] - e.eg[board.Black]
	score := (mg*phase+eg*(MaxPhase-phase))/MaxPhase + e.flat[board.White] - e.flat[board.Black]
	score += e.materialTrades(pos)
	score = e.scaleDrawish(pos, score)
	if e.trace != nil {
		e.trace.Score = score
		e.trace.STM = pos.SideToMove()
	}
	if pos.SideToMove() == board.Black {
		score = -score
	}
	return score + e.get(tempo)
}

// addFlat credits colour c with an untapered term: n × weight d / div.
func (e *Evaluator) addFlat(c board.Color, d *params.Def, n, div int) {
	e.flat[c] += e.get(d) * n / div
	if e.trace != nil {
		e.trace.addFlat(c, d, float64(n)/float64(div))
	}
}
