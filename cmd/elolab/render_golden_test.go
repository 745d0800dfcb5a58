package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// TestSprtRateTextGolden pins the text of `elolab sprt` (W/D/L, pairs,
// both, BayesElo, unbounded, no verdict, the calculator) and of `elolab
// rate` (default, anchor and Ordo scale, fitted white advantage, an
// unrated player, no head to head) byte for byte.
func TestSprtRateTextGolden(t *testing.T) {
	var pgn strings.Builder
	n := 0
	add := func(w, b string, k int, res string) {
		for range k {
			n++
			fmt.Fprintf(&pgn, "[Event \"g\"]\n[Round \"%d\"]\n[White \"%s\"]\n[Black \"%s\"]\n[Result \"%s\"]\n\n1. e4 e5 %s\n\n", n, w, b, res, res)
		}
	}
	add("Alpha", "Bravo", 6, "1-0")
	add("Bravo", "Alpha", 4, "1/2-1/2")
	add("Bravo", "Charlie", 5, "1-0")
	add("Charlie", "Bravo", 5, "0-1")
	add("Alpha", "Charlie", 3, "1/2-1/2")
	add("Charlie", "Alpha", 3, "0-1")
	add("Loser", "Alpha", 2, "0-1")
	add("Bravo", "Loser", 2, "1-0")
	add("Charlie", "Bravo", 1, "1-0")
	file := filepath.Join(t.TempDir(), "pool.pgn")
	if err := os.WriteFile(file, []byte(pgn.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	four := filepath.Join("testdata", "four.pgn")
	cmds := [][]string{
		{"sprt", "--wdl", "100,220,80", "--elo0", "0", "--elo1", "5"},
		{"sprt", "--penta", "10789,19328,33806,19402,10543", "--elo0", "0", "--elo1", "2", "--model", "normalized"},
		{"sprt", "--wdl", "151,19,26", "--penta", "3,0,22,15,58", "--elo0", "0", "--elo1", "10"},
		{"sprt", "--wdl", "151,19,26", "--penta", "3,0,22,15,58", "--elo0", "0", "--elo1", "5", "--model", "bayeselo"},
		{"sprt", "--wdl", "0,0,40", "--elo0", "-10", "--elo1", "0"},
		{"sprt", "--penta", "0,0,0,0,25"},
		{"sprt", "--penta", "[0, 0, 0, 0, 0]"},
		{"sprt", "--penta", "144,3,1,0,0", "--elo0", "-1500", "--elo1", "-500"},
		{"sprt", "--wdl", "30,40,30", "--elo0", "0", "--elo1", "2", "--true-elo", "-1,0,2"},
		{"rate", four},
		{"rate", four, "--anchor", "Bravo=2000", "--scale", "ordo"},
		{"rate", file},
		{"rate", file, "--fit-white", "--no-h2h"},
		{"rate", file, "--anchor", "Alpha=3000", "--average", "1000"},
	}
	var b strings.Builder
	for _, args := range cmds {
		out, _, code := run(t, args...)
		fmt.Fprintf(&b, "== %s (exit %d)\n%s", strings.ReplaceAll(strings.Join(args, " "), file, "pool.pgn"), code, out)
	}
	path := filepath.Join("testdata", "render.golden")
	if *update {
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if b.String() != string(want) {
		t.Errorf("output differs from %s:\n--- got\n%s\n--- want\n%s", path, b.String(), want)
	}
}

// An unrated player's ERROR does not exist: `elolab rate` prints n/a, as
// the report does, not "----" (which marks the anchor, a fixed rating).
func TestRateUnratedErrorIsNA(t *testing.T) {
	var pgn strings.Builder
	for i, g := range [][3]string{{"A", "B", "1-0"}, {"B", "A", "1/2-1/2"}, {"A", "C", "1-0"}, {"C", "B", "0-1"}, {"B", "A", "1-0"}} {
		fmt.Fprintf(&pgn, "[Round \"%d\"]\n[White \"%s\"]\n[Black \"%s\"]\n[Result \"%s\"]\n\n%s\n\n", i+1, g[0], g[1], g[2], g[2])
	}
	file := filepath.Join(t.TempDir(), "c.pgn")
	if err := os.WriteFile(file, []byte(pgn.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	out, _, code := run(t, "rate", file, "--no-h2h")
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, out)
	}
	var row string
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "   3 C ") {
			row = l
		}
	}
	if f := strings.Fields(row); len(f) != 12 || f[3] != "n/a" || f[4] != "n/a" {
		t.Errorf("unrated row %q: want RATING and ERROR n/a", row)
	}
}

// `elolab sprt` prints the Games line of the console and the report:
// 11.5 points of 80 games is 14.38 %, not 14.37.
func TestSprtPointsPercentLikeConsole(t *testing.T) {
	out, _, code := run(t, "sprt", "--wdl", "5,13,62")
	if want := "Games: 80, Wins: 5, Losses: 62, Draws: 13, Points: 11.5 (14.38 %)\n"; code != 0 || !strings.Contains(out, want) {
		t.Errorf("exit %d, want %q in\n%s", code, want, out)
	}
}
