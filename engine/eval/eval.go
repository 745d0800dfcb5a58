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

// Phase weighs the pieces on pos's board by phaseWeight, both sides,
// without MaxPhase's cap (promotions can pass it): the search's own
// notion of an ending (futility.lmrdepth.endgame) counts as Evaluate's
// taper does.
func Phase(pos *board.Position) int {
	n := 0
	for pt := board.Knight; pt <= board.Queen; pt++ {
		n += phaseWeight[pt] * pos.PiecesOf(pt).Count()
	}
	return n
}

// weight is a middle-game / end-game pair of parameters.
type weight struct{ mg, eg *params.Def }

// pieceNames name the piece types in parameter names (eval.pst.knight.*,
// eval.mobility.table.knight.*).
var pieceNames = [7]string{board.Pawn: "pawn", board.Knight: "knight", board.Bishop: "bishop", board.Rook: "rook", board.Queen: "queen", board.King: "king"}

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
	acc        packed            // tapered terms, White minus Black
	count      [2][7]int         // pieces by colour and type (pawn to queen)
	flat       [2]int            // untapered terms (micro-Max pawn push)
	pawnAtt    [2]board.Bitboard // squares attacked by each side's pawns
	passed     board.Bitboard
	attBy      [2][7]board.Bitboard // squares attacked by each side's pieces, by type (mobility.go)
	attAll     [2]board.Bitboard    // squares attacked by each side, pawns and king included
	checkSq    [2][7]board.Bitboard // safe-check squares by colour and piece type (safechecks.go)
	checksDone uint8                // bit c: checkSq[c] holds this evaluation's squares

	// Prepare's snapshot and tables; the tables serve the fast path
	// (prepared and not tracing) and are declared beside their terms.
	prepared bool
	wv       []int32 // parameter snapshot, indexed by Def.Index
	pstTables
	materialTables
	mobilityTables
	kingSafetyTables
	stormTables
	passedTables
	bishopPairTables
	threatsTables
	safeChecksTables
	outpostsTables
	scaleTables
	mapsOn bool // threats, safe checks or king danger read the attack maps
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
	e.prepareMaterial()
	e.prepareMobility()
	e.prepareKingSafety()
	e.prepareStorm()
	e.preparePassed()
	e.prepareBishopPair()
	e.prepareThreats()
	e.prepareSafeChecks()
	e.prepareOutposts()
	e.prepareScales()
	e.mapsOn = e.on(threatsEnabled) || e.on(safeChecksEnabled) || e.on(kingDangerEnabled)
	e.prepared = true
}

// fast reports whether the terms may use Prepare's tables: the traced path
// must record every coefficient, the unprepared one reads e.P.
func (e *Evaluator) fast() bool { return e.trace == nil && e.prepared }

// packed holds a middle-game value (high 32 bits) and an end-game value
// (low 32 bits, signed), so one addition or multiplication updates both,
// exactly while each stays within int32.
type packed int64

func pack(mg, eg int) packed { return packed(mg)<<32 + packed(eg) }

func (s packed) eg() int { return int(int32(uint32(s))) }
func (s packed) mg() int { return int((s - packed(s.eg())) >> 32) }

// signed is v from White's side.
func signed(c board.Color, v packed) packed {
	if c == board.White {
		return v
	}
	return -v
}

// add credits colour c with n times weight w.
func (e *Evaluator) add(c board.Color, w weight, n int) {
	if e.trace != nil {
		e.trace.add(c, w, n)
	}
	e.acc += signed(c, pack(e.get(w.mg), e.get(w.eg))*packed(n))
}

// addPrepared is add for a weight whose packed value Prepare stored in v:
// the fast path adds v, the traced and unprepared ones call add.
func (e *Evaluator) addPrepared(c board.Color, w weight, v packed, n int) {
	if e.fast() {
		e.acc += signed(c, v*packed(n))
		return
	}
	e.add(c, w, n)
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
	e.acc, e.flat = 0, [2]int{}
	e.checksDone = 0
	for c := board.White; c <= board.Black; c++ {
		us := pos.Colors(c)
		for pt := board.Pawn; pt <= board.Queen; pt++ {
			e.count[c][pt] = (pos.PiecesOf(pt) & us).Count()
		}
	}
	phase := 0
	for pt := board.Knight; pt <= board.Queen; pt++ {
		phase += phaseWeight[pt] * (e.count[board.White][pt] + e.count[board.Black][pt])
	}
	phase = min(phase, MaxPhase)
	scale := e.egScale(pos) // end-game share kept, in 64ths (ocb.go)
	if e.trace != nil {
		e.trace.reset(phase)
		e.trace.egF *= float64(scale) / 64
	}

	e.material(pos)
	// Square tables, pawns, pieces (and the attack maps), king safety,
	// threats, safe checks, passed pawns: scale.go lists them by group.
	e.groupTerms(pos, phase)
	e.outposts(pos)
	e.bishopPair(pos)
	e.pawnPush(pos, phase)
	e.complexity(pos) // reads the end-game sum of every term above

	score := (e.acc.mg()*phase+e.acc.eg()*scale/64*(MaxPhase-phase))/MaxPhase + e.flat[board.White] - e.flat[board.Black]
	lead := e.materialLead() // shared by the two scaling terms
	score += e.materialTrades(lead)
	score = e.scaleDrawish(pos, score, lead)
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
