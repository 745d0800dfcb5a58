package web

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"sort"

	"github.com/elolab/elolab/results/store"
	"github.com/elolab/elolab/sprt"
)

// defaultPoints is how many points a series has at most unless ?max= says
// otherwise: plenty for a chart a few hundred pixels wide.
const defaultPoints = 2000

// downsample picks at most limit of n points, in order: the whole series
// when it fits, else per bucket its first and last point and, for each
// column cols gives, the points of its minimum and maximum, so that
// spikes and the ends survive. cols(i) must return the same number of
// values for every i.
func downsample(n, limit, ncols int, cols func(i int) []float64) []int {
	if n <= limit {
		out := make([]int, n)
		for i := range out {
			out[i] = i
		}
		return out
	}
	per := 2 + 2*ncols
	if per > limit {
		per, ncols = 2, 0
	}
	buckets := max(1, limit/per)
	var out []int
	for b := 0; b < buckets; b++ {
		lo, hi := b*n/buckets, (b+1)*n/buckets
		if lo >= hi {
			continue
		}
		pick := []int{lo, hi - 1}
		for c := 0; c < ncols; c++ {
			mn, mx := lo, lo
			for i := lo; i < hi; i++ {
				v := cols(i)[c]
				if v < cols(mn)[c] {
					mn = i
				}
				if v > cols(mx)[c] {
					mx = i
				}
			}
			pick = append(pick, mn, mx)
		}
		slices.Sort(pick)
		out = append(out, slices.Compact(pick)...)
	}
	return out
}

// series reads what every series request names: the run and ?max=, the
// number of points to downsample to. It answers the request itself when
// it cannot.
func (s *Server) series(w http.ResponseWriter, r *http.Request) (*store.RunSummary, int, bool) {
	rs, ok := s.summary(w, r)
	if !ok {
		return nil, 0, false
	}
	limit, ok := intParam(w, r, "max", defaultPoints, 2, 1_000_000)
	return rs, limit, ok
}

// played reads a played run (not SPSA) and its games for a series.
func (s *Server) played(w http.ResponseWriter, r *http.Request) (*gamesEntry, int, bool) {
	rs, limit, ok := s.series(w, r)
	if !ok {
		return nil, 0, false
	}
	e, err := s.entry(r.Context(), rs)
	if err != nil {
		storeFailed(w, err)
		return nil, 0, false
	}
	return e, limit, true
}

// llrPoints is the LLR after each complete pair as [pairs, llr]
// (store.Trajectory, the path the SPRT took); nil without an SPRT.
func llrPoints(run *store.Run, games []store.Game) ([][2]float64, *sprt.Test) {
	if run.SPRT == nil || len(run.Engines) < 2 {
		return nil, nil
	}
	t, err := run.SPRT.Test()
	if err != nil {
		return nil, nil
	}
	traj := store.Trajectory(games, run.Engines[0].Name, run.Engines[1].Name, t)
	out := make([][2]float64, len(traj))
	for i, p := range traj {
		out[i] = [2]float64{float64(p.Pairs), p.LLR}
	}
	return out, &t
}

// requestLLR is the LLR path a request asks for (the run id, ?max=),
// downsampled, with the SPRT's bounds; it answers the request itself when
// it cannot. The JSON and the SVG plot are drawn from it.
func (s *Server) requestLLR(w http.ResponseWriter, r *http.Request) (id int64, pts [][2]float64, lower, upper float64, ok bool) {
	e, limit, ok := s.played(w, r)
	if !ok {
		return 0, nil, 0, 0, false
	}
	run, all, t := e.run, e.llrPoints(), e.run.SPRT
	if t == nil {
		fail(w, http.StatusNotFound, "run %d has no SPRT, hence no LLR", run.ID)
		return 0, nil, 0, 0, false
	}
	idx := downsample(len(all), limit, 1, func(i int) []float64 { return all[i][1:] })
	pts = make([][2]float64, len(idx))
	for j, i := range idx {
		pts[j] = all[i]
	}
	lower, upper = sprt.Bounds(t.Alpha, t.Beta)
	return run.ID, pts, lower, upper, true
}

func (s *Server) apiLLR(w http.ResponseWriter, r *http.Request) {
	_, pts, lower, upper, ok := s.requestLLR(w, r)
	if !ok {
		return
	}
	out := make([][2]num, len(pts))
	for j, p := range pts {
		out[j] = [2]num{num(p[0]), num(p[1])}
	}
	writeJSON(w, http.StatusOK, map[string]any{"lower": lower, "upper": upper, "points": out})
}

