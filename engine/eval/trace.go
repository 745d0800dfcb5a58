package eval

import (
	"github.com/elolab/elolab/engine/board"
	"github.com/elolab/elolab/engine/params"
)

// Trace records, for one evaluation, the coefficient of every weight
// parameter (White minus Black, already multiplied by its taper factor), so
// that the tapered score is Σ weight × coefficient. Texel tuning uses it to
// compute exact gradients without re-evaluating positions.
type Trace struct {
	Coef  []float64 // indexed by params.Def.Index
	Phase int
	Score int         // White's score before tempo (includes the nonlinear terms)
	STM   board.Color // side to move of the traced position
	mgF   float64
	egF   float64
	// mulMG and mulEG are the scales of the term group being traced
	// (scale.go), 1 outside the groups.
	mulMG, mulEG float64
}

// NewTrace sizes a trace for every registered parameter.
func NewTrace() *Trace { return &Trace{Coef: make([]float64, len(params.All()))} }

func (t *Trace) reset(phase int) {
	clear(t.Coef)
	t.Phase = phase
	t.mgF = float64(phase) / MaxPhase
	t.egF = float64(MaxPhase-phase) / MaxPhase
	t.mulMG, t.mulEG = 1, 1
}

func sign(c board.Color) float64 { return float64(1 - 2*int(c)) }

func (t *Trace) add(c board.Color, w weight, n int) {
	t.Coef[w.mg.Index] += sign(c) * float64(n) * t.mgF * t.mulMG
	t.Coef[w.eg.Index] += sign(c) * float64(n) * t.egF * t.mulEG
}

func (t *Trace) addFlat(c board.Color, d *params.Def, x float64) {
	t.Coef[d.Index] += sign(c) * x
}

// Linear is Σ value × coefficient over the parameters in v: the traced
// position's score from White's side, without the nonlinear terms (material
// trades, drawish scaling, king danger) and without tempo.
func (t *Trace) Linear(v *params.Values) float64 {
	sum := 0.0
	for _, d := range params.All() {
		if c := t.Coef[d.Index]; c != 0 {
			sum += c * float64(v.Get(d))
		}
	}
	return sum
}

// TraceEval evaluates pos with tracing into t (the pawn cache is bypassed so
// every term is recorded) and returns the score for the side to move.
func (e *Evaluator) TraceEval(pos *board.Position, t *Trace) int {
	e.trace = t
	defer func() { e.trace = nil }()
	return e.Evaluate(pos)
}
