package main

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/elolab/elolab/cmd/elolab/internal/positionsrun"
	"github.com/elolab/elolab/results/store"
	"github.com/elolab/elolab/tuner/gamepos"
	"github.com/elolab/elolab/tuner/texel"
)

func init() { subcommands = append(subcommands, newPositionsCmd) }

const positionsLong = `Write Texel data from played games: every move an engine searched becomes
the position it searched, resolved to the quiet leaf of labrat's quiescence
search as datagen resolves its positions, and labelled with the game's
result and the score the engine reported for the move (EPD c9 and ce, from
the leaf's side to move; the id names the game, so elolab texel's hold-out
split keeps a game together):

  r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - 0 9 c9 "0-1"; ce 27; id "run_3:118";

elolab texel with score_weight fits labrat's evaluation to the blend of
results and these scores: positions labelled by a stronger engine's search.
The positions of one engine's moves all have that engine to move; against
a weaker opponent it is mostly ahead there, and a fit on them alone learns
that bias (README, 2026-12-06).

Positions are left out where the side to move is in check, where the move
played is a capture or a promotion (the score is then the tactic's), where
the score is a mate or beyond --max-score, before --min-move, and in games
without a result. Read PGN files (gzipped or not), or a run of a results
store with --db (RUN is a run id or name, default the newest run). Damaged
games, games without both players and games that do not replay are skipped
with a warning naming file:line. The output file is replaced whole, only
once every game is read.`

type positionsFlags struct {
	db, output string
	engines    []string
	maxScore   int
	minMove    int
}

func newPositionsCmd() *cobra.Command {
	var f positionsFlags
	cmd := &cobra.Command{
		Use:     "positions FILE.pgn... -o OUT.epd | positions --db STORE [RUN] -o OUT.epd",
		Short:   "Texel data from played games: positions labelled with the result and an engine's score",
		Long:    positionsLong,
		Example: "  elolab positions --db lab.db --engine ethereal -o ethereal.epd\n  elolab positions games.pgn.gz --min-move 9 -o all.epd",
		RunE: func(cmd *cobra.Command, args []string) error {
			if f.output == "" {
				return usageErrorf("positions: give the output file with -o")
			}
			if f.maxScore < 1 || f.maxScore > texel.MaxScoreLabel {
				return usageErrorf("--max-score %d: want 1 to %d centipawns", f.maxScore, texel.MaxScoreLabel)
			}
			if f.minMove < 0 {
				return usageErrorf("--min-move %d: want a move number", f.minMove)
			}
			var buf bytes.Buffer
			x := gamepos.New(&buf, gamepos.Options{Engines: f.engines, MaxScore: f.maxScore, MinMove: f.minMove})
			err := readGames(cmd, "positions", f.db, args, func(files []string) ([]string, error) {
				return positionsrun.Files(x, files)
			}, func(ctx context.Context, st *store.Store, runID int64, name string) ([]string, error) {
				return positionsrun.Run(ctx, x, st, runID, name)
			})
			if err != nil {
				return err
			}
			for _, e := range f.engines {
				if !slices.Contains(x.Players(), e) {
					return usageErrorf("--engine %q: no such player in the games (players: %s); %s not written", e, strings.Join(x.Players(), ", "), f.output)
				}
			}
			if err := x.Flush(); err != nil {
				return failuref("%v", err)
			}
			c := x.Counts()
			if c.Positions == 0 {
				return usageErrorf("positions: no position to write (%s); %s not written", describe(c), f.output)
			}
			if err := texel.WriteFile(f.output, buf.Bytes()); err != nil {
				return failuref("%v", err)
			}
			fmt.Fprintf(cmd.OutOrStdout(), "wrote %d positions of %d games to %s (%s)\n", c.Positions, c.Games, f.output, describe(c))
			return nil
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&f.db, "db", "", "read a run of this results store instead of PGN files")
	fl.StringVarP(&f.output, "output", "o", "", "the data file to write (replaced whole)")
	fl.StringArrayVar(&f.engines, "engine", nil, "take the moves of this player only (repeatable; default every player)")
	fl.IntVar(&f.maxScore, "max-score", gamepos.DefaultMaxScore, "leave out positions scored beyond this many centipawns either way")
	fl.IntVar(&f.minMove, "min-move", 0, "leave out positions before this full move number")
	return cmd
}

// describe lists what was left out.
func describe(c gamepos.Counts) string {
	s := fmt.Sprintf("left out: %d in check, %d captures or promotions, %d decided, %d before --min-move", c.InCheck, c.Noisy, c.Decided, c.Early)
	if c.Undecided > 0 {
		s += fmt.Sprintf("; %d games without a result", c.Undecided)
	}
	return s
}
