package runnerbench

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	"github.com/spf13/cobra"
)

// Command is elolab bench-runner; exitOf turns its errors into exit codes.
func Command(exitOf func(error) error) *cobra.Command {
	c := DefaultConfig()
	cmd := &cobra.Command{
		Use:   "bench-runner",
		Short: "benchmark elolab's match runner beside fastchess and cutechess-cli on the same games",
		Long: `Play the same games with elolab match and, when their paths are given,
fastchess and cutechess-cli: one engine (Stockfish by default) against
itself at a fixed node or depth limit, the first games/2 openings of the
book in sequential order, each with both colours. The runners alternate
(run 1: elolab, fastchess, cutechess-cli; each later run rotates the
order), each run a child process in its own directory, and the output
compares:

  games/s          games ÷ wall time
  runner CPU       the runner process's own CPU (and per ply played)
  engines CPU      the CPU of the processes the runner started and reaped
  limit %          engines CPU ÷ cores ÷ wall: how close the runner came
                   to what the machine can give the engines

as medians of the runs, with ratios to fastchess when it ran. Every run's
PGN is read back and the games compared across runners ("identical games:
yes"); runners that played different games make the comparison invalid:
said loudly, and the exit code is 1. Linux only (the runner's CPU is told
from its engines' through /proc/PID/stat before the runner is reaped).
cutechess-cli's command line is written from its documentation (help.txt).

Exit codes: 0 done, 1 a runner failed or the games differ, 2 bad flags.`,
		Example: `  make bench-runner FASTCHESS=/path/to/fastchess
  elolab bench-runner --fastchess ~/bin/fastchess --cutechess ~/bin/cutechess-cli
  elolab bench-runner --fastchess ~/bin/fastchess --limit depth=1 --games 200 --runs 5
  elolab bench-runner --engine ./myengine --option Hash=64 --keep /tmp/bench --json`,
		Args: cobra.NoArgs,
		RunE: func(cc *cobra.Command, _ []string) error {
			ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			return exitOf(Run(ctx, c, cc.OutOrStdout(), cc.ErrOrStderr()))
		},
	}
	f := cmd.Flags()
	f.StringVar(&c.Elolab, "elolab", "", "elolab binary to measure (default: this one)")
	f.StringVar(&c.Fastchess, "fastchess", "", "fastchess binary (skipped when not given)")
	f.StringVar(&c.Cutechess, "cutechess", "", "cutechess-cli binary (skipped when not given)")
	f.StringArrayVar(&c.FastchessArgs, "fastchess-arg", nil, "an argument added to fastchess's command line (repeatable), e.g. -use-affinity")
	f.StringArrayVar(&c.CutechessArgs, "cutechess-arg", nil, "an argument added to cutechess-cli's command line (repeatable)")
	f.StringVar(&c.Engine, "engine", "", "UCI engine playing both sides (default: stockfish in $PATH or /usr/games)")
	f.StringVar(&c.Limit, "limit", c.Limit, "search limit per move: nodes=N or depth=N")
	f.IntVar(&c.Games, "games", c.Games, "games per run (even: each opening with both colours)")
	f.IntVar(&c.Concurrency, "concurrency", c.Concurrency, "games at once")
	f.IntVar(&c.Runs, "runs", c.Runs, "runs of each runner (medians are printed)")
	f.StringVar(&c.Book, "book", c.Book, "opening book (a file, or builtin:NAME)")
	f.StringArrayVar(&c.Options, "option", c.Options, "engine option NAME=VALUE (repeatable; replaces the defaults)")
	f.StringVar(&c.Keep, "keep", "", "keep every run's directory (command log, PGN, book) in this new or empty directory")
	f.BoolVar(&c.JSON, "json", false, "print the report as JSON (progress lines on stderr)")
	return cmd
}
