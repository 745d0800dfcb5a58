package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"syscall"

	"github.com/spf13/cobra"

	"github.com/elolab/elolab/match/cli"
	"github.com/elolab/elolab/match/suite"
	"github.com/elolab/elolab/match/tc"
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
	var file string
	var engTokens []string
	haveEngine := false
	cfg := suite.Config{Concurrency: 1}
	affinity := "on"
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch a {
		case "-h", "-help", "--help":
			fmt.Fprintln(w, epdHelp)
			return nil
		case "-engine", "--engine":
			if haveEngine {
				return usageErrorf("epd: -engine: give one engine")
			}
			haveEngine = true
			for i+1 < len(args) && (len(args[i+1]) == 0 || args[i+1][0] != '-') {
				i++
				engTokens = append(engTokens, args[i])
			}
			continue
		case "-use-affinity", "--use-affinity":
			if i+1 >= len(args) {
				return usageErrorf("epd: %s: missing value (on, off or a CPU list like 0-3,5)", a)
			}
			i++
			affinity = args[i]
			continue
		case "-movetime", "--movetime", "-nodes", "--nodes", "-depth", "--depth", "-concurrency", "--concurrency":
			if i+1 >= len(args) {
				return usageErrorf("epd: %s: missing value", a)
			}
			i++
			v := args[i]
			switch a {
			case "-movetime", "--movetime":
				d, err := tc.ParseMillis(v)
				if err != nil || d <= 0 {
					return usageErrorf("epd: %s: %q is not a positive number of milliseconds", a, v)
				}
				cfg.MoveTime = d
			case "-nodes", "--nodes":
				n, err := strconv.ParseInt(v, 10, 64)
				if err != nil || n <= 0 {
					return usageErrorf("epd: %s: %q is not a positive integer", a, v)
				}
				cfg.Nodes = n
			case "-depth", "--depth":
				n, err := strconv.Atoi(v)
				if err != nil || n <= 0 {
					return usageErrorf("epd: %s: %q is not a positive integer", a, v)
				}
				cfg.Depth = n
			default:
				n, err := strconv.Atoi(v)
				if err != nil || n <= 0 {
					return usageErrorf("epd: %s: %q is not a positive integer", a, v)
				}
				cfg.Concurrency = n
			}
			continue
		}
		if len(a) > 1 && a[0] == '-' {
			return usageErrorf("epd: unknown flag %s", a)
		}
		if file != "" {
			return usageErrorf("epd: one suite file, got %q and %q", file, a)
		}
		file = a
	}
	if file == "" {
		return usageErrorf("epd: give a suite file (EPD with bm/am operations)")
	}
	if !haveEngine {
		return usageErrorf("epd: give -engine cmd=…")
	}
	spec, warns, err := cli.ParseEngine("-engine", engTokens)
	if err != nil {
		return usageErrorf("epd: %v", err)
	}
	for _, s := range warns {
		fmt.Fprintln(w, s)
	}
	if !spec.Limits.IsZero() {
		if spec.Limits.MoveTime > 0 && cfg.MoveTime == 0 {
			cfg.MoveTime = spec.Limits.MoveTime
		}
		if spec.Limits.Nodes > 0 && cfg.Nodes == 0 {
			cfg.Nodes = spec.Limits.Nodes
		}
		if spec.Limits.Depth > 0 && cfg.Depth == 0 {
			cfg.Depth = spec.Limits.Depth
		}
	}
	if cfg.CPUs, err = cli.AffinityCPUs(affinity); err != nil {
		return usageErrorf("epd: -use-affinity: %v", err)
	}
	ps, err := suite.Open(file)
	if err != nil {
		return usageErrorf("epd: %v", err)
	}
	cfg.Engine = engineConfig(spec, nil)
	started := false
	solved, err := suite.Run(ctx, cfg, ps, func(o suite.Outcome) {
		started = true
		fmt.Fprintln(w, o.Line())
	})
	if err != nil && !started && ctx.Err() == nil {
		return usageErrorf("epd: engine %q: %v", spec.Name, err)
	}
	fmt.Fprintf(w, "Solved: %d/%d\n", solved, len(ps))
	if err != nil {
		return failuref("epd: %v", err)
	}
	return nil
}
