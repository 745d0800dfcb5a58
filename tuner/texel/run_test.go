package texel

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/elolab/elolab/engine/params"
)

const runData = `r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - c9 "1-0"; id "s1g0";
r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - c9 "1-0"; id "s1g0";
8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - c9 "0-1"; id "s1g1";
6k1/5p1p/2bP2pb/4p3/2P5/1p1pNPPP/1P1Q1BK1/1q6 b - - c9 "1/2-1/2"; id "s1g2";
rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - [0.5]
`

func TestRunWritesLoadableOutput(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "d.epd")
	if err := os.WriteFile(data, []byte(runData), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, all := range []bool{false, true} {
		out := filepath.Join(dir, "o.yaml")
		cfg := &Config{File: "t.yaml", Data: []string{data}, Holdout: 0, Seed: 1, Epochs: 5, LearningRate: 3,
			Params: []Item{mustItem(t, "eval.material")}, Output: out, OutputAll: all}
		var log bytes.Buffer
		res, err := Run(context.Background(), cfg, RunHooks{Log: &log})
		if err != nil {
			t.Fatal(err)
		}
		raw, _ := os.ReadFile(out)
		v, err := params.LoadYAML(raw, out)
		if err != nil {
			t.Fatalf("output does not load: %v", err)
		}
		for j, d := range cfg.Selected() {
			if v.Get(d) != res.Values[j] {
				t.Errorf("%s: file %d, result %d", d.Name, v.Get(d), res.Values[j])
			}
		}
		if all != strings.Contains(string(raw), "lmr.base:") {
			t.Errorf("output_all %v: search parameters written: %v", all, !all)
		}
		if !strings.Contains(log.String(), "epoch      5") || !strings.Contains(log.String(), "holdout n/a") {
			t.Errorf("log:\n%s", log.String())
		}
	}
}

// TestRunInterrupted: a cancelled run still writes what it reached.
func TestRunInterrupted(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "d.epd")
	os.WriteFile(data, []byte(runData), 0o644)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	out := filepath.Join(dir, "o.yaml")
	cfg := &Config{File: "t.yaml", Data: []string{data}, Epochs: 5, LearningRate: 1, Params: []Item{mustItem(t, "eval.tempo")}, Output: out}
	res, err := Run(ctx, cfg, RunHooks{})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Interrupted || res.Epochs != 0 {
		t.Errorf("result %+v", res)
	}
	if raw, err := os.ReadFile(out); err != nil || !strings.Contains(string(raw), "(interrupted)") {
		t.Errorf("output %q, %v", raw, err)
	}
}

func mustItem(t *testing.T, s string) Item {
	t.Helper()
	it, err := ResolveItem(s)
	if err != nil {
		t.Fatal(err)
	}
	return it
}
