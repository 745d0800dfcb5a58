package report

import (
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/elolab/elolab/results/store"
	"github.com/elolab/elolab/sprt"
	"github.com/elolab/elolab/sprt/rating"
)

// NA is printed for numbers that do not exist (fastchess prints nan/inf).
const NA = sprt.NA

// f formats x with a printf verb, or NA (the lab's one number formatter).
func f(verb string, x float64) string { return sprt.Num(verb, x) }

// ratio is a/b, NaN (printed as NA) when b is 0.
func ratio(a, b float64) float64 { return sprt.Quotient(a, b) }

// tw is an io.Writer that keeps its first error.
type tw struct {
	w   io.Writer
	err error
}

func (t *tw) printf(format string, args ...any) {
	if t.err == nil {
		_, t.err = fmt.Fprintf(t.w, format, args...)
	}
}

func (t *tw) line(s string) { t.printf("%s\n", s) }

// SPRTStatus evaluates an SPRT on a matchup the way the block prints it:
// on the counts of Matchup.Results, with the trinomial counts as the
// BayesElo drawelo source (as fishtest does).
func SPRTStatus(m *store.Matchup, t sprt.Test) sprt.Status {
	return t.Evaluate(m.Results(), m.Trinomial())
}

// verdictText is fastchess's and cutechess's wording.
func verdictText(v sprt.Verdict) string {
	switch v {
	case sprt.AcceptH1:
		return "H1 was accepted"
	case sprt.AcceptH0:
		return "H0 was accepted"
	}
	return ""
}

// WriteFastchessBlock writes fastchess's result block for a matchup (from
// A's point of view), between its dashed lines, then the "SPRT (…)
// completed" line when the SPRT has a verdict, then one line saying which
// DrawRatio it printed (not a fastchess line; parsers skip it).
// Pentanomial lines (PairsRatio, Ptnml) appear when the games came in
// pairs; the LLR line when t is not nil. The lines are sprt.Block's.
func WriteFastchessBlock(w io.Writer, m store.Matchup, h Header, t *sprt.Test) error {
	res := m.Results()
	b := sprt.Block{A: m.A, B: m.B, Detail: h.String(), Stats: sprt.Summarize(res),
		Wins: m.Total.Wins, Draws: m.Total.Draws, Losses: m.Total.Losses, WLPairs: m.WLPairs, DrawRatioNote: true}
	if res.IsPenta() {
		b.Ptnml = &m.Penta
	}
	if t != nil {
		st := SPRTStatus(&m, *t)
		b.SPRT, b.Verdict = &st, st.Verdict
	}
	o := &tw{w: w}
	for _, l := range b.Lines() {
		o.line(l)
	}
	return o.err
}

// WriteCutechess writes cutechess-cli's score lines for a matchup: the
// score, the split by A's colour and by White/Black, the Elo difference of
// the W/D/L counts and, with an SPRT, its line (the same LLR as the
// fastchess block).
func WriteCutechess(w io.Writer, m store.Matchup, t *sprt.Test) error {
	o := &tw{w: w}
	score := func(x store.WDL) string {
		return fmt.Sprintf("%d - %d - %d  [%s] %d", x.Wins, x.Losses, x.Draws, f("%.3f", ratio(x.Points(), float64(x.Games()))), x.Games())
	}
	o.printf("Score of %s vs %s: %s\n", m.A, m.B, score(m.Total))
	o.printf("...      %s playing White: %s\n", m.A, score(m.AWhite))
	o.printf("...      %s playing Black: %s\n", m.A, score(m.ABlack))
	o.printf("...      White vs Black: %s\n", score(m.WhiteVsBlack()))
	s := sprt.Summarize(m.Trinomial())
	o.printf("Elo difference: %s +/- %s, LOS: %s %%, DrawRatio: %s %%\n", f("%.1f", s.Elo), f("%.1f", s.EloError),
		f("%.1f", 100*s.LOS), f("%.1f", 100*s.DrawRatio))
	if note := sprt.UnboundedNote(m.A, s.Score); note != "" {
		o.line(note)
	}
	if t != nil {
		st := SPRTStatus(&m, *t)
		o.printf("SPRT: llr %.2f (%.1f%%), lbound %.2f, ubound %.2f", st.LLR, st.Percent(), st.Lower, st.Upper)
		if v := verdictText(st.Verdict); v != "" {
			o.printf(" - %s", v)
		}
		o.printf("\n")
	}
	return o.err
}

// pentaString is the Ptnml(0-2) list.
func pentaString(p [5]int64) string {
	return fmt.Sprintf("[%d, %d, %d, %d, %d]", p[0], p[1], p[2], p[3], p[4])
}

