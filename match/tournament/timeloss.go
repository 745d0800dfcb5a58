package tournament

import (
	"fmt"
	"time"
)

// Time-loss warning parameters. Above TimeLossShare of an engine's games
// lost on time, the losses are more likely the runner's latency (pipes,
// a loaded machine) than the engine's time management, and a run of them
// skews the result: the user is told, with a time margin to allow.
const (
	TimeLossShare = 0.05
	// marginStep rounds the suggested margin up, strictly: a margin just
	// at the largest overrun seen would flag the next slightly later move.
	marginStep = 10 * time.Millisecond
)

// TimeLossWarnings returns one line per engine that lost more than
// TimeLossShare of its games on time, naming it, the count, and a
// timemargin= (fastchess's option, elolab's too) that would have covered
// its largest overrun. Callers print them to stderr at the end of a
// match.
func TimeLossWarnings(st *Standings) []string {
	var out []string
	for _, e := range st.Engines {
		if e.Games == 0 || float64(e.TimeLosses) <= TimeLossShare*float64(e.Games) {
			continue
		}
		margin := (e.MaxOverrun/marginStep + 1) * marginStep
		over := ""
		if e.MaxOverrun > 0 {
			over = fmt.Sprintf(", overruns up to %dms", e.MaxOverrun.Milliseconds())
		}
		out = append(out, fmt.Sprintf("Warning; %s lost %d of %d games on time (%.0f%%%s): if its moves are late by the runner's latency rather than its own, allow a margin with timemargin=%d",
			e.Name, e.TimeLosses, e.Games, 100*float64(e.TimeLosses)/float64(e.Games), over, margin.Milliseconds()))
	}
	return out
}
