package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/spf13/cobra"

	"github.com/elolab/elolab/match/cli"
	"github.com/elolab/elolab/match/suite"
)

func init() { subcommands = append(subcommands, newEPDCmd) }

const epdHelp = `Run an engine on an EPD test suite and count the positions solved: the
engine's move must be one of the position's bm moves (SAN, several
allowed) and none of its am moves.

  elolab epd builtin:wac.epd -engine cmd=stockfish option.Threads=1 -movetime 200

SUITE is an EPD file or an embedded suite (builtin:wac.epd: Win at Chess).

Flags: -engine cmd= name= args= dir= proto=uci|xboard option.NAME=VALUE
(the keys of elolab match), -movetime MS (default 200), -nodes N, -depth N,
-concurrency N (default 1), -use-affinity on|off|CPUS (default on: each
concurrent engine pinned to its own share of the CPUs). Prints one line per position, in suite order,
then "Solved: N/M". Exit codes: 0 done, 2 bad flags, suite or engine,
1 failures while running.`

func newEPDCmd() *cobra.Command {
	return &cobra.Command{
		Use:                "epd SUITE.epd -engine cmd=… [-movetime 200] [-concurrency N]",
		Short:              "Solve an EPD test suite (bm/am) with an engine: Solved: N/M",
		Long:               epdHelp,
		DisableFlagParsing: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			return runEPD(ctx, cmd.OutOrStdout(), args)
		},
	}
}

func runEPD(ctx context.Context, w io.Writer, args []string) error {
	a, err := cli.ParseEPDArgs(args)
	if err != nil {
		return usageErrorf("epd: %v", err)
	}
	if a.Help {
		fmt.Fprintln(w, epdHelp)
		return nil
	}
	spec, warns, err := cli.ParseEngine("-engine", a.Engine)
	if err != nil {
		return usageErrorf("epd: %v", err)
	}
	for _, s := range warns {
		fmt.Fprintln(w, s)
	}
	cfg := a.Config
	cfg.Limit(spec.Limits)
	if cfg.CPUs, err = cli.AffinityCPUs(a.Affinity); err != nil {
		return usageErrorf("epd: -use-affinity: %v", err)
	}
	ps, err := suite.Open(a.File)
	if err != nil {
		return usageErrorf("epd: %v", err)
	}
	cfg.Engine = engineConfig(spec, nil)
	res, err := suite.RunTo(ctx, cfg, ps, w)
	if err != nil && res.Answered == 0 && ctx.Err() == nil {
		return usageErrorf("epd: engine %q: %v", spec.Name, err)
	}
	fmt.Fprintln(w, res)
	if err != nil {
		return failuref("epd: %v", err)
	}
	return nil
}
