package experiment

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// The Texel schema moved here from tuner/texel (one YAML decoder for every
// file of the lab); these are its tests, with the messages of the shared
// decoder.

func TestShippedTexelConfig(t *testing.T) {
	c, err := LoadTexel("../texel.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Data) != 1 || filepath.Base(c.Data[0]) != "texel.epd" || c.Output == "" {
		t.Errorf("config %+v", c)
	}
	n := 0
	for _, s := range c.Params {
		for _, d := range s.Defs {
			n++
			if d.Group != "eval" {
				t.Errorf("%s selected", d.Name)
			}
		}
	}
	if n < 400 {
		t.Errorf("%d weights selected by params: [eval]", n)
	}
}

const texelFull = `
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
score_weight: 0.25
score_k: 1.5
output: out.yaml
output_all: true
threads: 2
`

func checkTexelFull(t *testing.T, c *Texel) {
	t.Helper()
	if c.Data[0] != "cfg/a.epd" || c.Data[1] != "/abs/b.epd" || c.Start != "labrat/micromax-material.yaml" || c.Output != "cfg/out.yaml" {
		t.Errorf("paths: %q %q %q", c.Data, c.Start, c.Output)
	}
	if c.MaxPositions != 1000 || c.Holdout != 0 || c.Seed != 9 || c.Epochs != 3 || c.LearningRate != 0.5 || c.L2 != 1e-6 ||
		c.Batch != 4096 || c.K != 1.25 || c.ScoreWeight != 0.25 || c.ScoreK != 1.5 || !c.OutputAll || c.Threads != 2 {
		t.Errorf("values: %+v", c)
	}
	if len(c.Params) != 4 || c.Params[1].Text != "eval.pst.knight" || c.Params[3].Pos == "" || !c.Params[3].Explicit ||
		len(c.Exclude) != 1 || len(c.Exclude[0].Defs) == 0 {
		t.Errorf("selectors: %+v %+v", c.Params, c.Exclude)
	}
}

func TestParseTexel(t *testing.T) {
	c, err := ParseTexel([]byte(texelFull), "cfg/t.yaml")
	if err != nil {
		t.Fatal(err)
	}
	checkTexelFull(t, c)
	// Defaults.
	c, err = ParseTexel([]byte("data: d.epd\nparams: eval\noutput: o.yaml\nk: null\n"), "t.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if c.Holdout != DefaultTexelHoldout || c.Epochs != DefaultTexelEpochs || c.LearningRate != DefaultTexelLearningRate || c.Seed != 1 || c.K != 0 || c.Batch != 0 {
		t.Errorf("defaults: %+v", c)
	}
}

// TestTexelKind: kind: texel with a texel: block is the same run, read by
// the experiment loader (and so by elolab check and elolab texel).
func TestTexelKind(t *testing.T) {
	indented := strings.ReplaceAll(strings.TrimPrefix(texelFull, "\n"), "\n", "\n  ")
	src := "name: eval-weights\nkind: texel\ntexel:\n  " + strings.TrimRight(indented, " ") + "\n"
	c, err := ParseTexel([]byte(src), "cfg/t.yaml")
	if err != nil {
		t.Fatal(err)
	}
	checkTexelFull(t, c)
	x, err := Parse([]byte(src), "cfg/t.yaml", Options{SkipBinaries: true})
	if err != nil || x.Kind != KindTexel || x.Texel == nil || x.Name != "eval-weights" {
		t.Fatalf("Parse: %v %+v", err, x)
	}
	// Its canonical text is a kind texel file that means the same run.
	y, err := Parse([]byte(x.Canonical()), "cfg/t.yaml", Options{SkipBinaries: true})
	if err != nil || y.Hash() != x.Hash() || !strings.Contains(x.Canonical(), "  learning_rate: 0.5\n") {
		t.Errorf("canonical round trip: %v\n%s", err, x.Canonical())
	}
	if !IsTexel([]byte(src)) || !IsTexel([]byte(texelFull)) || IsTexel([]byte("kind: match\ndata: x\n")) {
		t.Error("IsTexel")
	}
	for _, c := range []struct{ yaml, want string }{
		{"kind: texel\n", "t.yaml:1:1: texel: kind texel needs a texel: block"},
		{"kind: texel\nengines: []\ntexel: {data: d.epd, params: eval, output: o.yaml}\n", "t.yaml:2:1: engines: kind texel plays no games"},
		{"kind: texel\ntexel:\n  data: d.epd\n  params: eval\n  output: o.yaml\n  epoch: 3\n", "t.yaml:6:3: texel.epoch: unknown key (did you mean epochs?)"},
		{"kind: match\nengines: []\ntexel: {}\n", "t.yaml:3:1: texel: only kind texel takes a texel: block"},
		{"kind: match\nengines: [{name: a, cmd: x}, {name: b, cmd: y}]\n", "t.yaml: kind: kind match is not a Texel run"},
	} {
		_, err := ParseTexel([]byte(c.yaml), "t.yaml")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want %q", c.yaml, err, c.want)
		}
	}
}

