package sprt

import (
	"encoding/json"
	"fmt"
	"math"
	"strings"
)

// Model is the Elo model in which SPRT bounds are expressed.
type Model int

// The SPRT models.
const (
	// Logistic: bounds in logistic Elo (400·log10), fishtest's default.
	Logistic Model = iota
	// Normalized: bounds in normalized Elo (nElo), fishtest's current
	// default for Stockfish tests and OpenBench's only pentanomial model.
	Normalized
	// BayesElo: bounds in BayesElo; as fishtest does, they are converted
	// to logistic Elo with the drawelo of the sample and tested exactly.
	BayesElo
)

// ParseModel accepts logistic, normalized and bayeselo (also fastchess's
// "bayesian"), case-insensitively.
func ParseModel(s string) (Model, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "logistic":
		return Logistic, nil
	case "normalized", "normalised":
		return Normalized, nil
	case "bayeselo", "bayesian":
		return BayesElo, nil
	}
	return 0, fmt.Errorf("unknown model %q (want logistic, normalized or bayeselo)", s)
}

func (m Model) String() string {
	switch m {
	case Logistic:
		return "logistic"
	case Normalized:
		return "normalized"
	case BayesElo:
		return "bayeselo"
	}
	return fmt.Sprintf("Model(%d)", int(m))
}

// Unit is the name of the model's Elo unit for printing bounds.
func (m Model) Unit() string {
	switch m {
	case Normalized:
		return "nElo"
	case BayesElo:
		return "BayesElo"
	}
	return "Elo"
}

// Verdict is the state of an SPRT.
type Verdict int

// SPRT verdicts. The rule: LLR ≥ upper bound accepts H1, LLR ≤ lower bound
// accepts H0, anything between continues.
const (
	Continue Verdict = iota
	AcceptH0
	AcceptH1
)

func (v Verdict) String() string {
	switch v {
	case AcceptH0:
		return "H0"
	case AcceptH1:
		return "H1"
	}
	return "continue"
}

// Bounds are Wald's LLR stopping bounds: ln(β/(1−α)) and ln((1−β)/α).
func Bounds(alpha, beta float64) (lower, upper float64) {
	return math.Log(beta / (1 - alpha)), math.Log((1 - beta) / alpha)
}

// MaxAbsElo limits bounds to where a logistic score is still distinguishable
// from 0 and 1 in float64 arithmetic.
const MaxAbsElo = 4000

// Test is an SPRT configuration with its bounds. Build it with NewTest.
type Test struct {
	Model        Model
	Elo0, Elo1   float64 // hypotheses, in Model's unit
	Alpha, Beta  float64
	Lower, Upper float64 // LLR bounds
}

// NewTest validates an SPRT: elo0 < elo1 (equal bounds would never stop),
// |elo| ≤ 4000, 0 < α, β and α+β < 1 (so that lower < 0 < upper).
func NewTest(m Model, elo0, elo1, alpha, beta float64) (Test, error) {
	if m < Logistic || m > BayesElo {
		return Test{}, fmt.Errorf("sprt: unknown model %d", int(m))
	}
	if !Valid(elo0) || !Valid(elo1) || !(elo0 < elo1) {
		return Test{}, fmt.Errorf("sprt: need elo0 < elo1, got [%g, %g]", elo0, elo1)
	}
	if math.Abs(elo0) > MaxAbsElo || math.Abs(elo1) > MaxAbsElo {
		return Test{}, fmt.Errorf("sprt: bounds [%g, %g] outside ±%d", elo0, elo1, MaxAbsElo)
	}
	if !(alpha > 0 && beta > 0 && alpha+beta < 1) {
		return Test{}, fmt.Errorf("sprt: need 0 < alpha, 0 < beta, alpha+beta < 1, got alpha=%g beta=%g", alpha, beta)
	}
	lo, up := Bounds(alpha, beta)
	return Test{Model: m, Elo0: elo0, Elo1: elo1, Alpha: alpha, Beta: beta, Lower: lo, Upper: up}, nil
}

