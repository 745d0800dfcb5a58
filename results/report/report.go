// Package report renders a run's results the way engine authors read
// them: the fastchess result block and cutechess score lines, fastchess's
// multi-engine row table, Ordo/MadChess rating tables with CFS and the
// head-to-head section, a head-to-head matrix, the MadChess feature ladder
// — as text, CSV, Markdown and JSON — and plots (LLR trajectory with its
// bounds, Elo with error bars) as PNG or SVG.
//
// Everything is computed from the results store (Load) or from games in
// memory (Build), so a report of a resumed run equals the report of a run
// that never stopped. Numbers that do not exist (the Elo of zero games, a
// ratio with a zero denominator) print as "n/a", are empty CSV fields and
// JSON nulls; never NaN or Inf.
//
// Statistics: the two-engine lines use package sprt (fishtest's formulas):
// pentanomial counts of complete pairs when the games came in pairs,
// trinomial otherwise; the LLR is the one the SPRT uses, so the cutechess
// SPRT line agrees with the fastchess block. The rating tables use
// sprt/rating (maximum likelihood, standard logistic Elo scale unless
// Options.Scale says otherwise; each table says its scale).
package report

import (
	"context"
	"fmt"
	"math"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/elolab/elolab/results/store"
	"github.com/elolab/elolab/sprt"
	"github.com/elolab/elolab/sprt/rating"
)

// Options tune a report.
type Options struct {
	// Rating table options (scale, anchor, white advantage); the zero
	// value is the standard Elo scale with pool average 0.
	Rating rating.Options
	// LadderNewestFirst lists the ladder with the newest variant on top,
	// as MadChess's build logs do; otherwise baseline first.
	LadderNewestFirst bool
}

// Input is what Build needs: the run's engines (registration order; the
// first is the tested engine of an SPRT), its games in (pair, game) order,
// and optionally the SPRT and a ladder.
type Input struct {
	Title   string
	Run     *store.Run // optional: adds the run line to the text output
	Engines []store.Engine
	Book    string
	Games   []store.Game
	SPRT    *sprt.Test
	// Ladder rows; when nil they are derived from engines that carry a
	// store.LadderStep, with Elo ± error from the rating table.
	Ladder []LadderRow
}

// Standing is one engine's row of the multi-engine table: all its games
// against every opponent.
type Standing struct {
	Rank          int
	Name          string
	WDL           store.WDL
	Penta         [5]int64 // pair scores 0..2 from this engine's view
	WLPairs       int64
	CompletePairs int64
	Incidents     store.Incidents
	Summary       sprt.Summary // Elo etc. against the field
}

// MatrixCell is the row engine's record against the column engine.
type MatrixCell struct {
	Games  int64
	Points float64
}

// Matrix is the head-to-head matrix, engines in registration order.
type Matrix struct {
	Engines []string
	Cells   [][]MatrixCell // [row][column]
}

// LadderRow is one variant of a feature ladder (MadChess's build log).
type LadderRow struct {
	Name     string // engine name (not printed in the MadChess table)
	Features []string
	Category string
	Date     time.Time
	Rev      string
	WAC      int     // positions solved, -1 when not measured
	Elo      float64 // NaN when not rated
	Error    float64 // 95 % error of Elo, NaN when unknown
}

// Report is a rendered-to-be report.
type Report struct {
	Title     string
	Run       *store.Run
	Engines   []store.Engine
	Book      string
	Matchups  []store.Matchup
	Standings []Standing
	// Ratings is nil when the games do not determine ratings; RatingsErr
	// then says why.
	Ratings    *rating.Table
	RatingsErr string
	Matrix     Matrix
	SPRT       *sprt.Test
	Trajectory []store.LLRPoint
	Ladder     []LadderRow
	// AfterVerdict is the number of games played after the SPRT verdict:
	// stored, and left out of every count above.
	AfterVerdict int64
	// Workers is the per-worker table (every stored game); printed only
	// when a named worker played (store.HasNamedWorker).
	Workers []store.WorkerStats
	opt     Options
}

// Build computes a report from games in memory.
func Build(in Input, opt Options) (*Report, error) {
	names := engineNames(in.Engines)
	agg := store.NewAggregator(names)
	for _, g := range in.Games {
		if err := agg.Add(g); err != nil {
			return nil, fmt.Errorf("report: %w", err)
		}
	}
	var traj []store.LLRPoint
	if in.SPRT != nil && len(names) >= 2 {
		traj = store.Trajectory(in.Games, names[0], names[1], *in.SPRT)
	}
	return assemble(in, agg.Matchups(), traj, opt), nil
}

