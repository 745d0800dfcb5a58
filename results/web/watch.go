package web

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"time"

	"github.com/elolab/elolab/results/store"
)

// watcher is the state Watch compares each poll with.
type watcher struct {
	s       *Server
	version int64
	runs    map[int64]store.RunSummary // every run's line at the last change
	sent    map[int64]int              // LLR points already announced, per run stream
	live    []byte
	workers []byte
}

// Watch follows the store and the live sources until ctx ends, turning
// their changes into events: every Config.Poll it reads the store's
// data_version on a connection of its own (so another process's commits
// are seen at the cost of one tiny query) and, only when it moved, lists
// the runs. One poll yields at most one event per stream, which batches
// updates to at most four a second at the default period. It returns nil
// when ctx ends, an error when it cannot start.
func (s *Server) Watch(ctx context.Context) error {
	vw, err := s.st.WatchVersion(ctx)
	if err != nil {
		return fmt.Errorf("web: %w", err)
	}
	defer vw.Close()
	w := &watcher{s: s, sent: map[int64]int{}, live: mustJSON(s.liveGames()), workers: mustJSON(s.liveWorkers())}
	if w.version, err = vw.Version(ctx); err != nil {
		return fmt.Errorf("web: %w", err)
	}
	if w.runs, err = w.snapshot(ctx); err != nil {
		return fmt.Errorf("web: %w", err)
	}
	s.gamesCache.watching.Store(true)
	defer s.gamesCache.watching.Store(false)
	t := time.NewTicker(s.cfg.Poll)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-s.done:
			return nil
		case <-t.C:
		}
		// A failed poll (the store busy with a checkpoint of its WAL, a
		// run deleted under us) is retried at the next tick.
		w.tick(ctx, vw)
	}
}

func (w *watcher) tick(ctx context.Context, vw *store.VersionWatch) {
	w.baselines(ctx)
	if v, err := vw.Version(ctx); err == nil && v != w.version {
		w.s.gamesCache.gen.Add(1)
		if w.storeChanged(ctx) == nil {
			w.version = v
		}
	}
	if b := mustJSON(w.s.liveGames()); !bytes.Equal(b, w.live) {
		w.live = b
		w.s.hub.get("live").publish(mustJSON(map[string]json.RawMessage{"live": b}))
	}
	if b := mustJSON(w.s.liveWorkers()); !bytes.Equal(b, w.workers) {
		w.workers = b
		w.s.hub.get("workers").publish(mustJSON(map[string]json.RawMessage{"workers": b}))
	}
}

// snapshot is every run's line.
func (w *watcher) snapshot(ctx context.Context) (map[int64]store.RunSummary, error) {
	list, err := w.s.st.ListRuns(ctx)
	if err != nil {
		return nil, err
	}
	m := make(map[int64]store.RunSummary, len(list))
	for _, rs := range list {
		m[rs.ID] = rs
	}
	return m, nil
}

// same reports two snapshots with the same change keys.
func same(a, b map[int64]store.RunSummary) bool {
	return maps.EqualFunc(a, b, func(x, y store.RunSummary) bool { return factsKey(&x) == factsKey(&y) })
}

// baselines notes how far the LLR path of each new run stream is, so
// that its first event carries only the points that come after.
func (w *watcher) baselines(ctx context.Context) {
	for _, id := range w.s.hub.runStreams() {
		if _, ok := w.sent[id]; ok {
			continue
		}
		rs, ok := w.runs[id]
		if !ok {
			// Created since the last snapshot: everything it has is
			// news for the next event.
			w.sent[id] = 0
			continue
		}
		if pts, _, err := w.llr(ctx, &rs); err == nil {
			w.sent[id] = len(pts)
		}
	}
}

// llr is a run's LLR path and its game count, through the cache the
// page's requests share.
func (w *watcher) llr(ctx context.Context, rs *store.RunSummary) ([][2]float64, int, error) {
	if rs.Kind == spsaKind {
		return nil, rs.Games, nil
	}
	e, err := w.s.entry(ctx, rs)
	if err != nil {
		return nil, 0, err
	}
	return e.llrPoints(), len(e.games), nil
}

// runEvent is the update of a run's stream.
type runEvent struct {
	Run   int64        `json:"run"`
	Games int          `json:"games"`
	LLR   [][2]float64 `json:"llr"`
}

// storeChanged publishes what changed since the last snapshot: "runs"
// when any run's line did, and on the stream of each changed run its game
// count and the new points of its LLR path.
func (w *watcher) storeChanged(ctx context.Context) error {
	snap, err := w.snapshot(ctx)
	if err != nil {
		return err
	}
	if same(snap, w.runs) {
		return nil
	}
	// Compute every run event first, then publish: a failed read leaves
	// the snapshot as it was, to be retried whole at the next poll.
	type pending struct {
		id  int64
		ev  runEvent
		len int
	}
	var evs []pending
	for _, id := range w.s.hub.runStreams() {
		done, ok := w.sent[id]
		rs, exists := snap[id]
		if !ok || !exists || factsKey(&rs) == factsKey(ptr(w.runs[id])) {
			continue
		}
		pts, games, err := w.llr(ctx, &rs)
		if err != nil {
			return err
		}
		ev := runEvent{Run: id, Games: games, LLR: [][2]float64{}}
		if len(pts) > done {
			ev.LLR = pts[done:]
		}
		evs = append(evs, pending{id: id, ev: ev, len: len(pts)})
	}
	w.runs = snap
	w.s.hub.get("runs").publish([]byte(`{"runs":true}`))
	for _, p := range evs {
		w.sent[p.id] = p.len
		w.s.hub.get(fmt.Sprintf("run/%d", p.id)).publish(mustJSON(p.ev))
	}
	return nil
}

// mustJSON encodes values that always encode (plain structs of strings
// and numbers).
func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(fmt.Sprintf("web: %T does not encode: %v", v, err))
	}
	return b
}

func ptr[T any](v T) *T { return &v }
