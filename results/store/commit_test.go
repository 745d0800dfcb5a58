package store

import (
	"errors"
	"path/filepath"
	"reflect"
	"sync"
	"testing"
	"time"
)

func pairOf(runID int64, idx int) Pair {
	return Pair{RunID: runID, Index: idx, First: "A", Second: "B", OpeningIndex: idx}
}

func bothGames(runID int64, idx int, worker string) []Game {
	g0, g1 := gameOf(runID, idx, 0, "A", "B"), gameOf(runID, idx, 1, "A", "B")
	g0.Worker, g1.Worker = worker, worker
	return []Game{g0, g1}
}

func pairState(t *testing.T, s *Store, runID int64, idx int) PairState {
	t.Helper()
	ps, err := s.Pairs(ctx, runID)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range ps {
		if p.Index == idx {
			return p.State
		}
	}
	return ""
}

func TestRecordPairDuplicateAndPartial(t *testing.T) {
	s, _ := openTemp(t)
	r := newRun(t, s, "rp", 0)
	games := bothGames(r.ID, 0, "w1")
	if n, err := s.RecordPair(ctx, pairOf(r.ID, 0), games); err != nil || n != 2 {
		t.Fatalf("RecordPair: %d, %v", n, err)
	}
	before, _ := s.Games(ctx, r.ID, true)
	// The whole pair delivered again: nothing inserted, nothing changed.
	if n, err := s.RecordPair(ctx, pairOf(r.ID, 0), games); err != nil || n != 0 {
		t.Fatalf("duplicate RecordPair: %d, %v", n, err)
	}
	after, _ := s.Games(ctx, r.ID, true)
	if !reflect.DeepEqual(before, after) || len(after) != 2 || after[0].Worker != "w1" || pairState(t, s, r.ID, 0) != PairComplete {
		t.Fatalf("after a duplicate: %+v, state %s", after, pairState(t, s, r.ID, 0))
	}
	// A partial pair (its first game stored alone) completed by the pair.
	if n, err := s.RecordPair(ctx, pairOf(r.ID, 1), bothGames(r.ID, 1, "")[:1]); err != nil || n != 1 || pairState(t, s, r.ID, 1) != PairPartial {
		t.Fatalf("one game: %d, %v, state %s", n, err, pairState(t, s, r.ID, 1))
	}
	if n, err := s.RecordPair(ctx, pairOf(r.ID, 1), bothGames(r.ID, 1, "")); err != nil || n != 1 || pairState(t, s, r.ID, 1) != PairComplete {
		t.Fatalf("completing: %d, %v, state %s", n, err, pairState(t, s, r.ID, 1))
	}
	if n, _ := s.CountGames(ctx, r.ID); n != 4 {
		t.Fatalf("%d games stored, want 4", n)
	}
	// Validation before the database.
	bad := bothGames(r.ID, 2, "")
	bad[1].Index = 0
	if _, err := s.RecordPair(ctx, pairOf(r.ID, 2), bad); !errors.Is(err, ErrInvalid) {
		t.Fatalf("the same game twice: %v", err)
	}
	if _, err := s.RecordPair(ctx, pairOf(r.ID, 2), bothGames(r.ID, 3, "")); !errors.Is(err, ErrInvalid) {
		t.Fatalf("games of another pair: %v", err)
	}
	if _, err := s.RecordPair(ctx, pairOf(r.ID, 2), nil); !errors.Is(err, ErrInvalid) {
		t.Fatalf("no games: %v", err)
	}
}

func TestRecordPairConflictWritesNothing(t *testing.T) {
	s, _ := openTemp(t)
	r := newRun(t, s, "rp", 0)
	if _, err := s.RecordPair(ctx, pairOf(r.ID, 0), bothGames(r.ID, 0, "")[:1]); err != nil {
		t.Fatal(err)
	}
	// Game 0 conflicts, game 1 is new: neither is written.
	games := bothGames(r.ID, 0, "")
	games[0].Result = "0-1"
	if games[0].Result == gameOf(r.ID, 0, 0, "A", "B").Result {
		games[0].Result = "1-0"
	}
	if n, err := s.RecordPair(ctx, pairOf(r.ID, 0), games); !errors.Is(err, ErrConflict) || n != 0 {
		t.Fatalf("conflicting game: %d, %v", n, err)
	}
	if n, _ := s.CountGames(ctx, r.ID); n != 1 || pairState(t, s, r.ID, 0) != PairPartial {
		t.Fatalf("%d games, state %s after a conflict: want 1, partial", n, pairState(t, s, r.ID, 0))
	}
	// A pair that conflicts with the stored one (other engines): nothing.
	p := pairOf(r.ID, 0)
	p.OpeningIndex = 99
	if _, err := s.RecordPair(ctx, p, bothGames(r.ID, 0, "")); !errors.Is(err, ErrConflict) {
		t.Fatalf("conflicting pair: %v", err)
	}
	// A new pair whose second game conflicts with... its own colours: the
	// pair itself is not registered either.
	games = bothGames(r.ID, 5, "")
	games[1].White, games[1].Black = "A", "B"
	if _, err := s.RecordPair(ctx, pairOf(r.ID, 5), games); err == nil {
		t.Fatal("wrong colours accepted")
	}
	if ps, _ := s.Pairs(ctx, r.ID); len(ps) != 1 {
		t.Fatalf("pairs %+v: the failed call registered its pair", ps)
	}
}

