package main

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/elolab/elolab/match/enginetest"
	"github.com/elolab/elolab/match/suite"
	"github.com/elolab/elolab/results/store"
)

// TestCheckSPSAEngineIsTuned: check names the engine of an SPSA file by
// its role, not "unused".
func TestCheckSPSAEngineIsTuned(t *testing.T) {
	out, errOut, code := run(t, "check", "--no-binaries", "../../configs/spsa-knight.yaml")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if strings.Contains(out, "unused") || !regexp.MustCompile(`(?m)^  \S+\s+tuned\s`).MatchString(out) {
		t.Errorf("want the engine listed as tuned:\n%s", out)
	}
}

// TestReportPlotFormatIsUsageError: --plot with a format that cannot be
// drawn exits 2 (README: bad flags are usage errors), before the report
// is printed.
func TestReportPlotFormatIsUsageError(t *testing.T) {
	db := filepath.Join(t.TempDir(), "lab.db")
	st, err := store.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.CreateRun(context.Background(), store.NewRun{Name: "r", Kind: "match", Config: "x",
		Engines: []store.Engine{{Name: "a"}, {Name: "b"}}}); err != nil {
		t.Fatal(err)
	}
	st.Close()
	plot := filepath.Join(t.TempDir(), "x.pdf")
	out, errOut, code := run(t, "report", "--db", db, "--plot", plot)
	if code != 2 || !strings.Contains(errOut, "--plot") || !strings.Contains(errOut, ".pdf") {
		t.Errorf("exit %d, stderr %q; want exit 2 naming --plot and .pdf", code, errOut)
	}
	if out != "" {
		t.Errorf("the report was printed before the usage error:\n%s", out)
	}
	if _, err := os.Stat(plot); err == nil {
		t.Errorf("%s was written", plot)
	}
}

// TestEPDHelpExampleSuiteExists: the suite named by epd --help's example
// opens.
func TestEPDHelpExampleSuiteExists(t *testing.T) {
	out, _, code := run(t, "epd", "--help")
	m := regexp.MustCompile(`(?m)^\s+elolab epd (\S+)`).FindStringSubmatch(out)
	if code != 0 || m == nil {
		t.Fatalf("exit %d, no example in:\n%s", code, out)
	}
	if ps, err := suite.Open(m[1]); err != nil || len(ps) == 0 {
		t.Errorf("the example's suite %s: %v", m[1], err)
	}
}

// TestTuneSkipsVerificationOfUnchangedValues: when the tuned values, as
// sent to the engine, equal the start values, the verification SPRT
// (two identical engines) is not played, and the output says why.
func TestTuneSkipsVerificationOfUnchangedValues(t *testing.T) {
	dir := t.TempDir()
	te, err := enginetest.Build(dir)
	if err != nil {
		t.Fatal(err)
	}
	ext := "engines:\n  - {name: ext, cmd: " + te + ", args: [" + strings.Join(quoteAll(enginetest.Args("ok")), ", ") + "]}\n"
	// r_end tiny: θ moves by far less than half a step, so it rounds back
	// to its start.
	p := spsaFile(t, dir, ext, "spsa: {iterations: 4, batch: 2, params: [{name: Skill Level, value: 10, c_end: 1, r_end: 0.000000001}],\n"+
		"  verify: {elo0: 0, elo1: 10, alpha: 0.05, beta: 0.05, max_pairs: 20}}\n")
	db := filepath.Join(dir, "lab.db")
	out, errOut, code := run(t, "tune", p, "--db", db)
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errOut, out)
	}
	if !strings.Contains(out, "Verification skipped: the tuned values equal the start values as sent to the engine (Skill Level=10)") {
		t.Errorf("no skip notice:\n%s", out)
	}
	if strings.Contains(out, "SPSA verification:") {
		t.Errorf("the verification SPRT was played:\n%s", out)
	}
	st, err := store.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	runs, err := st.ListRuns(context.Background())
	if err != nil || len(runs) != 1 {
		t.Errorf("runs in the store: %+v, %v; want only the SPSA run", runs, err)
	}
}

// TestTuneProgressBarMatchesItsText: every frame of the progress bar shows
// the count its own description names (it used to lag by a batch).
func TestTuneProgressBarMatchesItsText(t *testing.T) {
	dir := t.TempDir()
	te, err := enginetest.Build(dir)
	if err != nil {
		t.Fatal(err)
	}
	ext := "engines:\n  - {name: ext, cmd: " + te + ", args: [" + strings.Join(quoteAll(enginetest.Args("ok")), ", ") + "]}\n"
	p := spsaFile(t, dir, ext, "spsa: {iterations: 8, batch: 2, params: [Skill Level]}\n")
	out, errOut, code := run(t, "tune", p, "--db", filepath.Join(dir, "lab.db"), "--progress", "on")
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errOut, out)
	}
	frame := regexp.MustCompile(`SPSA (\d+)/8,[^\r]*?\((\d+)/8`)
	last := ""
	for _, f := range strings.Split(errOut, "\r") {
		if m := frame.FindStringSubmatch(f); m != nil {
			last = m[1] + " " + m[2]
		}
	}
	// The last frame drawn in each batch is what stays on the screen.
	if last != "8 8" {
		t.Errorf("last frame: description and count %q, want 8 8; stderr:\n%q", last, errOut)
	}
	for _, b := range []string{"2", "4", "6"} {
		shown := false
		for _, f := range strings.Split(errOut, "\r") {
			if m := frame.FindStringSubmatch(f); m != nil && m[1] == b && m[2] == b {
				shown = true
			}
		}
		if !shown {
			t.Errorf("no frame shows batch %s/8 in both the text and the count; stderr:\n%q", b, errOut)
		}
	}
}

// TestTuneMachineFormatIsPure: with --format csv, tune's stdout holds only
// the verification's CSV report; the tuner's sentences and tables go to
// stderr (they used to be mixed into stdout).
func TestTuneMachineFormatIsPure(t *testing.T) {
	dir := t.TempDir()
	te, err := enginetest.Build(dir)
	if err != nil {
		t.Fatal(err)
	}
	ext := "engines:\n  - {name: ext, cmd: " + te + ", args: [" + strings.Join(quoteAll(enginetest.Args("ok")), ", ") + "]}\n"
	p := spsaFile(t, dir, ext, "spsa: {iterations: 4, batch: 2, params: [{name: Skill Level, value: 10, c_end: 4, r_end: 0.5}],\n"+
		"  verify: {elo0: 0, elo1: 10, alpha: 0.05, beta: 0.05, max_pairs: 2}}\n")
	out, errOut, code := run(t, "tune", p, "--db", filepath.Join(dir, "lab.db"), "--quiet", "--format", "csv")
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errOut, out)
	}
	if !strings.Contains(errOut, "SPSA run 1") {
		t.Errorf("the tuner's sentences are not on stderr:\n%s", errOut)
	}
	// The test engine draws every game, so θ stays at its start and the
	// verification is skipped: stdout is then empty, and otherwise only CSV.
	if strings.TrimSpace(out) == "" {
		return
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if !strings.HasPrefix(lines[0], "rank,name,") {
		t.Fatalf("stdout is not the CSV report:\n%s", out)
	}
	for i, l := range lines {
		if strings.Count(l, ",") != strings.Count(lines[0], ",") {
			t.Errorf("stdout line %d is not a CSV row: %q", i+1, l)
		}
	}
}
