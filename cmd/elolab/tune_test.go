package main

import (
	"bytes"
	"context"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/elolab/elolab/cmd/elolab/internal/tunesession"
	"github.com/elolab/elolab/match/enginetest"
	"github.com/elolab/elolab/results/store"
)

func spsaFile(t *testing.T, dir, engines, spsaBlock string) string {
	t.Helper()
	y := "name: tune-test\nkind: spsa\nnodes: 200\ntc: inf\nseed: 9\nconcurrency: 2\n" +
		"adjudication: {maxmoves: 40, resign: {movecount: 3, score: 600}}\n" + engines + spsaBlock
	p := filepath.Join(dir, "spsa.yaml")
	if err := os.WriteFile(p, []byte(y), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestTuneBadInput: parameters missing from the engine, min ≥ max, values
// outside the range, non-integer parameters, an empty list: clear errors,
// exit 2, nothing written.
func TestTuneBadInput(t *testing.T) {
	_, labrat := buildBins(t)
	lab := "labrat_cmd: " + labrat + "\nengines:\n  - {name: lab, labrat: true}\n"
	dir0 := t.TempDir()
	te, err := enginetest.Build(dir0)
	if err != nil {
		t.Fatal(err)
	}
	ext := "engines:\n  - {name: ext, cmd: " + te + ", args: [" + strings.Join(quoteAll(enginetest.Args("ok")), ", ") + "]}\n"
	for _, c := range []struct{ name, engines, spsa, want string }{
		{"unknown labrat parameter", lab, "spsa: {iterations: 10, params: [eval.material.knigth.mg]}\n", "spsa.yaml:11:33"},
		{"boolean parameter", lab, "spsa: {iterations: 10, params: [futility.enabled]}\n", "SPSA tunes integer parameters"},
		{"min above max", lab, "spsa: {iterations: 10, params: [{name: futility.moonfish.margin, min: 300, max: 100}]}\n", "min 300 must be below max 100"},
		{"value outside range", lab, "spsa: {iterations: 10, params: [{name: futility.moonfish.margin, value: 5000}]}\n", "outside"},
		{"beyond labrat's range", lab, "spsa: {iterations: 10, params: [{name: eval.material.knight.mg, max: 5000}]}\n", "exceeds labrat's range"},
		{"negative c_end", lab, "spsa: {iterations: 10, params: [{name: futility.moonfish.margin, c_end: -1}]}\n", "c_end must be positive"},
		{"no iterations", lab, "spsa: {params: [futility.moonfish.margin]}\n", "spsa.iterations"},
		{"no parameters", lab, "spsa: {iterations: 10}\n", "spsa.params"},
		{"empty parameter list", lab, "spsa: {iterations: 10, params: []}\n", "no parameters"},
		{"listed twice", lab, "spsa: {iterations: 10, params: [futility.moonfish.margin, futility.moonfish.margin]}\n", "listed twice"},
		{"missing import", lab, "spsa: {iterations: 10, import: nope.txt}\n", "nope.txt"},
		{"two engines", lab + "  - {name: lab2, labrat: true}\n", "spsa: {iterations: 10, params: [futility.moonfish.margin]}\n", "exactly 1 engine"},
		{"option missing from the engine", ext, "spsa: {iterations: 10, params: [Contempt]}\n", `"Contempt" is not an option of engine ext (its spin options: Hash, Skill Level)`},
		{"option not a spin", ext, "spsa: {iterations: 10, params: [Ponder]}\n", "is a check, not a spin"},
		{"option beyond the engine's range", ext, "spsa: {iterations: 10, params: [{name: Skill Level, max: 50}]}\n", "exceeds the engine's range [0, 20]"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			p := spsaFile(t, dir, c.engines, c.spsa)
			db := filepath.Join(dir, "lab.db")
			out, errOut, code := run(t, "tune", p, "--db", db)
			if code != 2 || !strings.Contains(errOut, c.want) {
				t.Errorf("exit %d, stderr %q, want exit 2 and %q (stdout %q)", code, errOut, c.want, out)
			}
			if _, err := os.Stat(db); err == nil {
				t.Errorf("the store %s was created", db)
			}
		})
	}
	// An experiment of another kind is not tuned.
	x := smallExperiment(t, t.TempDir(), labrat, 1, "")
	if _, errOut, code := run(t, "tune", x); code != 2 || !strings.Contains(errOut, "not spsa") {
		t.Errorf("tune of a match: exit %d, %s", code, errOut)
	}
}

func quoteAll(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = strconv.Quote(s)
	}
	return out
}

// TestTuneExternalEngine: SPSA over a UCI engine's spin option; the
// parameter's range and start come from the engine.
func TestTuneExternalEngine(t *testing.T) {
	dir := t.TempDir()
	te, err := enginetest.Build(dir)
	if err != nil {
		t.Fatal(err)
	}
	ext := "engines:\n  - {name: ext, cmd: " + te + ", args: [" + strings.Join(quoteAll(enginetest.Args("ok")), ", ") + "]}\n"
	p := spsaFile(t, dir, ext, "spsa: {iterations: 6, batch: 2, params: [Skill Level], output: {yaml: "+filepath.Join(dir, "out.yaml")+"}}\n")
	out, errOut, code := run(t, "tune", p, "--db", filepath.Join(dir, "lab.db"))
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errOut, out)
	}
	if !regexp.MustCompile(`Skill Level\s+20\s+[\d.]+\s+0\.\.20\s+1\s+0\.002`).MatchString(out) {
		t.Errorf("start 20, range 0..20, c_end 1 expected:\n%s", out)
	}
	y, err := os.ReadFile(filepath.Join(dir, "out.yaml"))
	if err != nil || !regexp.MustCompile(`"Skill Level": \d+`).Match(y) {
		t.Errorf("tuned YAML %q, %v", y, err)
	}
}

