package main

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/elolab/elolab/match/tc"
	"github.com/elolab/elolab/results/clock"
	"github.com/elolab/elolab/results/report"
	"github.com/elolab/elolab/results/store"
)

func init() { subcommands = append(subcommands, newClockCmd) }

const clockLong = `Profile how each engine spent its clock: the clock is rebuilt move by move
from the game's TimeControl tag and the time in each move's comment
("+0.31/12 0.52s", as elolab, cutechess-cli and fastchess write them; book
moves take no time). Two tables per engine: its moves by full move number
(mean time, depth, its own eval and clock), and by the clock left before
the move, with the score of the games that reached each row. The eval is
the mean of the scores the engine reported, from its side, in pawns, each
within ±5 (a mate counts as ±5): beside the opponent's, it shows where the
games turn and which engine saw it first.

Read PGN files (gzipped or not), or a run of a results store with --db (RUN
is a run id or name, default the newest run). Games without a result are
left out; damaged games, and games without both players, are skipped with a
warning naming file:line. Games without a clock (a time per move, nodes,
depth) count in the move table only.`

type clockFlags struct {
	db, format, edges string
}

func newClockCmd() *cobra.Command {
	var f clockFlags
	cmd := &cobra.Command{
		Use:     "clock FILE.pgn... | clock --db STORE [RUN]",
		Short:   "how each engine spent its clock: time, depth, eval and score by move number and by clock left",
		Long:    clockLong,
		Example: "  elolab clock games.pgn\n  elolab clock --db results.db 3 --edges 0.05,0.1,0.2,0.5,1 --format csv",
		RunE: func(cmd *cobra.Command, args []string) error {
			opt := clock.Options{TimeControl: readTC}
			var err error
			if opt.Edges, err = parseEdges(f.edges); err == nil && opt.Edges != nil {
				err = clock.CheckEdges(opt.Edges)
			}
			if err != nil {
				return usageErrorf("--edges: %v", err)
			}
			format, err := report.ParseFormat(f.format)
			if err != nil || format == report.Markdown {
				return usageErrorf("--format %q: want text, csv or json", f.format)
			}
			var p clock.Profile
			err = readGames(cmd, "clock", f.db, args, func(files []string) (skipped []string, err error) {
				p, skipped, err = clock.Files(files, opt)
				return skipped, err
			}, func(ctx context.Context, st *store.Store, runID int64, name string) (skipped []string, err error) {
				p, skipped, err = clock.Run(ctx, st, runID, name, opt)
				return skipped, err
			})
			if err != nil {
				return err
			}
			if p.Games == 0 {
				return usageErrorf("clock: no games with a result")
			}
			switch format {
			case report.CSV:
				err = p.WriteCSV(cmd.OutOrStdout())
			case report.JSON:
				err = p.WriteJSON(cmd.OutOrStdout())
			default:
				err = p.WriteText(cmd.OutOrStdout())
			}
			if err != nil {
				return failuref("%v", err)
			}
			return nil
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&f.db, "db", "", "read a run of this results store instead of PGN files")
	fl.StringVar(&f.format, "format", "text", "output format: text, csv or json")
	fl.StringVar(&f.edges, "edges", "", "the clock rows' upper edges in seconds, ascending (default 0.1,0.2,0.5,1,2,5,10,30,60,300)")
	return cmd
}

// readTC reads a TimeControl tag with the runner's parser; a tag that is
// no clock (inf, a time per move, "-", "?") gives none.
func readTC(tag string) (clock.TC, bool) {
	c, err := tc.Parse(tag)
	if err != nil || c.IsZero() {
		return clock.TC{}, false
	}
	return clock.TC{Moves: c.Moves, Base: c.Base, Inc: c.Inc}, true
}

// parseEdges reads "0.1,0.2,0.5" (seconds); "" gives nil, the defaults.
func parseEdges(s string) ([]time.Duration, error) {
	if strings.TrimSpace(s) == "" {
		return nil, nil
	}
	var out []time.Duration
	for _, f := range strings.Split(s, ",") {
		d, err := tc.ParseSeconds(strings.TrimSpace(f))
		if err != nil {
			return nil, err
		}
		if d <= 0 {
			return nil, fmt.Errorf("%q: want a positive time", f)
		}
		out = append(out, d)
	}
	return out, nil
}
