package web

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/http"
	"strconv"
	"time"

	"github.com/elolab/elolab/results/report"
	"github.com/elolab/elolab/results/store"
	"github.com/elolab/elolab/sprt"
)

// num is a number that may not exist: NaN and infinities are JSON null
// (the page prints n/a).
type num float64

func (n num) MarshalJSON() ([]byte, error) {
	if !sprt.Valid(float64(n)) {
		return []byte("null"), nil
	}
	// Seven significant digits are more than any figure of the page
	// shows, and keep long series small.
	return strconv.AppendFloat(nil, float64(n), 'g', 7, 64), nil
}

// runJSON is a run as the list and the run page show it.
type runJSON struct {
	ID            int64     `json:"id"`
	Name          string    `json:"name"`
	Kind          string    `json:"kind"`
	State         string    `json:"state"`
	Games         int       `json:"games"`
	PlannedPairs  int       `json:"planned_pairs"`
	CompletePairs int       `json:"complete_pairs"`
	Headline      string    `json:"headline"`
	Incidents     incidents `json:"incidents"`
	Created       string    `json:"created"`
	Updated       string    `json:"updated"`
}

func stamp(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}

func (s *Server) runJSON(r *http.Request, rs *store.RunSummary) (runJSON, error) {
	f, err := s.listFacts(r.Context(), rs)
	if err != nil {
		return runJSON{}, err
	}
	return runJSON{ID: rs.ID, Name: rs.Name, Kind: rs.Kind, State: string(rs.State), Games: rs.Games,
		PlannedPairs: rs.PlannedPairs, CompletePairs: rs.CompletePairs, Headline: f.Headline, Incidents: f.Incidents,
		Created: stamp(rs.Created), Updated: stamp(rs.Updated)}, nil
}

// storeFailed answers a store error: 404 for a run that does not exist,
// 500 otherwise.
func storeFailed(w http.ResponseWriter, err error) {
	if errors.Is(err, store.ErrRunNotFound) {
		fail(w, http.StatusNotFound, "%v", err)
		return
	}
	fail(w, http.StatusInternalServerError, "%v", err)
}

// summary finds one run's line of the store's list (404 when missing).
func (s *Server) summary(w http.ResponseWriter, r *http.Request) (*store.RunSummary, bool) {
	raw := r.PathValue("id")
	id, err := strconv.ParseInt(raw, 10, 64)
	if err != nil || id < 1 {
		fail(w, http.StatusNotFound, "run %q does not exist: run ids are positive numbers", raw)
		return nil, false
	}
	list, err := s.st.ListRuns(r.Context())
	if err != nil {
		storeFailed(w, err)
		return nil, false
	}
	for i := range list {
		if list[i].ID == id {
			return &list[i], true
		}
	}
	fail(w, http.StatusNotFound, "run %d does not exist", id)
	return nil, false
}

func (s *Server) apiRuns(w http.ResponseWriter, r *http.Request) {
	list, err := s.st.ListRuns(r.Context())
	if err != nil {
		storeFailed(w, err)
		return
	}
	out := make([]runJSON, 0, len(list))
	for i := len(list) - 1; i >= 0; i-- { // newest first
		j, err := s.runJSON(r, &list[i])
		if err != nil {
			storeFailed(w, err)
			return
		}
		out = append(out, j)
	}
	writeJSON(w, http.StatusOK, map[string]any{"runs": out})
}

type eloJSON struct {
	Elo   num   `json:"elo"`
	Lo95  num   `json:"lo95"`
	Hi95  num   `json:"hi95"`
	Lo99  num   `json:"lo99"`
	Hi99  num   `json:"hi99"`
	Pairs int64 `json:"pairs"`
}

// z99 and z95 are the two-sided normal quantiles of the intervals.
var z95, z99 = sprt.PhiInv(0.975), sprt.PhiInv(0.995)

// eloOf is the Elo estimate with its 95 % interval (sprt.Summarize's) and
// the 99 % one for people who look many times: Summarize's interval is
// symmetric in score, so its half-width gives the score's standard error.
func eloOf(s sprt.Summary) eloJSON {
	lo, hi := sprt.ScoreFromElo(s.EloLower), sprt.ScoreFromElo(s.EloUpper)
	mu, se := (lo+hi)/2, (hi-lo)/(2*z95)
	return eloJSON{Elo: num(s.Elo), Lo95: num(s.EloLower), Hi95: num(s.EloUpper),
		Lo99: eloBound(mu - z99*se), Hi99: eloBound(mu + z99*se), Pairs: s.Pairs}
}