// Two goroutines deliver the same pair (at-least-once delivery): it is
// inserted exactly once.
func TestRecordPairConcurrent(t *testing.T) {
	s, _ := openTemp(t)
	r := newRun(t, s, "rp", 0)
	for p := 0; p < 20; p++ {
		var wg sync.WaitGroup
		ins := make([]int, 2)
		for i := range ins {
			wg.Go(func() {
				n, err := s.RecordPair(ctx, pairOf(r.ID, p), bothGames(r.ID, p, "w"))
				if err != nil {
					t.Error(err)
				}
				ins[i] = n
			})
		}
		wg.Wait()
		if ins[0]+ins[1] != 2 || ins[0]*ins[1] != 0 {
			t.Fatalf("pair %d: inserted %v, want 2 by one call", p, ins)
		}
	}
	if n, _ := s.CountGames(ctx, r.ID); n != 40 {
		t.Fatalf("%d games", n)
	}
}

func TestAfterVerdictLeftOut(t *testing.T) {
	s, _ := openTemp(t)
	r := newRun(t, s, "av", 0)
	test, _ := r.SPRT.Test()
	for p := 0; p < 6; p++ {
		if _, err := s.RecordPair(ctx, pairOf(r.ID, p), bothGames(r.ID, p, "")); err != nil {
			t.Fatal(err)
		}
	}
	wantMs, _ := s.Matchups(ctx, r.ID)
	wantTraj, _ := s.LLRTrajectory(ctx, r.ID, test)
	for p := 6; p < 9; p++ {
		if _, err := s.RecordPair(ctx, pairOf(r.ID, p), bothGames(r.ID, p, "")); err != nil {
			t.Fatal(err)
		}
	}
	// Verdict on pair 5: pairs 6-8 are after it.
	if n, err := s.MarkAfterVerdict(ctx, r.ID, 5); err != nil || n != 6 {
		t.Fatalf("MarkAfterVerdict: %d, %v", n, err)
	}
	if n, err := s.MarkAfterVerdict(ctx, r.ID, 5); err != nil || n != 0 {
		t.Fatalf("again: %d, %v", n, err)
	}
	// A pair committed after the mark, flagged by the caller.
	late := bothGames(r.ID, 9, "")
	late[0].AfterVerdict, late[1].AfterVerdict = true, true
	if _, err := s.RecordPair(ctx, pairOf(r.ID, 9), late); err != nil {
		t.Fatal(err)
	}
	ms, _ := s.Matchups(ctx, r.ID)
	traj, _ := s.LLRTrajectory(ctx, r.ID, test)
	if !reflect.DeepEqual(ms, wantMs) || !reflect.DeepEqual(traj, wantTraj) {
		t.Fatalf("after-verdict games counted:\n%+v\n%+v", ms, wantMs)
	}
	games, _ := s.Games(ctx, r.ID, false)
	agg := NewAggregator(r.EngineNames())
	flagged := 0
	for _, g := range games {
		agg.Add(g)
		if g.AfterVerdict != (g.Pair > 5) {
			t.Fatalf("game %d.%d flagged %v", g.Pair, g.Index, g.AfterVerdict)
		}
		if g.AfterVerdict {
			flagged++
		}
	}
	if agg.AfterVerdict() != 8 || flagged != 8 || len(games) != 20 {
		t.Fatalf("aggregator saw %d after the verdict, %d flagged of %d", agg.AfterVerdict(), flagged, len(games))
	}
	// The pairs stay complete: a resume does not replay them.
	if p, _ := s.Progress(ctx, r.ID); len(p.Complete) != 10 {
		t.Fatalf("progress %+v", p)
	}
	if _, err := s.MarkAfterVerdict(ctx, 999, 5); !errors.Is(err, ErrRunNotFound) {
		t.Fatalf("unknown run: %v", err)
	}
}

