package report

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/elolab/elolab/results/store"
	"github.com/elolab/elolab/sprt"
	"github.com/elolab/elolab/sprt/rating"
)

// Format is an output format of Write.
type Format string

// The formats.
const (
	Text     Format = "text"
	CSV      Format = "csv"
	Markdown Format = "md"
	JSON     Format = "json"
)

// ParseFormat accepts text, csv, md (or markdown) and json.
func ParseFormat(s string) (Format, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "text", "txt":
		return Text, nil
	case "csv":
		return CSV, nil
	case "md", "markdown":
		return Markdown, nil
	case "json":
		return JSON, nil
	}
	return "", fmt.Errorf("report: unknown format %q (want text, csv, md or json)", s)
}

// Write renders the report in a format.
func (r *Report) Write(w io.Writer, f Format) error {
	switch f {
	case Text:
		return r.WriteText(w)
	case CSV:
		return r.WriteCSV(w)
	case Markdown:
		return r.WriteMarkdown(w)
	case JSON:
		return r.WriteJSON(w)
	}
	return fmt.Errorf("report: unknown format %q", f)
}

// csvNum formats a number for CSV, "" when it does not exist.
func csvNum(verb string, x float64) string {
	if !sprt.Valid(x) {
		return ""
	}
	return fmt.Sprintf(verb, x)
}

// CSVHeader is the header row of WriteCSV.
var CSVHeader = []string{"rank", "name", "games", "wins", "draws", "losses", "points", "score", "draw_ratio",
	"elo", "elo_error", "nelo", "nelo_error", "los", "ptnml_0", "ptnml_0.5", "ptnml_1", "ptnml_1.5", "ptnml_2",
	"rating", "rating_error", "rating_cfs", "opp_avg", "time_losses", "crashes", "stalls", "llr", "verdict"}

