package game

import (
	"strconv"
	"testing"
	"time"

	"github.com/elolab/elolab/match/tc"
)

// TestMoveTimeJudgement: a move is judged with the rounding its overrun is
// printed with (whole milliseconds). A move within its time, or less than
// a millisecond past it, is not a loss; a loss never reads "0ms overrun".
func TestMoveTimeJudgement(t *testing.T) {
	st := tc.Limits{MoveTime: 100 * time.Millisecond}
	margin := st
	margin.Margin = 5 * time.Millisecond
	clock, _ := tc.Parse("0.1")
	for _, c := range []struct {
		name    string
		lim     tc.Limits
		elapsed time.Duration
		reason  string // "" : White's move stands
	}{
		{"st exact", st, 100 * time.Millisecond, ""},
		{"st 0.4ms over", st, 100*time.Millisecond + 400*time.Microsecond, ""},
		{"st 0.999ms over", st, 101*time.Millisecond - time.Nanosecond, ""},
		{"st 1ms over", st, 101 * time.Millisecond, "White loses on time (1ms overrun)"},
		{"st margin exact", margin, 105*time.Millisecond + 900*time.Microsecond, ""},
		{"st past margin", margin, 106 * time.Millisecond, "White loses on time (6ms overrun)"},
		{"clock 0.7ms over", tc.Limits{TC: clock}, 100*time.Millisecond + 700*time.Microsecond, ""},
		{"clock 2.5ms over", tc.Limits{TC: clock}, 102*time.Millisecond + 500*time.Microsecond, "White loses on time (2ms overrun)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := play(t, &Config{}, []reply{{move: "e2e4", elapsed: c.elapsed}}, moves("e7e5"), c.lim, "")
			if c.reason == "" {
				if r.Termination == TermTimeForfeit || len(r.Moves) == 0 {
					t.Fatalf("move of %v against %v lost: %s {%s}", c.elapsed, c.lim, r.Result, r.Reason)
				}
				return
			}
			if r.Reason != c.reason || r.Termination != TermTimeForfeit || !r.WhiteIncidents.TimeLoss || r.Reason != "White loses on time ("+strconv.FormatInt(r.Overrun.Milliseconds(), 10)+"ms overrun)" {
				t.Fatalf("move of %v against %v: %s {%s}, want {%s}", c.elapsed, c.lim, r.Result, r.Reason, c.reason)
			}
		})
	}
}