// counted are the games that count: all but those after the verdict.
func counted(games []store.Game) []store.Game {
	out := games[:0:0]
	for _, g := range games {
		if !g.AfterVerdict {
			out = append(out, g)
		}
	}
	return out
}

// Load builds the report of a run from the store: matchups and the LLR
// trajectory from the store's aggregates, ratings from all its games.
func Load(ctx context.Context, st *store.Store, runID int64, opt Options) (*Report, error) {
	run, err := st.GetRun(ctx, runID)
	if err != nil {
		return nil, err
	}
	in := Input{Title: run.Name, Run: run, Engines: run.Engines, Book: run.Book}
	if run.SPRT != nil {
		t, err := run.SPRT.Test()
		if err != nil {
			return nil, fmt.Errorf("report: run %d: %w", runID, err)
		}
		in.SPRT = &t
	}
	ms, err := st.Matchups(ctx, runID)
	if err != nil {
		return nil, err
	}
	var traj []store.LLRPoint
	if in.SPRT != nil && len(run.Engines) >= 2 {
		if traj, err = st.LLRTrajectory(ctx, runID, *in.SPRT); err != nil {
			return nil, err
		}
	}
	if in.Games, err = st.Games(ctx, runID, false); err != nil {
		return nil, err
	}
	return assemble(in, ms, traj, opt), nil
}

func engineNames(es []store.Engine) []string {
	out := make([]string, len(es))
	for i, e := range es {
		out[i] = e.Name
	}
	return out
}

func assemble(in Input, ms []store.Matchup, traj []store.LLRPoint, opt Options) *Report {
	r := &Report{Title: in.Title, Run: in.Run, Engines: in.Engines, Book: in.Book, Matchups: ms,
		SPRT: in.SPRT, Trajectory: traj, opt: opt}
	names := engineNames(in.Engines)
	r.Standings = Standings(names, ms)
	r.Matrix = NewMatrix(names, ms)
	r.Workers = store.CountWorkers(in.Games)
	valid := counted(in.Games)
	r.AfterVerdict = int64(len(in.Games) - len(valid))
	if len(valid) > 0 {
		games := make([]rating.Game, len(valid))
		for i, g := range valid {
			games[i] = rating.Game{White: g.White, Black: g.Black, WhiteScore: g.WhiteScore()}
		}
		t, err := rating.Rate(games, opt.Rating)
		if err != nil {
			r.RatingsErr = err.Error()
		} else {
			r.Ratings = t
		}
	} else {
		r.RatingsErr = "no games"
	}
	r.Ladder = in.Ladder
	if r.Ladder == nil {
		for _, e := range in.Engines {
			if l := e.Ladder; l != nil {
				row := LadderRow{Name: e.Name, Features: l.Features, Category: l.Category, Date: l.Date, Rev: l.Rev,
					WAC: l.WAC, Elo: math.NaN(), Error: math.NaN()}
				if p := r.player(e.Name); p != nil && p.Rated {
					row.Elo, row.Error = p.Rating, p.Error
				}
				r.Ladder = append(r.Ladder, row)
			}
		}
	}
	return r
}

func (r *Report) player(name string) *rating.Player {
	if r.Ratings == nil {
		return nil
	}
	for i := range r.Ratings.Players {
		if r.Ratings.Players[i].Name == name {
			return &r.Ratings.Players[i]
		}
	}
	return nil
}

// Standings sums every engine's games against all opponents and ranks the
// engines by Elo against the field (fastchess's multi-engine table).
// Engines without games are listed last.
func Standings(engines []string, ms []store.Matchup) []Standing {
	idx := map[string]int{}
	out := make([]Standing, 0, len(engines))
	add := func(name string) *Standing {
		if i, ok := idx[name]; ok {
			return &out[i]
		}
		idx[name] = len(out)
		out = append(out, Standing{Name: name})
		return &out[len(out)-1]
	}
	for _, e := range engines {
		add(e)
	}
	for _, m := range ms {
		for _, v := range []store.Matchup{m, m.Flip()} {
			s := add(v.A)
			s.WDL.Wins += v.Total.Wins
			s.WDL.Draws += v.Total.Draws
			s.WDL.Losses += v.Total.Losses
			for i := range s.Penta {
				s.Penta[i] += v.Penta[i]
			}
			s.WLPairs += v.WLPairs
			s.CompletePairs += v.CompletePairs
			s.Incidents.TimeLosses += v.AIncidents.TimeLosses
			s.Incidents.Crashes += v.AIncidents.Crashes
			s.Incidents.Stalls += v.AIncidents.Stalls
		}
	}
	for i := range out {
		s := &out[i]
		m := store.Matchup{Total: s.WDL, Penta: s.Penta, CompletePairs: s.CompletePairs}
		s.Summary = sprt.Summarize(m.Results())
	}
	sort.SliceStable(out, func(i, j int) bool {
		// 100 % scores first, 0 % after the rated, no games last.
		a, b := out[i].Summary.RankElo(), out[j].Summary.RankElo()
		if math.IsNaN(a) != math.IsNaN(b) {
			return !math.IsNaN(a)
		}
		return a > b
	})
	for i := range out {
		out[i].Rank = i + 1
	}
	return out
}

