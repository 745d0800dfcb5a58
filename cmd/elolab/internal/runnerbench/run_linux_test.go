//go:build linux

package runnerbench

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/elolab/elolab/cmd/elolab/internal/session"
)

// The runner's own CPU and its reaped children's are told apart: the fake
// runner burns almost nothing, its child 250 ms.
func TestMeasureSplitsCPU(t *testing.T) {
	exe := fakeBinary(t)
	t.Setenv("RUNNERBENCH_FAKE", "ok")
	dir := t.TempDir()
	cmd := exec.Command(exe, "match", "-rounds", "1", "-pgnout", "file="+filepath.Join(dir, "g.pgn"))
	u, err := measure(cmd)
	if err != nil {
		t.Fatal(err)
	}
	if u.Engines < burnCPU-10*time.Millisecond || u.Engines > burnCPU+200*time.Millisecond {
		t.Errorf("engines' CPU %v, want about %v", u.Engines, burnCPU)
	}
	if u.Runner >= u.Engines/2 {
		t.Errorf("runner CPU %v is not far below the engines' %v", u.Runner, u.Engines)
	}
	if d := u.Total - (u.Runner + u.Engines); d < -30*time.Millisecond || d > 30*time.Millisecond {
		t.Errorf("rusage total %v vs runner %v + engines %v", u.Total, u.Runner, u.Engines)
	}
	if u.Wall < u.Engines {
		t.Errorf("wall %v below the engines' CPU %v, one child at a time", u.Wall, u.Engines)
	}
	if clockTicks() != 100 {
		t.Logf("USER_HZ is %d here", clockTicks())
	}
}

func runJSON(t *testing.T, c Config) (*Report, string, error) {
	t.Helper()
	c.JSON = true
	var out, errOut bytes.Buffer
	err := Run(context.Background(), c, &out, &errOut)
	var rep Report
	if jerr := json.Unmarshal(out.Bytes(), &rep); jerr != nil {
		return nil, errOut.String(), errors.Join(err, jerr)
	}
	return &rep, errOut.String(), err
}

func TestRunFakeRunners(t *testing.T) {
	c := fakeConfig(t, "ok")
	// A relative --keep: the runners, each in its own directory, still
	// find the book and write their PGN there.
	t.Chdir(t.TempDir())
	c.Keep = "keep"
	rep, progress, err := runJSON(t, c)
	if err != nil {
		t.Fatal(err)
	}
	if !rep.IdenticalGames || len(rep.Problems) != 0 {
		t.Errorf("identical %v, problems %v", rep.IdenticalGames, rep.Problems)
	}
	// Rotation: elolab first in run 1, fastchess first in run 2.
	var order []string
	for _, r := range rep.Runs {
		order = append(order, r.Runner)
		if r.Games != 4 || r.Plies != 12 || r.EnginesCPUS < (burnCPU-10*time.Millisecond).Seconds() || r.RunnerCPUS >= r.EnginesCPUS || r.LimitShare <= 0 {
			t.Errorf("run %+v", r)
		}
	}
	if got := strings.Join(order, " "); got != "elolab fastchess fastchess elolab" {
		t.Errorf("runner order %s", got)
	}
	if len(rep.Medians) != 2 || rep.Medians[1].GamesPerSRatio == nil || *rep.Medians[1].GamesPerSRatio != 1 {
		t.Errorf("medians %+v", rep.Medians)
	}
	if rep.Machine.EngineName != "Fake 1.0" || !strings.Contains(progress, "run 2/2  elolab") {
		t.Errorf("machine %+v, progress:\n%s", rep.Machine, progress)
	}
	// --keep holds the book (the first games/2 openings) and each run's
	// directory with its log and PGN.
	book, err := os.ReadFile(filepath.Join(c.Keep, "book.epd"))
	if err != nil || strings.Count(string(book), "\n") != 2 {
		t.Errorf("book.epd: %q, %v", book, err)
	}
	for _, d := range []string{"run1-elolab", "run1-fastchess", "run2-elolab", "run2-fastchess"} {
		for _, f := range []string{"log.txt", "games.pgn"} {
			if _, err := os.Stat(filepath.Join(c.Keep, d, f)); err != nil {
				t.Error(err)
			}
		}
	}
}

