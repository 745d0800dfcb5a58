package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// writeExperiment writes an sprt experiment with the given engines lines.
func writeExperiment(t *testing.T, dir, engines string) string {
	t.Helper()
	p := filepath.Join(dir, "exp.yaml")
	src := "name: t\nkind: sprt\nnodes: 100\nsprt: {elo0: 0, elo1: 10}\nengines:\n" + engines
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestCheckFindsLabratBesideElolab: the default labrat command (bin/labrat)
// works from any directory when labrat sits beside the elolab binary, as
// make build puts it; check says where it found it and starts it.
func TestCheckFindsLabratBesideElolab(t *testing.T) {
	elolab, labrat := buildBins(t)
	dir := t.TempDir()
	exp := writeExperiment(t, dir, "  - {name: a, labrat: true}\n  - {name: b, labrat: true, params: {futility.enabled: false}}\n")
	cmd := exec.Command(elolab, "check", exp)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "PATH=/usr/bin:/bin")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v:\n%s", err, out)
	}
	for _, want := range []string{"uci bin/labrat (" + labrat + ")", "started: all 2 engines answered the protocol handshake"} {
		if !strings.Contains(string(out), want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

// TestCheckFindsLabratUnderExperimentDir: bin/labrat next to the
// experiment file is found when elolab runs from another directory.
func TestCheckFindsLabratUnderExperimentDir(t *testing.T) {
	_, labrat := buildBins(t)
	t.Setenv("PATH", t.TempDir())
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "bin"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(labrat, filepath.Join(dir, "bin", "labrat")); err != nil {
		t.Fatal(err)
	}
	exp := writeExperiment(t, dir, "  - {name: a, labrat: true}\n  - {name: b, labrat: true, params: {futility.enabled: false}}\n")
	out, errOut, code := run(t, "check", exp)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if want := "uci bin/labrat (" + filepath.Join(dir, "bin", "labrat") + ")"; !strings.Contains(out, want) {
		t.Errorf("output lacks %q:\n%s", want, out)
	}
}

// TestCheckStartsEngines: check starts every engine and names those that
// fail — a program that is no chess engine, and a labrat that is nowhere
// (with the places looked at) — exit 2, where it used to say OK.
func TestCheckStartsEngines(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	dir := t.TempDir()
	exp := writeExperiment(t, dir, "  - {name: a, labrat: true}\n  - {name: cat, cmd: /bin/cat}\n")
	out, errOut, code := run(t, "check", exp)
	if code != 2 {
		t.Fatalf("exit %d, want 2\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
	for _, want := range []string{
		exp + `: engine "cat" (/bin/cat) does not start: `,
		"not a UCI engine",
		exp + `: engine "a" (bin/labrat) does not start: `,
		"labrat not found (looked at ",
		filepath.Join(dir, "bin", "labrat"),
		exp + ": 2 of 2 engines do not start",
	} {
		if !strings.Contains(errOut, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errOut)
		}
	}
	if strings.Contains(out, "OK:") {
		t.Errorf("stdout says OK:\n%s", out)
	}
}
