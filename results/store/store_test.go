package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/elolab/elolab/sprt"
)

var ctx = context.Background()

func openTemp(t testing.TB) (*Store, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), DefaultFile)
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s, path
}

func newRun(t testing.TB, s *Store, name string, planned int, engines ...string) *Run {
	t.Helper()
	if len(engines) == 0 {
		engines = []string{"A", "B"}
	}
	var es []Engine
	for _, e := range engines {
		es = append(es, Engine{Name: e, Cmd: "./bin/labrat", Options: map[string]string{"Hash": "16", "Threads": "1"}, TimeControl: "10+0.1"})
	}
	r, err := s.CreateRun(ctx, NewRun{Name: name, Kind: "match", Config: "name: " + name + "\n", PlannedPairs: planned,
		Seed: 42, Book: "books/8moves_v3.pgn", Engines: es,
		SPRT: &SPRTConfig{Model: sprt.Normalized, Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// resultOf is a deterministic game result for tests: the first engine of
// a pair wins, draws or loses depending on the pair and game index.
func resultOf(pair, idx int) string {
	switch (pair*7 + idx*3) % 5 {
	case 0, 1:
		return "1-0"
	case 2:
		return "0-1"
	}
	return "1/2-1/2"
}

func gameOf(runID int64, pair, idx int, first, second string) Game {
	w, b := first, second
	if idx == 1 {
		w, b = second, first
	}
	start := time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC).Add(time.Duration(pair) * time.Minute)
	return Game{RunID: runID, Pair: pair, Index: idx, White: w, Black: b, Result: resultOf(pair, idx),
		Termination: "White mates", PGN: fmt.Sprintf("[Event \"t\"]\n[Round \"%d.%d\"]\n\n1. e4 e5 1-0\n", pair+1, idx+1),
		Opening: "book#1", Plies: 3, Start: start, End: start.Add(1500 * time.Millisecond), Duration: 1500 * time.Millisecond}
}

func playPair(t testing.TB, s *Store, runID int64, pair int, first, second string) {
	t.Helper()
	if err := s.AddPair(ctx, Pair{RunID: runID, Index: pair, First: first, Second: second, OpeningIndex: pair, OpeningFEN: ""}); err != nil {
		t.Fatal(err)
	}
	for idx := 0; idx < 2; idx++ {
		if _, err := s.RecordGame(ctx, gameOf(runID, pair, idx, first, second)); err != nil {
			t.Fatal(err)
		}
	}
}

func TestRunsCreateFindList(t *testing.T) {
	s, path := openTemp(t)
	r := newRun(t, s, "futility-ab", 10)
	if r.State != Running || r.ConfigHash != HashConfig("name: futility-ab\n") || len(r.Engines) != 2 {
		t.Fatalf("run %+v", r)
	}
	if r.SPRT == nil || r.SPRT.Model != sprt.Normalized || r.SPRT.Elo1 != 5 {
		t.Fatalf("sprt %+v", r.SPRT)
	}
	if r.Engines[0].Options["Hash"] != "16" || r.Engines[1].TimeControl != "10+0.1" {
		t.Fatalf("engine config not round-tripped: %+v", r.Engines)
	}
	got, err := s.FindRun(ctx, "futility-ab", r.ConfigHash)
	if err != nil || got.ID != r.ID {
		t.Fatalf("FindRun: %v %v", got, err)
	}
	if _, err := s.FindRun(ctx, "futility-ab", HashConfig("other")); !errors.Is(err, ErrRunNotFound) {
		t.Fatalf("FindRun with another config: %v", err)
	}
	r2 := newRun(t, s, "gauntlet", 0, "labrat", "stockfish", "ethereal")
	if lr, err := s.LookupRun(ctx, ""); err != nil || lr.ID != r2.ID {
		t.Fatalf("latest run: %v %v", lr, err)
	}
	if lr, err := s.LookupRun(ctx, "futility-ab"); err != nil || lr.ID != r.ID {
		t.Fatalf("by name: %v %v", lr, err)
	}
	if lr, err := s.LookupRun(ctx, fmt.Sprint(r2.ID)); err != nil || lr.ID != r2.ID {
		t.Fatalf("by id: %v %v", lr, err)
	}
	if _, err := s.LookupRun(ctx, "nope"); !errors.Is(err, ErrRunNotFound) || !strings.Contains(err.Error(), `"nope"`) {
		t.Fatalf("unknown run: %v", err)
	}
	if _, err := s.GetRun(ctx, 999); !errors.Is(err, ErrRunNotFound) {
		t.Fatalf("unknown id: %v", err)
	}
	playPair(t, s, r.ID, 0, "A", "B")
	if err := s.SetRunState(ctx, r.ID, Interrupted); err != nil {
		t.Fatal(err)
	}
	if err := s.SetRunState(ctx, 999, Finished); !errors.Is(err, ErrRunNotFound) {
		t.Fatalf("state of unknown run: %v", err)
	}
	if err := s.SetRunState(ctx, r.ID, "paused"); err == nil {
		t.Fatal("unknown state accepted")
	}
	runs, err := s.ListRuns(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(runs) != 2 || runs[0].State != Interrupted || runs[0].Games != 2 || runs[0].CompletePairs != 1 ||
		strings.Join(runs[1].Engines, ",") != "labrat,stockfish,ethereal" || runs[0].LatestCheckpoint != -1 {
		t.Fatalf("ListRuns %+v", runs)
	}
	// Reopening sees the same data (and does not migrate twice).
	s.Close()
	s2, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	if v, err := s2.Version(ctx); err != nil || v != SchemaVersion {
		t.Fatalf("version %d %v", v, err)
	}
	if n, err := s2.CountGames(ctx, r.ID); err != nil || n != 2 {
		t.Fatalf("games after reopen: %d %v", n, err)
	}
}

func TestCreateRunValidation(t *testing.T) {
	s, _ := openTemp(t)
	cases := map[string]NewRun{
		"no name":     {Kind: "match", Engines: []Engine{{Name: "A"}}},
		"no engines":  {Name: "x", Kind: "match"},
		"dup engine":  {Name: "x", Kind: "match", Engines: []Engine{{Name: "A"}, {Name: "A"}}},
		"empty name":  {Name: "x", Kind: "match", Engines: []Engine{{Name: " "}}},
		"bad sprt":    {Name: "x", Kind: "sprt", Engines: []Engine{{Name: "A"}, {Name: "B"}}, SPRT: &SPRTConfig{Elo0: 5, Elo1: 0, Alpha: 0.05, Beta: 0.05}},
		"neg planned": {Name: "x", Kind: "match", PlannedPairs: -1, Engines: []Engine{{Name: "A"}}},
	}
	for name, nr := range cases {
		if _, err := s.CreateRun(ctx, nr); !errors.Is(err, ErrInvalid) {
			t.Errorf("%s: %v", name, err)
		}
	}
	if runs, _ := s.ListRuns(ctx); len(runs) != 0 {
		t.Fatalf("invalid runs were written: %+v", runs)
	}
}

func TestRecordGameIdempotentAndValidated(t *testing.T) {
	s, _ := openTemp(t)
	r := newRun(t, s, "idem", 4)
	if _, err := s.RecordGame(ctx, gameOf(r.ID, 0, 0, "A", "B")); !errors.Is(err, ErrUnknownPair) {
		t.Fatalf("game of an unknown pair: %v", err)
	}
	p := Pair{RunID: r.ID, Index: 0, First: "A", Second: "B", OpeningIndex: 3, OpeningFEN: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"}
	for i := 0; i < 3; i++ {
		if err := s.AddPair(ctx, p); err != nil {
			t.Fatalf("AddPair #%d: %v", i, err)
		}
	}
	bad := p
	bad.First, bad.Second = "B", "A"
	if err := s.AddPair(ctx, bad); !errors.Is(err, ErrConflict) {
		t.Fatalf("conflicting pair: %v", err)
	}
	if err := s.AddPair(ctx, Pair{RunID: r.ID, Index: 1, First: "A", Second: "Z"}); err == nil || !strings.Contains(err.Error(), "not in the store") {
		t.Fatalf("pair with unknown engine: %v", err)
	}
	if err := s.AddPair(ctx, Pair{RunID: 999, Index: 1, First: "A", Second: "B"}); err == nil {
		t.Fatal("pair of an unknown run accepted")
	}
	g := gameOf(r.ID, 0, 0, "A", "B")
	for i := 0; i < 3; i++ {
		ins, err := s.RecordGame(ctx, g)
		if err != nil {
			t.Fatal(err)
		}
		if ins != (i == 0) {
			t.Fatalf("insert #%d reported inserted=%v", i, ins)
		}
	}
	g2 := g
	g2.Result = "0-1"
	if g.Result == "0-1" {
		g2.Result = "1-0"
	}
	if _, err := s.RecordGame(ctx, g2); !errors.Is(err, ErrConflict) {
		t.Fatalf("different result under the same key: %v", err)
	}
	wrongColours := gameOf(r.ID, 0, 1, "A", "B")
	wrongColours.White, wrongColours.Black = "A", "B"
	badGames := []Game{wrongColours,
		{RunID: r.ID, Pair: 0, Index: 2, White: "A", Black: "B", Result: "1-0"},
		{RunID: r.ID, Pair: 0, Index: 1, White: "B", Black: "A", Result: "*"},
		{RunID: r.ID, Pair: 0, Index: 1, White: "B", Black: "A", Result: "1-0", Plies: -1},
	}
	for i, bg := range badGames {
		if _, err := s.RecordGame(ctx, bg); !errors.Is(err, ErrInvalid) {
			t.Errorf("bad game %d: %v", i, err)
		}
	}
	pairs, err := s.Pairs(ctx, r.ID)
	if err != nil || len(pairs) != 1 || pairs[0].State != PairPartial || pairs[0].OpeningFEN != p.OpeningFEN {
		t.Fatalf("pairs %+v %v", pairs, err)
	}
	if _, err := s.RecordGame(ctx, gameOf(r.ID, 0, 1, "A", "B")); err != nil {
		t.Fatal(err)
	}
	games, err := s.Games(ctx, r.ID, true)
	if err != nil || len(games) != 2 {
		t.Fatalf("games %v %v", len(games), err)
	}
	want := gameOf(r.ID, 0, 0, "A", "B")
	if got := games[0]; got.PGN != want.PGN || !got.Start.Equal(want.Start) || !got.End.Equal(want.End) ||
		got.Duration != want.Duration || got.Termination != want.Termination || got.Plies != 3 {
		t.Fatalf("game round trip:\n got %+v\nwant %+v", got, want)
	}
	if pairs, _ := s.Pairs(ctx, r.ID); pairs[0].State != PairComplete {
		t.Fatalf("pair state %s", pairs[0].State)
	}
}

func TestFlagsRoundTrip(t *testing.T) {
	s, _ := openTemp(t)
	r := newRun(t, s, "flags", 1)
	if err := s.AddPair(ctx, Pair{RunID: r.ID, Index: 0, First: "A", Second: "B"}); err != nil {
		t.Fatal(err)
	}
	g := gameOf(r.ID, 0, 0, "A", "B")
	g.Result, g.Termination = "0-1", "A loses on time (12ms overrun)"
	g.WhiteFlags = Flags{TimeLoss: true}
	g.BlackFlags = Flags{Crash: true, Stall: true}
	if _, err := s.RecordGame(ctx, g); err != nil {
		t.Fatal(err)
	}
	games, _ := s.Games(ctx, r.ID, false)
	if games[0].WhiteFlags != g.WhiteFlags || games[0].BlackFlags != g.BlackFlags || games[0].Termination != g.Termination {
		t.Fatalf("flags %+v %+v", games[0].WhiteFlags, games[0].BlackFlags)
	}
	ms, _ := s.Matchups(ctx, r.ID)
	if ms[0].AIncidents.TimeLosses != 1 || ms[0].BIncidents.Crashes != 1 || ms[0].BIncidents.Stalls != 1 {
		t.Fatalf("incidents %+v %+v", ms[0].AIncidents, ms[0].BIncidents)
	}
}

func TestResumeReplaysPartialPairs(t *testing.T) {
	s, _ := openTemp(t)
	r := newRun(t, s, "resume", 6)
	for p := 0; p < 3; p++ {
		playPair(t, s, r.ID, p, "A", "B")
	}
	// Pair 3: one game stored (the run died during the second game).
	if err := s.AddPair(ctx, Pair{RunID: r.ID, Index: 3, First: "A", Second: "B", OpeningIndex: 3}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.RecordGame(ctx, gameOf(r.ID, 3, 1, "A", "B")); err != nil {
		t.Fatal(err)
	}
	// Pair 4: registered, nothing played. Pair 5: never registered.
	if err := s.AddPair(ctx, Pair{RunID: r.ID, Index: 4, First: "A", Second: "B", OpeningIndex: 4}); err != nil {
		t.Fatal(err)
	}
	pr, err := s.Progress(ctx, r.ID)
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(pr.Complete, pr.Partial, pr.Pending, pr.NextPair, pr.Games) != "[0 1 2] [3] [4 5] 6 7" || pr.Done() {
		t.Fatalf("progress %+v", pr)
	}
	if err := s.SetRunState(ctx, r.ID, Interrupted); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 2; i++ { // resuming twice is harmless
		plan, err := s.Resume(ctx, r.ID)
		if err != nil {
			t.Fatal(err)
		}
		wantReplaced := 1 - i
		if fmt.Sprint(plan.Kept, plan.Replay, plan.NextPair) != "[0 1 2] [3 4 5] 6" || plan.Replaced != wantReplaced || plan.Run.State != Running {
			t.Fatalf("plan %d: %+v", i, plan)
		}
	}
	if n, _ := s.CountGames(ctx, r.ID); n != 6 {
		t.Fatalf("games after resume: %d", n)
	}
	for _, p := range []int{3, 4, 5} {
		playPair(t, s, r.ID, p, "A", "B")
	}
	// A replayed write of an old game changes nothing.
	if ins, err := s.RecordGame(ctx, gameOf(r.ID, 1, 0, "A", "B")); err != nil || ins {
		t.Fatalf("replayed game: %v %v", ins, err)
	}
	pr, _ = s.Progress(ctx, r.ID)
	if !pr.Done() || pr.Games != 12 || len(pr.Complete) != 6 {
		t.Fatalf("final progress %+v", pr)
	}
	var pgnOut strings.Builder
	if n, err := s.ExportPGN(ctx, r.ID, &pgnOut); err != nil || n != 12 || strings.Count(pgnOut.String(), "[Event ") != 12 ||
		!strings.Contains(pgnOut.String(), "[Round \"6.2\"]\n\n1. e4 e5 1-0\n\n") {
		t.Fatalf("ExportPGN: %d games, %v\n%s", n, err, pgnOut.String())
	}
	if _, err := s.ExportPGN(ctx, 777, &pgnOut); !errors.Is(err, ErrRunNotFound) {
		t.Fatalf("export of unknown run: %v", err)
	}
	if _, err := s.Resume(ctx, 12345); !errors.Is(err, ErrRunNotFound) {
		t.Fatalf("resume of unknown run: %v", err)
	}
	if _, err := s.ResetPair(ctx, r.ID, 99); !errors.Is(err, ErrUnknownPair) {
		t.Fatalf("reset of unknown pair: %v", err)
	}
}

func TestAggregatesAndTrajectory(t *testing.T) {
	s, _ := openTemp(t)
	r := newRun(t, s, "agg", 0, "A", "B", "C")
	test, _ := r.SPRT.Test()
	var tl sprt.Tally
	var want []float64
	for p := 0; p < 40; p++ {
		first, second := "A", "B"
		if p%2 == 1 {
			first, second = "B", "A" // the pair's first engine alternates
		}
		playPair(t, s, r.ID, p, first, second)
		o := func(idx int) sprt.Outcome {
			g := gameOf(r.ID, p, idx, first, second)
			return sprt.Outcome(int(2 * g.ScoreOf("A")))
		}
		tl.AddPair(o(0), o(1))
		want = append(want, test.TallyStatus(&tl).LLR)
	}
	playPair(t, s, r.ID, 40, "A", "C")
	playPair(t, s, r.ID, 41, "C", "B")
	// A partial pair: counted as a lone game, not in the pentanomial.
	if err := s.AddPair(ctx, Pair{RunID: r.ID, Index: 42, First: "A", Second: "B"}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.RecordGame(ctx, gameOf(r.ID, 42, 0, "A", "B")); err != nil {
		t.Fatal(err)
	}
	ms, err := s.Matchups(ctx, r.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(ms) != 3 || ms[0].A != "A" || ms[0].B != "B" || ms[1].A != "A" || ms[1].B != "C" || ms[2].A != "B" || ms[2].B != "C" {
		t.Fatalf("matchups %+v", ms)
	}
	ab := ms[0]
	if ab.CompletePairs != 40 || ab.LoneGames != 1 || ab.Total.Games() != 81 {
		t.Fatalf("A-B counts %+v", ab)
	}
	if got, want := ab.Pentanomial().Counts(), tl.Pentanomial().Counts(); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("penta %v, tally %v", got, want)
	}
	if ab.WLPairs != tl.WLPairs() {
		t.Fatalf("WL pairs %d, tally %d", ab.WLPairs, tl.WLPairs())
	}
	if ab.AWhite.Games()+ab.ABlack.Games() != ab.Total.Games() || ab.WhiteVsBlack().Games() != ab.Total.Games() {
		t.Fatalf("colour split %+v", ab)
	}
	f := ab.Flip()
	if f.A != "B" || f.Total.Wins != ab.Total.Losses || f.Penta[0] != ab.Penta[4] || f.AWhite != ab.ABlack.Flip() {
		t.Fatalf("flip %+v", f)
	}
	traj, err := s.LLRTrajectory(ctx, r.ID, test)
	if err != nil {
		t.Fatal(err)
	}
	if len(traj) != 40 {
		t.Fatalf("trajectory has %d points", len(traj))
	}
	for i, p := range traj {
		if p.Pair != i || p.Pairs != i+1 || p.LLR != want[i] {
			t.Fatalf("point %d: %+v, want LLR %g", i, p, want[i])
		}
	}
}

func TestCheckpoints(t *testing.T) {
	s, _ := openTemp(t)
	r := newRun(t, s, "spsa", 0)
	if _, err := s.LatestCheckpoint(ctx, r.ID, "spsa"); !errors.Is(err, ErrNoCheckpoint) {
		t.Fatalf("no checkpoint yet: %v", err)
	}
	for it := 1; it <= 3; it++ {
		st, _ := json.Marshal(map[string]any{"theta": []float64{float64(it), 2}, "iteration": it})
		if err := s.SaveCheckpoint(ctx, Checkpoint{RunID: r.ID, Kind: "spsa", Iteration: it, State: st}); err != nil {
			t.Fatal(err)
		}
	}
	// Saving an iteration again replaces it.
	if err := s.SaveCheckpoint(ctx, Checkpoint{RunID: r.ID, Kind: "spsa", Iteration: 3, State: json.RawMessage(`{"theta":[9,9]}`)}); err != nil {
		t.Fatal(err)
	}
	c, err := s.LatestCheckpoint(ctx, r.ID, "spsa")
	if err != nil || c.Iteration != 3 || string(c.State) != `{"theta":[9,9]}` {
		t.Fatalf("latest %+v %v", c, err)
	}
	all, _ := s.Checkpoints(ctx, r.ID, "spsa")
	if len(all) != 3 {
		t.Fatalf("%d checkpoints", len(all))
	}
	if err := s.SaveCheckpoint(ctx, Checkpoint{RunID: r.ID, Kind: "spsa", State: json.RawMessage(`{`)}); !errors.Is(err, ErrInvalid) {
		t.Fatalf("bad JSON: %v", err)
	}
	if err := s.SaveCheckpoint(ctx, Checkpoint{RunID: 999, Kind: "spsa", State: json.RawMessage(`{}`)}); !errors.Is(err, ErrRunNotFound) {
		t.Fatalf("checkpoint of unknown run: %v", err)
	}
	runs, _ := s.ListRuns(ctx)
	if runs[0].LatestCheckpoint != 3 || runs[0].LatestCheckpointOf != "spsa" {
		t.Fatalf("ListRuns checkpoint %+v", runs[0])
	}
}

func TestBadFiles(t *testing.T) {
	dir := t.TempDir()
	garbage := filepath.Join(dir, "garbage.db")
	os.WriteFile(garbage, []byte(strings.Repeat("this is not a database\n", 300)), 0o644)
	if _, err := Open(garbage); !errors.Is(err, ErrNotStore) {
		t.Fatalf("garbage file: %v", err)
	}
	if _, err := Open(dir); err == nil || !strings.Contains(err.Error(), "directory") {
		t.Fatalf("directory: %v", err)
	}
	if _, err := Open(""); err == nil {
		t.Fatal("empty path accepted")
	}
	if _, err := Open(filepath.Join(dir, "missing", "x.db")); err == nil {
		t.Fatal("missing directory accepted")
	}

	// Another program's SQLite database.
	other := filepath.Join(dir, "other.db")
	s, err := Open(other)
	if err != nil {
		t.Fatal(err)
	}
	s.db.Exec(`DROP TABLE schema_migrations`)
	s.db.Exec(`CREATE TABLE t (x)`)
	s.Close()
	if _, err := Open(other); !errors.Is(err, ErrNotStore) {
		t.Fatalf("foreign database: %v", err)
	}

	// A store from a newer elolab.
	newer := filepath.Join(dir, "newer.db")
	s, err = Open(newer)
	if err != nil {
		t.Fatal(err)
	}
	s.db.Exec(`INSERT INTO schema_migrations (version, applied_at) VALUES (?, 'x')`, SchemaVersion+1)
	s.Close()
	if _, err := Open(newer); !errors.Is(err, ErrNewerSchema) {
		t.Fatalf("newer schema: %v", err)
	}

	// A store whose pages were overwritten in the middle.
	s, _ = openTemp(t)
	r := newRun(t, s, "c", 50)
	for p := 0; p < 50; p++ {
		playPair(t, s, r.ID, p, "A", "B")
	}
	path := s.Path()
	s.Close()
	data, _ := os.ReadFile(path)
	if len(data) < 8192 {
		t.Skip("database too small to corrupt a middle page")
	}
	for i := 4096; i < len(data)-100; i += 4096 {
		copy(data[i+100:], strings.Repeat("\xff", 200))
	}
	os.WriteFile(path, data, 0o644)
	os.Remove(path + "-wal")
	s2, err := Open(path)
	if err == nil {
		err = s2.Check(ctx)
		s2.Close()
	}
	if !errors.Is(err, ErrNotStore) {
		t.Fatalf("corrupted pages: %v", err)
	}
	t.Logf("corrupt store: %v", err)
}
