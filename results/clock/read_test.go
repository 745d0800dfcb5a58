package clock

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/elolab/elolab/results/store"
)

// TestRunEqualsFiles: a run of a store profiles as its exported PGN does,
// and damaged or nameless games are skipped with file:line.
func TestRunEqualsFiles(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	st, err := store.Open(filepath.Join(dir, "elolab.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	run, err := st.CreateRun(ctx, store.NewRun{Name: "r", Kind: "match", Config: "kind: match\n", Engines: []store.Engine{{Name: "A"}, {Name: "B"}}})
	if err != nil {
		t.Fatal(err)
	}
	second := strings.NewReplacer(`[White "A"]`, `[White "B"]`, `[Black "B"]`, `[Black "A"]`, `"0-1"`, `"1-0"`, "0-1\n", "1-0\n").Replace(game1)
	if err := st.AddPair(ctx, store.Pair{RunID: run.ID, Index: 0, First: "A", Second: "B"}); err != nil {
		t.Fatal(err)
	}
	for i, g := range []store.Game{{White: "A", Black: "B", Result: "0-1", PGN: game1}, {White: "B", Black: "A", Result: "1-0", PGN: second}} {
		g.RunID, g.Index = run.ID, i
		if _, err := st.RecordGame(ctx, g); err != nil {
			t.Fatal(err)
		}
	}
	fromRun, skipped, err := Run(ctx, st, run.ID, "run 1", Options{TimeControl: tcOf})
	if err != nil || len(skipped) != 0 {
		t.Fatal(err, skipped)
	}
	file := filepath.Join(dir, "games.pgn")
	damaged := "[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. e4 } 1-0\n\n[White \"A\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n\n"
	if err := os.WriteFile(file, []byte(game1+"\n"+damaged+second), 0o644); err != nil {
		t.Fatal(err)
	}
	fromFile, skipped, err := Files([]string{file}, Options{TimeControl: tcOf})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{file + ":15 (unexpected '}' outside a comment)", file + ":17 (no White or Black tag)"}; !reflect.DeepEqual(skipped, want) {
		t.Errorf("skipped %q, want %q", skipped, want)
	}
	if fromRun.Games != 2 || !reflect.DeepEqual(fromRun, fromFile) {
		t.Errorf("from the run\n%+v\nfrom the file\n%+v", fromRun, fromFile)
	}
	if _, _, err := Files([]string{filepath.Join(dir, "none.pgn")}, Options{}); err == nil {
		t.Error("a missing file is no error")
	}
}
