package runs

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/elolab/elolab/configs/experiment"
	"github.com/elolab/elolab/match/suite"
	"github.com/elolab/elolab/results/store"
)

// measureLadder measures a ladder's steps on the suite when the run is
// created (Spec.BeforeCreate).
func measureLadder(msg io.Writer, x *experiment.Experiment, p Plan, o Options) func(context.Context, []store.Engine) error {
	steps := map[*experiment.Engine]*experiment.Step{}
	for _, s := range x.Ladder {
		steps[s.Engine] = s
	}
	return func(ctx context.Context, es []store.Engine) error {
		for i, e := range p.Engines {
			s := steps[e]
			if s == nil {
				continue
			}
			es[i].Ladder = &store.LadderStep{Features: []string{s.Feature}, Category: s.Category, WAC: -1}
			if x.WAC == nil {
				continue
			}
			n, err := measureSuite(ctx, msg, x, e, o.Quiet, o.CPUs)
			if err != nil {
				if ctx.Err() != nil {
					return fmt.Errorf("interrupted while measuring %s", x.WAC.File)
				}
				return fmt.Errorf("%s on %s: %v", e.Name, x.WAC.File, err)
			}
			es[i].Ladder.WAC = n
		}
		return nil
	}
}

// measureSuite runs a ladder step on the experiment's test suite and
// returns the number solved.
func measureSuite(ctx context.Context, stdout io.Writer, x *experiment.Experiment, e *experiment.Engine, quiet bool, cpus []int) (int, error) {
	ps, err := suite.Open(x.WAC.File)
	if err != nil {
		return 0, err
	}
	l := x.WAC.Limits
	cfg := suite.Config{Engine: EngineConfig(e), MoveTime: l.MoveTime, Nodes: l.Nodes, Depth: l.Depth,
		Concurrency: x.Concurrency, CPUs: cpus}
	start := time.Now()
	n, err := suite.Run(ctx, cfg, ps, nil)
	if err != nil {
		return 0, err
	}
	if !quiet {
		fmt.Fprintf(stdout, "%s: %s %d/%d solved (%s)\n", e.Name, x.WAC.File, n, len(ps), time.Since(start).Round(time.Second))
	}
	return n, nil
}
