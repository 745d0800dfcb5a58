package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/elolab/elolab/cmd/elolab/internal/matchrun"
	"github.com/elolab/elolab/results/report"
	"github.com/elolab/elolab/results/store"
)

// shellWords splits a command line the way a POSIX shell does for the
// quoting store.ShellQuote produces (blanks, '…', \x), without running a shell.
func shellWords(t testing.TB, s string) []string {
	t.Helper()
	var out []string
	var cur strings.Builder
	in, inQuote := false, false
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch {
		case inQuote:
			if ch == '\'' {
				inQuote = false
			} else {
				cur.WriteByte(ch)
			}
		case ch == '\'':
			inQuote, in = true, true
		case ch == '\\' && i+1 < len(s):
			i++
			cur.WriteByte(s[i])
			in = true
		case ch == ' ' || ch == '\t' || ch == '\n':
			if in {
				out = append(out, cur.String())
				cur.Reset()
				in = false
			}
		default:
			cur.WriteByte(ch)
			in = true
		}
	}
	if inQuote {
		t.Fatalf("unterminated quote in %q", s)
	}
	if in {
		out = append(out, cur.String())
	}
	return out
}

// commandArgs parses a printed resume command back into elolab's args.
func commandArgs(t *testing.T, cmd string) []string {
	t.Helper()
	w := shellWords(t, cmd)
	if len(w) < 2 || w[0] != "elolab" {
		t.Fatalf("resume command %q does not start with elolab", cmd)
	}
	return w[1:]
}

func TestResumeCommandQuotes(t *testing.T) {
	args := []string{"run", "my dir/sig.yaml", "--db", "it's $HOME/a;b.db", "", "x=\"y\"", "plain-1.db"}
	cmd := resumeCommand(args...)
	if got := commandArgs(t, cmd); strings.Join(got, "\x00") != strings.Join(args, "\x00") {
		t.Errorf("%s parses back as %q, want %q", cmd, got, args)
	}
	if !strings.Contains(cmd, " plain-1.db") {
		t.Errorf("plain words are quoted: %s", cmd)
	}
}

func FuzzResumeCommand(f *testing.F) {
	f.Add("a b", "it's", "$x;`y`")
	f.Add("", "\\", "\n\t*?")
	f.Fuzz(func(t *testing.T, a, b, c string) {
		for _, s := range []string{a, b, c} {
			if strings.ContainsRune(s, 0) {
				return
			}
		}
		args := []string{a, b, c}
		if got := shellWords(t, resumeCommand(args...)); strings.Join(got[1:], "\x00") != strings.Join(args, "\x00") {
			t.Errorf("%q parses back as %q", args, got[1:])
		}
	})
}

// hintOf extracts the command of "(resume with: CMD)" from an error.
func hintOf(t *testing.T, err error) string {
	t.Helper()
	if err == nil {
		t.Fatal("no error: the run was not interrupted")
	}
	msg := err.Error()
	i := strings.Index(msg, "resume with: ")
	if i < 0 {
		t.Fatalf("no resume hint in %q", msg)
	}
	rest := msg[i+len("resume with: "):]
	quoted := false
	for k := 0; k < len(rest); k++ { // up to the first unquoted ")"
		switch {
		case rest[k] == '\'':
			quoted = !quoted
		case rest[k] == ')' && !quoted:
			return rest[:k]
		}
	}
	t.Fatalf("unterminated resume hint in %q", msg)
	return ""
}

func onlyRun(t *testing.T, db string) store.RunSummary {
	t.Helper()
	st, err := store.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	runs, err := st.ListRuns(context.Background())
	if err != nil || len(runs) != 1 {
		t.Fatalf("runs %+v, %v: want exactly one", runs, err)
	}
	return runs[0]
}

func pgnGames(t *testing.T, path string) int {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return matchrun.CountPGNGames(b)
}

// TestRunResumeHintContinues: the command printed after Ctrl-C of
// "elolab run FILE --db 'a dir/x.db'", run verbatim, finishes the same run
// in the same store with every game once (HEAD printed "elolab run FILE":
// a fresh run in ./elolab.db).
func TestRunResumeHintContinues(t *testing.T) {
	if testing.Short() {
		t.Skip("plays real games")
	}
	_, labrat := buildBins(t)
	dir := filepath.Join(t.TempDir(), "a dir")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Chdir(t.TempDir()) // a store created by mistake lands here
	const pairs = 6
	pgnPath := filepath.Join(dir, "games.pgn")
	exp := smallExperiment(t, dir, labrat, pairs, pgnPath)
	db := filepath.Join(dir, "x.db")

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	w := &cancelWriter{needle: "Finished game 3 ", cancel: cancel}
	f := runFlags{db: db, format: "text", progress: "off", affinity: "on", stall: 60e9}
	cmd := hintOf(t, runExperiment(ctx, w, &bytes.Buffer{}, exp, f))

	out, errOut, code := run(t, commandArgs(t, cmd)...)
	if code != 0 {
		t.Fatalf("%s: exit %d\n%s\n%s", cmd, code, out, errOut)
	}
	if _, err := os.Stat("elolab.db"); err == nil {
		t.Errorf("%s created ./elolab.db", cmd)
	}
	r := onlyRun(t, db)
	if r.State != store.Finished || r.Games != 2*pairs || r.CompletePairs != pairs {
		t.Errorf("%s: run %+v, want finished with %d games", cmd, r, 2*pairs)
	}
	if n := pgnGames(t, pgnPath); n != 2*pairs {
		t.Errorf("%s: PGN holds %d games, want %d", cmd, n, 2*pairs)
	}
}

