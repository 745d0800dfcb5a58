package report

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/elolab/elolab/sprt"
	"github.com/elolab/elolab/sprt/rating"
)

// The outputs of `elolab rate`: a rating table of PGN games as text (a
// header, the Ordo table, the unrated players and Ordo's head to head),
// CSV or JSON (one row per player, FORMATS.md "Rating tables").

// rateSDMethod is the sd_method column: the short name of rating.SDMethod.
const rateSDMethod = "covariance"

// rateColumns are the CSV columns, in order; the JSON rows have them all
// and "rated".
var rateColumns = []string{"rank", "name", "rating", "error", "sd", "cfs", "games", "wins", "draws", "losses",
	"points", "score", "opp_avg", "scale", "sd_method", "note"}

// rateRows are the players as CSV/JSON rows; values that do not exist
// are JSON null and an empty CSV cell.
func rateRows(tab *rating.Table) []map[string]any {
	var rows []map[string]any
	for i, p := range tab.Players {
		rows = append(rows, map[string]any{
			"rank": i + 1, "name": p.Name, "rated": p.Rated, "rating": num(p.Rating), "error": num(p.Error),
			"sd": num(p.SD), "cfs": num(p.CFS), "games": p.Games, "wins": p.Wins, "draws": p.Draws,
			"losses": p.Losses, "points": p.Points, "score": num(p.Score()), "opp_avg": num(p.OppAvg),
			"scale": tab.Scale.String(), "sd_method": rateSDMethod, "note": p.Reason(),
		})
	}
	return rows
}

// WriteRatingJSON writes the rating table as a JSON array of rows.
func WriteRatingJSON(w io.Writer, tab *rating.Table) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	if err := enc.Encode(rateRows(tab)); err != nil {
		return fmt.Errorf("writing JSON: %w", err)
	}
	return nil
}

// WriteRatingCSV writes the rating table as CSV with a header row.
func WriteRatingCSV(w io.Writer, tab *rating.Table) error {
	cw := csv.NewWriter(w)
	_ = cw.Write(rateColumns)
	for _, row := range rateRows(tab) {
		rec := make([]string, len(rateColumns))
		for i, c := range rateColumns {
			switch v := row[c].(type) {
			case num:
				if sprt.Valid(float64(v)) {
					rec[i] = strconv.FormatFloat(float64(v), 'f', -1, 64)
				}
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
		return fmt.Errorf("writing CSV: %w", err)
	}
	return nil
}

// WriteRatingText writes the rating table as text, with Ordo's head to
// head statistics when h2h is set.
func WriteRatingText(w io.Writer, tab *rating.Table, h2h bool) error {
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
	// One space between the longest name and the colon (the report pads
	// four, as Ordo does).
	for _, l := range OrdoTable(tab, 1) {
		b.WriteString(l + "\n")
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
		rateHeadToHead(&b, tab)
	}
	if _, err := io.WriteString(w, b.String()); err != nil {
		return fmt.Errorf("writing output: %w", err)
	}
	return nil
}

// rateHeadToHead is the head-to-head section of `elolab rate` (one
// decimal, names padded to the longest; the report's WriteHeadToHead
// keeps the MadChess build-log layout).
func rateHeadToHead(b *strings.Builder, tab *rating.Table) {
	width := len("PLAYER")
	for _, p := range tab.Players {
		width = max(width, len([]rune(p.Name)))
	}
	b.WriteString("\nHead to head statistics:\n")
	for i, p := range tab.Players {
		// fmt pads %-*s to a width in runes: names may be UTF-8.
		fmt.Fprintf(b, "\n%2d) %-*s %7s : %6d (+%d,=%d,-%d), %5s %%\n\n", i+1, width, p.Name, sprt.Num("%.1f", p.Rating),
			p.Games, p.Wins, p.Draws, p.Losses, sprt.Num("%.1f", 100*p.Score()))
		fmt.Fprintf(b, "    %-*s :  games (   +,    =,    -),   (%%) :    Diff,    SD, CFS (%%)\n", width+2, "vs.")
		for _, h := range tab.HeadToHead(i) {
			fmt.Fprintf(b, "    %-*s : %6d (%4d, %4d, %4d), %5s : %7s, %5s, %6s\n", width+2, tab.Players[h.Opponent].Name,
				h.Games, h.Wins, h.Draws, h.Losses, sprt.Num("%.1f", 100*h.Points/float64(h.Games)),
				sprt.Num("%+.1f", h.Diff), sprt.Num("%.1f", h.SD), sprt.Num("%.1f", 100*h.CFS))
		}
	}
}
