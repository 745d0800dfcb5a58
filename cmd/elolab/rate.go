package main

import (
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/elolab/elolab/results/pgn"
	"github.com/elolab/elolab/sprt"
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

func runRate(w, errw io.Writer, files []string, f rateFlags) error {
	opt := rating.Options{Average: f.average, WhiteAdvantage: f.whiteAdv, FitWhite: f.fitWhite}
	switch strings.ToLower(f.scale) {
	case "elo":
		opt.Scale = rating.Elo
	case "ordo":
		opt.Scale = rating.Ordo
	default:
		return usageErrorf("--scale: %q is not elo or ordo", f.scale)
	}
	switch f.format {
	case "text", "csv", "json":
	default:
		return usageErrorf("--format: %q is not text, csv or json", f.format)
	}
	if f.anchor != "" {
		i := strings.LastIndexByte(f.anchor, '=')
		if i <= 0 {
			return usageErrorf("--anchor: want NAME=ELO, got %q", f.anchor)
		}
		v, err := strconv.ParseFloat(strings.TrimSpace(f.anchor[i+1:]), 64)
		if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
			return usageErrorf("--anchor: %q is not a rating", f.anchor[i+1:])
		}
		opt.Anchor, opt.AnchorRating = strings.TrimSpace(f.anchor[:i]), v
	}
	if f.fitWhite && f.whiteAdv != 0 {
		return usageErrorf("--white-adv and --fit-white exclude each other")
	}

	var games []rating.Game
	var skipped []string
	for _, name := range files {
		fh, err := os.Open(name)
		if err != nil {
			return usageErrorf("%v", err)
		}
		rd := pgn.NewReader(fh)
		for {
			g, err := rd.Read()
			if errors.Is(err, io.EOF) {
				break
			}
			var bad *pgn.SyntaxError
			if errors.As(err, &bad) {
				// A damaged game is skipped like a game without a result.
				skipped = append(skipped, fmt.Sprintf("%s:%d (%s)", name, bad.Line, bad.Msg))
				continue
			}
			if err != nil {
				fh.Close()
				return usageErrorf("%s:%d: %v", name, rd.Line(), err)
			}
			white, _ := g.Tag("White")
			black, _ := g.Tag("Black")
			white, black = strings.TrimSpace(white), strings.TrimSpace(black)
			var s float64
			switch g.Result() {
			case "1-0":
				s = 1
			case "1/2-1/2":
				s = 0.5
			case "0-1":
				s = 0
			default:
				skipped = append(skipped, fmt.Sprintf("%s:%d (no result)", name, g.Line))
				continue
			}
			if white == "" || black == "" || white == black {
				skipped = append(skipped, fmt.Sprintf("%s:%d (White/Black tags missing or equal)", name, g.Line))
				continue
			}
			games = append(games, rating.Game{White: white, Black: black, WhiteScore: s})
		}
		fh.Close()
	}
	if len(skipped) > 0 {
		show := skipped
		if len(show) > 5 {
			show = show[:5]
		}
		more := ""
		if len(skipped) > len(show) {
			more = fmt.Sprintf(", and %d more", len(skipped)-len(show))
		}
		fmt.Fprintf(errw, "Warning; skipped %d games: %s%s\n", len(skipped), strings.Join(show, ", "), more)
	}
	if len(games) == 0 {
		return usageErrorf("%s: no games with a result", strings.Join(files, ", "))
	}
	tab, err := rating.Rate(games, opt)
	if err != nil {
		if strings.Contains(err.Error(), "anchor") {
			return usageErrorf("--anchor: %v", strings.TrimPrefix(err.Error(), "rating: "))
		}
		return failuref("%v", strings.TrimPrefix(err.Error(), "rating: "))
	}
	switch f.format {
	case "json":
		return writeRateJSON(w, tab)
	case "csv":
		return writeRateCSV(w, tab)
	}
	return writeRateText(w, tab, !f.noH2H)
}

const sdMethodShort = "covariance"

func rateRows(tab *rating.Table) []map[string]any {
	var rows []map[string]any
	for i, p := range tab.Players {
		rows = append(rows, map[string]any{
			"rank": i + 1, "name": p.Name, "rated": p.Rated, "rating": jnum(p.Rating), "error": jnum(p.Error),
			"sd": jnum(p.SD), "cfs": jnum(p.CFS), "games": p.Games, "wins": p.Wins, "draws": p.Draws,
			"losses": p.Losses, "points": p.Points, "score": jnum(p.Score()), "opp_avg": jnum(p.OppAvg),
			"scale": tab.Scale.String(), "sd_method": sdMethodShort, "note": p.Reason(),
		})
	}
	return rows
}

func writeRateJSON(w io.Writer, tab *rating.Table) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	if err := enc.Encode(rateRows(tab)); err != nil {
		return failuref("writing JSON: %v", err)
	}
	return nil
}

