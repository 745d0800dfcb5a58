package store

import (
	"context"
	"sort"
	"time"
)

// LocalWorker is how a report names the games played by the process that
// ran the session (Game.Worker "").
const LocalWorker = "local"

// WorkerStats are what one machine contributed to a run (the per-worker
// table of fishtest and OpenBench).
type WorkerStats struct {
	// Worker is the worker's name, "" for the process that ran the
	// session (printed as LocalWorker).
	Worker string
	// Games counts every stored game, after-verdict ones included;
	// Pairs the complete pairs whose two games it played.
	Games, Pairs int64
	// TimeLosses, Crashes and Stalls count the incidents of both engines
	// in its games.
	TimeLosses, Crashes, Stalls int64
	// First and Last are the earliest and latest end of its games (zero
	// when no game recorded its end).
	First, Last time.Time
}

// Name is the worker's name as reports print it.
func (w *WorkerStats) Name() string {
	if w.Worker == "" {
		return LocalWorker
	}
	return w.Worker
}

// CountWorkers sums games in (pair, game) order per worker, sorted by
// worker name ("" first).
func CountWorkers(games []Game) []WorkerStats {
	by := map[string]*WorkerStats{}
	for i := range games {
		g := &games[i]
		w := by[g.Worker]
		if w == nil {
			w = &WorkerStats{Worker: g.Worker}
			by[g.Worker] = w
		}
		w.Games++
		if i > 0 {
			if p := &games[i-1]; p.RunID == g.RunID && p.Pair == g.Pair && p.Index != g.Index && p.Worker == g.Worker {
				w.Pairs++
			}
		}
		for _, f := range []Flags{g.WhiteFlags, g.BlackFlags} {
			w.TimeLosses += int64(b2i(f.TimeLoss))
			w.Crashes += int64(b2i(f.Crash))
			w.Stalls += int64(b2i(f.Stall))
		}
		if !g.End.IsZero() {
			if w.First.IsZero() || g.End.Before(w.First) {
				w.First = g.End
			}
			if g.End.After(w.Last) {
				w.Last = g.End
			}
		}
	}
	out := make([]WorkerStats, 0, len(by))
	for _, w := range by {
		out = append(out, *w)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Worker < out[j].Worker })
	return out
}

// HasNamedWorker reports whether a worker other than the local process
// played any of the games: only then do reports print the worker table.
func HasNamedWorker(ws []WorkerStats) bool {
	for _, w := range ws {
		if w.Worker != "" {
			return true
		}
	}
	return false
}

// Workers is the per-worker table of a run (see CountWorkers).
func (s *Store) Workers(ctx context.Context, runID int64) (_ []WorkerStats, err error) {
	defer s.annotate(&err)
	if _, err := s.GetRun(ctx, runID); err != nil {
		return nil, err
	}
	games, err := s.Games(ctx, runID, false)
	if err != nil {
		return nil, err
	}
	return CountWorkers(games), nil
}