// Status is an SPRT evaluated on a sample.
type Status struct {
	Model      Model
	Elo0, Elo1 float64 // bounds as configured, in Model's unit
	// LogisticElo0/1 are the bounds actually tested in logistic Elo
	// (equal to Elo0/1 for logistic, converted for BayesElo, NaN for
	// normalized).
	LogisticElo0, LogisticElo1 float64
	DrawElo                    float64 // BayesElo only, else NaN
	LLR, Lower, Upper          float64
	Verdict                    Verdict
	// Exact is false when the LLR is the closed-form approximation because
	// the constrained MLE does not exist for the bounds.
	Exact bool
}

// Verdict applies the SPRT rule to an LLR.
func (t Test) Verdict(llr float64) Verdict {
	switch {
	case llr >= t.Upper:
		return AcceptH1
	case llr <= t.Lower:
		return AcceptH0
	}
	return Continue
}

// Status evaluates the test on r. For the BayesElo model the drawelo comes
// from r itself (see DrawElo for pentanomial counts); use Evaluate to give
// the trinomial counts fishtest uses.
func (t Test) Status(r Results) Status { return t.Evaluate(r, r) }

// TallyStatus evaluates the test on a running tally: pentanomial counts when
// all games came in pairs, and the tally's W/D/L for the drawelo.
func (t Test) TallyStatus(tl *Tally) Status { return t.Evaluate(tl.Results(), tl.Trinomial()) }

// Evaluate computes the LLR of r (trinomial or pentanomial); drawSource
// gives the counts for the BayesElo drawelo and is ignored by the other
// models. A sample without games has LLR 0 and continues.
func (t Test) Evaluate(r, drawSource Results) Status {
	st := Status{Model: t.Model, Elo0: t.Elo0, Elo1: t.Elo1, Lower: t.Lower, Upper: t.Upper,
		LogisticElo0: math.NaN(), LogisticElo1: math.NaN(), DrawElo: math.NaN(), Exact: true}
	switch t.Model {
	case Logistic:
		st.LogisticElo0, st.LogisticElo1 = t.Elo0, t.Elo1
		st.LLR, st.Exact = LLRLogistic(t.Elo0, t.Elo1, r)
	case Normalized:
		st.LLR, st.Exact = LLRNormalized(t.Elo0, t.Elo1, r)
	case BayesElo:
		if drawSource.Samples() == 0 {
			drawSource = r
		}
		st.DrawElo = DrawElo(drawSource)
		st.LogisticElo0 = BayesEloToElo(t.Elo0, st.DrawElo)
		st.LogisticElo1 = BayesEloToElo(t.Elo1, st.DrawElo)
		st.LLR, st.Exact = LLRLogistic(st.LogisticElo0, st.LogisticElo1, r)
	}
	if !Valid(st.LLR) {
		// Cannot happen for validated tests; keep the promise anyway:
		// no NaN, no endless run.
		st.LLR, st.Exact = 0, false
	}
	st.Verdict = t.Verdict(st.LLR)
	return st
}

// Percent is the LLR as a percentage of the bound it is heading to, as
// fastchess and cutechess print it (negative towards the lower bound).
func (s Status) Percent() float64 {
	if s.LLR >= 0 {
		return 100 * s.LLR / s.Upper
	}
	return 100 * s.LLR / math.Abs(s.Lower)
}

// MarshalJSON writes NaN as null.
func (s Status) MarshalJSON() ([]byte, error) {
	return json.Marshal(map[string]any{
		"model": s.Model.String(), "elo0": s.Elo0, "elo1": s.Elo1,
		"logistic_elo0": num(s.LogisticElo0), "logistic_elo1": num(s.LogisticElo1),
		"drawelo": num(s.DrawElo), "llr": s.LLR, "lower_bound": s.Lower,
		"upper_bound": s.Upper, "verdict": s.Verdict.String(), "llr_exact": s.Exact,
	})
}
