package texel

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestTuneKeepsLowestHoldoutEpoch: training labels from one set of
// weights, hold-out labels from weights between the start and those:
// the hold-out error falls, then rises while training goes on. The result
// is the epoch with the lowest hold-out error, not the last.
func TestTuneKeepsLowestHoldoutEpoch(t *testing.T) {
	defs := tunedDefs(t, "eval.material.knight.mg", "eval.material.bishop.mg", "eval.bishoppair.mg")
	start := []float64{200, 200, 0}
	trainTruth := []float64{400, 400, 100}
	holdTruth := []float64{250, 250, 25}
	d := &Data{
		Train:   *synthetic(4000, len(defs), trainTruth, 1.0, 21, false),
		Holdout: *synthetic(2000, len(defs), holdTruth, 1.0, 22, false),
		Tuned:   defs,
		Start:   start,
		Occurs:  make([]int, len(defs)),
	}
	var hold []float64
	res := Tune(context.Background(), d, Options{Epochs: 120, LearningRate: 4, K: 1, Threads: 2,
		Epoch: func(e Epoch) { hold = append(hold, e.Holdout) }})
	best := 0
	for i, h := range hold {
		if h < hold[best] {
			best = i
		}
	}
	if best == 0 || best == len(hold)-1 {
		t.Fatalf("the data should make the hold-out error fall, then rise: lowest at epoch %d of %v", best, hold)
	}
	// The written (rounded) values are those of the best epoch: their
	// error is that of the best epoch up to the rounding, far from the
	// last epoch's.
	last := hold[len(hold)-1]
	if math.Abs(res.Final.Holdout-hold[best]) > (last-hold[best])/10 {
		t.Errorf("final hold-out error %.6f: want about epoch %d's %.6f, not the last epoch's %.6f",
			res.Final.Holdout, best, hold[best], last)
	}
}

// TestRunWarnsWhenHoldoutRises: tempo is pushed up by the training games
// (the side to move always wins) while the hold-out games are draws; the
// run warns with both epochs and errors and writes the kept epoch.
func TestRunWarnsWhenHoldoutRises(t *testing.T) {
	const seed = 3
	var epd strings.Builder
	nHold := 0
	for g := range 200 {
		id := fmt.Sprintf("g%d", g)
		white, black := `"1-0"`, `"0-1"`
		if splitHash([]byte(id), seed) < 0.5 {
			white, black = `"1/2-1/2"`, `"1/2-1/2"`
			nHold++
		}
		fmt.Fprintf(&epd, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - c9 %s; id %q;\n", white, id)
		fmt.Fprintf(&epd, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - c9 %s; id %q;\n", black, id)
	}
	if nHold == 0 || nHold == 200 {
		t.Fatalf("%d hold-out games", nHold)
	}
	dir := t.TempDir()
	data := filepath.Join(dir, "d.epd")
	if err := os.WriteFile(data, []byte(epd.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "o.yaml")
	cfg := &Config{File: "t.yaml", Data: []string{data}, Holdout: 0.5, Seed: seed, Epochs: 8, LearningRate: 3, K: 1,
		Params: []Item{mustItem(t, "eval.tempo")}, Output: out}
	// Warn is nil: warnings go to Log.
	var log bytes.Buffer
	if _, err := Run(context.Background(), cfg, RunHooks{Log: &log}); err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`warning: the hold-out error rose from (\d\.\d+) at epoch (\d+) to (\d\.\d+) at epoch 8 \(over-fitting\); writing epoch (\d+)'s values`).
		FindStringSubmatch(log.String())
	if m == nil {
		t.Fatalf("no warning in the log:\n%s", log.String())
	}
	kept := m[2]
	if m[4] != kept || m[1] >= m[3] {
		t.Errorf("warning %q", m[0])
	}
	if want := fmt.Sprintf("epoch %s's values (lowest hold-out error)", kept); !strings.Contains(log.String(), want) {
		t.Errorf("log lacks %q:\n%s", want, log.String())
	}
	raw, _ := os.ReadFile(out)
	if want := fmt.Sprintf("# the values of epoch %s of 8", kept); !strings.Contains(string(raw), want) {
		t.Errorf("output lacks %q:\n%s", want, raw)
	}
}
