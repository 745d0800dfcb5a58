package tunesession

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/elolab/elolab/configs/experiment"
	"github.com/elolab/elolab/match/enginetest"
	"github.com/elolab/elolab/match/game"
	"github.com/elolab/elolab/match/player"
	"github.com/elolab/elolab/results/store"
	"github.com/elolab/elolab/tuner/spsa"
)

var testEngine string

func TestMain(m *testing.M) { enginetest.Main(m, &testEngine) }

// fixture is an SPSA experiment of the test engine's Skill Level, loaded
// from a file, with its tuner and an open store.
type fixture struct {
	x    *experiment.Experiment
	ps   []spsa.Param
	st   *store.Store
	ecfg player.Config
}

func newFixture(t *testing.T, iterations int) *fixture {
	t.Helper()
	dir := t.TempDir()
	y := fmt.Sprintf("name: ts\nkind: spsa\nnodes: 100\ntc: inf\nseed: 4\nconcurrency: 1\n"+
		"engines:\n  - {name: ext, cmd: %s, args: [-mode, instant]}\n"+
		"spsa: {iterations: %d, batch: 2, params: [{name: Skill Level, value: 10, min: 0, max: 20, c_end: 2}]}\n", testEngine, iterations)
	p := filepath.Join(dir, "spsa.yaml")
	if err := os.WriteFile(p, []byte(y), 0o644); err != nil {
		t.Fatal(err)
	}
	x, err := experiment.Load(p)
	if err != nil {
		t.Fatal(err)
	}
	st, err := store.Open(filepath.Join(dir, "lab.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	opts := []player.Option{{Name: "Skill Level", Type: "spin", Min: 0, Max: 20, Default: "20"}}
	ps, err := Params(x, opts)
	if err != nil {
		t.Fatal(err)
	}
	return &fixture{x: x, ps: ps, st: st, ecfg: player.Config{Name: "ext", Cmd: testEngine, Args: enginetest.Args("instant"),
		StartTimeout: 3 * time.Second, ReadyTimeout: time.Second, QuitTimeout: 200 * time.Millisecond}}
}

func (f *fixture) open(t *testing.T) *Session {
	t.Helper()
	sp := f.x.SPSA
	tu, err := spsa.New(spsa.Config{Params: f.ps, Iterations: sp.Iterations, Seed: f.x.Seed})
	if err != nil {
		t.Fatal(err)
	}
	s, err := Open(t.Context(), f.st, Spec{X: f.x, Config: []byte("# test\n"), Engine: store.Engine{Name: "ext"}, DBPath: "lab.db"}, tu)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func (f *fixture) runner() Runner {
	return Runner{Concurrency: 1, Batch: 2, Match: spsa.Match{Engine: f.ecfg, Limits: f.x.Tested[0].Limits,
		Options: Options(f.ps), Game: game.Config{StallTimeout: time.Second}}}
}

// TestCheckpointBeforeSubscribersAndResume: each batch is checkpointed
// before any other subscriber hears it is done; a run stopped after a
// batch (here by a subscriber, as a crash would) resumes from that
// checkpoint with its rows, rewrites the CSV whole and ends where an
// uninterrupted run ends.
func TestCheckpointBeforeSubscribersAndResume(t *testing.T) {
	f := newFixture(t, 6)
	s := f.open(t)
	if s.Resumed {
		t.Fatal("a new run reported as resumed")
	}
	crash := errors.New("crash")
	var seen []int
	s.Subscribe(func(e spsa.Event) error {
		b, ok := e.(spsa.BatchDone)
		if !ok {
			return nil
		}
		c, err := f.st.LatestCheckpoint(context.Background(), s.Run.ID, CheckpointKind)
		if err != nil || c.Iteration != b.State.Iteration {
			t.Errorf("batch to iteration %d heard before its checkpoint (latest %+v, %v)", b.State.Iteration, c, err)
		}
		seen = append(seen, b.State.Iteration)
		if b.State.Iteration == 4 {
			return crash
		}
		return nil
	})
	if err := s.Play(t.Context(), f.runner()); !errors.Is(err, crash) {
		t.Fatalf("Play: %v, want %v", err, crash)
	}
	if r, err := f.st.GetRun(context.Background(), s.Run.ID); err != nil || r.State != store.Interrupted {
		t.Errorf("run after the stop: %+v, %v; want interrupted", r, err)
	}
	s.Close()
	if fmt.Sprint(seen) != "[2 4]" {
		t.Errorf("batches heard: %v, want [2 4]", seen)
	}

	s = f.open(t)
	defer s.Close()
	if !s.Resumed || s.Tuner.Iteration() != 4 || len(s.Rows()) != 4 {
		t.Fatalf("resumed %v at iteration %d with %d rows, want at 4 with 4", s.Resumed, s.Tuner.Iteration(), len(s.Rows()))
	}
	csv := filepath.Join(t.TempDir(), "theta.csv")
	if err := s.WriteCSV(csv); err != nil {
		t.Fatal(err)
	}
	if err := s.Play(t.Context(), f.runner()); err != nil {
		t.Fatal(err)
	}
	if err := s.Finish(); err != nil {
		t.Fatal(err)
	}
	if r, err := f.st.GetRun(context.Background(), s.Run.ID); err != nil || r.State != store.Finished {
		t.Errorf("run at the end: %+v, %v; want finished", r, err)
	}
	data, err := os.ReadFile(csv)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if len(lines) != 7 || lines[0] != "iteration,Skill Level,wins,draws,losses" {
		t.Fatalf("CSV:\n%s", data)
	}
	for i, l := range lines[1:] {
		// The test engine's White always wins: θ+ wins one game, loses one.
		if want := strconv.Itoa(i+1) + ",10.000,1,0,1"; l != want {
			t.Errorf("CSV line %d: %q, want %q", i+2, l, want)
		}
	}
}

// TestPlanVerify: the verification plays "tuned" against "start" with
// each side's values after the engine's own options, which it must not
// share with the other side; values equal as sent skip it.
func TestPlanVerify(t *testing.T) {
	f := newFixture(t, 2)
	f.x.SPSA.Verify = &experiment.SPRT{MaxPairs: 3}
	f.ecfg.Options = make([]player.OptionValue, 1, 4) // room to append: sides must not share it
	f.ecfg.Options[0] = player.OptionValue{Name: "Hash", Value: "16"}
	if sent, same := Unchanged(f.ps, []float64{10.2}); !same || sent != "Skill Level=10" {
		t.Errorf("Unchanged(10.2) = %q, %v; want Skill Level=10, true", sent, same)
	}
	if _, same := Unchanged(f.ps, []float64{12}); same {
		t.Error("Unchanged(12) = true")
	}
	v, err := PlanVerify(VerifyInput{X: f.x, Params: f.ps, Tuned: []float64{12}, Engine: f.ecfg, Stored: store.Engine{Name: "ext"}, Rounds: 50})
	if err != nil {
		t.Fatal(err)
	}
	got := fmt.Sprint(v.Plan.Engines[0].Config.Name, v.Plan.Engines[0].Config.Options, " ", v.Plan.Engines[1].Config.Name, v.Plan.Engines[1].Config.Options)
	if want := "tuned[{Hash 16} {Skill Level 12}] start[{Hash 16} {Skill Level 10}]"; got != want {
		t.Errorf("sides %s, want %s", got, want)
	}
	if v.Name != "ts-verify" || v.Plan.Rounds != 3 || v.Engines[0].Options["Skill Level"] != "12" || v.Engines[1].Options["Skill Level"] != "10" {
		t.Errorf("verification %+v", v)
	}
	w, _ := PlanVerify(VerifyInput{X: f.x, Params: f.ps, Tuned: []float64{13}, Engine: f.ecfg, Rounds: 50})
	if w.Hash == v.Hash {
		t.Error("other tuned values, same run hash")
	}
}

// TestAsyncCheckpointsEveryUpdate: an asynchronous run (InFlight) is
// checkpointed after every update, before anyone hears of it, and a run
// stopped mid-chunk resumes from that update: the iterations that were
// in flight are played again, each iteration lands in the rows once.
func TestAsyncCheckpointsEveryUpdate(t *testing.T) {
	f := newFixture(t, 6)
	s := f.open(t)
	crash := errors.New("crash")
	var seen []int
	s.Subscribe(func(e spsa.Event) error {
		b, ok := e.(spsa.BatchDone)
		if !ok {
			return nil
		}
		c, err := f.st.LatestCheckpoint(context.Background(), s.Run.ID, CheckpointKind)
		if err != nil || c.Iteration != b.State.Iteration || len(b.Iterations) != 1 {
			t.Errorf("update %d heard before its checkpoint (latest %+v, %v) or not alone (%d)", b.State.Iteration, c, err, len(b.Iterations))
		}
		seen = append(seen, b.State.Iteration)
		if b.State.Iteration == 3 {
			return crash
		}
		return nil
	})
	rc := f.runner()
	rc.InFlight = 2
	if err := s.Play(t.Context(), rc); !errors.Is(err, crash) {
		t.Fatalf("Play: %v, want %v", err, crash)
	}
	s.Close()
	if fmt.Sprint(seen) != "[1 2 3]" {
		t.Errorf("updates heard: %v, want [1 2 3]", seen)
	}

	s = f.open(t)
	defer s.Close()
	if !s.Resumed || s.Tuner.Iteration() != 3 || len(s.Rows()) != 3 || len(s.Tuner.State().InFlight) == 0 {
		t.Fatalf("resumed at iteration %d with %d rows, %v in flight; want 3, 3 and some", s.Tuner.Iteration(), len(s.Rows()), s.Tuner.State().InFlight)
	}
	if err := s.Play(t.Context(), rc); err != nil {
		t.Fatal(err)
	}
	ks := map[int]int{}
	for _, r := range s.Rows() {
		ks[r.K]++
	}
	if len(s.Rows()) != 6 || len(ks) != 6 || ks[1] != 1 || ks[6] != 1 {
		t.Errorf("rows of iterations %v, want 1..6 once each", ks)
	}
}