// Different games: the table is still printed, with a loud warning, and
// the command fails.
func TestRunFakeRunnersDiffer(t *testing.T) {
	c := fakeConfig(t, "differ")
	c.Runs = 1
	var out bytes.Buffer
	err := Run(context.Background(), c, &out, &out)
	var se *session.Error
	if err == nil || !errors.As(err, &se) || se.Usage || !strings.Contains(err.Error(), "identical games") {
		t.Fatalf("error %v, want a failure about identical games", err)
	}
	text := out.String()
	for _, want := range []string{
		"identical games: NO",
		"fastchess run 1: 1 of 4 games differ from elolab run 1",
		"COMPARISON BELOW IS INVALID",
		"medians of 1 run:",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("output lacks %q:\n%s", want, text)
		}
	}
}

// A runner that fails is named, with its log's last lines, and nothing is
// left in the temporary directory.
func TestRunFakeRunnerFails(t *testing.T) {
	c := fakeConfig(t, "fail")
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	var out bytes.Buffer
	err := Run(context.Background(), c, &out, &out)
	var se *session.Error
	if err == nil || !errors.As(err, &se) || se.Usage {
		t.Fatalf("error %v, want a failure", err)
	}
	msg := err.Error()
	for _, want := range []string{"elolab (run 1)", "exit status 3", "fake runner line 19", "fake runner line 8"} {
		if !strings.Contains(msg, want) {
			t.Errorf("error lacks %q:\n%s", want, msg)
		}
	}
	if strings.Contains(msg, "fake runner line 7\n") {
		t.Errorf("error holds more than the last 12 lines:\n%s", msg)
	}
	if ents, _ := os.ReadDir(tmp); len(ents) != 0 {
		t.Errorf("left behind in TMPDIR: %v", ents)
	}
}

// The real thing, small: elolab match with Stockfish at 200 nodes, and
// fastchess when ELOLAB_FASTCHESS names it (never a path outside the
// repository by default).
func TestRunStockfish(t *testing.T) {
	sf, err := exec.LookPath("stockfish")
	if err != nil {
		if sf, err = exec.LookPath("/usr/games/stockfish"); err != nil {
			t.Skip("stockfish not installed (apt-get install stockfish)")
		}
	}
	if testing.Short() {
		t.Skip("builds elolab and plays games")
	}
	elolab := filepath.Join(t.TempDir(), "elolab")
	if out, err := exec.Command("go", "build", "-o", elolab, "github.com/elolab/elolab/cmd/elolab").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	c := DefaultConfig()
	c.Elolab, c.Engine = elolab, sf
	c.Fastchess = os.Getenv("ELOLAB_FASTCHESS")
	c.Games, c.Runs, c.Limit = 4, 1, "nodes=200"
	rep, progress, err := runJSON(t, c)
	if err != nil {
		t.Fatalf("%v\n%s", err, progress)
	}
	if !rep.IdenticalGames {
		t.Errorf("problems %v", rep.Problems)
	}
	for _, r := range rep.Runs {
		if r.Games != 4 || r.Plies <= 0 || r.EnginesCPUS <= 0 || r.RunnerCPUS <= 0 || r.GamesPerS <= 0 {
			t.Errorf("run %+v", r)
		}
	}
	if want := 1; c.Fastchess != "" {
		want = 2
		if len(rep.Runs) != want {
			t.Errorf("%d runs, want %d", len(rep.Runs), want)
		}
	}
	if !strings.HasPrefix(rep.Machine.EngineName, "Stockfish") {
		t.Errorf("engine name %q", rep.Machine.EngineName)
	}
}
