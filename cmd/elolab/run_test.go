package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/elolab/elolab/results/report"
	"github.com/elolab/elolab/results/store"
)

var binsOnce struct {
	sync.Once
	dir string
	err error
}

// buildBins builds elolab and labrat once per test binary (real processes
// for the kill -9 test; labrat for every experiment).
func buildBins(t testing.TB) (elolab, labrat string) {
	t.Helper()
	binsOnce.Do(func() {
		dir, err := os.MkdirTemp("", "elolab-run-test")
		if err != nil {
			binsOnce.err = err
			return
		}
		for _, b := range [][2]string{{"elolab", "."}, {"labrat", "../labrat"}} {
			out, err := exec.Command("go", "build", "-o", filepath.Join(dir, b[0]), b[1]).CombinedOutput()
			if err != nil {
				binsOnce.err = &buildError{b[0], string(out), err}
				return
			}
		}
		binsOnce.dir = dir
	})
	if binsOnce.err != nil {
		t.Fatal(binsOnce.err)
	}
	return filepath.Join(binsOnce.dir, "elolab"), filepath.Join(binsOnce.dir, "labrat")
}

type buildError struct {
	what, out string
	err       error
}

func (e *buildError) Error() string {
	return "go build " + e.what + ": " + e.err.Error() + "\n" + e.out
}