// TestTexelErrors: the old tuner/texel messages where the shared decoder
// words them the same; where it words them differently (integers, types,
// required keys that now have a line, a duplicate key naming the first)
// the new wording.
func TestTexelErrors(t *testing.T) {
	for _, c := range []struct{ yaml, want string }{
		{"data: d.epd\nparams: eval\noutput: o.yaml\nbatchsize: 3\n", "t.yaml:4:1: batchsize: unknown key"},
		// Three edits on a long key: suggested as in experiment files (the
		// old Texel reader stopped at two).
		{"data: d.epd\nparams: eval\noutput: o.yaml\nlernin_rates: 1\n", "t.yaml:4:1: lernin_rates: unknown key (did you mean learning_rate?)"},
		{"data: d.epd\nparams: eval\noutput: o.yaml\nepochs: 2.5\n", "t.yaml:4:9: epochs: want an integer, got float 2.5"},
		{"data: d.epd\nparams: eval\noutput: o.yaml\nepochs: 0\n", "t.yaml:4:9: epochs: 0 out of range [1..10000000]"},
		{"data: d.epd\nparams: eval\noutput: o.yaml\nlearning_rate: 0\n", "learning_rate: 0 out of range (0, 1e+06]"},
		{"data: d.epd\nparams: eval\noutput: o.yaml\noutput_all: yes please\n", "output_all: want true or false"},
		{"data: d.epd\nparams: eval\noutput: o.yaml\nl2: \"1e-6\"\n", `l2: want a number, got string "1e-6"`},
		{"data: d.epd\nparams: eval\noutput: o.yaml\nl2: -1e-6\n", "l2: -1e-06 out of range [0, 1e+06]"},
		{"data: d.epd\nparams: eval\noutput: o.yaml\nscore_k: 1.2\n", "t.yaml:4:10: score_k: has no effect while score_weight is 0"},
		{"data: d.epd\nparams: eval\noutput: o.yaml\nscore_weight: 0\nscore_k: 1.2\n", "t.yaml:5:10: score_k: has no effect while score_weight is 0"},
		{"data: []\nparams: eval\noutput: o.yaml\n", "t.yaml:1:7: data: empty list"},
		{"data: {a: 1}\nparams: eval\noutput: o.yaml\n", "data: want a non-empty string, got a mapping"},
		{"data: d.epd\nparams: [eval, 3]\noutput: o.yaml\n", "t.yaml:2:16: params[1]: want a non-empty string, got integer 3"},
		{"data: d.epd\nparams: eval.nothing\noutput: o.yaml\n", `t.yaml:2:9: params: unknown parameter`},
		{"data: d.epd\nparams: eval.pst.knigt\noutput: o.yaml\n", `(did you mean eval.pst.knight?)`},
		{"data: d.epd\nparams: eval.pst.enabled\noutput: o.yaml\n", "is a bool parameter (a switch), not a weight"},
		{"data: d.epd\nparams: futility.style\noutput: o.yaml\n", "is an enum parameter"},
		{"data: d.epd\nparams: eval\n", "t.yaml:1:1: output: required"},
		{"- a\n- b\n", "t.yaml:1:1: want a mapping, got a list"},
		{"data: d.epd\ndata: e.epd\nparams: eval\noutput: o.yaml\n", "t.yaml:2:1: data: duplicate key (first at line 1:1)"},
		{"data: [d.epd\n", "syntax error"},
		{"data: &x d.epd\nparams: *x\noutput: o.yaml\n", "aliases"},
	} {
		_, err := ParseTexel([]byte(c.yaml), "t.yaml")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want %q", c.yaml, err, c.want)
		}
	}
	// Several problems are reported together.
	_, err := ParseTexel([]byte("data: 1\nparams: nope.x\nepochs: -1\n"), "t.yaml")
	if err == nil || strings.Count(err.Error(), "\n") < 3 {
		t.Errorf("want every problem, got %v", err)
	}
}

// TestLoadTexelLimits: configurations the YAML parser cannot take (nested
// 100,000 deep, oversized, endless or blocking, an alias bomb) are refused
// with a clear error naming the file, quickly.
func TestLoadTexelLimits(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	var bomb strings.Builder
	bomb.WriteString("data: &l0 x.epd\nparams: eval\noutput: o.yaml\n")
	for i := 1; i <= 9; i++ {
		prev := "*l" + string(rune('0'+i-1))
		bomb.WriteString("l" + string(rune('0'+i)) + ": &l" + string(rune('0'+i)) + " [" + strings.Repeat(prev+", ", 8) + prev + "]\n")
	}
	deep := write("deep.yaml", "data: x.epd\nparams: "+strings.Repeat("[", 100_000)+"\n")
	big := write("big.yaml", "data: x.epd\n"+strings.Repeat("# padding\n", 30_000))
	bombFile := write("bomb.yaml", bomb.String())
	fifo := filepath.Join(dir, "fifo.yaml")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ file, want string }{
		{deep, deep + ":2:71: nesting deeper than 64 levels"},
		{big, big + ": file too large (293.0 KiB; the limit is 256.0 KiB)"},
		{"/dev/zero", "/dev/zero: not a regular file (a character device); want a YAML file"},
		{fifo, fifo + ": not a regular file (a named pipe); want a YAML file"},
		{dir, dir + ": not a regular file (a directory); want a YAML file"},
		{bombFile, bombFile + ":4:1: l1: unknown key"},
	} {
		_, err := LoadTexel(c.file)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want %q", c.file, err, c.want)
		}
	}
}
