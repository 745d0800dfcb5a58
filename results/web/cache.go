package web

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/elolab/elolab/results/store"
)

// gamesCache keeps the games (without PGN) of the runs read last, with
// the series computed from them, so that the requests a run page makes
// at once — the run, its LLR path, its Elo path, a page of games — and
// the watcher's event read a large run once (about 0.3 s for 20,000
// pairs) instead of four times.
//
// An entry is valid while its key is: a run's line in the store (state,
// update time, counts) and, for a running run, the store's generation
// too — the watcher counts every change of data_version, because
// MarkAfterVerdict flags games without touching the run's line. A request
// reads the key before the games, so what it caches is never older than
// its key. Without a running watcher, running runs are not cached.
type gamesCache struct {
	gen      atomic.Int64
	watching atomic.Bool
	// mu is held while loading, so that concurrent requests for the same
	// run wait for one read rather than making their own.
	mu      sync.Mutex
	entries []*gamesEntry // newest first
}

// gamesEntry is one run's games and what is computed from them.
type gamesEntry struct {
	id    int64
	key   string
	games []store.Game
	run   *store.Run

	llrOnce sync.Once
	llr     [][2]float64
	eloOnce sync.Once
	elo     [][6]float64
}

// keep is how many runs stay cached: the run being looked at and one
// more (the previous one, or the run that is playing).
const keep = 2

// cacheKey is the key of a run's cached games; "" means do not cache.
func (s *Server) cacheKey(rs *store.RunSummary) string {
	key := factsKey(rs)
	if rs.State == store.Running {
		if !s.gamesCache.watching.Load() {
			return ""
		}
		key += fmt.Sprintf("|%d", s.gamesCache.gen.Load())
	}
	return key
}

// entry returns the run's games (in (pair, game) order, without PGN)
// and the run, cached under the run's current key. The games are shared:
// callers must not modify them.
func (s *Server) entry(ctx context.Context, rs *store.RunSummary) (*gamesEntry, error) {
	key := s.cacheKey(rs)
	load := func() (*gamesEntry, error) {
		run, err := s.st.GetRun(ctx, rs.ID)
		if err != nil {
			return nil, err
		}
		games, err := s.st.Games(ctx, rs.ID, false)
		if err != nil {
			return nil, err
		}
		return &gamesEntry{id: rs.ID, key: key, games: games, run: run}, nil
	}
	if key == "" {
		return load()
	}
	c := s.gamesCache
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, e := range c.entries {
		if e.id == rs.ID && e.key == key {
			return e, nil
		}
	}
	e, err := load()
	if err != nil {
		return nil, err
	}
	out := []*gamesEntry{e}
	for _, old := range c.entries {
		if old.id != rs.ID && len(out) < keep {
			out = append(out, old)
		}
	}
	c.entries = out
	return e, nil
}

// llrPoints is the entry's LLR path (llrPoints), computed once.
func (e *gamesEntry) llrPoints() [][2]float64 {
	e.llrOnce.Do(func() { e.llr, _ = llrPoints(e.run, e.games) })
	return e.llr
}

// eloPoints is the entry's Elo path (eloPoints), computed once.
func (e *gamesEntry) eloPoints() [][6]float64 {
	e.eloOnce.Do(func() { e.elo = eloPoints(e.run, e.games) })
	return e.elo
}