// eloPoints is the tested engine's Elo after each of its complete pairs
// in pair order, as [pairs, elo, lo95, hi95, lo99, hi99]: the first
// engine against the second, or against the field when there are more.
// After-verdict pairs are left out, as in every count.
func eloPoints(run *store.Run, games []store.Game) [][6]float64 {
	if len(run.Engines) < 2 {
		return nil
	}
	a := run.Engines[0].Name
	var out [][6]float64
	var tl sprt.Tally
	for i := 0; i+1 < len(games); i++ {
		g0, g1 := &games[i], &games[i+1]
		if g0.Pair != g1.Pair || g0.Index == g1.Index {
			continue
		}
		i++
		if g0.AfterVerdict || g1.AfterVerdict || (g0.White != a && g0.Black != a) || g1.White != g0.Black || g1.Black != g0.White {
			continue
		}
		if err := tl.AddPair(sprt.Outcome(int(2*g0.ScoreOf(a))), sprt.Outcome(int(2*g1.ScoreOf(a)))); err != nil {
			continue
		}
		e := eloOf(sprt.Summarize(tl.Results()))
		out = append(out, [6]float64{float64(len(out) + 1), float64(e.Elo), float64(e.Lo95), float64(e.Hi95),
			float64(e.Lo99), float64(e.Hi99)})
	}
	return out
}

// requestElo is the Elo-over-pairs series a request asks for,
// downsampled (see requestLLR).
func (s *Server) requestElo(w http.ResponseWriter, r *http.Request) (id int64, pts [][6]float64, ok bool) {
	e, limit, ok := s.played(w, r)
	if !ok {
		return 0, nil, false
	}
	all := e.eloPoints()
	idx := downsample(len(all), limit, 1, func(i int) []float64 { return all[i][1:2] })
	pts = make([][6]float64, len(idx))
	for j, i := range idx {
		pts[j] = all[i]
	}
	return e.run.ID, pts, true
}

func (s *Server) apiElo(w http.ResponseWriter, r *http.Request) {
	_, pts, ok := s.requestElo(w, r)
	if !ok {
		return
	}
	out := make([][6]num, len(pts))
	for j, p := range pts {
		for k, v := range p {
			out[j][k] = num(v)
		}
	}
	writeJSON(w, http.StatusOK, map[string]any{"points": out})
}

// TuningSource describes the parameters of SPSA runs. Their names,
// bounds and schedules are in the run's experiment text and in labrat's
// parameter registry, which only the command may read (results imports
// nothing of configs or engine), so the command implements it.
type TuningSource interface {
	// SPSA describes the run's tuned parameters, in the order of the
	// θ vectors of its checkpoints.
	SPSA(ctx context.Context, run *store.Run) (*SPSASpec, error)
}

// SPSASpec is what the SPSA page shows besides θ.
type SPSASpec struct {
	Params []SPSAParam
	// YAML renders values (in Params order) as the parameter file the
	// tuner writes with output.yaml; nil leaves the page without it.
	YAML func(values []float64) (string, error)
}

// SPSAParam is one tuned parameter: start value, bounds, and the
// perturbation c and learning rate r at the first and last iteration.
type SPSAParam struct {
	Name                       string
	Start, Min, Max            float64
	CStart, CEnd, RStart, REnd float64
}

// spsaCheckpoint is the part of tuner/spsa's stored checkpoint the page
// reads (its JSON is a stored format: {"state":{"iteration","theta"},
// "rows":[{"k","theta"}]}).
type spsaCheckpoint struct {
	State struct {
		Iteration int       `json:"iteration"`
		Theta     []float64 `json:"theta"`
		Wins      int64     `json:"wins"`
		Draws     int64     `json:"draws"`
		Losses    int64     `json:"losses"`
	} `json:"state"`
	Rows []struct {
		K     int       `json:"k"`
		Theta []float64 `json:"theta"`
	} `json:"rows"`
}

// spsaKind is the checkpoint kind of SPSA runs (tunesession's).
const spsaKind = "spsa"

// thetaPath is θ after each iteration of the run's checkpoints, by
// iteration: the rows of every checkpoint, or its state when it has none.
func thetaPath(cps []store.Checkpoint) ([]int, [][]float64, error) {
	by := map[int][]float64{}
	for _, c := range cps {
		var cp spsaCheckpoint
		if err := json.Unmarshal(c.State, &cp); err != nil {
			return nil, nil, fmt.Errorf("spsa checkpoint %d: %w", c.Iteration, err)
		}
		for _, row := range cp.Rows {
			by[row.K] = row.Theta
		}
		if len(cp.Rows) == 0 && cp.State.Theta != nil {
			by[cp.State.Iteration] = cp.State.Theta
		}
	}
	iters := make([]int, 0, len(by))
	for k := range by {
		iters = append(iters, k)
	}
	sort.Ints(iters)
	thetas := make([][]float64, len(iters))
	for i, k := range iters {
		thetas[i] = by[k]
	}
	return iters, thetas, nil
}