func TestWorkers(t *testing.T) {
	s, _ := openTemp(t)
	r := newRun(t, s, "wk", 0)
	for p := 0; p < 5; p++ {
		games := bothGames(r.ID, p, []string{"alpha", "beta", ""}[p%3])
		if p == 4 {
			games[1].WhiteFlags.TimeLoss, games[1].BlackFlags.Crash, games[0].BlackFlags.Stall = true, true, true
			games = games[:1] // a partial pair
		}
		if _, err := s.RecordPair(ctx, pairOf(r.ID, p), games); err != nil {
			t.Fatal(err)
		}
	}
	ws, err := s.Workers(ctx, r.ID)
	if err != nil {
		t.Fatal(err)
	}
	end := func(p, idx int) time.Time { return gameOf(r.ID, p, idx, "A", "B").End }
	want := []WorkerStats{
		{Worker: "", Games: 2, Pairs: 1, First: end(2, 0), Last: end(2, 1)},
		{Worker: "alpha", Games: 4, Pairs: 2, First: end(0, 0), Last: end(3, 1)},
		{Worker: "beta", Games: 3, Pairs: 1, Stalls: 1, First: end(1, 0), Last: end(4, 0)},
	}
	if !reflect.DeepEqual(ws, want) {
		t.Fatalf("workers\n got %+v\nwant %+v", ws, want)
	}
	if ws[0].Name() != LocalWorker || !HasNamedWorker(ws) || HasNamedWorker(ws[:1]) {
		t.Fatal("names")
	}
}

// v2SQL is the schema of store version 2 as the released code wrote it.
func v2Store(t *testing.T) string {
	t.Helper()
	saved := SchemaVersion
	SchemaVersion = 2
	defer func() { SchemaVersion = saved }()
	path := filepath.Join(t.TempDir(), DefaultFile)
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	r := newRun(t, s, "old", 2)
	for p := 0; p < 2; p++ {
		if err := s.AddPair(ctx, pairOf(r.ID, p)); err != nil {
			t.Fatal(err)
		}
		for _, g := range bothGames(r.ID, p, "") {
			// Version 2's RecordGame statement: no worker, no flag.
			if _, err := s.db.Exec(`INSERT INTO games (run_id, pair_index, game_index, white, black, result, termination, pgn,
				opening, plies, started_at, ended_at, duration_ms,
				white_time_loss, white_crash, white_stall, black_time_loss, black_crash, black_stall)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 0, 0, 0, 0, 0)`,
				g.RunID, g.Pair, g.Index, g.White, g.Black, g.Result, g.Termination, g.PGN,
				g.Opening, g.Plies, fmtTime(g.Start), fmtTime(g.End), g.Duration.Milliseconds()); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := s.db.Exec(`UPDATE pairs SET state = 'complete' WHERE run_id = ? AND pair_index = ?`, r.ID, p); err != nil {
			t.Fatal(err)
		}
	}
	if v, _ := s.Version(ctx); v != 2 {
		t.Fatalf("made version %d", v)
	}
	return path
}

func TestMigrateV2(t *testing.T) {
	path := v2Store(t)
	// Read-only: read as it is, without the new columns.
	ro, err := OpenReadOnly(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	old, err := ro.Games(ctx, 1, true)
	ro.Close()
	if err != nil || len(old) != 4 {
		t.Fatalf("read-only v2: %d games, %v", len(old), err)
	}
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if v, _ := s.Version(ctx); v != SchemaVersion || SchemaVersion != 3 {
		t.Fatalf("version %d after open, want 3", v)
	}
	games, err := s.Games(ctx, 1, true)
	if err != nil || !reflect.DeepEqual(games, old) {
		t.Fatalf("games after the upgrade (%v):\n%+v\nwant\n%+v", err, games, old)
	}
	if err := s.Check(ctx); err != nil {
		t.Fatal(err)
	}
	// The upgraded file takes new games with their worker.
	if _, err := s.RecordPair(ctx, pairOf(1, 2), bothGames(1, 2, "w9")); err != nil {
		t.Fatal(err)
	}
	if ws, _ := s.Workers(ctx, 1); len(ws) != 2 || ws[1].Worker != "w9" || ws[0].Games != 4 {
		t.Fatalf("workers %+v", ws)
	}
}
