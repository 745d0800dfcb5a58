package web

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"github.com/elolab/elolab/results/report"
	"github.com/elolab/elolab/results/store"
	"github.com/elolab/elolab/sprt"
)

// incidents are one engine's (or a run's) incidents as the page shows
// them. Illegal moves are not a stored flag: they are read from the
// arbiter's termination, "White makes an illegal move" (match/game).
type incidents struct {
	TimeLosses int64 `json:"time_losses"`
	Crashes    int64 `json:"crashes"`
	Stalls     int64 `json:"stalls"`
	Illegal    int64 `json:"illegal"`
}

func (i *incidents) add(o incidents) {
	i.TimeLosses += o.TimeLosses
	i.Crashes += o.Crashes
	i.Stalls += o.Stalls
	i.Illegal += o.Illegal
}

func fromStore(i store.Incidents) incidents {
	return incidents{TimeLosses: i.TimeLosses, Crashes: i.Crashes, Stalls: i.Stalls}
}

// illegalMoves counts, per engine, the games it lost by an illegal move;
// after-verdict games are left out like everywhere else.
func illegalMoves(games []store.Game) map[string]int64 {
	out := map[string]int64{}
	for i := range games {
		g := &games[i]
		if g.AfterVerdict {
			continue
		}
		side, ok := strings.CutSuffix(g.Termination, " makes an illegal move")
		switch {
		case !ok:
		case side == "White":
			out[g.White]++
		case side == "Black":
			out[g.Black]++
		}
	}
	return out
}

// primary is the matchup a two-engine view shows: the first engine of the
// run against the second, from the first's point of view; nil when they
// have not met.
func primary(run *store.Run, ms []store.Matchup) *store.Matchup {
	if len(run.Engines) < 2 {
		return nil
	}
	a, b := run.Engines[0].Name, run.Engines[1].Name
	for _, m := range ms {
		if m.A == b && m.B == a {
			m = m.Flip()
		}
		if m.A == a && m.B == b {
			return &m
		}
	}
	return nil
}

// sprtStatus evaluates the run's SPRT on its primary matchup as the
// report does (report.SPRTStatus); ok is false without an SPRT.
func sprtStatus(run *store.Run, ms []store.Matchup) (sprt.Status, bool) {
	if run.SPRT == nil || len(run.Engines) < 2 {
		return sprt.Status{}, false
	}
	t, err := run.SPRT.Test()
	if err != nil {
		return sprt.Status{}, false
	}
	if m := primary(run, ms); m != nil {
		return report.SPRTStatus(m, t), true
	}
	return t.Status(sprt.Results{}), true
}

// eloText is "Elo +61.4 ± 91.4" (n/a where the estimate does not exist).
func eloText(s sprt.Summary) string {
	return "Elo " + sprt.Num("%+.1f", s.Elo) + " ± " + sprt.Num("%.1f", s.EloError)
}

// headline is the one figure of a run in the list: the LLR with its
// bounds (and the verdict once there is one) for an SPRT, Elo ± error for
// two engines, the leader's Elo against the field for more.
func headline(run *store.Run, ms []store.Matchup) string {
	if len(ms) == 0 {
		return "no games yet"
	}
	if st, ok := sprtStatus(run, ms); ok {
		h := fmt.Sprintf("LLR %.2f [%.2f, %.2f]", st.LLR, st.Lower, st.Upper)
		if st.Verdict != sprt.Continue {
			h += ", " + st.Verdict.String() + " accepted"
		}
		return h
	}
	if len(run.Engines) == 2 {
		if m := primary(run, ms); m != nil {
			return eloText(sprt.Summarize(m.Results()))
		}
	}
	rows := report.Standings(run.EngineNames(), ms)
	return rows[0].Name + " leads: " + eloText(rows[0].Summary)
}

// spsaHeadline is an SPSA run's progress.
func spsaHeadline(rs *store.RunSummary) string {
	return fmt.Sprintf("iteration %d/%d", max(rs.LatestCheckpoint, 0), rs.PlannedPairs)
}

// listFacts are what the run list needs beyond store.ListRuns.
type listFacts struct {
	Headline  string
	Incidents incidents
}

// factsCache keeps the list facts of each run with the key they were
// computed for, so that listing a store recomputes only the runs that
// changed (a finished run never does).
type factsCache struct {
	mu sync.Mutex
	m  map[int64]cachedFacts
}

type cachedFacts struct {
	key   string
	facts listFacts
}

func newFactsCache() *factsCache { return &factsCache{m: map[int64]cachedFacts{}} }

// factsKey changes whenever a run's games, state or checkpoints do.
func factsKey(rs *store.RunSummary) string {
	return fmt.Sprintf("%s|%s|%d|%d|%d", rs.State, rs.Updated.Format("2006-01-02T15:04:05.999999999"), rs.Games,
		rs.CompletePairs, rs.LatestCheckpoint)
}

// listFacts returns the run's facts, from the cache when it is current.
func (s *Server) listFacts(ctx context.Context, rs *store.RunSummary) (listFacts, error) {
	key := s.cacheKey(rs)
	s.cache.mu.Lock()
	c, ok := s.cache.m[rs.ID]
	s.cache.mu.Unlock()
	if ok && key != "" && c.key == key {
		return c.facts, nil
	}
	var f listFacts
	if rs.Kind == "spsa" {
		f.Headline = spsaHeadline(rs)
	} else {
		e, err := s.entry(ctx, rs)
		if err != nil {
			return f, err
		}
		run, games := e.run, e.games
		ms, err := matchups(run, games)
		if err != nil {
			return f, err
		}
		f.Headline = headline(run, ms)
		for _, m := range ms {
			f.Incidents.add(fromStore(m.AIncidents))
			f.Incidents.add(fromStore(m.BIncidents))
		}
		for _, n := range illegalMoves(games) {
			f.Incidents.Illegal += n
		}
	}
	s.cache.mu.Lock()
	s.cache.m[rs.ID] = cachedFacts{key: key, facts: f}
	s.cache.mu.Unlock()
	return f, nil
}

// matchups aggregates games already read (store.Matchups would read them
// again).
func matchups(run *store.Run, games []store.Game) ([]store.Matchup, error) {
	agg := store.NewAggregator(run.EngineNames())
	for _, g := range games {
		if err := agg.Add(g); err != nil {
			return nil, err
		}
	}
	return agg.Matchups(), nil
}