// TestMatchResumeHintContinues: "elolab match … -db -pgnout" stopped by
// Ctrl-C and resumed by the printed command is one run of the store and
// a PGN of exactly the planned games (HEAD: a second run, games twice).
func TestMatchResumeHintContinues(t *testing.T) {
	_, labrat := buildBins(t)
	dir := filepath.Join(t.TempDir(), "m dir")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	pgnPath := filepath.Join(dir, "p.pgn")
	db := filepath.Join(dir, "x.db")
	const rounds = 12
	args := []string{"-engine", "cmd=" + labrat, "name=a", "-engine", "cmd=" + labrat, "name=b",
		"-each", "nodes=300", "proto=uci", "-openings", "file=builtin:8moves_v3.pgn.gz", "order=random",
		"-rounds", "12", "-repeat", "-concurrency", "2", "-maxmoves", "40", "-db", db, "-pgnout", pgnPath}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	w := &cancelWriter{needle: "Finished game 5 ", cancel: cancel}
	if err := runMatch(ctx, w, &bytes.Buffer{}, args); err == nil {
		t.Fatal("not interrupted")
	}
	s := w.buf.String()
	if !strings.Contains(s, "Match interrupted") || strings.Contains(s, "Finished match") {
		t.Errorf("an interrupted match must say so:\n%s", s)
	}
	var cmd string
	for _, line := range strings.Split(s, "\n") {
		if strings.HasPrefix(line, "  elolab match ") {
			cmd = strings.TrimSpace(line)
		}
	}
	if cmd == "" {
		t.Fatalf("no resume command in\n%s", s)
	}
	out, errOut, code := run(t, commandArgs(t, cmd)...)
	if code != 0 {
		t.Fatalf("%s: exit %d\n%s\n%s", cmd, code, out, errOut)
	}
	if !strings.Contains(out, "Finished match") {
		t.Errorf("resumed match did not finish:\n%s", out)
	}
	r := onlyRun(t, db)
	if r.State != store.Finished || r.Games != 2*rounds {
		t.Errorf("run %+v, want finished with %d games", r, 2*rounds)
	}
	if n := pgnGames(t, pgnPath); n != 2*rounds {
		t.Errorf("PGN holds %d games, want %d", n, 2*rounds)
	}
}