// WriteStandings writes fastchess's multi-engine table
// `Rank Name Elo +/- nElo +/- Games Score Draw Ptnml(0-2)`; Draw is the
// pentanomial draw ratio when the engine played complete pairs.
func WriteStandings(w io.Writer, rows []Standing) error {
	o := &tw{w: w}
	width := 25
	for _, r := range rows {
		width = max(width, len(r.Name))
	}
	o.printf("%-4s %-*s %10s %10s %10s %10s %10s %10s %10s %20s\n", "Rank", width, "Name", "Elo", "+/-", "nElo", "+/-",
		"Games", "Score", "Draw", "Ptnml(0-2)")
	pct := func(x float64) string { return sprt.NumOr("%9.1f%%", 100*x, fmt.Sprintf("%10s", NA)) }
	for _, r := range rows {
		s := r.Summary
		penta := ""
		if r.CompletePairs > 0 {
			penta = pentaString(r.Penta)
		}
		o.printf("%4d %-*s %10s %10s %10s %10s %10d %s %s %20s\n", r.Rank, width, r.Name,
			f("%.2f", s.Elo), f("%.2f", s.EloError), f("%.2f", s.NElo), f("%.2f", s.NEloError),
			r.WDL.Games(), pct(s.Score), pct(s.DrawRatio), penta)
	}
	for _, r := range rows {
		if note := sprt.UnboundedNote(r.Name, r.Summary.Score); note != "" {
			o.line(note)
		}
	}
	return o.err
}

// WriteHeadToHead writes Ordo's head-to-head section as the MadChess build
// logs show it: for each player its total, then its record against each
// opponent with the rating difference, its SD and the CFS.
func WriteHeadToHead(w io.Writer, t *rating.Table) error {
	o := &tw{w: w}
	width := 36
	for _, p := range t.Players {
		width = max(width, len(p.Name)+1)
	}
	o.line("Head to head statistics:")
	for i, p := range t.Players {
		o.printf("\n%-*s%4s :%7d (+%d,=%d,-%d), %5s %%\n\n", width-5, p.Name, f("%.0f", p.Rating), p.Games, p.Wins, p.Draws, p.Losses,
			f("%.1f", 100*p.Score()))
		o.printf("%-*s:  games (   +,   =,   -),   (%%) :   Diff,  SD, CFS (%%)\n", width, "vs.")
		for _, h := range t.HeadToHead(i) {
			opp := t.Players[h.Opponent]
			o.printf("%-*s:%7d (%4d,%4d,%4d), %5s :%7s,%4s,%7s\n", width, opp.Name, h.Games, h.Wins, h.Draws, h.Losses,
				f("%.1f", 100*ratio(h.Points, float64(h.Games))), f("%+.0f", h.Diff), f("%.0f", h.SD), f("%.1f", 100*h.CFS))
		}
	}
	return o.err
}

// cellText is "points/games" of a matrix cell, "-" on the diagonal, ""
// when the engines did not meet.
func cellText(m Matrix, i, j int) string {
	if i == j {
		return "-"
	}
	c := m.Cells[i][j]
	if c.Games == 0 {
		return ""
	}
	return fmt.Sprintf("%s/%d", trimFloat(c.Points), c.Games)
}

func trimFloat(x float64) string {
	if x == math.Trunc(x) {
		return fmt.Sprintf("%.0f", x)
	}
	return fmt.Sprintf("%.1f", x)
}

// WriteMatrix writes the head-to-head matrix: the row engine's points and
// games against the column engine.
func WriteMatrix(w io.Writer, m Matrix) error {
	o := &tw{w: w}
	nameW := 4
	for _, n := range m.Engines {
		nameW = max(nameW, len(n))
	}
	colW := make([]int, len(m.Engines))
	for j, n := range m.Engines {
		colW[j] = len(n)
		for i := range m.Engines {
			colW[j] = max(colW[j], len(cellText(m, i, j)))
		}
	}
	o.printf("%-*s", nameW, "")
	for j, n := range m.Engines {
		o.printf("  %*s", colW[j], n)
	}
	o.printf("\n")
	for i, n := range m.Engines {
		o.printf("%-*s", nameW, n)
		for j := range m.Engines {
			o.printf("  %*s", colW[j], cellText(m, i, j))
		}
		o.printf("\n")
	}
	return o.err
}

// ladderCells are the printed cells of the ladder rows (without the
// multi-line Feature column), in the given order, with Improvement
// computed from the rounded Elo so the printed table adds up.
type ladderCell struct {
	features                         []string
	category, date, rev, wac, elo, e string
	improvement                      string
}

func ladderCells(rows []LadderRow, newestFirst bool) []ladderCell {
	out := make([]ladderCell, len(rows))
	for i, r := range rows {
		c := ladderCell{features: r.Features, category: r.Category, rev: r.Rev}
		if len(c.features) == 0 {
			c.features = []string{r.Name}
		}
		if !r.Date.IsZero() {
			c.date = r.Date.Format("2006 Jan 02")
		}
		if r.WAC >= 0 {
			c.wac = fmt.Sprint(r.WAC)
		}
		c.elo = f("%.0f", r.Elo)
		if sprt.Valid(r.Elo) && sprt.Valid(r.Error) {
			c.elo += " +/- " + f("%.0f", r.Error)
		}
		if i > 0 && sprt.Valid(r.Elo) && sprt.Valid(rows[i-1].Elo) {
			c.improvement = fmt.Sprintf("%+.0f", math.Round(r.Elo)-math.Round(rows[i-1].Elo))
		}
		out[i] = c
	}
	if newestFirst {
		for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
			out[i], out[j] = out[j], out[i]
		}
	}
	return out
}

