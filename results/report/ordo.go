package report

import (
	"fmt"
	"io"
	"strconv"
	"unicode/utf8"

	"github.com/elolab/elolab/sprt"
	"github.com/elolab/elolab/sprt/rating"
)

// OrdoTable is Ordo's rating table, the one both the report and `elolab
// rate` print: the header "# PLAYER : RATING ERROR CFS(%) PLAYED W D L (%)
// OppAvg" and one row per player (FORMATS.md, "Rating tables").
// The name column is as wide as the longest name (in characters) plus gap
// spaces before the colon. ERROR is "----" for the anchor (fixed, as Ordo
// prints it) and CFS "---" for the last player (nobody below); a rating,
// error, score or average that does not exist (an unrated player) is n/a.
func OrdoTable(t *rating.Table, gap int) []string {
	width := len("PLAYER")
	for _, p := range t.Players {
		width = max(width, utf8.RuneCountInString(p.Name))
	}
	width += gap
	lines := []string{fmt.Sprintf("   # %-*s:  RATING  ERROR  CFS(%%)  PLAYED     W     D     L   (%%)  OppAvg", width, "PLAYER")}
	for i := range t.Players {
		c := ordoCells(t, i)
		lines = append(lines, fmt.Sprintf("%4s %-*s: %7s %6s %7s %7s %5s %5s %5s %5s %7s", c[0], width, c[1], c[2], c[3], c[4], c[5], c[6], c[7], c[8], c[9], c[10]))
	}
	return lines
}

// ordoCells are the cells of player i's row of the Ordo table (text and
// Markdown): #, PLAYER, RATING, ERROR, CFS(%), PLAYED, W, D, L, (%), OppAvg.
func ordoCells(t *rating.Table, i int) []string {
	p := t.Players[i]
	errS := sprt.Num("%.1f", p.Error)
	if p.Rated && p.Name == t.Anchor {
		errS = "----"
	}
	return []string{strconv.Itoa(i + 1), p.Name, sprt.Num("%.1f", p.Rating), errS, sprt.NumOr("%.0f", 100*p.CFS, "---"),
		strconv.Itoa(p.Games), strconv.Itoa(p.Wins), strconv.Itoa(p.Draws), strconv.Itoa(p.Losses),
		sprt.Num("%.0f", 100*p.Score()), sprt.Num("%.1f", p.OppAvg)}
}

// WriteOrdo writes the Ordo rating table (OrdoTable, names padded as
// Ordo pads them), then the white advantage, the draw rate and the scale it
// uses.
func WriteOrdo(w io.Writer, t *rating.Table) error {
	o := &tw{w: w}
	for _, l := range OrdoTable(t, 4) {
		o.line(l)
	}
	o.printf("\n")
	if t.FitWhite {
		o.printf("White advantage = %.2f +/- %.2f\n", t.WhiteAdvantage, t.WhiteSD)
	} else {
		o.printf("White advantage = %.2f (fixed)\n", t.WhiteAdvantage)
	}
	o.printf("Draw rate (all games) = %.2f %%\n", 100*t.DrawRate)
	ref := fmt.Sprintf("pool average %.1f", t.Average)
	if t.Anchor != "" {
		ref = fmt.Sprintf("%s anchored", t.Anchor)
	}
	o.printf("Scale: %s; %s; ERROR at %.0f %% confidence; CFS to the next player\n", t.Scale.Describe(), ref, 100*t.Confidence)
	for _, p := range t.Players {
		if !p.Rated {
			o.printf("Not rated: %s (%s)\n", p.Name, p.Reason())
		}
	}
	return o.err
}
