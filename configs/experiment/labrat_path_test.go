package experiment

import (
	"os"
	"path/filepath"
	"testing"
)

// TestLabratPathFound: labrat variants with the default command get the
// path of the labrat found (here bin/labrat beside the experiment file,
// $PATH empty), so the runner starts them from any directory; the command
// as written, and with it the hash, stays bin/labrat.
func TestLabratPathFound(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	dir := t.TempDir()
	lab := filepath.Join(dir, "bin", "labrat")
	if err := os.MkdirAll(filepath.Dir(lab), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(lab, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, "exp.yaml")
	src := "name: t\nkind: sprt\nnodes: 100\nsprt: {elo0: 0, elo1: 10}\nengines:\n  - {name: a, labrat: true}\n  - {name: b, extends: a, params: {futility.enabled: false}}\n"
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	x, err := Load(p)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range x.Engines {
		if e.Cmd != DefaultLabratCmd || e.Path != lab {
			t.Errorf("%s: cmd %q path %q, want %q", e.Name, e.Cmd, e.Path, lab)
		}
	}
	x2, err := LoadWith(p, Options{SkipBinaries: true})
	if err != nil {
		t.Fatal(err)
	}
	if x2.Hash() != x.Hash() {
		t.Error("the path found changed the hash")
	}
}
