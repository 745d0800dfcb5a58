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

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"

	"github.com/elolab/elolab/engine/params"
	"github.com/elolab/elolab/tuner/datagen"
)

func init() { subcommands = append(subcommands, newDatagenCmd) }

const datagenHelp = `Generate labelled positions for Texel tuning: labrat plays itself inside
this process at a fixed number of nodes per move (--concurrency games at
once), from book openings plus --random-plies random moves. Quiet positions
(side to move not in check, best move not a capture or promotion, resolved
to the leaf of a quiescence search) are labelled with the game's result and
appended to the EPD file, one line each:

  <EPD fields> c9 "1-0"; id "s<seed>g<game>";

Adjudication: a side scoring below -1000 cp for 8 plies in a row loses;
from ply 80, scores within ±10 cp for 16 plies are a draw; 400 plies are a
draw; mate, stalemate, repetition, fifty moves and insufficient material as
in chess.

The same seed and node count give the same file at any concurrency. Games
are written whole, in game order: Ctrl-C loses only the games in play, and
running the same command again skips the games already in the file and
appends the rest (--games N: games 0..N-1 of the seed;
--positions N: until the file holds N positions).

Exit codes: 0 done, 2 bad flags or input (book, parameter file), 1 failures
while running or an interrupted run.`

type datagenFlags struct {
	output      string
	positions   int
	games       int
	nodes       uint64
	concurrency int
	seed        uint64
	book        string
	params      string
	randomPlies int
	sample      float64
	hash        int
	quiet       bool
}

func newDatagenCmd() *cobra.Command {
	var f datagenFlags
	cmd := &cobra.Command{
		Use:   "datagen -o FILE (--positions N | --games N) [--nodes N] [--concurrency N] [--seed S] [--book FILE] [--params FILE]",
		Short: "Generate labelled quiet positions by self-play (EPD with c9 results) for Texel tuning",
		Long:  datagenHelp,
		Args:  cobra.NoArgs,
		Example: `  elolab datagen -o .scratch/texel.epd --positions 1000000 --nodes 5000
  elolab datagen -o .scratch/texel.epd --games 200 --params configs/labrat/micromax-material.yaml`,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			return runDatagen(ctx, cmd.OutOrStdout(), cmd.ErrOrStderr(), f)
		},
	}
	fl := cmd.Flags()
	fl.StringVarP(&f.output, "output", "o", "", "EPD file the positions are appended to (required)")
	fl.IntVar(&f.positions, "positions", 0, "play until the file holds this many positions")
	fl.IntVar(&f.games, "games", 0, "play games 0..N-1 of the seed")
	fl.Uint64Var(&f.nodes, "nodes", 5000, "nodes per move")
	fl.IntVar(&f.concurrency, "concurrency", 0, "games played at once (default: the number of CPUs)")
	fl.Uint64Var(&f.seed, "seed", 1, "seed of the opening order, random plies and sampling")
	fl.StringVar(&f.book, "book", datagen.DefaultBook, "opening book (EPD or PGN, .gz/.zip, or builtin:NAME)")
	fl.StringVar(&f.params, "params", "", "labrat parameter file (YAML) of the players")
	fl.IntVar(&f.randomPlies, "random-plies", 0, "random legal plies after the book moves")
	fl.Float64Var(&f.sample, "sample", 1, "share of the eligible positions kept, in (0, 1]")
	fl.IntVar(&f.hash, "hash", 8, "transposition table per game, MB")
	fl.BoolVar(&f.quiet, "quiet", false, "no progress bar and no opening line")
	return cmd
}

func runDatagen(ctx context.Context, stdout, stderr io.Writer, f datagenFlags) error {
	if err := checkDatagenFlags(f); err != nil {
		return err
	}
	p := params.NewValues()
	if f.params != "" {
		var err error
		if p, err = params.LoadYAMLFile(f.params); err != nil {
			return usageErrorf("datagen: --params: %v", err)
		}
	}
	cfg := datagen.Config{Games: f.games, Positions: f.positions, Nodes: f.nodes, Concurrency: f.concurrency,
		Seed: f.seed, Book: f.book, RandomPlies: f.randomPlies, Params: p, HashMB: f.hash, Sample: f.sample}
	var bar *progressbar.ProgressBar
	if !f.quiet && isTerminal(stderr) {
		total, what := f.positions, "positions"
		if f.games > 0 {
			total, what = f.games, "games"
		}
		bar = progressbar.NewOptions(total, progressbar.OptionSetWriter(stderr), progressbar.OptionSetWidth(20),
			progressbar.OptionShowCount(), progressbar.OptionSetElapsedTime(true), progressbar.OptionSetPredictTime(true),
			progressbar.OptionThrottle(200*time.Millisecond), progressbar.OptionSetDescription(what))
		cfg.Progress = func(pr datagen.Progress) {
			if f.games > 0 {
				bar.Set(pr.Games)
			} else {
				bar.Set(min(pr.Existing+pr.Positions, total))
			}
		}
	}
	if !f.quiet {
		fmt.Fprint(stdout, cfg.Banner())
	}
	sum, err := datagen.Run(ctx, f.output, cfg)
	if bar != nil {
		bar.Clear()
	}
	if sum.Repaired > 0 {
		fmt.Fprintf(stdout, "datagen: %s: removed an unfinished last line (%d bytes) left by an earlier run\n", f.output, sum.Repaired)
	}
	if err != nil {
		var in *datagen.InputError
		if errors.As(err, &in) {
			return usageErrorf("datagen: %v", err)
		}
		return failuref("datagen: %v", err)
	}
	fmt.Fprint(stdout, sum.Report(f.output))
	if sum.Interrupted {
		return failuref("datagen: interrupted; the finished games are in %s, run the same command again to continue", f.output)
	}
	return nil
}

// checkDatagenFlags checks the flags before anything is read or played.
func checkDatagenFlags(f datagenFlags) error {
	switch {
	case f.output == "":
		return usageErrorf("datagen: -o FILE is required")
	case f.positions < 0 || f.games < 0:
		return usageErrorf("datagen: --positions and --games must not be negative")
	case (f.positions == 0) == (f.games == 0):
		return usageErrorf("datagen: give --positions N or --games N (one of the two)")
	case f.nodes == 0:
		return usageErrorf("datagen: --nodes must be at least 1")
	case f.concurrency < 0:
		return usageErrorf("datagen: --concurrency must not be negative")
	case f.randomPlies < 0:
		return usageErrorf("datagen: --random-plies must not be negative")
	case !(f.sample > 0 && f.sample <= 1):
		return usageErrorf("datagen: --sample %v must be in (0, 1]", f.sample)
	case f.hash < 1:
		return usageErrorf("datagen: --hash must be at least 1")
	}
	return nil
}