// eloBound is the Elo of an interval's score bound; a bound outside
// (0, 1) has no Elo (null, n/a), where EloFromScore would clip it.
func eloBound(score float64) num {
	if !(score > 0 && score < 1) {
		return num(nanValue)
	}
	return num(sprt.EloFromScore(score))
}

type wdlJSON struct {
	W int64 `json:"w"`
	D int64 `json:"d"`
	L int64 `json:"l"`
}

type sprtJSON struct {
	LLR     float64 `json:"llr"`
	Lower   float64 `json:"lower"`
	Upper   float64 `json:"upper"`
	Elo0    float64 `json:"elo0"`
	Elo1    float64 `json:"elo1"`
	Alpha   float64 `json:"alpha"`
	Beta    float64 `json:"beta"`
	Model   string  `json:"model"`
	Verdict string  `json:"verdict"`
}

type engineJSON struct {
	Name string `json:"name"`
	incidents
}

type ratingJSON struct {
	Name   string  `json:"name"`
	Rating num     `json:"rating"`
	Error  num     `json:"error"`
	CFS    num     `json:"cfs"`
	Played int     `json:"played"`
	W      int     `json:"w"`
	D      int     `json:"d"`
	L      int     `json:"l"`
	Pct    num     `json:"pct"`
	OppAvg num     `json:"opp_avg"`
	Rated  bool    `json:"rated"`
	Points float64 `json:"points"`
}

type workerJSON struct {
	Worker     string `json:"worker"`
	Games      int64  `json:"games"`
	Pairs      int64  `json:"pairs"`
	TimeLosses int64  `json:"time_losses"`
	Crashes    int64  `json:"crashes"`
	Stalls     int64  `json:"stalls"`
}

type runDetail struct {
	Run          runJSON      `json:"run"`
	Block        string       `json:"block"`
	Elo          *eloJSON     `json:"elo"`
	Penta        *[5]int64    `json:"penta"`
	WDL          wdlJSON      `json:"wdl"`
	SPRT         *sprtJSON    `json:"sprt"`
	Engines      []engineJSON `json:"engines"`
	Ratings      []ratingJSON `json:"ratings"`
	Ordo         *string      `json:"ordo"`
	Ladder       *string      `json:"ladder"`
	Workers      []workerJSON `json:"workers"`
	AfterVerdict int64        `json:"after_verdict"`
	Settings     string       `json:"settings"`
}

func (s *Server) apiRun(w http.ResponseWriter, r *http.Request) {
	rs, ok := s.summary(w, r)
	if !ok {
		return
	}
	rj, err := s.runJSON(r, rs)
	if err != nil {
		storeFailed(w, err)
		return
	}
	var run *store.Run
	var e *gamesEntry
	if rs.Kind == spsaKind {
		run, err = s.st.GetRun(r.Context(), rs.ID)
	} else if e, err = s.entry(r.Context(), rs); err == nil {
		run = e.run
	}
	if err != nil {
		storeFailed(w, err)
		return
	}
	d := runDetail{Run: rj, Settings: run.Config, Engines: []engineJSON{}, Workers: []workerJSON{}}
	if e != nil {
		err = fillResults(e, &d)
	} else {
		err = s.fillTune(r, run, &d)
	}
	if err != nil {
		storeFailed(w, err)
		return
	}
	writeJSON(w, http.StatusOK, d)
}

// fillTune fills an SPSA run's figures: its engine, and θ+'s score
// against θ− from the newest checkpoint as the W/D/L.
func (s *Server) fillTune(r *http.Request, run *store.Run, d *runDetail) error {
	for _, e := range run.Engines {
		d.Engines = append(d.Engines, engineJSON{Name: e.Name})
	}
	c, err := s.st.LatestCheckpoint(r.Context(), run.ID, spsaKind)
	if errors.Is(err, store.ErrNoCheckpoint) {
		return nil
	}
	if err != nil {
		return err
	}
	var cp spsaCheckpoint
	if err := json.Unmarshal(c.State, &cp); err != nil {
		return fmt.Errorf("run %d: spsa checkpoint %d: %w", run.ID, c.Iteration, err)
	}
	d.WDL = wdlJSON{cp.State.Wins, cp.State.Draws, cp.State.Losses}
	return nil
}

