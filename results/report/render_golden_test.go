package report

import (
	"bytes"
	"testing"

	"github.com/elolab/elolab/results/store"
	"github.com/elolab/elolab/sprt"
	"github.com/elolab/elolab/sprt/rating"
)

// TestBlockAndOrdoGolden pins the fastchess block of the report (pairs,
// lone games, unbounded Elo, no header, no games) and the Ordo table
// (anchor, fitted white advantage, unrated players) byte for byte.
func TestBlockAndOrdoGolden(t *testing.T) {
	norm, _ := sprt.NewTest(sprt.Normalized, 0, 10, 0.05, 0.05)
	logi, _ := sprt.NewTest(sprt.Logistic, -5, 0, 0.05, 0.05)
	full := Header{TimeControl: "10+0.1", Threads: "1t", Hash: "16MB", Book: "8moves_v3.pgn"}
	blocks := []struct {
		name string
		m    store.Matchup
		h    Header
		test *sprt.Test
	}{
		{"pairs", store.Matchup{A: "new", B: "old", Total: store.WDL{Wins: 12, Draws: 17, Losses: 10},
			Penta: [5]int64{0, 2, 12, 4, 0}, WLPairs: 7, CompletePairs: 18, LoneGames: 3}, Header{TimeControl: "10+0.1 - 5+0.05"}, &logi},
		{"lone games only", store.Matchup{A: "new", B: "old", Total: store.WDL{Wins: 2, Draws: 1, Losses: 1}, LoneGames: 4}, Header{}, &norm},
		{"pairs, no WL, no DD", store.Matchup{A: "new", B: "old", Total: store.WDL{Wins: 3, Draws: 3},
			Penta: [5]int64{0, 0, 0, 3, 0}, CompletePairs: 3}, full, nil},
		{"zero score, verdict", store.Matchup{A: "new", B: "old", Total: store.WDL{Losses: 600},
			Penta: [5]int64{300, 0, 0, 0, 0}, CompletePairs: 300}, full, &norm},
		{"full score", store.Matchup{A: "new", B: "old", Total: store.WDL{Wins: 20},
			Penta: [5]int64{0, 0, 0, 0, 10}, CompletePairs: 10}, Header{Book: "b.epd"}, &norm},
		{"no games", store.Matchup{A: "new", B: "old"}, Header{TimeControl: "inf"}, &norm},
	}
	var b bytes.Buffer
	for _, c := range blocks {
		b.WriteString("== " + c.name + "\n")
		if err := WriteFastchessBlock(&b, c.m, c.h, c.test); err != nil {
			t.Fatal(err)
		}
	}
	var games []rating.Game
	add := func(w, bl string, n int, s float64) {
		for range n {
			games = append(games, rating.Game{White: w, Black: bl, WhiteScore: s})
		}
	}
	add("Alpha", "Bravo", 6, 1)
	add("Bravo", "Alpha", 4, 0.5)
	add("Bravo", "Charlie", 5, 1)
	add("Charlie", "Bravo", 5, 0)
	add("Alpha", "Charlie", 3, 0.5)
	add("Charlie", "Alpha", 3, 0)
	add("Loser", "Alpha", 2, 0)
	add("Bravo", "Loser", 2, 1)
	add("Charlie", "Bravo", 1, 1)
	for _, o := range []rating.Options{
		{Average: 2300},
		{Anchor: "Bravo", AnchorRating: 2000, Scale: rating.Ordo},
		{FitWhite: true},
	} {
		tab, err := rating.Rate(games, o)
		if err != nil {
			t.Fatal(err)
		}
		b.WriteString("== ordo\n")
		if err := WriteOrdo(&b, tab); err != nil {
			t.Fatal(err)
		}
	}
	golden(t, "blocks.text.golden", b.Bytes())
}

// 11.5 points of 80 games is exactly 14.375 %: the report's block rounds
// it as the console does (14.38, from 100·points/games), not 14.37 (the
// rounding error of 100·(points/games)), since both print sprt.Block.
func TestBlockPointsPercentRoundsExactly(t *testing.T) {
	var b bytes.Buffer
	m := store.Matchup{A: "a", B: "b", Total: store.WDL{Wins: 5, Draws: 13, Losses: 62}, LoneGames: 80}
	if err := WriteFastchessBlock(&b, m, Header{}, nil); err != nil {
		t.Fatal(err)
	}
	if want := "Games: 80, Wins: 5, Losses: 62, Draws: 13, Points: 11.5 (14.38 %)\n"; !bytes.Contains(b.Bytes(), []byte(want)) {
		t.Errorf("want %q in\n%s", want, b.String())
	}
}
