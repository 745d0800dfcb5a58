package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/elolab/elolab/engine/params"
)

// texelData generates a small data set once per test binary run.
func texelData(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "d.epd")
	out, errs, code := run(t, "datagen", "-o", path, "--games", "6", "--nodes", "400", "--concurrency", "2",
		"--book", "builtin:UHO_4060_v4.first1000.epd", "--hash", "1", "--quiet")
	if code != 0 {
		t.Fatalf("datagen: exit %d: %s%s", code, out, errs)
	}
	for _, want := range []string{"Games: 6, Positions: ", "positions/s", "Results: 1-0 "} {
		if !strings.Contains(out, want) {
			t.Errorf("datagen output lacks %q:\n%s", want, out)
		}
	}
	return path
}

func writeTestFile(t *testing.T, dir, name, content string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestDatagenAndTexel(t *testing.T) {
	data := texelData(t)
	dir := t.TempDir()
	// No hold-out: on 6 games' positions the hold-out error rises from
	// epoch 0, and the run would keep the start values.
	cfg := writeTestFile(t, dir, "t.yaml", "data: "+data+"\nholdout: 0\nseed: 3\nparams: [eval.material, eval.pst.knight, eval.tempo]\nepochs: 20\nlearning_rate: 2\noutput: tuned.yaml\n")
	out, errs, code := run(t, "texel", cfg)
	if code != 0 {
		t.Fatalf("texel: exit %d: %s%s", code, out, errs)
	}
	for _, want := range []string{"loaded ", "K = ", "epoch      0  train ", "epoch     20  train ", "final (rounded to integers)", "wrote " + filepath.Join(dir, "tuned.yaml")} {
		if !strings.Contains(out, want) {
			t.Errorf("texel output lacks %q:\n%s", want, out)
		}
	}
	raw, err := os.ReadFile(filepath.Join(dir, "tuned.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	v, err := params.LoadYAML(raw, "tuned.yaml")
	if err != nil {
		t.Fatalf("output does not load: %v\n%s", err, raw)
	}
	if len(v.Changed()) == 0 {
		t.Errorf("nothing changed:\n%s", raw)
	}
	for _, d := range v.Changed() {
		if !strings.HasPrefix(d.Name, "eval.material.") && !strings.HasPrefix(d.Name, "eval.pst.knight.") && d.Name != "eval.tempo" {
			t.Errorf("%s changed but was not tuned", d.Name)
		}
	}

	// Bad input: exit 2, the file and line named, the earlier output kept.
	good := string(raw)
	writeTestFile(t, dir, "start.yaml", "eval.tempo: 12\neval.material.pawn.mg: 9999\n")
	empty := writeTestFile(t, dir, "empty.epd", "\n")
	malformed := writeTestFile(t, dir, "bad.epd", "8/8/8/8/8/8/8/K1k5 w - - c9 \"1/2-1/2\";\n8/8/8/8/8/8/8/K1k5 w - - c9 \"1-2\";\n")
	for _, c := range []struct{ yaml, want string }{
		{"data: " + data + "\nparams: [eval.material, eval.pst.knigt]\noutput: tuned.yaml\n", "t.yaml:2:25: params[1]: unknown parameter"},
		{"data: " + data + "\nparams: eval.material\nepoch: 3\noutput: tuned.yaml\n", "t.yaml:3:1: epoch: unknown key (did you mean epochs?)"},
		{"data: " + data + "\nparams: eval.material\nholdout: 1.5\noutput: tuned.yaml\n", "t.yaml:3:10: holdout: 1.5 out of range"},
		{"data: " + data + "\nparams: eval.material\nepochs: many\noutput: tuned.yaml\n", "t.yaml:3:9: epochs: want an integer"},
		{"data: " + data + "\nparams: eval.material\n", "output: required"},
		{"data: " + data + "\nparams: eval.material\nstart: start.yaml\noutput: tuned.yaml\n", "start.yaml:2:24: eval.material.pawn.mg: 9999 out of range"},
		{"data: " + data + "\nparams: [eval.material, eval.trades.piecepercent]\noutput: tuned.yaml\n", "t.yaml:2:25: params: eval.trades.piecepercent has no coefficient"},
		{"data: " + data + "\nparams: [eval.pst.enabled]\noutput: tuned.yaml\n", "params[0]: eval.pst.enabled is a bool parameter"},
		{"data: " + empty + "\nparams: eval.material\noutput: tuned.yaml\n", "empty.epd: no positions"},
		{"data: " + malformed + "\nparams: eval.material\noutput: tuned.yaml\n", `bad.epd:2: bad result c9 "1-2"`},
		{"data: nothere.epd\nparams: eval.material\noutput: tuned.yaml\n", "nothere.epd: no such file"},
	} {
		bad := writeTestFile(t, dir, "t.yaml", c.yaml)
		out, errs, code := run(t, "texel", bad)
		if code != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("%q: exit %d, stderr %q, want 2 and %q (stdout %q)", c.yaml, code, errs, c.want, out)
		}
		if now, _ := os.ReadFile(filepath.Join(dir, "tuned.yaml")); string(now) != good {
			t.Fatalf("%q: the earlier output changed", c.yaml)
		}
	}
}

func TestDatagenBadInput(t *testing.T) {
	dir := t.TempDir()
	badParams := writeTestFile(t, dir, "p.yaml", "lmr.base: 5000\n")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"datagen", "--games", "1"}, "-o FILE is required"},
		{[]string{"datagen", "-o", filepath.Join(dir, "x.epd")}, "give --positions N or --games N"},
		{[]string{"datagen", "-o", filepath.Join(dir, "x.epd"), "--games", "1", "--params", badParams}, "p.yaml:1:11: lmr.base: 5000 out of range"},
		{[]string{"datagen", "-o", filepath.Join(dir, "x.epd"), "--games", "1", "--book", filepath.Join(dir, "none.pgn")}, "none.pgn"},
		{[]string{"datagen", "-o", filepath.Join(dir, "x.epd"), "--games", "1", "--sample", "2"}, "--sample 2 must be in (0, 1]"},
	} {
		_, errs, code := run(t, c.args...)
		if code != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, stderr %q, want 2 and %q", c.args, code, errs, c.want)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "x.epd")); err == nil {
		t.Error("a failed datagen created its output file")
	}
}
