package main

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/elolab/elolab/configs/experiment"
	"github.com/elolab/elolab/match/suite"
)

// measureSuite runs a ladder step on the experiment's test suite and
// returns the number solved.
func measureSuite(ctx context.Context, stdout io.Writer, x *experiment.Experiment, e *experiment.Engine, quiet bool, cpus []int) (int, error) {
	ps, err := suite.Open(x.WAC.File)
	if err != nil {
		return 0, err
	}
	l := x.WAC.Limits
	cfg := suite.Config{Engine: engineConfigOf(e), MoveTime: l.MoveTime, Nodes: l.Nodes, Depth: l.Depth,
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