// smallExperiment is a fast fixed-node labrat A/B match.
func smallExperiment(t *testing.T, dir, labrat string, pairs int, pgnout string) string {
	t.Helper()
	y := `name: small
kind: match
nodes: 300
tc: inf
book: {file: builtin:8moves_v3.pgn.gz, order: random}
seed: 5
pairs: ` + strconv.Itoa(pairs) + `
concurrency: 2
labrat_cmd: ` + labrat + `
adjudication:
  resign: {movecount: 3, score: 600}
  maxmoves: 60
engines:
  - name: base
    labrat: true
  - name: nofutility
    extends: base
    params: {futility.enabled: false}
`
	if pgnout != "" {
		y += "pgnout: " + pgnout + "\n"
	}
	p := filepath.Join(dir, "small.yaml")
	if err := os.WriteFile(p, []byte(y), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func countGames(t *testing.T, db string) int {
	t.Helper()
	if _, err := os.Stat(db); err != nil {
		return 0
	}
	st, err := store.Open(db)
	if err != nil {
		return 0 // being created by the runner
	}
	defer st.Close()
	runs, err := st.ListRuns(context.Background())
	if err != nil || len(runs) == 0 {
		return 0
	}
	return runs[len(runs)-1].Games
}

// TestRunKill9Resume: kill -9 the runner five times during a run, resume
// each time; the final counts equal the plan, no pair is duplicated, and
// PGN games = store rows = report totals.
func TestRunKill9Resume(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and plays real games")
	}
	elolab, labrat := buildBins(t)
	dir := t.TempDir()
	const pairs = 16
	pgnPath := filepath.Join(dir, "games.pgn")
	exp := smallExperiment(t, dir, labrat, pairs, pgnPath)
	db := filepath.Join(dir, "lab.db")

	kills := 0
	for kills < 5 {
		before := countGames(t, db)
		cmd := exec.Command(elolab, "run", exp, "--db", db, "--quiet")
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		deadline := time.After(60 * time.Second)
		killed := false
	poll:
		for {
			select {
			case err := <-done:
				t.Fatalf("attempt %d ended before the kill (%v):\n%s", kills+1, err, out.String())
			case <-deadline:
				cmd.Process.Kill()
				t.Fatalf("attempt %d: no new games within 60 s:\n%s", kills+1, out.String())
			case <-time.After(20 * time.Millisecond):
				if countGames(t, db) >= before+3 {
					cmd.Process.Signal(syscall.SIGKILL)
					killed = true
					break poll
				}
			}
		}
		<-done
		if killed {
			kills++
		}
		if n := countGames(t, db); n >= 2*pairs {
			t.Fatalf("the run finished before 5 kills (%d games after %d kills): make it longer", n, kills)
		}
	}

	out, err := exec.Command(elolab, "run", exp, "--db", db, "--quiet").CombinedOutput()
	if err != nil {
		t.Fatalf("final attempt: %v\n%s", err, out)
	}
	st, err := store.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ctx := context.Background()
	runs, err := st.ListRuns(ctx)
	if err != nil || len(runs) != 1 {
		t.Fatalf("runs %+v, %v: want one run, resumed", runs, err)
	}
	r := runs[0]
	if r.State != store.Finished || r.Games != 2*pairs || r.CompletePairs != pairs || r.PartialPairs != 0 {
		t.Errorf("run %+v: want finished, %d games, %d complete pairs", r, 2*pairs, pairs)
	}
	ps, err := st.Pairs(ctx, r.ID)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[int]bool{}
	for _, p := range ps {
		if seen[p.Index] || p.Index < 0 || p.Index >= pairs {
			t.Errorf("pair %d duplicated or out of range", p.Index)
		}
		seen[p.Index] = true
	}
	rows, err := st.CountGames(ctx, r.ID)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := report.Load(ctx, st, r.ID, report.Options{})
	if err != nil {
		t.Fatal(err)
	}
	pgnGames := len(readPGN(t, pgnPath))
	if rows != 2*pairs || pgnGames != rows || rep.GameCount() != int64(rows) {
		t.Errorf("store rows %d, PGN games %d, report games %d: want %d each", rows, pgnGames, rep.GameCount(), 2*pairs)
	}
	if m := regexp.MustCompile(`Games: (\d+),`).FindStringSubmatch(string(out)); m == nil || m[1] != strconv.Itoa(2*pairs) {
		t.Errorf("final report: %v\n%s", m, out)
	}
}

// TestRunDeterministic: the same fixed-node, fixed-seed experiment run twice
// (into two stores) gives the same games and the same report.
func TestRunDeterministic(t *testing.T) {
	if testing.Short() {
		t.Skip("plays real games")
	}
	_, labrat := buildBins(t)
	var reports [2]string
	var games [2][]string
	for i := range reports {
		dir := t.TempDir()
		exp := smallExperiment(t, dir, labrat, 6, "")
		db := filepath.Join(dir, "lab.db")
		out, errOut, code := run(t, "run", exp, "--db", db, "--quiet", "--format", "md")
		if code != 0 {
			t.Fatalf("exit %d: %s\n%s", code, errOut, out)
		}
		reports[i] = out
		st, err := store.Open(db)
		if err != nil {
			t.Fatal(err)
		}
		gs, err := st.Games(context.Background(), 1, true)
		st.Close()
		if err != nil {
			t.Fatal(err)
		}
		for _, g := range gs {
			games[i] = append(games[i], strconv.Itoa(g.Pair)+"/"+strconv.Itoa(g.Index)+" "+g.White+"-"+g.Black+" "+g.Result+" "+g.Termination+" "+movesOnly(g.PGN))
		}
	}
	if reports[0] != reports[1] {
		t.Errorf("reports differ:\n%s\n---\n%s", reports[0], reports[1])
	}
	if strings.Join(games[0], "\n") != strings.Join(games[1], "\n") {
		t.Errorf("games differ:\n%s\n---\n%s", strings.Join(games[0], "\n"), strings.Join(games[1], "\n"))
	}
	if len(games[0]) != 12 {
		t.Errorf("%d games, want 12", len(games[0]))
	}
}

var pgnNoise = regexp.MustCompile(`\{[^}]*\}|\[[^\]]*\]`)

// movesOnly strips tags and comments (times) from a game's PGN.
func movesOnly(p string) string {
	return strings.Join(strings.Fields(pgnNoise.ReplaceAllString(p, "")), " ")
}

// TestRunBadExperiments: malformed experiment files are refused with
// file:line, exit 2, and nothing is written to the store.
func TestRunBadExperiments(t *testing.T) {
	_, labrat := buildBins(t)
	head := "labrat_cmd: " + labrat + "\n"
	two := "engines:\n  - {name: a, labrat: true}\n  - {name: b, extends: a, params: {futility.enabled: false}}\n"
	for _, c := range []struct{ name, yaml, want string }{
		{"syntax", "kind: match\nengines: [\n", "bad.yaml:"},
		{"tab indentation", "kind: match\n\tnodes: 5\n", "bad.yaml:2"},
		{"unknown key", head + "kind: match\nnodez: 100\n" + two, "bad.yaml:3"},
		{"unknown kind", head + "kind: tournament\n" + two, "bad.yaml:2"},
		{"missing kind", head + two, "kind"},
		{"wrong type", head + "kind: match\npairs: many\n" + two, "bad.yaml:3"},
		{"negative pairs", head + "kind: match\npairs: -4\n" + two, "bad.yaml:3"},
		{"missing engine", head + "kind: match\nengines:\n  - {name: a, labrat: true}\n  - {name: b, extends: nobody}\n", "nobody"},
		{"one engine", head + "kind: match\nengines:\n  - {name: a, labrat: true}\n", "bad.yaml:"},
		{"duplicate engine", head + "kind: match\nengines:\n  - {name: a, labrat: true}\n  - {name: a, labrat: true}\n", "bad.yaml:5"},
		{"bad time control", head + "kind: match\ntc: 10+x\n" + two, "bad.yaml:3"},
		{"bad sprt bounds", head + "kind: sprt\nsprt: {elo0: 5, elo1: 0}\n" + two, "bad.yaml:3"},
		{"bad alpha", head + "kind: sprt\nsprt: {elo0: 0, elo1: 5, alpha: 1.5}\n" + two, "bad.yaml:3"},
		{"sprt without bounds", head + "kind: sprt\n" + two, "sprt"},
		{"parameter out of range", head + "kind: match\nengines:\n  - {name: a, labrat: true}\n  - {name: b, extends: a, params: {lmr.base: 100000}}\n", "lmr.base"},
		{"unknown parameter", head + "kind: match\nengines:\n  - {name: a, labrat: true}\n  - {name: b, extends: a, params: {futility.nonsense: 1}}\n", "futility.nonsense"},
		{"missing engine binary", head + "kind: match\nengines:\n  - {name: a, labrat: true}\n  - {name: b, cmd: /nonexistent/engine}\n", "bad.yaml:5"},
		{"missing book", head + "kind: match\nbook: /nonexistent/book.epd\n" + two, "bad.yaml:3"},
		{"extends cycle", head + "kind: match\nengines:\n  - {name: a, extends: b}\n  - {name: b, extends: a}\n", "cycle"},
		{"wac outside a ladder", head + "kind: match\nwac: {movetime: 0.1}\n" + two, "bad.yaml:3"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			p := filepath.Join(dir, "bad.yaml")
			if err := os.WriteFile(p, []byte(c.yaml), 0o644); err != nil {
				t.Fatal(err)
			}
			db := filepath.Join(dir, "lab.db")
			out, errOut, code := run(t, "run", p, "--db", db)
			if code != 2 || !strings.Contains(errOut, c.want) {
				t.Errorf("exit %d, stderr %q, want exit 2 and %q (stdout %q)", code, errOut, c.want, out)
			}
			if _, err := os.Stat(db); err == nil {
				t.Errorf("the store %s was created", db)
			}
		})
	}
}