func writeRateCSV(w io.Writer, tab *rating.Table) error {
	cw := csv.NewWriter(w)
	cols := []string{"rank", "name", "rating", "error", "sd", "cfs", "games", "wins", "draws", "losses", "points", "score", "opp_avg", "scale", "sd_method", "note"}
	_ = cw.Write(cols)
	for _, row := range rateRows(tab) {
		rec := make([]string, len(cols))
		for i, c := range cols {
			switch v := row[c].(type) {
			case nil:
				rec[i] = ""
			case float64:
				rec[i] = strconv.FormatFloat(v, 'f', -1, 64)
			default:
				rec[i] = fmt.Sprint(v)
			}
		}
		_ = cw.Write(rec)
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return failuref("writing CSV: %v", err)
	}
	return nil
}

func writeRateText(w io.Writer, tab *rating.Table, h2h bool) error {
	var b strings.Builder
	ref := fmt.Sprintf("pool average %.1f", tab.Average)
	if tab.Anchor != "" {
		for _, p := range tab.Players {
			if p.Name == tab.Anchor {
				ref = fmt.Sprintf("anchor %s = %.1f", p.Name, p.Rating)
			}
		}
	}
	fmt.Fprintf(&b, "Ratings on the %s, %s\n", tab.Scale.Describe(), ref)
	fmt.Fprintf(&b, "SD method: %s; ERROR = %.2f SD (%.0f %%)\n", rating.SDMethod, rating.ErrorZ(tab.Confidence), 100*tab.Confidence)
	if tab.FitWhite {
		fmt.Fprintf(&b, "White advantage = %.2f +/- %.2f (fitted)\n", tab.WhiteAdvantage, tab.WhiteSD)
	} else {
		fmt.Fprintf(&b, "White advantage = %.2f\n", tab.WhiteAdvantage)
	}
	fmt.Fprintf(&b, "Draw rate (all games) = %.2f %%\n\n", 100*tab.DrawRate)

	width := len("PLAYER")
	for _, p := range tab.Players {
		width = max(width, len([]rune(p.Name)))
	}
	fmt.Fprintf(&b, "   # %-*s :  RATING  ERROR  CFS(%%)  PLAYED     W     D     L   (%%)  OppAvg\n", width, "PLAYER")
	for i, p := range tab.Players {
		errs := sprt.NumOr("%.1f", p.Error, "----")
		if p.Rated && p.SD == 0 {
			errs = "----" // the anchor
		}
		fmt.Fprintf(&b, "%4d %s : %7s %6s %7s %7d %5d %5d %5d %5s %7s\n", i+1, pad(p.Name, width),
			sprt.Num("%.1f", p.Rating), errs, sprt.NumOr("%.0f", 100*p.CFS, "---"), p.Games, p.Wins, p.Draws, p.Losses,
			sprt.Num("%.0f", 100*p.Score()), sprt.Num("%.1f", p.OppAvg))
	}
	var notes []string
	for _, p := range tab.Players {
		if !p.Rated {
			notes = append(notes, fmt.Sprintf("  %s: %s", p.Name, p.Reason()))
		}
	}
	if len(notes) > 0 {
		fmt.Fprintf(&b, "\nNot rated (n/a):\n%s\n", strings.Join(notes, "\n"))
	}
	if h2h {
		b.WriteString("\nHead to head statistics:\n")
		for i, p := range tab.Players {
			fmt.Fprintf(&b, "\n%2d) %s %7s : %6d (+%d,=%d,-%d), %5s %%\n\n", i+1, pad(p.Name, width), sprt.Num("%.1f", p.Rating),
				p.Games, p.Wins, p.Draws, p.Losses, sprt.Num("%.1f", 100*p.Score()))
			fmt.Fprintf(&b, "    %s :  games (   +,    =,    -),   (%%) :    Diff,    SD, CFS (%%)\n", pad("vs.", width+2))
			for _, h := range tab.HeadToHead(i) {
				diff := sprt.Num("%+.1f", h.Diff)
				fmt.Fprintf(&b, "    %s : %6d (%4d, %4d, %4d), %5s : %7s, %5s, %6s\n", pad(tab.Players[h.Opponent].Name, width+2),
					h.Games, h.Wins, h.Draws, h.Losses, sprt.Num("%.1f", 100*h.Points/float64(h.Games)),
					diff, sprt.Num("%.1f", h.SD), sprt.Num("%.1f", 100*h.CFS))
			}
		}
	}
	if _, err := io.WriteString(w, b.String()); err != nil {
		return failuref("writing output: %v", err)
	}
	return nil
}

// pad left-aligns s to width runes (names may be UTF-8).
func pad(s string, width int) string {
	if n := len([]rune(s)); n < width {
		return s + strings.Repeat(" ", width-n)
	}
	return s
}
