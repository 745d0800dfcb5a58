package main

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/elolab/elolab/tuner/texel"
)

// TestPositionsCommand: elolab positions on two real games of labrat
// against Ethereal 12, Ethereal's moves only; the file reads back as
// Texel data; bad input exits 2 and writes nothing.
func TestPositionsCommand(t *testing.T) {
	out := filepath.Join(t.TempDir(), "eth.epd")
	stdout, errs, code := run(t, "positions", "testdata/clock.pgn", "--engine", "ethereal", "-o", out)
	if code != 0 || !strings.HasPrefix(stdout, "wrote ") || !strings.Contains(stdout, " positions of 2 games to "+out) {
		t.Fatalf("exit %d: %s%s", code, stdout, errs)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if len(lines) < 20 {
		t.Fatalf("%d lines", len(lines))
	}
	for _, l := range lines {
		if _, _, s, err := texel.ParseLine([]byte(l)); err != nil || math.IsNaN(s) {
			t.Fatalf("%q: %v (score %v)", l, err, s)
		}
		if !strings.Contains(l, `id "testdata/clock.pgn:`) {
			t.Fatalf("%q: no game id", l)
		}
	}
	before := string(data)
	for _, c := range [][]string{
		{"positions", "testdata/clock.pgn"}, // no -o
		{"positions", "-o", out},            // no games
		{"positions", "testdata/clock.pgn", "--engine", "etheral", "-o", out},
		{"positions", "testdata/missing.pgn", "-o", out},
		{"positions", "testdata/clock.pgn", "--max-score", "0", "-o", out},
		{"positions", "testdata/clock.pgn", "--max-score", "100001", "-o", out}, // beyond what texel reads
		{"positions", "testdata/clock.pgn", "--min-move", "500", "-o", out},     // nothing left
		{"positions", "--db", "testdata/missing.db", "-o", out},
	} {
		_, errs, code := run(t, c...)
		if code != 2 || !strings.Contains(errs, "elolab: ") {
			t.Errorf("%v: exit %d, stderr %q", c, code, errs)
		}
	}
	if after, _ := os.ReadFile(out); string(after) != before {
		t.Error("a failed run changed the output file")
	}
	if _, errs, _ := run(t, "positions", "testdata/clock.pgn", "--engine", "etheral", "-o", out); !strings.Contains(errs, `no such player in the games (players: ethereal, labrat)`) {
		t.Errorf("a misspelt engine: %q", errs)
	}
	if _, errs, _ := run(t, "positions", "testdata/clock.pgn", "--max-score", "100001", "-o", out); !strings.Contains(errs, "--max-score 100001: want 1 to 100000 centipawns") {
		t.Errorf("--max-score beyond texel's bound: %q", errs)
	}
}
