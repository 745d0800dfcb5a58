package sprt

import (
	"math"
	"testing"
)

func TestNum(t *testing.T) {
	cases := []struct {
		verb string
		x    float64
		want string
	}{
		{"%.2f", 1.005, "1.00"}, {"%+.1f", -3.25, "-3.2"}, {"%7.1f", 12, "   12.0"},
		{"%.2f", math.NaN(), NA}, {"%.2f", math.Inf(1), NA}, {"%.0f", math.Inf(-1), NA},
	}
	for _, c := range cases {
		if got := Num(c.verb, c.x); got != c.want {
			t.Errorf("Num(%q, %g) = %q, want %q", c.verb, c.x, got, c.want)
		}
	}
	if got := NumOr("%.1f", math.NaN(), "----"); got != "----" {
		t.Errorf("NumOr: %q", got)
	}
	for score, want := range map[float64]string{0: "n/a: Elo is unbounded at a 0 % score (X)", 1: "n/a: Elo is unbounded at a 100 % score (X)", 0.5: "", 1e-9: ""} {
		if got := UnboundedNote("X", score); got != want {
			t.Errorf("UnboundedNote(X, %g) = %q, want %q", score, got, want)
		}
	}
	if Unbounded(math.NaN()) != "" {
		t.Error("no score is not an unbounded one")
	}
}
