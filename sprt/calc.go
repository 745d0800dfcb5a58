package sprt

import (
	"fmt"
	"math"
)

// Calculator is fishtest's SPRT calculator: for an SPRT and an assumed
// draw ratio and RMS bias of the opening book it gives the probability of
// passing and the expected number of games for a true logistic Elo, from
// the Brownian-motion approximation of the LLR (M. Van den Bergh,
// "sprta.pdf"). Build it with NewCalculator.
type Calculator struct {
	Test       Test
	DrawRatio  float64 // share of drawn games between equal engines
	RMSBias    float64 // RMS of the openings' bias, in logistic Elo
	Elo0, Elo1 float64 // the bounds in logistic Elo
	score0     float64
	score1     float64
	variance   float64 // per-game score variance
	w2         float64 // (s1−s0)²/variance
}

// NewCalculator prepares the calculator. The draw ratio must be in [0, 1)
// and leave a positive per-game variance once the RMS bias is removed.
func NewCalculator(t Test, drawRatio, rmsBias float64) (Calculator, error) {
	if !(drawRatio >= 0 && drawRatio < 1) {
		return Calculator{}, fmt.Errorf("sprt: draw ratio %g outside [0, 1)", drawRatio)
	}
	if !Valid(rmsBias) {
		return Calculator{}, fmt.Errorf("sprt: invalid RMS bias %g", rmsBias)
	}
	bias := ScoreFromElo(rmsBias) - 0.5
	c := Calculator{Test: t, DrawRatio: drawRatio, RMSBias: rmsBias}
	c.variance = (1-drawRatio)/4 - bias*bias
	if !(c.variance > 0) {
		return Calculator{}, fmt.Errorf("sprt: draw ratio %g and RMS bias %g leave no game variance", drawRatio, rmsBias)
	}
	switch t.Model {
	case Logistic:
		c.Elo0, c.Elo1 = t.Elo0, t.Elo1
		c.score0, c.score1 = ScoreFromElo(t.Elo0), ScoreFromElo(t.Elo1)
	case Normalized:
		sigma := math.Sqrt(c.variance)
		c.score0 = t.Elo0/NEloPerT*sigma + 0.5
		c.score1 = t.Elo1/NEloPerT*sigma + 0.5
		c.Elo0, c.Elo1 = EloFromScore(c.score0), EloFromScore(c.score1)
	case BayesElo:
		de := DrawEloFromDrawRatio(drawRatio)
		c.Elo0, c.Elo1 = BayesEloToElo(t.Elo0, de), BayesEloToElo(t.Elo1, de)
		c.score0, c.score1 = ScoreFromElo(c.Elo0), ScoreFromElo(c.Elo1)
	}
	c.w2 = (c.score1 - c.score0) * (c.score1 - c.score0) / c.variance
	return c, nil
}

// At returns the pass probability (accepting H1) and the expected number
// of games of the SPRT when the true strength difference is elo (logistic).
func (c Calculator) At(elo float64) (pass, games float64) {
	s := ScoreFromElo(elo)
	h := (2*s - (c.score0 + c.score1)) / (c.score1 - c.score0)
	la, lb := c.Test.Lower, c.Test.Upper
	var t float64
	if math.Abs(h*(la-lb)) < 1e-6 {
		// The drift vanishes: the limit of the formulas below.
		pass = -la / (lb - la)
		t = -la * lb
	} else {
		// pass = (1 − e^(−h·la)) / (e^(−h·lb) − e^(−h·la)), rewritten so
		// that no exponential overflows (la < 0 < lb): far from the
		// bounds (a true Elo of ±1e9, or narrow bounds) it tends to 1 or 0
		// instead of Inf/Inf = NaN.
		x, y := h*la, h*lb
		if h > 0 {
			pass = math.Expm1(x) / math.Expm1(x-y)
		} else {
			pass = (math.Exp(y) - math.Exp(y-x)) / -math.Expm1(y-x)
		}
		t = 2 / h * (lb*pass + la*(1-pass))
	}
	return pass, t / c.w2
}