// fillResults computes a played run's figures from its games with the
// report's own code (report.Build) and renderers.
func fillResults(e *gamesEntry, d *runDetail) error {
	run, games := e.run, e.games
	// The SPRT is given to the result block, not to Build: Build would
	// compute the LLR path, which the block does not print and /llr
	// computes once per cache entry.
	var test *sprt.Test
	if run.SPRT != nil {
		t, err := run.SPRT.Test()
		if err != nil {
			return err
		}
		test = &t
	}
	rep, err := report.Build(report.Input{Title: run.Name, Run: run, Engines: run.Engines, Book: run.Book, Games: games}, report.Options{})
	if err != nil {
		return err
	}
	d.AfterVerdict = rep.AfterVerdict
	var buf bytes.Buffer
	if len(rep.Standings) <= 2 {
		for _, m := range rep.Matchups {
			var t *sprt.Test
			if test != nil && m.A == run.Engines[0].Name && m.B == run.Engines[1].Name {
				t = test
			}
			if err := report.WriteFastchessBlock(&buf, m, report.HeaderFor(engineOf(run, m.A), engineOf(run, m.B), run.Book), t); err != nil {
				return err
			}
		}
	} else if err := report.WriteStandings(&buf, rep.Standings); err != nil {
		return err
	}
	d.Block = buf.String()

	// The figures of the tested engine: its matchup against the second
	// engine, or with more engines its games against the field.
	var sum sprt.Summary
	var penta [5]int64
	var complete int64
	switch m := primary(run, rep.Matchups); {
	case len(run.Engines) == 2 && m != nil:
		sum, penta, complete = sprt.Summarize(m.Results()), m.Penta, m.CompletePairs
		d.WDL = wdlJSON{m.Total.Wins, m.Total.Draws, m.Total.Losses}
	case len(run.Engines) > 2:
		for _, st := range rep.Standings {
			if st.Name == run.Engines[0].Name {
				sum, penta, complete = st.Summary, st.Penta, st.CompletePairs
				d.WDL = wdlJSON{st.WDL.Wins, st.WDL.Draws, st.WDL.Losses}
			}
		}
	}
	if sum.Games > 0 {
		e := eloOf(sum)
		d.Elo = &e
	}
	if complete > 0 {
		d.Penta = &penta
	}
	if st, ok := sprtStatus(run, rep.Matchups); ok {
		c := run.SPRT
		d.SPRT = &sprtJSON{LLR: st.LLR, Lower: st.Lower, Upper: st.Upper, Elo0: c.Elo0, Elo1: c.Elo1,
			Alpha: c.Alpha, Beta: c.Beta, Model: c.Model.String(), Verdict: st.Verdict.String()}
	}
	illegal := illegalMoves(games)
	for _, e := range run.Engines {
		ej := engineJSON{Name: e.Name}
		for _, st := range rep.Standings {
			if st.Name == e.Name {
				ej.incidents = fromStore(st.Incidents)
			}
		}
		ej.Illegal = illegal[e.Name]
		d.Engines = append(d.Engines, ej)
	}
	if t := rep.Ratings; t != nil {
		for _, p := range t.Players {
			d.Ratings = append(d.Ratings, ratingJSON{Name: p.Name, Rating: num(p.Rating), Error: num(p.Error),
				CFS: num(100 * p.CFS), Played: p.Games, W: p.Wins, D: p.Draws, L: p.Losses, Pct: num(100 * p.Score()),
				OppAvg: num(p.OppAvg), Rated: p.Rated, Points: p.Points})
		}
		buf.Reset()
		if err := report.WriteOrdo(&buf, t); err != nil {
			return err
		}
		ordo := buf.String()
		d.Ordo = &ordo
	}
	if len(rep.Ladder) > 0 {
		buf.Reset()
		if err := report.WriteLadder(&buf, rep.Ladder, false); err != nil {
			return err
		}
		ladder := buf.String()
		d.Ladder = &ladder
	}
	for _, ws := range rep.Workers {
		d.Workers = append(d.Workers, workerJSON{Worker: ws.Name(), Games: ws.Games, Pairs: ws.Pairs,
			TimeLosses: ws.TimeLosses, Crashes: ws.Crashes, Stalls: ws.Stalls})
	}
	return nil
}

// engineOf is the run's engine of that name (its configuration heads the
// result block).
func engineOf(run *store.Run, name string) store.Engine {
	for _, e := range run.Engines {
		if e.Name == name {
			return e
		}
	}
	return store.Engine{Name: name}
}

// intParam reads an optional non-negative integer query parameter; a bad
// value is answered with 400.
func intParam(w http.ResponseWriter, r *http.Request, name string, def, lo, hi int) (int, bool) {
	raw := r.URL.Query().Get(name)
	if raw == "" {
		return def, true
	}
	v, err := strconv.Atoi(raw)
	if err != nil || v < lo || v > hi {
		fail(w, http.StatusBadRequest, "%s=%q: want a whole number from %d to %d", name, raw, lo, hi)
		return 0, false
	}
	return v, true
}

// nanValue is a number that does not exist (JSON null as num).
var nanValue = math.NaN()
