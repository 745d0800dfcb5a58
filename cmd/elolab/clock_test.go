package main

import (
	"strings"
	"testing"
)

// TestClockCommand: elolab clock on two real games of a match, in text
// and CSV, and its bad input.
func TestClockCommand(t *testing.T) {
	out, errs, code := run(t, "clock", "testdata/clock.pgn")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{"Clock profile of 2 games",
		"labrat: 2 games (2 with a clock), 133 timed moves, 0 time losses, score 100.0 %, lowest clock 0.112 s",
		"0.1-0.2     16          0.017    9.8  +5.00                 2  100.0 %", "11-20     20          0.121   13.0  +0.07      1.289      2  0.0 %"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	out, _, code = run(t, "clock", "testdata/clock.pgn", "--format", "csv", "--edges", "0.25,1")
	if code != 0 || !strings.HasPrefix(out, "engine,table,row,moves,time_s,depth,clock_s,games,score,eval\n") ||
		!strings.Contains(out, "\nlabrat,clock,< 0.25,") || !strings.Contains(out, "\nlabrat,clock,>= 1,") {
		t.Errorf("csv, exit %d:\n%s", code, out)
	}
	for _, c := range [][]string{
		{"clock"},
		{"clock", "testdata/missing.pgn"},
		{"clock", "testdata/clock.pgn", "--format", "md"},
		{"clock", "testdata/clock.pgn", "--edges", "1,0.5"},
		{"clock", "testdata/clock.pgn", "--edges", "0,1"},
		{"clock", "--db", "testdata/missing.db"},
		{"clock", "testdata/README.md"}, // no games
	} {
		_, errs, code := run(t, c...)
		if code != 2 || !strings.Contains(errs, "elolab: ") {
			t.Errorf("%v: exit %d, stderr %q", c, code, errs)
		}
	}
}
