package datagen

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/elolab/elolab/engine/board"
	"github.com/elolab/elolab/tuner/texel"
)

// small is a quick configuration: short searches, an EPD book.
func small(games int) Config {
	return Config{Games: games, Nodes: 300, Concurrency: 2, Seed: 3, HashMB: 1,
		Book: "builtin:UHO_4060_v4.first1000.epd", MaxPlies: 120}
}

func generate(t *testing.T, path string, cfg Config) Summary {
	t.Helper()
	sum, err := Run(context.Background(), path, cfg)
	if err != nil {
		t.Fatal(err)
	}
	return sum
}

func TestRunWritesLabelledQuietPositions(t *testing.T) {
	path := filepath.Join(t.TempDir(), "d.epd")
	sum := generate(t, path, small(4))
	if sum.Games != 4 || sum.Positions == 0 || sum.WhiteWins+sum.Draws+sum.BlackWins != 4 {
		t.Fatalf("summary %+v", sum)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	if len(lines) != sum.Positions {
		t.Fatalf("%d lines, %d positions reported", len(lines), sum.Positions)
	}
	resultOf := map[string]float64{}
	for i, l := range lines {
		fen, r, _, err := texel.ParseLine([]byte(l))
		if err != nil {
			t.Fatalf("line %d %q: %v", i+1, l, err)
		}
		pos, err := board.ParseFEN(string(fen))
		if err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
		if pos.InCheck() {
			t.Errorf("line %d: side to move in check: %s", i+1, l)
		}
		id := l[strings.Index(l, `id "`):]
		if prev, ok := resultOf[id]; ok && prev != r {
			t.Errorf("line %d: game %s labelled %v and %v", i+1, id, prev, r)
		}
		resultOf[id] = r
	}
	if len(resultOf) != 4 {
		t.Errorf("%d game ids, want 4", len(resultOf))
	}
}

// TestDeterministic: the same seed writes the same file at any
// concurrency, and a run continued later writes what one run would have.
func TestDeterministicAndResumable(t *testing.T) {
	dir := t.TempDir()
	one, two, resumed := filepath.Join(dir, "1.epd"), filepath.Join(dir, "2.epd"), filepath.Join(dir, "r.epd")
	c := small(4)
	c.Concurrency = 1
	generate(t, one, c)
	c.Concurrency = 3
	generate(t, two, c)
	c.Games = 2
	generate(t, resumed, c)
	c.Games = 4
	sum := generate(t, resumed, c)
	if sum.ExistingGames != 2 || sum.Games != 2 {
		t.Errorf("resume: %d games found, %d played; want 2 and 2", sum.ExistingGames, sum.Games)
	}
	a, _ := os.ReadFile(one)
	b, _ := os.ReadFile(two)
	r, _ := os.ReadFile(resumed)
	if len(a) == 0 || !bytes.Equal(a, b) || !bytes.Equal(a, r) {
		t.Fatalf("files differ: %d, %d and %d bytes", len(a), len(b), len(r))
	}
	// Nothing left to do.
	if sum := generate(t, resumed, c); sum.Games != 0 || sum.ExistingGames != 4 {
		t.Errorf("third run: %+v", sum)
	}
}

func TestPositionsTargetAndRepair(t *testing.T) {
	path := filepath.Join(t.TempDir(), "p.epd")
	// A run killed in the middle of a write left half a line.
	if err := os.WriteFile(path, []byte("8/8/8/8/8/8/8/K1k5 w - - c9 \"1/2-1/2\";\n8/8/8/8/8/8/8/K1k5 w - - c9 \"1/"), 0o644); err != nil {
		t.Fatal(err)
	}
	c := small(0)
	c.Positions = 40
	sum := generate(t, path, c)
	if sum.Repaired == 0 || sum.ExistingPositions != 1 {
		t.Errorf("repair: %+v", sum)
	}
	if sum.ExistingPositions+sum.Positions < 40 {
		t.Errorf("target 40, got %d + %d", sum.ExistingPositions, sum.Positions)
	}
	data, _ := os.ReadFile(path)
	for i, l := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
		if _, _, _, err := texel.ParseLine([]byte(l)); err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
	}
}

func TestInterruptKeepsFinishedGames(t *testing.T) {
	path := filepath.Join(t.TempDir(), "i.epd")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	c := small(50)
	c.Progress = func(p Progress) {
		if p.Games == 2 {
			cancel()
		}
	}
	sum, err := Run(ctx, path, c)
	if err != nil {
		t.Fatal(err)
	}
	if !sum.Interrupted || sum.Games < 2 || sum.Games >= 50 {
		t.Fatalf("summary %+v", sum)
	}
	data, _ := os.ReadFile(path)
	if n := bytes.Count(data, []byte("\n")); n != sum.Positions || !bytes.HasSuffix(data, []byte("\n")) {
		t.Errorf("%d lines for %d positions", n, sum.Positions)
	}
}

func TestConfigErrors(t *testing.T) {
	path := filepath.Join(t.TempDir(), "e.epd")
	for _, c := range []Config{
		{},                           // neither games nor positions
		{Games: 1, Positions: 1},     // both
		{Games: 1, Sample: 1.5},      // bad share
		{Games: 1, Book: "nope.pgn"}, // missing book
	} {
		if _, err := Run(context.Background(), path, c); err == nil {
			t.Errorf("%+v: no error", c)
		}
	}
}

// BenchmarkDatagen plays games at 5000 nodes per move on one goroutine
// and reports positions written per second.
func BenchmarkDatagen(b *testing.B) {
	for i := range b.N {
		path := filepath.Join(b.TempDir(), "b.epd")
		c := Config{Games: 4, Nodes: 5000, Concurrency: 1, Seed: uint64(i + 1)}
		sum, err := Run(context.Background(), path, c)
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(sum.Positions)/sum.Elapsed.Seconds(), "positions/s")
		b.ReportMetric(float64(sum.Plies)/sum.Elapsed.Seconds(), "plies/s")
	}
}
