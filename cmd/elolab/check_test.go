package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestCheckOK(t *testing.T) {
	// labrat is found in $PATH (check starts every engine).
	_, labrat := buildBins(t)
	t.Setenv("PATH", filepath.Dir(labrat)+string(os.PathListSeparator)+os.Getenv("PATH"))
	out, errOut, code := run(t, "check", "../../configs/futility-ab.yaml")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{
		"OK: futility-ab (sprt, 2 engines, 5000 nodes, SPRT logistic [0.00, 10.00] alpha=0.05 beta=0.05, at most 150 pairs",
		"hash: ",
		"futility-on   tested",
		"futility-off  baseline  uci bin/labrat (" + labrat + ")  5000 nodes  futility.enabled=false",
		"started: all 2 engines answered the protocol handshake",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

func TestCheckCanonical(t *testing.T) {
	out, _, code := run(t, "check", "--no-binaries", "--canonical", "../../configs/futility-styles.yaml")
	if code != 0 || !strings.Contains(out, "futility.style: \"chessprogramming\"") {
		t.Fatalf("exit %d:\n%s", code, out)
	}
}

func TestCheckErrors(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "bad.yaml")
	src := "kind: sprt\nnodes: 1000\nsprt: {elo0: 5, elo1: 0}\nengines:\n  - {name: a, labrat: true, params: {futility.style: stockfish}}\n  - {name: b, labrat: true}\n  - {name: c, labrat: true}\n"
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := run(t, "check", p)
	if code != 2 {
		t.Fatalf("exit %d, want 2", code)
	}
	if out != "" {
		t.Errorf("stdout not empty: %q", out)
	}
	for _, want := range []string{
		p + ":3:23: sprt.elo1: elo1 (0) must be greater than elo0 (5)",
		p + ":5:54: engines[0].params.futility.style: \"stockfish\" is not one of micromax, moonfish, chessprogramming",
		p + ":4:1: engines: kind sprt needs exactly 2 engines",
		"elolab: " + p + ": 3 errors",
	} {
		if !strings.Contains(errOut, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errOut)
		}
	}
	// Nothing is written next to the file.
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("check wrote files: %v", entries)
	}
}

func TestCheckUsage(t *testing.T) {
	if _, _, code := run(t, "check"); code != 2 {
		t.Errorf("no argument: exit %d", code)
	}
	_, errOut, code := run(t, "check", "no/such/file.yaml")
	if code != 2 || !strings.Contains(errOut, "no/such/file.yaml: cannot read experiment file") {
		t.Errorf("missing file: exit %d: %s", code, errOut)
	}
}
