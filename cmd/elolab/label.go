package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/elolab/elolab/match/cli"
	"github.com/elolab/elolab/tuner/label"
)

func init() { subcommands = append(subcommands, newLabelCmd) }

const labelHelp = `Label the positions of a Texel data file with an engine's score: each
position is searched (a fixed number of nodes, a depth or a time per
position) and written to OUT with the engine's score as its EPD ce
operation, from the side to move's view; its other operations (c9, id)
stay. elolab texel then fits the evaluation to results and scores
together (score_weight):

  elolab label data.epd -o data-sf.epd -engine cmd=/usr/games/stockfish option.Threads=1 option.Hash=16 -nodes 5000 -concurrency 2

Positions the engine scores as a mate or beyond ±MAX centipawns
(-max-score, default 2000) become comment lines naming the position: the
game is decided there. OUT gets one line per data line of the input, in
its order, so an interrupted run (Ctrl-C, an engine that fails) resumes
when run again with the same files.

Flags: -o OUT (required), -engine cmd= name= args= dir= proto=uci|xboard
option.NAME=VALUE (the keys of elolab match), one of -nodes N, -depth N,
-movetime MS (required: the search per position), -concurrency N
(default 1), -use-affinity on|off|CPUS (default on), -max-score CP.
Exit codes: 0 done, 2 bad flags, input or engine, 1 failures while
running (the lines written are kept).`

func newLabelCmd() *cobra.Command {
	return &cobra.Command{
		Use:                "label IN.epd -o OUT.epd -engine cmd=… -nodes N [-concurrency N]",
		Short:              "Label Texel data with an engine's search scores (EPD ce), resumable",
		Long:               labelHelp,
		DisableFlagParsing: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			return runLabel(ctx, cmd.OutOrStdout(), cmd.ErrOrStderr(), args)
		},
	}
}

func runLabel(ctx context.Context, w, progress io.Writer, args []string) error {
	a, err := cli.ParseLabelArgs(args)
	if err != nil {
		return usageErrorf("label: %v", err)
	}
	if a.Help {
		fmt.Fprintln(w, labelHelp)
		return nil
	}
	spec, warns, err := cli.ParseEngine("-engine", a.Engine)
	if err != nil {
		return usageErrorf("label: %v", err)
	}
	for _, s := range warns {
		fmt.Fprintln(w, s)
	}
	cfg := label.Config{Search: a.Config, MaxScore: a.MaxScore, Progress: progress, ProgressEvery: 30 * time.Second}
	cfg.Search.Limit(spec.Limits)
	if cfg.Search.Nodes <= 0 && cfg.Search.Depth <= 0 && cfg.Search.MoveTime <= 0 {
		return usageErrorf("label: give -nodes N, -depth N or -movetime MS: the search per position")
	}
	if cfg.Search.CPUs, err = cli.AffinityCPUs(a.Affinity); err != nil {
		return usageErrorf("label: -use-affinity: %v", err)
	}
	cfg.Search.Engine = engineConfig(spec, nil)
	if cfg.MaxScore == 0 {
		cfg.MaxScore = label.DefaultMaxScore
	}
	start := time.Now()
	c, err := label.Run(ctx, cfg, a.File, a.Out)
	n := c.Labelled + c.Decided
	if err != nil && n == 0 && ctx.Err() == nil && !errors.Is(err, context.Canceled) {
		// Nothing searched: bad input, an output of other positions, or
		// an engine that does not start.
		return usageErrorf("label: %v", err)
	}
	secs := time.Since(start).Seconds()
	fmt.Fprintf(w, "labelled %d positions of %s to %s (left out: %d mates or beyond ±%d; %d already there) in %.1f s: %.0f positions/s\n",
		c.Labelled, a.File, a.Out, c.Decided, cfg.MaxScore, c.Resumed, secs, float64(n)/max(secs, 1e-9))
	if err != nil {
		return failuref("label: %v (%d of %d positions in %s; run again to go on)", err, c.Resumed+n, c.Positions, a.Out)
	}
	return nil
}
