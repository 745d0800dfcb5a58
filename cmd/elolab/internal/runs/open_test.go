package runs

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/elolab/elolab/results/store"
	"github.com/elolab/elolab/sprt"
)

// finishedRun is a finished run of planned pairs, no games, in a fresh store.
func finishedRun(t *testing.T, planned int, sprt *store.SPRTConfig) (*store.Store, *store.Run) {
	t.Helper()
	ctx := context.Background()
	st, err := store.Open(filepath.Join(t.TempDir(), "r.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	run, err := st.CreateRun(ctx, store.NewRun{Name: "x", Kind: "match", Config: "a: 1\npairs: 4\n",
		PlannedPairs: planned, SPRT: sprt, Engines: []store.Engine{{Name: "A"}, {Name: "B"}}})
	if err != nil {
		t.Fatal(err)
	}
	if err := st.SetRunState(ctx, run.ID, store.Finished); err != nil {
		t.Fatal(err)
	}
	if run, err = st.GetRun(ctx, run.ID); err != nil {
		t.Fatal(err)
	}
	return st, run
}

// A finished run is played again only when its pair count was raised; an
// SPRT that ended on a verdict is over whatever its cap.
func TestReplan(t *testing.T) {
	ctx := context.Background()
	verdict := &store.SPRTConfig{Model: sprt.Normalized, Elo1: 5, Alpha: 0.05, Beta: 0.05}
	for _, c := range []struct {
		name    string
		planned int
		sprt    *store.SPRTConfig
		asked   int
		play    bool
		say     string
	}{
		{"same pairs", 4, nil, 4, false, "Run 1 (x) is finished in db; its report (--fresh plays it again):\n\n"},
		{"more pairs", 4, nil, 6, true, "Run 1 (x): pairs changed from 4 to 6; continuing it in db\n"},
		{"verdict", 0, verdict, 100, false, "Run 1 (x) is finished in db with an SPRT verdict; its report (--fresh plays it again):\n\n"},
	} {
		st, run := finishedRun(t, c.planned, c.sprt)
		var msg bytes.Buffer
		spec := Spec{Name: "x", Config: "a: 1\npairs: 6\n", PlannedPairs: c.asked, SPRT: c.sprt}
		play, err := replan(ctx, &msg, st, "db", run, spec)
		if err != nil || play != c.play || msg.String() != c.say {
			t.Errorf("%s: replan = %v, %v, said %q; want %v, %q", c.name, play, err, msg.String(), c.play, c.say)
		}
		stored, err := st.GetRun(ctx, run.ID)
		if want := map[bool]int{false: c.planned, true: c.asked}[c.play]; err != nil || stored.PlannedPairs != want || run.PlannedPairs != want {
			t.Errorf("%s: planned pairs %d stored, %d in memory (%v); want %d", c.name, stored.PlannedPairs, run.PlannedPairs, err, want)
		}
	}
}

// A changed configuration names the first line that differs.
func TestConfigChange(t *testing.T) {
	st, run := finishedRun(t, 4, nil)
	prev, diff := configChange(context.Background(), st, "x", "a: 2\npairs: 4\n")
	if prev == nil || prev.ID != run.ID || !strings.HasPrefix(diff, `line 1: "a: 1" is now "a: 2"`) {
		t.Fatalf("configChange = %v, %q", prev, diff)
	}
	if prev, _ := configChange(context.Background(), st, "y", "a: 1\n"); prev != nil {
		t.Fatalf("another name found run %d", prev.ID)
	}
}