// NewMatrix builds the head-to-head matrix.
func NewMatrix(engines []string, ms []store.Matchup) Matrix {
	idx := map[string]int{}
	var names []string
	add := func(n string) {
		if _, ok := idx[n]; !ok {
			idx[n] = len(names)
			names = append(names, n)
		}
	}
	for _, e := range engines {
		add(e)
	}
	for _, m := range ms {
		add(m.A)
		add(m.B)
	}
	cells := make([][]MatrixCell, len(names))
	for i := range cells {
		cells[i] = make([]MatrixCell, len(names))
	}
	for _, m := range ms {
		a, b := idx[m.A], idx[m.B]
		g := m.Total.Games()
		cells[a][b].Games += g
		cells[a][b].Points += m.Total.Points()
		cells[b][a].Games += g
		cells[b][a].Points += float64(g) - m.Total.Points()
	}
	return Matrix{Engines: names, Cells: cells}
}

// Improvement is each ladder row's Elo minus the previous row's (rows in
// baseline-first order), NaN for the first row or unknown Elo.
func Improvement(rows []LadderRow) []float64 {
	out := make([]float64, len(rows))
	for i := range rows {
		out[i] = math.NaN()
		if i > 0 {
			out[i] = rows[i].Elo - rows[i-1].Elo
		}
	}
	return out
}

// Header is the parenthesised part of fastchess's "Results of A vs B
// (…):" line.
type Header struct {
	TimeControl string // "10+0.1", or "X - Y" when the engines differ
	Threads     string // "1t", or "" when no engine sets Threads
	Hash        string // "16MB", or "" when no engine sets Hash
	Book        string // the book's file name
}

func both(a, b string) string {
	if a == b {
		return a
	}
	return a + " - " + b
}

// HeaderFor builds the header of a matchup from the engines'
// configurations: time control, the Threads and Hash options, the book's
// base name.
func HeaderFor(a, b store.Engine, book string) Header {
	opt := func(e store.Engine, name, suffix string) string {
		for k, v := range e.Options {
			if strings.EqualFold(k, name) {
				return v + suffix
			}
		}
		return ""
	}
	h := Header{TimeControl: both(a.TimeControl, b.TimeControl)}
	ta, tb := opt(a, "Threads", "t"), opt(b, "Threads", "t")
	if ta != "" || tb != "" {
		h.Threads = both(ta, tb)
	}
	ha, hb := opt(a, "Hash", "MB"), opt(b, "Hash", "MB")
	if ha != "" || hb != "" {
		h.Hash = both(ha, hb)
	}
	if book != "" {
		h.Book = filepath.Base(book)
	}
	return h
}

func (h Header) String() string {
	var parts []string
	for _, p := range []string{h.TimeControl, h.Threads, h.Hash, h.Book} {
		if p != "" {
			parts = append(parts, p)
		}
	}
	return strings.Join(parts, ", ")
}

func (r *Report) engine(name string) store.Engine {
	for _, e := range r.Engines {
		if e.Name == name {
			return e
		}
	}
	return store.Engine{Name: name}
}

// sprtFor returns the SPRT for a matchup: only the first two engines'.
func (r *Report) sprtFor(m *store.Matchup) *sprt.Test {
	if r.SPRT == nil || len(r.Engines) < 2 {
		return nil
	}
	if m.A == r.Engines[0].Name && m.B == r.Engines[1].Name {
		return r.SPRT
	}
	return nil
}

// GameCount is the number of games in the report.
func (r *Report) GameCount() int64 {
	var n int64
	for _, m := range r.Matchups {
		n += m.Total.Games()
	}
	return n
}
