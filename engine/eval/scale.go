package eval

import (
	"github.com/elolab/elolab/engine/board"
	"github.com/elolab/elolab/engine/params"
)

// Term-group scales: each group of evaluation terms has a middle-game and
// an end-game multiplier, in percent, applied to what the group adds to the
// score. The weights inside a group are fitted by Texel tuning to predict
// game results; the scales let games (SPSA, elolab tune) judge how loud each
// group should be relative to material when the search chooses moves, which
// a fit to results does not measure: a fitted king-safety term, say, can be
// right on average and still too quiet to make the search keep its king
// covered. Twelve numbers instead of hundreds of weights is a budget SPSA
// can afford in one evening.
//
// At 100 (the defaults) a group is left exactly as it was: the score, the
// bench signature and Texel's coefficients do not change. A scaled group's
// traced coefficients are multiplied by the same factor, so a Texel fit
// with scales set fits the weights of the evaluation that is played.
type scaleGroup int

const (
	groupPST     scaleGroup = iota // piece-square tables (pst.go)
	groupPawns                     // pawn structure (pawns.go, connected.go)
	groupPieces                    // mobility, rooks on files, king-zone attacks (mobility.go, mobtable.go)
	groupKing                      // king safety, storm, king danger, safe checks
	groupThreats                   // threats against pieces (threats.go)
	groupPassed                    // passed pawns (passed.go)
	numScaleGroups
)

var scaleNames = [numScaleGroups]string{"pst", "pawns", "pieces", "king", "threats", "passed"}

// scaleDefs are the groups' parameters: eval.scale.<group>.mg and .eg.
var scaleDefs = func() (d [numScaleGroups][2]*params.Def) {
	for g, name := range scaleNames {
		d[g][0] = params.Int("eval.scale."+name+".mg", 100, 25, 250, 5, "eval", "middle-game loudness of the "+name+" terms (% of their fitted weights)")
		d[g][1] = params.Int("eval.scale."+name+".eg", 100, 25, 250, 5, "eval", "end-game loudness of the "+name+" terms (% of their fitted weights)")
	}
	return d
}()

// scaleTables is Prepare's copy of the scales; scaled is false when every
// scale is 100, so the default evaluation skips the groups' bookkeeping.
type scaleTables struct {
	scales [numScaleGroups][2]int
	scaled bool
}

func (e *Evaluator) prepareScales() {
	e.scaled = false
	for g := range e.scales {
		for i := range e.scales[g] {
			e.scales[g][i] = e.get(scaleDefs[g][i])
			e.scaled = e.scaled || e.scales[g][i] != 100
		}
	}
}

// scaleOf reads group g's scales from the snapshot (or the registry when
// the evaluator is not prepared).
func (e *Evaluator) scaleOf(g scaleGroup) (mg, eg int) {
	if e.prepared {
		return e.scales[g][0], e.scales[g][1]
	}
	return e.get(scaleDefs[g][0]), e.get(scaleDefs[g][1])
}

// anyScaled reports whether some group's scale is not 100.
func (e *Evaluator) anyScaled() bool {
	if e.prepared {
		return e.scaled
	}
	for g := range scaleDefs {
		if mg, eg := e.scaleOf(scaleGroup(g)); mg != 100 || eg != 100 {
			return true
		}
	}
	return false
}

// beginGroup marks the start of group g's terms: it returns the
// accumulator so endGroup can scale what the group adds, and sets the
// trace's multipliers so the group's coefficients carry the same scale.
func (e *Evaluator) beginGroup(g scaleGroup) packed {
	if e.trace != nil {
		mg, eg := e.scaleOf(g)
		e.trace.mulMG, e.trace.mulEG = float64(mg)/100, float64(eg)/100
	}
	return e.acc
}

// endGroup scales what group g added to the accumulator since mark.
func (e *Evaluator) endGroup(g scaleGroup, mark packed) {
	if e.trace != nil {
		e.trace.mulMG, e.trace.mulEG = 1, 1
	}
	mg, eg := e.scaleOf(g)
	if mg == 100 && eg == 100 {
		return
	}
	d := e.acc - mark
	e.acc = mark + pack(d.mg()*mg/100, d.eg()*eg/100)
}

// groupedTerms are the terms the scales cover, in Evaluate's order, each
// with its group.
var groupedTerms = [...]struct {
	g   scaleGroup
	run func(e *Evaluator, pos *board.Position, phase int)
}{
	{groupPST, func(e *Evaluator, pos *board.Position, _ int) { e.pst(pos) }},
	{groupPawns, func(e *Evaluator, pos *board.Position, _ int) { e.pawnStructure(pos) }},
	{groupPieces, func(e *Evaluator, pos *board.Position, _ int) { e.pieces(pos) }}, // also builds the attack maps
	{groupKing, func(e *Evaluator, pos *board.Position, _ int) { e.kingSafety(pos); e.storm(pos); e.kingDanger(pos) }},
	{groupThreats, func(e *Evaluator, pos *board.Position, _ int) { e.threats(pos) }},
	{groupKing, func(e *Evaluator, pos *board.Position, _ int) { e.safeChecks(pos) }},
	{groupPassed, func(e *Evaluator, pos *board.Position, phase int) { e.passedPawns(pos, phase) }},
}

// groupTerms runs the grouped terms; with a scale other than 100 (or a
// trace) each group's share is scaled as it is added.
func (e *Evaluator) groupTerms(pos *board.Position, phase int) {
	if !e.anyScaled() && e.trace == nil {
		for _, t := range &groupedTerms {
			t.run(e, pos, phase)
		}
		return
	}
	for _, t := range &groupedTerms {
		m := e.beginGroup(t.g)
		if t.g == groupPST && e.fast() {
			m += e.materialSum() // the fast square tables hold material, which no group scales
		}
		t.run(e, pos, phase)
		e.endGroup(t.g, m)
	}
}