// TestRunFinishedIsNotReplayed: running a finished experiment again prints
// its report and plays nothing; --fresh starts a second run.
func TestRunFinishedIsNotReplayed(t *testing.T) {
	if testing.Short() {
		t.Skip("plays real games")
	}
	_, labrat := buildBins(t)
	dir := t.TempDir()
	exp := smallExperiment(t, dir, labrat, 2, "")
	db := filepath.Join(dir, "lab.db")
	if out, errOut, code := run(t, "run", exp, "--db", db, "--quiet"); code != 0 {
		t.Fatalf("exit %d: %s %s", code, out, errOut)
	}
	out, _, code := run(t, "run", exp, "--db", db)
	if code != 0 || !strings.Contains(out, "is finished") || strings.Contains(out, "Started game") || !strings.Contains(out, "Games: 4,") {
		t.Errorf("exit %d:\n%s", code, out)
	}
	if out, _, code := run(t, "run", exp, "--db", db, "--quiet", "--fresh"); code != 0 || !strings.Contains(out, "Games: 4,") {
		t.Errorf("--fresh: exit %d:\n%s", code, out)
	}
	st, err := store.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if runs, _ := st.ListRuns(context.Background()); len(runs) != 2 {
		t.Errorf("%d runs after --fresh, want 2", len(runs))
	}
}

// TestRunLadder: a two-step ladder against one opponent measures each step
// on its suite and reports the MadChess table.
func TestRunLadder(t *testing.T) {
	if testing.Short() {
		t.Skip("plays real games")
	}
	_, labrat := buildBins(t)
	dir := t.TempDir()
	suitePath := filepath.Join(dir, "mini.epd")
	suiteText := "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id \"WAC.001\";\n" +
		"8/7p/5k2/5p2/p1p2P2/Pr1pPK2/1P1R3P/8 b - - bm Rxb2; id \"WAC.002\";\n"
	if err := os.WriteFile(suitePath, []byte(suiteText), 0o644); err != nil {
		t.Fatal(err)
	}
	y := `name: mini-ladder
kind: ladder
nodes: 300
tc: inf
seed: 4
pairs: 1
concurrency: 2
labrat_cmd: ` + labrat + `
adjudication: {maxmoves: 40}
wac: {file: mini.epd, nodes: 20000}
engines:
  - name: opponent
    labrat: true
    params: {eval.mobility.enabled: false}
gauntlet: [opponent]
ladder:
  - feature: Baseline
    category: Baseline
    params: {futility.enabled: false}
  - feature: Futility Pruning
    category: Search
    params: {futility.enabled: true}
`
	exp := filepath.Join(dir, "ladder.yaml")
	if err := os.WriteFile(exp, []byte(y), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := run(t, "run", exp, "--db", filepath.Join(dir, "lab.db"))
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errOut, out)
	}
	for _, want := range []string{"Baseline: " + suitePath + " ", "Futility Pruning: " + suitePath + " ", "Futility Pruning", "Improvement", "WAC"} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in\n%s", want, out)
		}
	}
	if !regexp.MustCompile(`Futility Pruning\s*\|\s*Search\s*\|.*\|\s*[0-2]\s*\|`).MatchString(out) {
		t.Errorf("no WAC count in the ladder row:\n%s", out)
	}
}
