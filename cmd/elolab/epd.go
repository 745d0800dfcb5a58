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

// epdArgs is a parsed `elolab epd` command line.
type epdArgs struct {
	file     string
	engine   []string // the -engine key=value tokens; nil when not given
	cfg      suite.Config
	affinity string
	help     bool
}

// parseEPDArgs reads the single-dash flags of `elolab epd`.
func parseEPDArgs(args []string) (epdArgs, error) {
	a := epdArgs{cfg: suite.Config{Concurrency: 1}, affinity: "on"}
	for i := 0; i < len(args); i++ {
		arg := args[i]
		switch arg {
		case "-h", "-help", "--help":
			a.help = true
			return a, nil
		case "-engine", "--engine":
			if a.engine != nil {
				return a, usageErrorf("epd: -engine: give one engine")
			}
			a.engine = []string{}
			for i+1 < len(args) && (len(args[i+1]) == 0 || args[i+1][0] != '-') {
				i++
				a.engine = append(a.engine, args[i])
			}
			continue
		case "-use-affinity", "--use-affinity":
			if i+1 >= len(args) {
				return a, usageErrorf("epd: %s: missing value (on, off or a CPU list like 0-3,5)", arg)
			}
			i++
			a.affinity = args[i]
			continue
		case "-movetime", "--movetime", "-nodes", "--nodes", "-depth", "--depth", "-concurrency", "--concurrency":
			if i+1 >= len(args) {
				return a, usageErrorf("epd: %s: missing value", arg)
			}
			i++
			if err := setEPDLimit(&a.cfg, arg, args[i]); err != nil {
				return a, err
			}
			continue
		}
		if len(arg) > 1 && arg[0] == '-' {
			return a, usageErrorf("epd: unknown flag %s", arg)
		}
		if a.file != "" {
			return a, usageErrorf("epd: one suite file, got %q and %q", a.file, arg)
		}
		a.file = arg
	}
	if a.file == "" {
		return a, usageErrorf("epd: give a suite file (EPD with bm/am operations)")
	}
	if a.engine == nil {
		return a, usageErrorf("epd: give -engine cmd=…")
	}
	return a, nil
}

// setEPDLimit sets -movetime, -nodes, -depth or -concurrency to v.
func setEPDLimit(cfg *suite.Config, flag, v string) error {
	if flag == "-movetime" || flag == "--movetime" {
		d, err := tc.ParseMillis(v)
		if err != nil || d <= 0 {
			return usageErrorf("epd: %s: %q is not a positive number of milliseconds", flag, v)
		}
		cfg.MoveTime = d
		return nil
	}
	if flag == "-nodes" || flag == "--nodes" {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n <= 0 {
			return usageErrorf("epd: %s: %q is not a positive integer", flag, v)
		}
		cfg.Nodes = n
		return nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n <= 0 {
		return usageErrorf("epd: %s: %q is not a positive integer", flag, v)
	}
	if flag == "-depth" || flag == "--depth" {
		cfg.Depth = n
	} else {
		cfg.Concurrency = n
	}
	return nil
}

func runEPD(ctx context.Context, w io.Writer, args []string) error {
	a, err := parseEPDArgs(args)
	if err != nil {
		return err
	}
	if a.help {
		fmt.Fprintln(w, epdHelp)
		return nil
	}
	spec, warns, err := cli.ParseEngine("-engine", a.engine)
	if err != nil {
		return usageErrorf("epd: %v", err)
	}
	for _, s := range warns {
		fmt.Fprintln(w, s)
	}
	cfg := a.cfg
	cfg.Limit(spec.Limits)
	if cfg.CPUs, err = cli.AffinityCPUs(a.affinity); err != nil {
		return usageErrorf("epd: -use-affinity: %v", err)
	}
	ps, err := suite.Open(a.file)
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