var resumedAt = regexp.MustCompile(`Resuming SPSA run 1 \(tune-test\) in \S+ at iteration (\d+) of 48`)

// TestTuneKill9Resume: kill -9 during an SPSA run; the rerun continues at
// the last checkpoint, and the final θ equals that of a run that was
// never interrupted (fixed nodes, fixed seed).
func TestTuneKill9Resume(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and plays real games")
	}
	elolab, labrat := buildBins(t)
	block := "spsa:\n  iterations: 48\n  batch: 4\n  params:\n    - {name: eval.material.knight.mg, c_end: 30, r_end: 0.005}\n" +
		"    - {name: futility.moonfish.margin, c_end: 20, r_end: 0.005}\n"
	engines := "labrat_cmd: " + labrat + "\nengines:\n  - {name: lab, labrat: true, params: {eval.material.knight.mg: 200}}\n"

	// Uninterrupted.
	dirA := t.TempDir()
	pa := spsaFile(t, dirA, engines, block+"  output: {yaml: "+filepath.Join(dirA, "tuned.yaml")+"}\n")
	if out, err := exec.Command(elolab, "tune", pa, "--db", filepath.Join(dirA, "lab.db"), "--quiet").CombinedOutput(); err != nil {
		t.Fatalf("uninterrupted run: %v\n%s", err, out)
	}

	// Killed once after some checkpoints, then resumed.
	dirB := t.TempDir()
	pb := spsaFile(t, dirB, engines, block+"  output: {yaml: "+filepath.Join(dirB, "tuned.yaml")+", csv: "+filepath.Join(dirB, "theta.csv")+"}\n")
	db := filepath.Join(dirB, "lab.db")
	cmd := exec.Command(elolab, "tune", pb, "--db", db, "--quiet")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	killedAt := -1
	deadline := time.After(90 * time.Second)
	for killedAt < 0 {
		select {
		case err := <-done:
			t.Fatalf("the run ended before the kill (%v):\n%s", err, out.String())
		case <-deadline:
			cmd.Process.Kill()
			t.Fatalf("no checkpoint within 90 s:\n%s", out.String())
		case <-time.After(20 * time.Millisecond):
			if it := latestCheckpoint(t, db); it >= 12 {
				cmd.Process.Signal(syscall.SIGKILL)
				<-done
				killedAt = latestCheckpoint(t, db)
			}
		}
	}
	if killedAt >= 48 {
		t.Fatalf("the run finished before the kill")
	}
	res, err := exec.Command(elolab, "tune", pb, "--db", db).CombinedOutput()
	if err != nil {
		t.Fatalf("resumed run: %v\n%s", err, res)
	}
	m := resumedAt.FindSubmatch(res)
	if m == nil || string(m[1]) != strconv.Itoa(killedAt) {
		t.Errorf("want the resume at iteration %d:\n%s", killedAt, res)
	}
	a, errA := os.ReadFile(filepath.Join(dirA, "tuned.yaml"))
	b, errB := os.ReadFile(filepath.Join(dirB, "tuned.yaml"))
	if errA != nil || errB != nil || string(a) != string(b) {
		t.Errorf("tuned values differ after kill and resume:\n%s\n---\n%s (%v %v)", a, b, errA, errB)
	}
	csv, _ := os.ReadFile(filepath.Join(dirB, "theta.csv"))
	lines := strings.Split(strings.TrimSpace(string(csv)), "\n")
	if len(lines) != 49 {
		t.Fatalf("CSV has %d lines, want a header and 48 iterations", len(lines))
	}
	for i, l := range lines[1:] {
		if !strings.HasPrefix(l, strconv.Itoa(i+1)+",") {
			t.Errorf("CSV line %d: %q", i+2, l)
		}
	}
}

func latestCheckpoint(t *testing.T, db string) int {
	t.Helper()
	if _, err := os.Stat(db); err != nil {
		return -1
	}
	st, err := store.Open(db)
	if err != nil {
		return -1
	}
	defer st.Close()
	c, err := st.LatestCheckpoint(context.Background(), 1, tunesession.CheckpointKind)
	if err != nil {
		return -1
	}
	return c.Iteration
}

// TestTuneIsThin: tune.go keeps flags, loading, the session's setup and
// printing — the SPSA run itself is tunesession's and tuner/spsa's — so
// none of its functions exceeds 80 lines (runTune used to be 230).
func TestTuneIsThin(t *testing.T) {
	fs := token.NewFileSet()
	f, err := parser.ParseFile(fs, "tune.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok {
			if n := fs.Position(fd.End()).Line - fs.Position(fd.Pos()).Line + 1; n > 80 {
				t.Errorf("tune.go: %s is %d lines, want at most 80", fd.Name.Name, n)
			}
		}
	}
}