// WriteCSV writes one row per engine (RFC 4180, header row first): the
// engine's results against the field (the multi-engine table's numbers)
// and its rating-table columns. Numbers that do not exist are empty
// fields; ratios (score, draw_ratio, los, rating_cfs) are fractions 0..1.
// The last two columns, llr and verdict (H1, H0 or continue, as in the
// JSON), are the run's SPRT on both rows of its two engines (the first
// engine's point of view) and empty elsewhere: they come last so that
// readers of the older columns keep working.
func (r *Report) WriteCSV(w io.Writer) error {
	llr, verdict, tested := "", "", map[string]bool{}
	if st, ok := r.SPRTResult(); ok {
		llr, verdict = csvNum("%.4f", st.LLR), st.Verdict.String()
		tested[r.Engines[0].Name], tested[r.Engines[1].Name] = true, true
	}
	cw := csv.NewWriter(w)
	if err := cw.Write(CSVHeader); err != nil {
		return err
	}
	for _, s := range r.Standings {
		sum := s.Summary
		rec := []string{strconv.Itoa(s.Rank), s.Name, strconv.FormatInt(s.WDL.Games(), 10),
			strconv.FormatInt(s.WDL.Wins, 10), strconv.FormatInt(s.WDL.Draws, 10), strconv.FormatInt(s.WDL.Losses, 10),
			strconv.FormatFloat(s.WDL.Points(), 'f', 1, 64), csvNum("%.4f", sum.Score), csvNum("%.4f", sum.DrawRatio),
			csvNum("%.2f", sum.Elo), csvNum("%.2f", sum.EloError), csvNum("%.2f", sum.NElo), csvNum("%.2f", sum.NEloError),
			csvNum("%.4f", sum.LOS)}
		for _, c := range s.Penta {
			if s.CompletePairs > 0 {
				rec = append(rec, strconv.FormatInt(c, 10))
			} else {
				rec = append(rec, "")
			}
		}
		rating, rerr, cfs, opp := "", "", "", ""
		if p := r.player(s.Name); p != nil {
			rating, rerr, cfs, opp = csvNum("%.1f", p.Rating), csvNum("%.1f", p.Error), csvNum("%.4f", p.CFS), csvNum("%.1f", p.OppAvg)
		}
		rec = append(rec, rating, rerr, cfs, opp, strconv.FormatInt(s.Incidents.TimeLosses, 10),
			strconv.FormatInt(s.Incidents.Crashes, 10), strconv.FormatInt(s.Incidents.Stalls, 10))
		if tested[s.Name] {
			rec = append(rec, llr, verdict)
		} else {
			rec = append(rec, "", "")
		}
		if err := cw.Write(rec); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// WriteLadderCSV writes the ladder, one row per variant, baseline first;
// several features are joined with "; ".
func WriteLadderCSV(w io.Writer, rows []LadderRow) error {
	cw := csv.NewWriter(w)
	cw.Write([]string{"feature", "category", "date", "rev", "wac", "elo", "elo_error", "improvement", "engine"})
	imp := Improvement(rows)
	for i, r := range rows {
		date, wac := "", ""
		if !r.Date.IsZero() {
			date = r.Date.Format("2006-01-02")
		}
		if r.WAC >= 0 {
			wac = strconv.Itoa(r.WAC)
		}
		cw.Write([]string{strings.Join(r.Features, "; "), r.Category, date, r.Rev, wac,
			csvNum("%.1f", r.Elo), csvNum("%.1f", r.Error), csvNum("%+.1f", imp[i]), r.Name})
	}
	cw.Flush()
	return cw.Error()
}

// mdCell escapes a Markdown table cell.
func mdCell(s string) string {
	s = strings.ReplaceAll(s, `\`, `\\`)
	s = strings.ReplaceAll(s, "|", `\|`)
	return strings.ReplaceAll(s, "\n", " ")
}

type mdTable struct {
	o *tw
}

func (t mdTable) header(cols []string, right []bool) {
	t.row(cols)
	var al []string
	for i := range cols {
		if i < len(right) && right[i] {
			al = append(al, "---:")
		} else {
			al = append(al, ":---")
		}
	}
	t.o.printf("| %s |\n", strings.Join(al, " | "))
}

func (t mdTable) row(cells []string) {
	esc := make([]string, len(cells))
	for i, c := range cells {
		esc[i] = mdCell(c)
	}
	t.o.printf("| %s |\n", strings.Join(esc, " | "))
}

func pct(x float64) string { return f("%.1f %%", 100*x) }

// WriteMarkdown writes the report as Markdown: the fastchess and cutechess
// lines in a text block, then pipe tables (standings, ratings with the
// head-to-head records, the matrix and the ladder) that render on GitHub
// and in any CommonMark renderer with tables.
func (r *Report) WriteMarkdown(w io.Writer) error {
	o := &tw{w: w}
	title := r.Title
	if title == "" {
		title = "Results"
	}
	o.printf("# %s\n\n", title)
	if r.Run != nil {
		o.printf("Run %d · %s · %s · %d games\n\n", r.Run.ID, r.Run.Kind, r.Run.State, r.GameCount())
	}
	if len(r.Matchups) == 0 {
		o.line("No games yet.")
		return o.err
	}
	two := len(r.Standings) <= 2
	for _, m := range r.Matchups {
		o.printf("## %s vs %s\n\n```text\n", m.A, m.B)
		if two && o.err == nil {
			o.err = WriteFastchessBlock(w, m, HeaderFor(r.engine(m.A), r.engine(m.B), r.Book), r.sprtFor(&m))
			o.printf("\n")
		}
		if o.err == nil {
			o.err = WriteCutechess(w, m, r.sprtFor(&m))
		}
		o.printf("```\n\n")
	}
	if r.AfterVerdict > 0 {
		o.printf("%s.\n\n", afterVerdictText(r.AfterVerdict))
	}
	t := mdTable{o}
	o.printf("## Standings\n\n")
	t.header([]string{"Rank", "Name", "Elo", "+/-", "nElo", "+/-", "Games", "Score", "Draw", "Ptnml(0-2)"},
		[]bool{true, false, true, true, true, true, true, true, true, false})
	for _, s := range r.Standings {
		sum := s.Summary
		penta := ""
		if s.CompletePairs > 0 {
			penta = pentaString(s.Penta)
		}
		t.row([]string{strconv.Itoa(s.Rank), s.Name, f("%.2f", sum.Elo), f("%.2f", sum.EloError), f("%.2f", sum.NElo),
			f("%.2f", sum.NEloError), strconv.FormatInt(s.WDL.Games(), 10), pct(sum.Score), pct(sum.DrawRatio), penta})
	}
	o.printf("\n")
	if rt := r.Ratings; rt != nil {
		o.printf("## Ratings\n\n%s; ERROR at %.0f %% confidence; CFS to the next player.\n\n", rt.Scale.Describe(), 100*rt.Confidence)
		t.header([]string{"#", "Player", "Rating", "Error", "CFS (%)", "Played", "W", "D", "L", "(%)", "OppAvg"},
			[]bool{true, false, true, true, true, true, true, true, true, true, true})
		for i := range rt.Players {
			t.row(ordoCells(rt, i))
		}
		o.printf("\n### Head to head\n\n")
		t.header([]string{"Player", "vs.", "Games", "+", "=", "-", "(%)", "Diff", "SD", "CFS (%)"},
			[]bool{false, false, true, true, true, true, true, true, true, true})
		for i, p := range rt.Players {
			for _, h := range rt.HeadToHead(i) {
				t.row([]string{p.Name, rt.Players[h.Opponent].Name, strconv.Itoa(h.Games), strconv.Itoa(h.Wins),
					strconv.Itoa(h.Draws), strconv.Itoa(h.Losses), f("%.1f", 100*ratio(h.Points, float64(h.Games))),
					f("%+.0f", h.Diff), f("%.0f", h.SD), f("%.1f", 100*h.CFS)})
			}
		}
		o.printf("\n")
	} else {
		o.printf("No rating table: %s\n\n", r.RatingsErr)
	}
	if m := r.Matrix; len(m.Engines) > 2 {
		o.printf("## Head-to-head matrix\n\nPoints/games of the row engine against the column engine.\n\n")
		cols := append([]string{""}, m.Engines...)
		right := make([]bool, len(cols))
		for i := 1; i < len(right); i++ {
			right[i] = true
		}
		t.header(cols, right)
		for i, n := range m.Engines {
			cells := []string{n}
			for j := range m.Engines {
				cells = append(cells, cellText(m, i, j))
			}
			t.row(cells)
		}
		o.printf("\n")
	}
	if len(r.Ladder) > 0 {
		o.printf("## Ladder\n\n")
		t.header(LadderColumns, []bool{false, false, false, true, true, true, true})
		for _, c := range ladderCells(r.Ladder, r.opt.LadderNewestFirst) {
			feats := make([]string, len(c.features))
			for i, ft := range c.features {
				feats[i] = mdCell(ft)
			}
			// <br> keeps several features in one cell; it is escaped
			// separately because mdCell would not touch it anyway.
			o.printf("| %s | %s | %s | %s | %s | %s | %s |\n", strings.Join(feats, "<br>"), mdCell(c.category), mdCell(c.date),
				mdCell(c.rev), c.wac, c.elo, c.improvement)
		}
		o.printf("\n")
	}
	if store.HasNamedWorker(r.Workers) {
		writeWorkersMarkdown(o, r.Workers)
	}
	for _, s := range r.Standings {
		if i := s.Incidents; i.Any() {
			o.printf("- Warning; %s: %d time losses, %d crashes, %d stalls\n", mdCell(s.Name), i.TimeLosses, i.Crashes, i.Stalls)
		}
	}
	return o.err
}

// num is a float64 that encodes NaN and ±Inf as JSON null.
type num float64

func (n num) MarshalJSON() ([]byte, error) {
	if !sprt.Valid(float64(n)) {
		return []byte("null"), nil
	}
	return json.Marshal(float64(n))
}

type jsonWDL struct {
	Wins   int64 `json:"wins"`
	Draws  int64 `json:"draws"`
	Losses int64 `json:"losses"`
}

func jwdl(w store.WDL) jsonWDL { return jsonWDL{w.Wins, w.Draws, w.Losses} }

type jsonMatchup struct {
	A             string       `json:"a"`
	B             string       `json:"b"`
	Header        string       `json:"header"`
	Total         jsonWDL      `json:"total"`
	AWhite        jsonWDL      `json:"a_white"`
	ABlack        jsonWDL      `json:"a_black"`
	Ptnml         [5]int64     `json:"ptnml"`
	WLPairs       int64        `json:"wl_pairs"`
	CompletePairs int64        `json:"complete_pairs"`
	LoneGames     int64        `json:"lone_games"`
	Summary       sprt.Summary `json:"summary"`
	// Trinomial is the W/D/L summary (the cutechess Elo difference).
	Trinomial sprt.Summary `json:"trinomial"`
	SPRT      *sprt.Status `json:"sprt,omitempty"`
}

type jsonStanding struct {
	Rank      int             `json:"rank"`
	Name      string          `json:"name"`
	Results   jsonWDL         `json:"results"`
	Ptnml     *[5]int64       `json:"ptnml"`
	Summary   sprt.Summary    `json:"summary"`
	Incidents store.Incidents `json:"incidents"`
}

type jsonH2H struct {
	Opponent string  `json:"opponent"`
	Games    int     `json:"games"`
	Wins     int     `json:"wins"`
	Draws    int     `json:"draws"`
	Losses   int     `json:"losses"`
	Points   float64 `json:"points"`
	Diff     num     `json:"diff"`
	SD       num     `json:"sd"`
	CFS      num     `json:"cfs"`
}

type jsonPlayer struct {
	Name       string    `json:"name"`
	Rated      bool      `json:"rated"`
	Reason     string    `json:"reason,omitempty"`
	Rating     num       `json:"rating"`
	SD         num       `json:"sd"`
	Error      num       `json:"error"`
	CFS        num       `json:"cfs"`
	Games      int       `json:"games"`
	Wins       int       `json:"wins"`
	Draws      int       `json:"draws"`
	Losses     int       `json:"losses"`
	Points     float64   `json:"points"`
	Score      num       `json:"score"`
	OppAvg     num       `json:"opp_avg"`
	HeadToHead []jsonH2H `json:"head_to_head"`
}

type jsonRatings struct {
	Scale          string       `json:"scale"`
	ScaleText      string       `json:"scale_description"`
	Anchor         string       `json:"anchor,omitempty"`
	Average        float64      `json:"average"`
	WhiteAdvantage num          `json:"white_advantage"`
	WhiteSD        num          `json:"white_sd"`
	DrawRate       num          `json:"draw_rate"`
	Confidence     float64      `json:"confidence"`
	SDMethod       string       `json:"sd_method"`
	Players        []jsonPlayer `json:"players"`
}

type jsonLadder struct {
	Engine      string   `json:"engine,omitempty"`
	Features    []string `json:"features"`
	Category    string   `json:"category"`
	Date        string   `json:"date,omitempty"`
	Rev         string   `json:"rev"`
	WAC         *int     `json:"wac"`
	Elo         num      `json:"elo"`
	Error       num      `json:"elo_error"`
	Improvement num      `json:"improvement"`
}

type jsonRun struct {
	ID           int64  `json:"id"`
	Name         string `json:"name"`
	Kind         string `json:"kind"`
	State        string `json:"state"`
	ConfigHash   string `json:"config_hash"`
	PlannedPairs int    `json:"planned_pairs"`
	Seed         int64  `json:"seed"`
	Book         string `json:"book,omitempty"`
}

type jsonMatrix struct {
	Engines []string    `json:"engines"`
	Points  [][]float64 `json:"points"`
	Games   [][]int64   `json:"games"`
}

type jsonPoint struct {
	Pair  int     `json:"pair"`
	Pairs int     `json:"pairs"`
	LLR   float64 `json:"llr"`
}

type jsonReport struct {
	Title        string         `json:"title"`
	Run          *jsonRun       `json:"run,omitempty"`
	Games        int64          `json:"games"`
	AfterVerdict int64          `json:"games_after_verdict,omitempty"`
	Matchups     []jsonMatchup  `json:"matchups"`
	Standings    []jsonStanding `json:"standings"`
	Ratings      *jsonRatings   `json:"ratings"`
	RatingsError string         `json:"ratings_error,omitempty"`
	Matrix       jsonMatrix     `json:"matrix"`
	Trajectory   []jsonPoint    `json:"llr_trajectory,omitempty"`
	Ladder       []jsonLadder   `json:"ladder,omitempty"`
	Workers      []jsonWorker   `json:"workers,omitempty"`
}

// WriteJSON writes the report as one indented JSON object; numbers that do
// not exist are null.
func (r *Report) WriteJSON(w io.Writer) error {
	j := jsonReport{Title: r.Title, Games: r.GameCount(), AfterVerdict: r.AfterVerdict, Matchups: []jsonMatchup{},
		Standings: []jsonStanding{}, RatingsError: r.RatingsErr, Workers: jsonWorkers(r.Workers)}
	if run := r.Run; run != nil {
		j.Run = &jsonRun{ID: run.ID, Name: run.Name, Kind: run.Kind, State: string(run.State), ConfigHash: run.ConfigHash,
			PlannedPairs: run.PlannedPairs, Seed: run.Seed, Book: run.Book}
	}
	for _, m := range r.Matchups {
		jm := jsonMatchup{A: m.A, B: m.B, Header: HeaderFor(r.engine(m.A), r.engine(m.B), r.Book).String(),
			Total: jwdl(m.Total), AWhite: jwdl(m.AWhite), ABlack: jwdl(m.ABlack), Ptnml: m.Penta, WLPairs: m.WLPairs,
			CompletePairs: m.CompletePairs, LoneGames: m.LoneGames, Summary: sprt.Summarize(m.Results()),
			Trinomial: sprt.Summarize(m.Trinomial())}
		if t := r.sprtFor(&m); t != nil {
			st := SPRTStatus(&m, *t)
			jm.SPRT = &st
		}
		j.Matchups = append(j.Matchups, jm)
	}
	for _, s := range r.Standings {
		js := jsonStanding{Rank: s.Rank, Name: s.Name, Results: jwdl(s.WDL), Summary: s.Summary, Incidents: s.Incidents}
		if s.CompletePairs > 0 {
			p := s.Penta
			js.Ptnml = &p
		}
		j.Standings = append(j.Standings, js)
	}
	if rt := r.Ratings; rt != nil {
		jr := &jsonRatings{Scale: rt.Scale.String(), ScaleText: rt.Scale.Describe(), Anchor: rt.Anchor, Average: rt.Average,
			WhiteAdvantage: num(rt.WhiteAdvantage), WhiteSD: num(rt.WhiteSD), DrawRate: num(rt.DrawRate),
			Confidence: rt.Confidence, SDMethod: rating.SDMethod, Players: []jsonPlayer{}}
		for i, p := range rt.Players {
			jp := jsonPlayer{Name: p.Name, Rated: p.Rated, Reason: p.Reason(), Rating: num(p.Rating), SD: num(p.SD),
				Error: num(p.Error), CFS: num(p.CFS), Games: p.Games, Wins: p.Wins, Draws: p.Draws, Losses: p.Losses,
				Points: p.Points, Score: num(p.Score()), OppAvg: num(p.OppAvg), HeadToHead: []jsonH2H{}}
			for _, h := range rt.HeadToHead(i) {
				jp.HeadToHead = append(jp.HeadToHead, jsonH2H{Opponent: rt.Players[h.Opponent].Name, Games: h.Games,
					Wins: h.Wins, Draws: h.Draws, Losses: h.Losses, Points: h.Points, Diff: num(h.Diff), SD: num(h.SD), CFS: num(h.CFS)})
			}
			jr.Players = append(jr.Players, jp)
		}
		j.Ratings = jr
	}
	j.Matrix = jsonMatrix{Engines: r.Matrix.Engines, Points: [][]float64{}, Games: [][]int64{}}
	for _, row := range r.Matrix.Cells {
		pts, gs := make([]float64, len(row)), make([]int64, len(row))
		for k, c := range row {
			pts[k], gs[k] = c.Points, c.Games
		}
		j.Matrix.Points = append(j.Matrix.Points, pts)
		j.Matrix.Games = append(j.Matrix.Games, gs)
	}
	for _, p := range r.Trajectory {
		j.Trajectory = append(j.Trajectory, jsonPoint{Pair: p.Pair, Pairs: p.Pairs, LLR: p.LLR})
	}
	imp := Improvement(r.Ladder)
	for i, l := range r.Ladder {
		jl := jsonLadder{Engine: l.Name, Features: l.Features, Category: l.Category, Rev: l.Rev, Elo: num(l.Elo),
			Error: num(l.Error), Improvement: num(imp[i])}
		if jl.Features == nil {
			jl.Features = []string{}
		}
		if !l.Date.IsZero() {
			jl.Date = l.Date.Format("2006-01-02")
		}
		if l.WAC >= 0 {
			wac := l.WAC
			jl.WAC = &wac
		}
		j.Ladder = append(j.Ladder, jl)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(j)
}

// SPRTResult is the run's SPRT evaluated on its games (the first engine
// against the second), as the report's other formats show it; ok is false
// when the run has no SPRT.
func (r *Report) SPRTResult() (sprt.Status, bool) {
	for i := range r.Matchups {
		if t := r.sprtFor(&r.Matchups[i]); t != nil {
			return SPRTStatus(&r.Matchups[i], *t), true
		}
	}
	return sprt.Status{}, false
}

// RunSPRT evaluates a stored run's SPRT on its games without loading a
// whole report (elolab runs): the first engine against the second; ok is
// false when the run has no SPRT.
func RunSPRT(ctx context.Context, st *store.Store, run *store.Run) (_ sprt.Status, ok bool, err error) {
	if run.SPRT == nil || len(run.Engines) < 2 {
		return sprt.Status{}, false, nil
	}
	t, err := run.SPRT.Test()
	if err != nil {
		return sprt.Status{}, false, err
	}
	ms, err := st.Matchups(ctx, run.ID)
	if err != nil {
		return sprt.Status{}, false, err
	}
	a, b := run.Engines[0].Name, run.Engines[1].Name
	for _, m := range ms {
		if m.A == b && m.B == a {
			m = m.Flip()
		}
		if m.A == a && m.B == b {
			return SPRTStatus(&m, t), true, nil
		}
	}
	return t.Status(sprt.Results{}), true, nil
}
