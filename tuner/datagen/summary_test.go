package datagen

import (
	"testing"
	"time"
)

func TestSummaryReport(t *testing.T) {
	s := Summary{Games: 4, Positions: 10, WhiteWins: 1, Draws: 2, BlackWins: 1, ExistingPositions: 5, ExistingGames: 2,
		Elapsed: 2 * time.Second, Plies: 300, AdjudicatedResign: 1, AdjudicatedDraw: 2}
	want := "Games: 4, Positions: 10 (2.5 per game, 300 plies played), Time: 2.0 s\n" +
		"Speed: 5 positions/s (0.14 M per 8-hour night)\n" +
		"Results: 1-0 1, 1/2-1/2 2, 0-1 1; adjudicated: resign 1, draw 2, length 0\n" +
		"File: out.epd, 15 positions (5 before this run; 2 games of this seed were already there)\n"
	if got := s.Report("out.epd"); got != want {
		t.Errorf("Report:\n%s\nwant:\n%s", got, want)
	}
	if got := (Summary{}).Report("x"); got[:45] != "Games: 0, Positions: 0 (0.0 per game, 0 plies" {
		t.Errorf("empty Report: %q", got)
	}
}

func TestConfigBanner(t *testing.T) {
	c := Config{Games: 3, Nodes: 100, Concurrency: 2, Seed: 7, Book: "builtin:x"}
	want := "datagen: 3 games, 100 nodes per move, concurrency 2, seed 7, book builtin:x\n"
	if got := c.Banner(); got != want {
		t.Errorf("Banner = %q, want %q", got, want)
	}
	c = Config{Positions: 50, Nodes: 1, Concurrency: 1, Seed: 1, Book: "b"}
	if got := c.Banner(); got != "datagen: 50 positions, 1 nodes per move, concurrency 1, seed 1, book b\n" {
		t.Errorf("Banner = %q", got)
	}
}
