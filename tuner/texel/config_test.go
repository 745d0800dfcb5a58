package texel

import (
	"path/filepath"
	"strings"
	"testing"
)

func TestShippedConfig(t *testing.T) {
	c, err := LoadConfig("../../configs/texel.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Data) != 1 || filepath.Base(c.Data[0]) != "texel.epd" || c.Output == "" {
		t.Errorf("config %+v", c)
	}
	sel := c.Selected()
	if len(sel) < 400 {
		t.Errorf("%d weights selected by params: [eval]", len(sel))
	}
	for _, d := range sel {
		if d.Group != "eval" {
			t.Errorf("%s selected", d.Name)
		}
	}
}

func TestParseConfig(t *testing.T) {
	c, err := ParseConfig([]byte(`
data: [a.epd, /abs/b.epd]
max_positions: 1000
holdout: 0
seed: 9
start: ../labrat/micromax-material.yaml
params: [eval.material, eval.pst.knight, "eval.mobility.*", eval.tempo]
exclude: eval.material.queen
epochs: 3
learning_rate: 0.5
l2: 1e-6
batch: 4096
k: 1.25
output: out.yaml
output_all: true
threads: 2
`), "cfg/t.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if c.Data[0] != "cfg/a.epd" || c.Data[1] != "/abs/b.epd" || c.Start != "labrat/micromax-material.yaml" || c.Output != "cfg/out.yaml" {
		t.Errorf("paths: %q %q %q", c.Data, c.Start, c.Output)
	}
	if c.MaxPositions != 1000 || c.Holdout != 0 || c.Seed != 9 || c.Epochs != 3 || c.LearningRate != 0.5 || c.L2 != 1e-6 ||
		c.Batch != 4096 || c.K != 1.25 || !c.OutputAll || c.Threads != 2 {
		t.Errorf("values: %+v", c)
	}
	names := map[string]bool{}
	for _, d := range c.Selected() {
		names[d.Name] = true
	}
	for _, want := range []string{"eval.material.pawn.mg", "eval.pst.knight.a1.eg", "eval.mobility.rook.mg", "eval.tempo"} {
		if !names[want] {
			t.Errorf("%s not selected", want)
		}
	}
	for _, not := range []string{"eval.material.queen.mg", "eval.material.enabled", "eval.pst.bishop.a1.mg"} {
		if names[not] {
			t.Errorf("%s selected", not)
		}
	}
	// Defaults.
	c, err = ParseConfig([]byte("data: d.epd\nparams: eval\noutput: o.yaml\nk: null\n"), "t.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if c.Holdout != DefaultHoldout || c.Epochs != DefaultEpochs || c.LearningRate != DefaultLearningRate || c.Seed != 1 || c.K != 0 || c.Batch != 0 {
		t.Errorf("defaults: %+v", c)
	}
}

func TestConfigErrors(t *testing.T) {
	for _, c := range []struct{ yaml, want string }{
		{"data: d.epd\nparams: eval\noutput: o.yaml\nbatchsize: 3\n", "t.yaml:4:1: batchsize: unknown key"},
		{"data: d.epd\nparams: eval\noutput: o.yaml\nepochs: 2.5\n", "t.yaml:4:9: epochs: want an integer in [1, 10000000], got the number 2.5"},
		{"data: d.epd\nparams: eval\noutput: o.yaml\nepochs: 0\n", "t.yaml:4:9: epochs: 0 out of range"},
		{"data: d.epd\nparams: eval\noutput: o.yaml\nlearning_rate: 0\n", "learning_rate: 0 out of range (0, 1e+06]"},
		{"data: d.epd\nparams: eval\noutput: o.yaml\noutput_all: yes please\n", "output_all: want true or false"},
		{"data: d.epd\nparams: eval\noutput: o.yaml\nl2: \"1e-6\"\n", `l2: want a number, got the string "1e-6"`},
		{"data: d.epd\nparams: eval\noutput: o.yaml\nl2: -1e-6\n", "l2: -1e-06 out of range [0, 1e+06]"},
		{"data: []\nparams: eval\noutput: o.yaml\n", "t.yaml:1:7: data: empty list"},
		{"data: {a: 1}\nparams: eval\noutput: o.yaml\n", "data: want a non-empty string, got a mapping"},
		{"data: d.epd\nparams: [eval, 3]\noutput: o.yaml\n", "t.yaml:2:16: params[1]: want a non-empty string, got the integer 3"},
		{"data: d.epd\nparams: eval.nothing\noutput: o.yaml\n", `t.yaml:2:9: params: unknown parameter`},
		{"data: d.epd\nparams: eval.pst.enabled\noutput: o.yaml\n", "is a bool parameter (a switch), not a weight"},
		{"data: d.epd\nparams: futility.style\noutput: o.yaml\n", "is an enum parameter"},
		{"data: d.epd\nparams: eval\n", "t.yaml: output: required"},
		{"- a\n- b\n", "the top level must be a mapping"},
		{"data: d.epd\ndata: e.epd\nparams: eval\noutput: o.yaml\n", "t.yaml:2:1: "},
		{"data: [d.epd\n", "syntax error"},
		{"data: &x d.epd\nparams: *x\noutput: o.yaml\n", "aliases"},
	} {
		_, err := ParseConfig([]byte(c.yaml), "t.yaml")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want %q", c.yaml, err, c.want)
		}
	}
	// Several problems are reported together.
	_, err := ParseConfig([]byte("data: 1\nparams: nope.x\nepochs: -1\n"), "t.yaml")
	if err == nil || strings.Count(err.Error(), "\n") < 3 {
		t.Errorf("want every problem, got %v", err)
	}
}
