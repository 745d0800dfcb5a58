package sprt

import (
	"fmt"
	"math"
)

// NA is printed for a number that does not exist: no games, a zero
// denominator, or an Elo that is unbounded because one side scored 0 % or
// 100 % (fastchess prints nan, inf or a huge regularized number). Every
// text printer of the lab formats its numbers through Num, so the word is
// the same everywhere.
const NA = "n/a"

// Num formats x with a printf verb ("%.2f", "%+.1f", "%7.1f"), or NA when
// x is NaN or infinite.
func Num(verb string, x float64) string { return NumOr(verb, x, NA) }

// NumOr is Num with another placeholder (Ordo prints "----" for a missing
// error and "---" for a missing CFS).
func NumOr(verb string, x float64, alt string) string {
	if !Valid(x) {
		return alt
	}
	return fmt.Sprintf(verb, x)
}

// Unbounded says why a score has no finite Elo: "" for a score strictly
// between 0 and 1 (or no score at all), else "Elo is unbounded at a 0 %
// score" or "… 100 % score".
func Unbounded(score float64) string {
	switch {
	case math.IsNaN(score):
		return ""
	case score <= 0:
		return "Elo is unbounded at a 0 % score"
	case score >= 1:
		return "Elo is unbounded at a 100 % score"
	}
	return ""
}

// UnboundedNote is the line printers put under a table or block whose
// Elo for name prints as n/a because of its score, e.g. "n/a: Elo is
// unbounded at a 0 % score (weak)"; "" when the score is not 0 % or 100 %.
func UnboundedNote(name string, score float64) string {
	r := Unbounded(score)
	if r == "" {
		return ""
	}
	return fmt.Sprintf("%s: %s (%s)", NA, r, name)
}
