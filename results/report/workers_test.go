package report

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/elolab/elolab/results/store"
	"github.com/elolab/elolab/sprt"
)

// workersStore is the SPRT example played by two remote workers and the
// local process, with the verdict reached on pair 89: the 8 pairs after
// it are stored and flagged.
func workersStore(t *testing.T) (*store.Store, *store.Run, Input) {
	t.Helper()
	ctx := context.Background()
	st, err := store.Open(filepath.Join(t.TempDir(), "elolab.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	in := sprtInput(t)
	run, err := st.CreateRun(ctx, store.NewRun{Name: in.Title, Kind: "sprt", Config: "kind: sprt\n", Book: in.Book,
		Engines: in.Engines, SPRT: &store.SPRTConfig{Model: sprt.Normalized, Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}})
	if err != nil {
		t.Fatal(err)
	}
	base := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
	for i := 0; i < len(in.Games); i += 2 {
		games := in.Games[i : i+2]
		p := games[0].Pair
		for k := range games {
			g := &games[k]
			g.RunID = run.ID
			g.Worker = []string{"alpha", "beta", "", "beta"}[p%4]
			g.End = base.Add(time.Duration(2*p+k) * time.Minute)
			g.Start = g.End.Add(-time.Minute)
			g.Duration = time.Minute
			if p == 7 && k == 1 {
				g.BlackFlags.TimeLoss = true
			}
		}
		if _, err := st.RecordPair(ctx, store.Pair{RunID: run.ID, Index: p, First: games[0].White, Second: games[0].Black}, games); err != nil {
			t.Fatal(err)
		}
	}
	if n, err := st.MarkAfterVerdict(ctx, run.ID, 89); err != nil || n != 2*(len(in.Games)/2-90) {
		t.Fatalf("marked %d, %v", n, err)
	}
	return st, run, in
}

// TestWorkersGolden pins the per-worker table and the after-verdict line
// in the text, Markdown and JSON reports of a stored run.
func TestWorkersGolden(t *testing.T) {
	st, run, _ := workersStore(t)
	r, err := Load(context.Background(), st, run.ID, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if r.AfterVerdict != 16 || r.GameCount() != 180 || len(r.Workers) != 3 {
		t.Fatalf("after the verdict %d, counted %d, %d workers", r.AfterVerdict, r.GameCount(), len(r.Workers))
	}
	for _, f := range []Format{Text, Markdown, JSON} {
		golden(t, "workers."+string(f)+".golden", render(t, r, f))
	}
}

// Games after the verdict change no number of the report: it equals the
// report of the counted games alone but for the line that names them.
func TestAfterVerdictChangesNoCount(t *testing.T) {
	st, run, _ := workersStore(t)
	ctx := context.Background()
	loaded, err := Load(ctx, st, run.ID, Options{})
	if err != nil {
		t.Fatal(err)
	}
	all, err := st.Games(ctx, run.ID, false)
	if err != nil {
		t.Fatal(err)
	}
	in := Input{Title: run.Name, Run: loaded.Run, Engines: run.Engines, Book: run.Book, SPRT: loaded.SPRT, Games: counted(all)}
	mem := build(t, in, Options{})
	mem.Workers = loaded.Workers // the table counts every stored game
	line := afterVerdictText(16) + "\n\n"
	a, b := render(t, loaded, Text), render(t, mem, Text)
	if !bytes.Contains(a, []byte(line)) || !bytes.Equal(bytes.Replace(a, []byte(line), nil, 1), b) {
		t.Errorf("with the games after the verdict:\n%s\nwithout:\n%s", a, b)
	}
	if len(loaded.Trajectory) != 90 || loaded.Trajectory[89].Pair != 89 {
		t.Errorf("trajectory of %d points", len(loaded.Trajectory))
	}
	// Without named workers and without games after the verdict there is
	// neither table nor line.
	plain := build(t, sprtInput(t), Options{})
	for _, f := range []Format{Text, Markdown, JSON} {
		out := string(render(t, plain, f))
		if strings.Contains(out, "orker") || strings.Contains(out, "after the verdict") || strings.Contains(out, "after_verdict") {
			t.Errorf("%s: worker table or after-verdict line without either", f)
		}
	}
}
