// Package console owns what the match runner prints while it plays:
// fastchess's "Started game …" / "Finished game …" lines, its result
// block (printed every rating interval and at the end), the multi-engine
// table of gauntlets and round robins, the per-engine incident summary
// (time losses, crashes/disconnects, stalls, illegal moves, restarts), the
// closing lines, and an optional progress bar
// (github.com/schollz/progressbar/v3) with games done, score, Elo ± and
// LLR.
//
// Lines follow /work/shared/docs/FORMATS.md exactly; values that do not
// exist print as n/a (fastchess prints nan/inf). DrawRatio is fastchess's
// pentanomial one: the share of pairs scoring 1 (of drawn games when the
// match has no pairs). Elo is logistic (400·log10).
package console

import (
	"fmt"
	"io"
	"math"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"

	"github.com/elolab/elolab/match/game"
	"github.com/elolab/elolab/match/tournament"
	"github.com/elolab/elolab/sprt"
)

// Header describes the match for the "Results of A vs B (…)" line.
type Header struct {
	TC      string // "10+0.1", "1000 nodes", "10+0.1 - 5+0.05"
	Threads string // "1" or "1 - 2"
	Hash    string // "16" or "16 - 64"
	Book    string // book name; empty: no book
}

func (h Header) paren() string {
	parts := []string{h.TC}
	if h.Threads != "" {
		parts = append(parts, h.Threads+"t")
	}
	if h.Hash != "" {
		parts = append(parts, h.Hash+"MB")
	}
	if h.Book != "" {
		parts = append(parts, h.Book)
	}
	return strings.Join(parts, ", ")
}

// Options configure a Console.
type Options struct {
	Out io.Writer // lines (stdout)
	// Progress, if not nil, shows a progress bar there (stderr on a
	// terminal).
	Progress io.Writer
	// Quiet suppresses the Started/Finished lines.
	Quiet bool
	// RatingInterval prints the result block every this many counted pair
	// slots (0: only at the end).
	RatingInterval int
	Header         Header
	SPRT           *sprt.Test
}

// Console prints a running match. Its methods match tournament.Config's
// callbacks and are safe for concurrent use.
type Console struct {
	o   Options
	mu  sync.Mutex
	bar *progressbar.ProgressBar
}

// New returns a console; total is the number of scheduled games.
func New(o Options, total int) *Console {
	c := &Console{o: o}
	if o.Progress != nil {
		c.bar = progressbar.NewOptions(total,
			progressbar.OptionSetWriter(o.Progress),
			progressbar.OptionSetWidth(20),
			progressbar.OptionShowCount(),
			progressbar.OptionSetElapsedTime(true),
			progressbar.OptionSetPredictTime(true),
			progressbar.OptionThrottle(100*time.Millisecond),
			progressbar.OptionSetDescription("games"),
			progressbar.OptionSetRenderBlankState(true),
		)
	}
	return c
}

// println prints lines, clearing the progress bar first.
func (c *Console) println(lines ...string) {
	if c.bar != nil {
		c.bar.Clear()
	}
	for _, l := range lines {
		fmt.Fprintln(c.o.Out, l)
	}
}

// Started prints "Started game N of T (W vs B)".
func (c *Console) Started(j tournament.Job, white, black string, total int) {
	if c.o.Quiet {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.println(fmt.Sprintf("Started game %d of %d (%s vs %s)", j.Number, total, white, black))
	c.render(nil)
}

// Finished prints "Finished game N (W vs B): 1-0 {White mates}" and
// updates the progress bar.
func (c *Console) Finished(r *game.Record, st *tournament.Standings) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.o.Quiet {
		c.println(FinishedLine(r))
	}
	c.render(st)
}

// FinishedLine is fastchess's line for a finished game.
func FinishedLine(r *game.Record) string {
	return fmt.Sprintf("Finished game %d (%s vs %s): %s {%s}", r.Number, r.White, r.Black, r.Result, r.Reason)
}

// PairsCounted prints the result block every RatingInterval pair slots.
func (c *Console) PairsCounted(k int, st *tournament.Standings) {
	if c.o.RatingInterval <= 0 || st.PairsCounted%c.o.RatingInterval != 0 || st.Counted >= st.Total {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.println(Block(st, c.o.Header, c.o.SPRT)...)
	c.render(st)
}

func (c *Console) render(st *tournament.Standings) {
	if c.bar == nil {
		return
	}
	if st != nil {
		c.bar.Describe(ProgressText(st))
		c.bar.Set(st.Delivered + st.Resumed)
	} else {
		c.bar.RenderBlank()
	}
}

// Final prints the last result block, the SPRT verdict, the incident
// summary and the closing lines.
func (c *Console) Final(sum *tournament.Summary) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.clearBar()
	st := sum.Standings
	lines := block(st, c.o.Header, c.o.SPRT, st.Verdict)
	lines = append(lines, Incidents(st)...)
	c.println(lines...)
}

// Done removes the progress bar (for callers that print their own final
// report instead of Final).
func (c *Console) Done() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.clearBar()
}

func (c *Console) clearBar() {
	if c.bar != nil {
		c.bar.Clear()
		c.bar.Exit()
		fmt.Fprint(c.o.Progress, "\r\033[K")
		c.bar = nil
	}
}

// Closing prints "Finished match" and the total time.
func (c *Console) Closing(elapsed time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.println("Finished match", "Total Time: "+HMS(elapsed)+" (hours:minutes:seconds)")
}