// LadderColumns are the MadChess ladder table's columns.
var LadderColumns = []string{"Feature", "Category", "Date", "Rev", "WAC", "Elo Rating", "Improvement"}

// WriteLadder writes the MadChess feature ladder `Feature | Category | Date
// | Rev | WAC | Elo Rating | Improvement`, rows given baseline first.
// A variant adding several features lists them on successive lines.
func WriteLadder(w io.Writer, rows []LadderRow, newestFirst bool) error {
	o := &tw{w: w}
	cells := ladderCells(rows, newestFirst)
	width := make([]int, len(LadderColumns))
	for i, c := range LadderColumns {
		width[i] = len(c)
	}
	for _, c := range cells {
		for _, ft := range c.features {
			width[0] = max(width[0], len(ft))
		}
		for i, v := range []string{c.category, c.date, c.rev, c.wac, c.elo, c.improvement} {
			width[i+1] = max(width[i+1], len(v))
		}
	}
	row := func(vals []string) {
		var parts []string
		for i, v := range vals {
			if i == len(vals)-1 {
				parts = append(parts, v)
			} else {
				parts = append(parts, fmt.Sprintf("%-*s", width[i], v))
			}
		}
		o.line(strings.TrimRight(strings.Join(parts, " | "), " |"))
	}
	row(LadderColumns)
	var rule []string
	for _, wd := range width {
		rule = append(rule, strings.Repeat("-", wd))
	}
	o.line(strings.Join(rule, "-+-"))
	for _, c := range cells {
		row([]string{c.features[0], c.category, c.date, c.rev, c.wac, c.elo, c.improvement})
		for _, ft := range c.features[1:] {
			row([]string{ft, "", "", "", "", "", ""})
		}
	}
	return o.err
}

// WriteText writes the whole report as text: the run line, the fastchess
// block and cutechess lines of each two-engine matchup (or, with more than
// two engines, the multi-engine table and the score lines), the Ordo
// rating table with the head-to-head section, the head-to-head matrix, the
// ladder, the per-worker table when remote workers played, and warnings
// about time losses, crashes and stalls. Games played after the SPRT
// verdict are counted nowhere; one line after the result blocks says how
// many there are.
func (r *Report) WriteText(w io.Writer) error {
	o := &tw{w: w}
	if r.Run != nil {
		o.printf("Run %d: %s (%s, %s), %d games\n\n", r.Run.ID, r.Run.Name, r.Run.Kind, r.Run.State, r.GameCount())
	} else if r.Title != "" {
		o.printf("%s: %d games\n\n", r.Title, r.GameCount())
	}
	if len(r.Matchups) == 0 {
		o.line("No games yet.")
		return o.err
	}
	two := len(r.Standings) <= 2
	if !two {
		if o.err == nil {
			o.err = WriteStandings(w, r.Standings)
		}
		o.printf("\n")
	}
	for _, m := range r.Matchups {
		if two && o.err == nil {
			o.err = WriteFastchessBlock(w, m, HeaderFor(r.engine(m.A), r.engine(m.B), r.Book), r.sprtFor(&m))
			o.printf("\n")
		}
		if o.err == nil {
			o.err = WriteCutechess(w, m, r.sprtFor(&m))
		}
		o.printf("\n")
	}
	if r.AfterVerdict > 0 {
		o.printf("%s\n\n", afterVerdictText(r.AfterVerdict))
	}
	if r.Ratings != nil {
		if o.err == nil {
			o.err = WriteOrdo(w, r.Ratings)
		}
		o.printf("\n")
		if o.err == nil {
			o.err = WriteHeadToHead(w, r.Ratings)
		}
		o.printf("\n")
	} else {
		o.printf("Warning; no rating table: %s\n\n", r.RatingsErr)
	}
	if len(r.Matrix.Engines) > 2 {
		o.line("Head-to-head matrix (points/games of the row engine against the column engine):")
		if o.err == nil {
			o.err = WriteMatrix(w, r.Matrix)
		}
		o.printf("\n")
	}
	if len(r.Ladder) > 0 {
		if o.err == nil {
			o.err = WriteLadder(w, r.Ladder, r.opt.LadderNewestFirst)
		}
		o.printf("\n")
	}
	if store.HasNamedWorker(r.Workers) {
		o.line("Workers:")
		if o.err == nil {
			o.err = WriteWorkers(w, r.Workers)
		}
		o.printf("\n")
	}
	for _, s := range r.Standings {
		if i := s.Incidents; i.Any() {
			o.printf("Warning; %s: %d time losses, %d crashes, %d stalls\n", s.Name, i.TimeLosses, i.Crashes, i.Stalls)
		}
	}
	return o.err
}
