package sprt

import (
	"fmt"
	"strconv"
	"strings"
)

// ParseCounts reads n comma-separated non-negative integers, optionally in
// brackets as fastchess prints them ("[3, 0, 22, 15, 58]").
func ParseCounts(s string, n int) ([]int64, error) {
	t := strings.TrimSpace(s)
	t = strings.TrimSuffix(strings.TrimPrefix(t, "["), "]")
	parts := strings.Split(t, ",")
	if len(parts) != n {
		return nil, fmt.Errorf("want %d comma-separated counts, got %d in %q", n, len(parts), s)
	}
	out := make([]int64, n)
	var total int64
	for i, p := range parts {
		v, err := strconv.ParseInt(strings.TrimSpace(p), 10, 64)
		if err != nil || v < 0 {
			return nil, fmt.Errorf("count %d (%q) is not a non-negative integer", i+1, strings.TrimSpace(p))
		}
		// Keep totals (and twice the pairs) far from int64 overflow.
		if v > 1<<50 || total+v > 1<<50 {
			return nil, fmt.Errorf("counts too large")
		}
		total += v
		out[i] = v
	}
	return out, nil
}

// FieldError is bad input in one named field; Field is the name the
// caller knows it by (elolab sprt's flag names).
type FieldError struct {
	Field string
	Err   error
}

func (e *FieldError) Error() string { return e.Field + ": " + e.Err.Error() }
func (e *FieldError) Unwrap() error { return e.Err }

// Inputs are the numbers of a test and of the calculator, checked before
// anything is computed.
type Inputs struct {
	Elo0, Elo1, Alpha, Beta float64
	DrawRatio, RMSBias      float64
	TrueElo                 []float64
}

// checkRange refuses NaN, infinities and values outside [lo, hi]: they
// would only come back as NaN in the output.
func checkRange(field string, v, lo, hi float64) error {
	if !Valid(v) || v < lo || v > hi {
		return &FieldError{field, fmt.Errorf("want a number in [%g, %g], got %g", lo, hi, v)}
	}
	return nil
}

// Check checks every number; a *FieldError names the one at fault
// (elo0, elo1, alpha, beta, draw-ratio, rms-bias or true-elo).
func (in Inputs) Check() error {
	const m = MaxAbsElo
	checks := []struct {
		field   string
		v       float64
		lo, hi  float64
		exclude bool // the bounds themselves are refused
	}{
		{"elo0", in.Elo0, -m, m, false}, {"elo1", in.Elo1, -m, m, false},
		{"alpha", in.Alpha, 0, 1, true}, {"beta", in.Beta, 0, 1, true},
		{"draw-ratio", in.DrawRatio, 0, 1, false}, {"rms-bias", in.RMSBias, 0, m, false},
	}
	for _, c := range checks {
		if err := checkRange(c.field, c.v, c.lo, c.hi); err != nil {
			return err
		}
		if c.exclude && (c.v == c.lo || c.v == c.hi) {
			return &FieldError{c.field, fmt.Errorf("%g must be strictly between %g and %g", c.v, c.lo, c.hi)}
		}
	}
	for _, e := range in.TrueElo {
		if err := checkRange("true-elo", e, -m, m); err != nil {
			return err
		}
	}
	return nil
}
