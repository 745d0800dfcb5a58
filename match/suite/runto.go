package suite

import (
	"context"
	"fmt"
	"io"

	"github.com/elolab/elolab/match/tc"
)

// Limit fills the search limits c leaves unset from l, an engine's own
// st=, nodes= and depth= (`elolab epd -engine … depth=3`): the limits
// given for the whole run win.
func (c *Config) Limit(l tc.Limits) {
	if l.MoveTime > 0 && c.MoveTime == 0 {
		c.MoveTime = l.MoveTime
	}
	if l.Nodes > 0 && c.Nodes == 0 {
		c.Nodes = l.Nodes
	}
	if l.Depth > 0 && c.Depth == 0 {
		c.Depth = l.Depth
	}
}

// Result counts a suite run.
type Result struct {
	Solved, Positions int
	// Answered counts the outcomes reported; 0 with an error means the
	// engine never started (a bad engine rather than a failure while
	// running).
	Answered int
}

// String is the closing line of `elolab epd`, "Solved: 5/6".
func (r Result) String() string { return fmt.Sprintf("Solved: %d/%d", r.Solved, r.Positions) }

// RunTo runs the suite like Run and writes each outcome's Line to w as it
// comes, in suite order; the result counts what was answered even when
// the run fails part way.
func RunTo(ctx context.Context, cfg Config, ps []Position, w io.Writer) (Result, error) {
	res := Result{Positions: len(ps)}
	var err error
	res.Solved, err = Run(ctx, cfg, ps, func(o Outcome) {
		res.Answered++
		fmt.Fprintln(w, o.Line())
	})
	return res, err
}