// Interrupted is Closing for a match stopped before its end (Ctrl-C):
// "Match interrupted" and the total time.
func (c *Console) Interrupted(elapsed time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.println("Match interrupted", "Total Time: "+HMS(elapsed)+" (hours:minutes:seconds)")
}

// HMS formats a duration as hh:mm:ss.
func HMS(d time.Duration) string {
	s := int64(d.Round(time.Second) / time.Second)
	return fmt.Sprintf("%02d:%02d:%02d", s/3600, s/60%60, s%60)
}

// f2 prints two decimals, n/a for values that do not exist.
func f2(x float64) string { return sprt.Num("%.2f", x) }

// Block is fastchess's result block: a head-to-head block for two
// engines, the multi-engine table otherwise.
func Block(st *tournament.Standings, h Header, test *sprt.Test) []string {
	return block(st, h, test, sprt.Continue)
}

// block is Block with the verdict that ended the run (Final): its "SPRT
// (…) completed" line follows the head-to-head block's closing rule.
func block(st *tournament.Standings, h Header, test *sprt.Test, v sprt.Verdict) []string {
	if len(st.Engines) == 2 && len(st.Encounters) == 1 {
		return headToHead(st, h, test, v)
	}
	return table(st, h)
}

// headToHead adapts the first encounter's tally to sprt.Block.
func headToHead(st *tournament.Standings, h Header, test *sprt.Test, v sprt.Verdict) []string {
	enc := st.Encounters[0]
	t := &enc.Tally
	b := sprt.Block{A: st.Engines[enc.A].Name, B: st.Engines[enc.B].Name, Detail: h.paren(),
		Stats: sprt.Summarize(t.Results()), Wins: int64(enc.Wins), Draws: int64(enc.Draws), Losses: int64(enc.Losses),
		WLPairs: t.WLPairs(), Verdict: v}
	if pen := t.Pentanomial(); pen.Pairs() > 0 {
		c := [5]int64(pen.Counts())
		b.Ptnml = &c
	}
	if test != nil {
		ss := test.TallyStatus(t)
		b.SPRT = &ss
	}
	return b.Lines()
}

// table is the multi-engine block: one row per engine against the field.
func table(st *tournament.Standings, h Header) []string {
	type row struct {
		e *tournament.EngineStats
		s sprt.Summary
	}
	rows := make([]row, len(st.Engines))
	for i, e := range st.Engines {
		rows[i] = row{e, sprt.Summarize(e.Tally.Results())}
	}
	sort.SliceStable(rows, func(i, j int) bool {
		a, b := rows[i].s.RankElo(), rows[j].s.RankElo()
		if math.IsNaN(a) {
			return false
		}
		return math.IsNaN(b) || a > b
	})
	width := 4
	for _, r := range rows {
		width = max(width, len(r.e.Name))
	}
	lines := []string{sprt.Rule, fmt.Sprintf("Results (%s):", h.paren()),
		fmt.Sprintf("%-4s %-*s %8s %7s %8s %7s %7s %7s %7s  %s", "Rank", width, "Name", "Elo", "+/-", "nElo", "+/-", "Games", "Score", "Draw", "Ptnml(0-2)")}
	for i, r := range rows {
		e := r.e
		score := sprt.Quotient(100*(float64(e.Wins)+float64(e.Draws)/2), float64(e.Games))
		draw := sprt.Quotient(100*float64(e.Draws), float64(e.Games))
		c := e.Tally.Pentanomial().Counts()
		lines = append(lines, fmt.Sprintf("%4d %-*s %8s %7s %8s %7s %7d %6s%% %6s%%  [%d, %d, %d, %d, %d]",
			i+1, width, e.Name, f2(r.s.Elo), f2(r.s.EloError), f2(r.s.NElo), f2(r.s.NEloError), e.Games, f2(score), f2(draw),
			c[0], c[1], c[2], c[3], c[4]))
	}
	lines = append(lines, sprt.Rule)
	for _, r := range rows {
		if note := sprt.UnboundedNote(r.e.Name, r.s.Score); note != "" {
			lines = append(lines, note)
		}
	}
	return lines
}

// Incidents is the per-engine summary of time losses, crashes and
// disconnects, stalls, illegal moves and restarts.
func Incidents(st *tournament.Standings) []string {
	width := 6
	for _, e := range st.Engines {
		width = max(width, len(e.Name))
	}
	lines := []string{fmt.Sprintf("%-*s %7s %10s %12s %7s %8s %9s", width, "Engine", "Games", "TimeLoss", "Disconnect", "Stall", "Illegal", "Restarts")}
	for _, e := range st.Engines {
		lines = append(lines, fmt.Sprintf("%-*s %7d %10d %12d %7d %8d %9d", width, e.Name, e.Games, e.TimeLosses, e.Disconnects, e.Stalls, e.Illegal, e.Restarts))
	}
	return lines
}

// ProgressText is the progress bar's description: score, Elo ± and LLR of
// the first encounter (the tested engine), games counted.
func ProgressText(st *tournament.Standings) string {
	if len(st.Encounters) == 0 {
		return ""
	}
	if len(st.Engines) > 2 {
		return fmt.Sprintf("%d games", st.Counted)
	}
	enc := st.Encounters[0]
	s := sprt.Summarize(enc.Tally.Results())
	txt := fmt.Sprintf("%s: %d-%d-%d, %s%%, Elo %s ± %s", st.Engines[enc.A].Name, enc.Wins, enc.Losses, enc.Draws,
		f2(100*s.Score), f2(s.Elo), f2(s.EloError))
	if st.SPRT != nil {
		txt += fmt.Sprintf(", LLR %.2f", st.SPRT.LLR)
	}
	return txt
}
