package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/elolab/elolab/results/report"
	"github.com/elolab/elolab/sprt/rating"
)

func init() { subcommands = append(subcommands, newRateCmd) }

const rateLong = `Rate every player of one or more PGN files, Ordo-style: maximum-likelihood
logistic ratings from the Result tags (or the movetext's result), relative to
the pool average (--average) or to an anchor (--anchor NAME=ELO).

Scale (--scale): elo (default, 400·log10) or ordo (Ordo's default, 202 points
= 76 %). SD method: covariance of the likelihood (deterministic, no
simulation); ERROR is 1.96 SD (95 %). CFS is the confidence that a player is
stronger than the next one (table) or than an opponent (head to head).
Players with a 100 % or 0 % score have no finite rating and are listed as
n/a. Games without a result (*) and damaged games (a '}' outside a comment)
are skipped with a warning naming file:line; binary data stops with an error.
Gzipped PGN files are read as they are.`

type rateFlags struct {
	format, anchor, scale string
	average, whiteAdv     float64
	fitWhite, noH2H       bool
}

func newRateCmd() *cobra.Command {
	var f rateFlags
	cmd := &cobra.Command{
		Use:     "rate FILE.pgn... [--format text|csv|json] [--anchor NAME=ELO] [--scale elo|ordo]",
		Short:   "Ordo-style rating table (rating, error, CFS, head to head) from PGN files",
		Long:    rateLong,
		Example: "  elolab rate games.pgn\n  elolab rate a.pgn b.pgn --scale ordo --anchor Stockfish=3500 --format json",
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usageErrorf("rate: give at least one PGN file")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			return runRate(cmd.OutOrStdout(), cmd.ErrOrStderr(), args, f)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&f.format, "format", "text", "output format: text, csv or json")
	fl.StringVar(&f.anchor, "anchor", "", "fix one player's rating: NAME=ELO")
	fl.StringVar(&f.scale, "scale", "elo", "rating scale: elo (400·log10) or ordo (202 points = 76 %)")
	fl.Float64Var(&f.average, "average", 2300, "pool average when there is no anchor")
	fl.Float64Var(&f.whiteAdv, "white-adv", 0, "fixed white advantage in rating points")
	fl.BoolVar(&f.fitWhite, "fit-white", false, "estimate the white advantage from the games")
	fl.BoolVar(&f.noH2H, "no-h2h", false, "text: leave out the head-to-head section")
	return cmd
}

// rateOptions checks the flags of `elolab rate` and turns them into
// rating options.
func rateOptions(f rateFlags) (opt rating.Options, err error) {
	opt = rating.Options{Average: f.average, WhiteAdvantage: f.whiteAdv, FitWhite: f.fitWhite}
	if opt.Scale, err = rating.ParseScale(f.scale); err != nil {
		return opt, usageErrorf("--scale: %v", err)
	}
	if err := report.CheckRatingFormat(f.format); err != nil {
		return opt, usageErrorf("--format: %v", err)
	}
	if f.anchor != "" {
		if opt.Anchor, opt.AnchorRating, err = rating.ParseAnchor(f.anchor); err != nil {
			return opt, usageErrorf("--anchor: %v", err)
		}
	}
	if f.fitWhite && f.whiteAdv != 0 {
		return opt, usageErrorf("--white-adv and --fit-white exclude each other")
	}
	return opt, nil
}

func runRate(w, errw io.Writer, files []string, f rateFlags) error {
	opt, err := rateOptions(f)
	if err != nil {
		return err
	}
	in, err := report.ReadRatedGames(files)
	if err != nil {
		return usageErrorf("%v", err)
	}
	if warn := in.Warning(); warn != "" {
		fmt.Fprintln(errw, warn)
	}
	if len(in.Games) == 0 {
		return usageErrorf("%s: no games with a result", strings.Join(files, ", "))
	}
	tab, err := rating.Rate(in.Games, opt)
	if err != nil {
		if strings.Contains(err.Error(), "anchor") {
			return usageErrorf("--anchor: %v", strings.TrimPrefix(err.Error(), "rating: "))
		}
		return failuref("%v", strings.TrimPrefix(err.Error(), "rating: "))
	}
	if err := report.WriteRating(w, tab, f.format, !f.noH2H); err != nil {
		return failuref("%v", err)
	}
	return nil
}