// TestMatchResumeWithoutDB: without -db the printed command plays the
// remaining rounds; the games of unfinished rounds are taken out of the
// PGN, so that it ends with each planned game once (HEAD: more).
func TestMatchResumeWithoutDB(t *testing.T) {
	_, labrat := buildBins(t)
	pgnPath := filepath.Join(t.TempDir(), "p.pgn")
	if err := os.WriteFile(pgnPath, []byte("[Event \"older\"]\n\n1. e4 *\n\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	const rounds = 10
	args := []string{"-engine", "cmd=" + labrat, "name=a", "-engine", "cmd=" + labrat, "name=b",
		"-each", "nodes=300", "proto=uci", "-openings", "file=builtin:8moves_v3.pgn.gz", "order=random",
		"-rounds", "10", "-repeat", "-concurrency", "2", "-maxmoves", "40", "-pgnout", pgnPath}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	w := &cancelWriter{needle: "Finished game 5 ", cancel: cancel}
	if err := runMatch(ctx, w, &bytes.Buffer{}, args); err == nil {
		t.Fatal("not interrupted")
	}
	var cmd string
	for _, line := range strings.Split(w.buf.String(), "\n") {
		if strings.HasPrefix(line, "  elolab match ") {
			cmd = strings.TrimSpace(line)
		}
	}
	if cmd == "" {
		t.Fatalf("no resume command in\n%s", w.buf.String())
	}
	if out, errOut, code := run(t, commandArgs(t, cmd)...); code != 0 {
		t.Fatalf("%s: exit %d\n%s\n%s", cmd, code, out, errOut)
	}
	if n := pgnGames(t, pgnPath); n != 1+2*rounds {
		t.Errorf("PGN holds %d games, want the older one and %d", n, 2*rounds)
	}
}

// TestMatchResumeRefusesForeignPGN: a -pgnout holding games the store
// does not know (another program appended) is refused, not rewritten.
func TestMatchResumeRefusesForeignPGN(t *testing.T) {
	_, labrat := buildBins(t)
	dir := t.TempDir()
	pgnPath, db := filepath.Join(dir, "p.pgn"), filepath.Join(dir, "x.db")
	args := []string{"-engine", "cmd=" + labrat, "name=a", "-engine", "cmd=" + labrat, "name=b",
		"-each", "nodes=300", "proto=uci", "-rounds", "20", "-repeat", "-concurrency", "2", "-maxmoves", "40",
		"-db", db, "-pgnout", pgnPath}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	w := &cancelWriter{needle: "Finished game 3 ", cancel: cancel}
	if err := runMatch(ctx, w, &bytes.Buffer{}, args); err == nil {
		t.Fatal("not interrupted")
	}
	fh, err := os.OpenFile(pgnPath, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 40; i++ {
		fh.WriteString("[Event \"foreign\"]\n\n1. d4 *\n\n")
	}
	fh.Close()
	before, _ := os.ReadFile(pgnPath)
	out, errOut, code := run(t, append([]string{"match"}, args...)...)
	if code != 2 || !strings.Contains(errOut, "the store does not know") {
		t.Errorf("exit %d, want 2 and a clear refusal:\n%s\n%s", code, out, errOut)
	}
	if after, _ := os.ReadFile(pgnPath); !bytes.Equal(before, after) {
		t.Error("the refused PGN was changed")
	}
}

// TestRunPairsExtension: raising pairs: of a finished run continues it
// (same run, only the new pairs played); lowering it below what was played
// says so; another change starts a new run and says so on stderr.
func TestRunPairsExtension(t *testing.T) {
	if testing.Short() {
		t.Skip("plays real games")
	}
	_, labrat := buildBins(t)
	dir := t.TempDir()
	pgnPath := filepath.Join(dir, "g.pgn")
	db := filepath.Join(dir, "lab.db")
	exp := smallExperiment(t, dir, labrat, 2, pgnPath)
	if out, errOut, code := run(t, "run", exp, "--db", db, "--quiet"); code != 0 {
		t.Fatalf("exit %d: %s %s", code, out, errOut)
	}
	exp = smallExperiment(t, dir, labrat, 3, pgnPath)
	out, errOut, code := run(t, "run", exp, "--db", db)
	if code != 0 || !strings.Contains(out, "changed from 2 to 3") || strings.Count(out, "Started game") != 2 {
		t.Errorf("pairs 2 → 3: exit %d, want the run continued with 2 games:\n%s\n%s", code, out, errOut)
	}
	r := onlyRun(t, db)
	if r.ID != 1 || r.State != store.Finished || r.Games != 6 || r.PlannedPairs != 3 {
		t.Errorf("after pairs 3: %+v", r)
	}
	if n := pgnGames(t, pgnPath); n != 6 {
		t.Errorf("PGN holds %d games, want 6", n)
	}
	exp = smallExperiment(t, dir, labrat, 1, pgnPath)
	out, _, code = run(t, "run", exp, "--db", db)
	if code != 0 || !strings.Contains(out, "already has 3 complete pairs, past the 1 pairs") || strings.Contains(out, "Started game") {
		t.Errorf("pairs 1: exit %d:\n%s", code, out)
	}
	if r := onlyRun(t, db); r.Games != 6 {
		t.Errorf("pairs 1 changed the run: %+v", r)
	}
	y, _ := os.ReadFile(exp)
	if err := os.WriteFile(exp, bytes.Replace(y, []byte("seed: 5"), []byte("seed: 6"), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	_, errOut, code = run(t, "run", exp, "--db", db, "--quiet")
	if code != 0 || !strings.Contains(errOut, `config changed since run 1 (line 6: "seed: 5" is now "seed: 6"): starting run 2`) {
		t.Errorf("seed change: exit %d, stderr:\n%s", code, errOut)
	}
}

// TestRunMachineFormatsArePure: with --format csv|json stdout holds only
// that format, also for a finished run and without --quiet; the CSV ends
// with the llr and verdict columns.
func TestRunMachineFormatsArePure(t *testing.T) {
	if testing.Short() {
		t.Skip("plays real games")
	}
	_, labrat := buildBins(t)
	dir := t.TempDir()
	db := filepath.Join(dir, "lab.db")
	exp := smallExperiment(t, dir, labrat, 1, "")
	out, errOut, code := run(t, "run", exp, "--db", db, "--format", "json")
	var v map[string]any
	if code != 0 || json.Unmarshal([]byte(out), &v) != nil {
		t.Errorf("json: exit %d, stdout is not only JSON:\n%s\nstderr:\n%s", code, out, errOut)
	}
	for _, args := range [][]string{{"--quiet"}, nil} {
		out, _, code := run(t, append([]string{"run", exp, "--db", db, "--format", "csv"}, args...)...)
		recs, err := csv.NewReader(strings.NewReader(out)).ReadAll()
		if code != 0 || err != nil || len(recs) != 3 || strings.Join(recs[0], ",") != strings.Join(report.CSVHeader, ",") {
			t.Errorf("csv %v: exit %d, %v, stdout:\n%s", args, code, err, out)
		}
	}
	if n := len(report.CSVHeader); report.CSVHeader[n-2] != "llr" || report.CSVHeader[n-1] != "verdict" {
		t.Errorf("CSV header ends %v", report.CSVHeader[n-2:])
	}
}

// TestTuneResumeHintContinues: the command printed after Ctrl-C of
// "elolab tune FILE --db 'a dir/t.db'" resumes the same SPSA run in that
// store (HEAD printed "elolab tune FILE": ./elolab.db, a new run).
func TestTuneResumeHintContinues(t *testing.T) {
	if testing.Short() {
		t.Skip("plays real games")
	}
	_, labrat := buildBins(t)
	dir := filepath.Join(t.TempDir(), "a dir")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Chdir(t.TempDir())
	block := "spsa:\n  iterations: 4\n  batch: 2\n  params:\n    - {name: eval.material.knight.mg, c_end: 30, r_end: 0.005}\n"
	engines := "labrat_cmd: " + labrat + "\nengines:\n  - {name: lab, labrat: true}\n"
	exp := spsaFile(t, dir, engines, block)
	db := filepath.Join(dir, "t.db")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	w := &cancelWriter{needle: "SPSA run 1: ", cancel: cancel}
	f := tuneFlags{runFlags: runFlags{db: db, format: "text", progress: "off", affinity: "on", stall: 60e9}, noVerify: true}
	cmd := hintOf(t, runTune(ctx, w, &bytes.Buffer{}, exp, f))
	out, errOut, code := run(t, commandArgs(t, cmd)...)
	if code != 0 || !strings.Contains(out, "Resuming SPSA run 1") {
		t.Fatalf("%s: exit %d\n%s\n%s", cmd, code, out, errOut)
	}
	if _, err := os.Stat("elolab.db"); err == nil {
		t.Errorf("%s created ./elolab.db", cmd)
	}
	if r := onlyRun(t, db); r.State != store.Finished || r.Games != 8 {
		t.Errorf("run %+v: want finished, 8 games (4 iterations)", r)
	}
}

// TestRunsShowsSPRTAndTunerGames: elolab runs has LLR and VERDICT columns,
// and counts an SPSA run's games (HEAD: no columns, 0 games).
func TestRunsShowsSPRTAndTunerGames(t *testing.T) {
	db := filepath.Join(t.TempDir(), "r.db")
	st, err := store.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	es := []store.Engine{{Name: "new"}, {Name: "old"}}
	if _, err := st.CreateRun(ctx, store.NewRun{Name: "s", Kind: "sprt", Engines: es,
		SPRT: &store.SPRTConfig{Model: 0, Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}}); err != nil {
		t.Fatal(err)
	}
	tr, err := st.CreateRun(ctx, store.NewRun{Name: "t", Kind: "spsa", Engines: es[:1]})
	if err != nil {
		t.Fatal(err)
	}
	for i, cp := range []string{`{"state":{"iteration":2,"wins":1,"draws":2,"losses":1}}`, `{"state":{"iteration":4,"wins":3,"draws":4,"losses":1}}`} {
		if err := st.SaveCheckpoint(ctx, store.Checkpoint{RunID: tr.ID, Kind: "spsa", Iteration: 2 * (i + 1), State: json.RawMessage(cp)}); err != nil {
			t.Fatal(err)
		}
	}
	st.Close()
	out, errOut, code := run(t, "runs", "--db", db)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || len(lines) != 3 {
		t.Fatalf("exit %d:\n%s\n%s", code, out, errOut)
	}
	if f := strings.Fields(lines[0]); f[len(f)-2] != "LLR" || f[len(f)-1] != "VERDICT" {
		t.Errorf("header %q", lines[0])
	}
	if f := strings.Fields(lines[1]); f[len(f)-2] != "0.00" || f[len(f)-1] != "continue" {
		t.Errorf("SPRT row %q: want LLR 0.00, continue", lines[1])
	}
	if f := strings.Fields(lines[2]); f[4] != "8" || f[len(f)-1] != "-" {
		t.Errorf("SPSA row %q: want 8 games, no verdict", lines[2])
	}
}
