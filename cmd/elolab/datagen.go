package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"

	"github.com/elolab/elolab/cmd/elolab/internal/datagenrun"
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

func newDatagenCmd() *cobra.Command {
	var f datagenrun.Flags
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
	fl.StringVarP(&f.Output, "output", "o", "", "EPD file the positions are appended to (required)")
	fl.IntVar(&f.Positions, "positions", 0, "play until the file holds this many positions")
	fl.IntVar(&f.Games, "games", 0, "play games 0..N-1 of the seed")
	fl.Uint64Var(&f.Nodes, "nodes", 5000, "nodes per move")
	fl.IntVar(&f.Concurrency, "concurrency", 0, "games played at once (default: the number of CPUs)")
	fl.Uint64Var(&f.Seed, "seed", 1, "seed of the opening order, random plies and sampling")
	fl.StringVar(&f.Book, "book", datagen.DefaultBook, "opening book (EPD or PGN, .gz/.zip, or builtin:NAME)")
	fl.StringVar(&f.Params, "params", "", "labrat parameter file (YAML) of the players")
	fl.IntVar(&f.RandomPlies, "random-plies", 0, "random legal plies after the book moves")
	fl.Float64Var(&f.Sample, "sample", 1, "share of the eligible positions kept, in (0, 1]")
	fl.IntVar(&f.Hash, "hash", 8, "transposition table per game, MB")
	fl.BoolVar(&f.Quiet, "quiet", false, "no progress bar and no opening line")
	return cmd
}

func runDatagen(ctx context.Context, stdout, stderr io.Writer, f datagenrun.Flags) error {
	if err := f.Check(); err != nil {
		return usageErrorf("datagen: %v", err)
	}
	cfg, err := f.Config()
	if err != nil {
		return usageErrorf("datagen: %v", err)
	}
	var bar *progressbar.ProgressBar
	if !f.Quiet && isTerminal(stderr) {
		bar = f.ShowBar(stderr, &cfg)
	}
	if !f.Quiet {
		fmt.Fprint(stdout, cfg.Banner())
	}
	sum, err := datagen.Run(ctx, f.Output, cfg)
	if bar != nil {
		bar.Clear()
	}
	if sum.Repaired > 0 {
		fmt.Fprintf(stdout, "datagen: %s: removed an unfinished last line (%d bytes) left by an earlier run\n", f.Output, sum.Repaired)
	}
	if err != nil {
		var in *datagen.InputError
		if errors.As(err, &in) {
			return usageErrorf("datagen: %v", err)
		}
		return failuref("datagen: %v", err)
	}
	fmt.Fprint(stdout, sum.Report(f.Output))
	if sum.Interrupted {
		return failuref("datagen: interrupted; the finished games are in %s, run the same command again to continue", f.Output)
	}
	return nil
}
