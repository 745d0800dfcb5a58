package sprt

import (
	"math"
	"testing"
)

// At a 0 % or 100 % score the Elo estimate is unbounded: Summarize must
// say so (NaN, printed n/a) rather than print the regularized -1199.83.
func TestSummarizeUnbounded(t *testing.T) {
	for _, r := range []Results{Trinomial(0, 0, 12), Trinomial(7, 0, 0), Pentanomial(9, 0, 0, 0, 0), Pentanomial(0, 0, 0, 0, 3)} {
		s := Summarize(r)
		for name, x := range map[string]float64{"elo": s.Elo, "error": s.EloError, "lower": s.EloLower, "upper": s.EloUpper, "nelo": s.NElo, "nelo error": s.NEloError} {
			if !math.IsNaN(x) {
				t.Errorf("%v: %s = %g, want NaN (unbounded)", r, name, x)
			}
		}
		if !Valid(s.LOS) || !Valid(s.Score) {
			t.Errorf("%v: LOS %g score %g should exist", r, s.LOS, s.Score)
		}
	}
	if s := Summarize(Trinomial(1, 0, 11)); !Valid(s.Elo) || !Valid(s.NElo) {
		t.Errorf("1-0-11: %+v", s)
	}
}

// The calculator far from the bounds (a true Elo of ±1e9, or bounds so
// narrow that e^(h·la) overflows) gives 100 % or 0 %, never NaN.
func TestCalculatorExtremeElo(t *testing.T) {
	for _, b := range [][2]float64{{0, 5}, {0, 0.2}, {-3000, 3000}} {
		tst, err := NewTest(Logistic, b[0], b[1], 0.05, 0.05)
		if err != nil {
			t.Fatal(err)
		}
		c, err := NewCalculator(tst, 0.5, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range []float64{1e9, -1e9, 4000, -4000, 1e300} {
			p, g := c.At(e)
			if !Valid(p) || !Valid(g) || p < 0 || p > 1 || g < 0 {
				t.Errorf("bounds %v, true Elo %g: pass %g games %g", b, e, p, g)
			}
			if want := e > b[1]; (p > 0.5) != want {
				t.Errorf("bounds %v, true Elo %g: pass %g", b, e, p)
			}
		}
	}
}