type spsaParamJSON struct {
	Name    string `json:"name"`
	Start   num    `json:"start"`
	Current num    `json:"current"`
	Min     num    `json:"min"`
	Max     num    `json:"max"`
	CStart  num    `json:"c_start"`
	CEnd    num    `json:"c_end"`
	RStart  num    `json:"r_start"`
	REnd    num    `json:"r_end"`
	Theta   []num  `json:"theta"`
}

type spsaJSON struct {
	Iterations []int           `json:"iterations"`
	Params     []spsaParamJSON `json:"params"`
	YAML       string          `json:"yaml"`
}

// spsaSeries builds the SPSA view of a run, θ downsampled to limit
// iterations (each parameter's extremes kept).
func (s *Server) spsaSeries(ctx context.Context, run *store.Run, limit int) (*spsaJSON, error) {
	cps, err := s.st.Checkpoints(ctx, run.ID, spsaKind)
	if err != nil {
		return nil, err
	}
	iters, thetas, err := thetaPath(cps)
	if err != nil {
		return nil, fmt.Errorf("run %d: %w", run.ID, err)
	}
	var spec *SPSASpec
	if s.cfg.Tuning != nil {
		if spec, err = s.cfg.Tuning.SPSA(ctx, run); err != nil {
			return nil, fmt.Errorf("run %d: %w", run.ID, err)
		}
	}
	n := 0
	if len(thetas) > 0 {
		n = len(thetas[0])
	}
	if spec != nil {
		n = len(spec.Params)
	}
	for i, th := range thetas {
		if len(th) != n {
			return nil, fmt.Errorf("run %d: iteration %d has %d parameters, the run %d", run.ID, iters[i], len(th), n)
		}
	}
	idx := downsample(len(iters), limit, n, func(i int) []float64 { return thetas[i] })
	out := &spsaJSON{Iterations: make([]int, len(idx)), Params: make([]spsaParamJSON, n)}
	for j, i := range idx {
		out.Iterations[j] = iters[i]
	}
	nan := num(nanValue)
	var current []float64
	if len(thetas) > 0 {
		current = thetas[len(thetas)-1]
	}
	for p := range out.Params {
		pj := spsaParamJSON{Name: fmt.Sprintf("parameter %d", p+1), Start: nan, Current: nan, Min: nan, Max: nan,
			CStart: nan, CEnd: nan, RStart: nan, REnd: nan, Theta: make([]num, len(idx))}
		if spec != nil {
			sp := spec.Params[p]
			pj.Name, pj.Start, pj.Min, pj.Max = sp.Name, num(sp.Start), num(sp.Min), num(sp.Max)
			pj.CStart, pj.CEnd, pj.RStart, pj.REnd = num(sp.CStart), num(sp.CEnd), num(sp.RStart), num(sp.REnd)
			pj.Current = num(sp.Start)
		}
		if current != nil {
			pj.Current = num(current[p])
		}
		for j, i := range idx {
			pj.Theta[j] = num(thetas[i][p])
		}
		out.Params[p] = pj
	}
	if spec != nil && spec.YAML != nil {
		vals := current
		if vals == nil {
			for _, p := range spec.Params {
				vals = append(vals, p.Start)
			}
		}
		if out.YAML, err = spec.YAML(vals); err != nil {
			return nil, fmt.Errorf("run %d: tuned values as YAML: %w", run.ID, err)
		}
	}
	return out, nil
}

func (s *Server) apiSPSA(w http.ResponseWriter, r *http.Request) {
	if out, _, ok := s.requestSPSA(w, r); ok {
		writeJSON(w, http.StatusOK, out)
	}
}

// requestSPSA is the SPSA series a request asks for (the run id, ?max=);
// it answers the request itself when it cannot.
func (s *Server) requestSPSA(w http.ResponseWriter, r *http.Request) (*spsaJSON, int64, bool) {
	rs, limit, ok := s.series(w, r)
	if !ok {
		return nil, 0, false
	}
	if rs.Kind != spsaKind {
		fail(w, http.StatusNotFound, "run %d is a %s run, not an SPSA tune", rs.ID, rs.Kind)
		return nil, 0, false
	}
	run, err := s.st.GetRun(r.Context(), rs.ID)
	if err != nil {
		storeFailed(w, err)
		return nil, 0, false
	}
	out, err := s.spsaSeries(r.Context(), run, limit)
	if err != nil {
		storeFailed(w, err)
		return nil, 0, false
	}
	return out, run.ID, true
}
