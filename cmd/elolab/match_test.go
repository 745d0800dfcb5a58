package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/elolab/elolab/match/enginetest"
	"github.com/elolab/elolab/results/pgn"
)

var testEngineOnce struct {
	sync.Once
	bin string
	err error
}

// testEngine builds the misbehaving test engine once per test binary.
func testEngine(t *testing.T) string {
	t.Helper()
	testEngineOnce.Do(func() {
		dir, err := os.MkdirTemp("", "elolab-match-test")
		if err != nil {
			testEngineOnce.err = err
			return
		}
		testEngineOnce.bin, testEngineOnce.err = enginetest.Build(dir)
	})
	if testEngineOnce.err != nil {
		t.Fatal(testEngineOnce.err)
	}
	return testEngineOnce.bin
}

func writeFile(t *testing.T, name, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestMatchBadInput(t *testing.T) {
	bin := testEngine(t)
	ok := "-engine cmd=" + bin + " name=good nodes=10"
	malformed := writeFile(t, "bad.epd", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - id \"ok\";\nthis is not a position\n")
	illegal := writeFile(t, "illegal.epd", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNK w KQkq -\n")
	for _, c := range []struct {
		args string
		want string
	}{
		{"-engine cmd=/nonexistent/engine name=ghost nodes=10 " + ok, `engine "ghost" (/nonexistent/engine)`},
		{"-engine cmd=/bin/cat name=cat nodes=10 " + ok, `engine "cat" (/bin/cat)`},
		{ok + " -engine cmd=" + bin + " name=b nodes=10 -openings file=/nonexistent/book.epd", "/nonexistent/book.epd"},
		{ok + " -engine cmd=" + bin + " name=b nodes=10 -openings file=" + malformed, malformed + ":2"},
		{ok + " -engine cmd=" + bin + " name=b nodes=10 -openings file=" + illegal, illegal + ":2"},
		{ok + " -engine cmd=" + bin + " name=b nodes=10 option.NoSuchOption=1", "NoSuchOption"},
		{ok + " -engine cmd=" + bin + " name=b -rounds 2", "no limit"},
	} {
		out, errOut, code := run(t, append([]string{"match"}, strings.Fields(c.args)...)...)
		if code != 2 || !strings.Contains(errOut, c.want) {
			t.Errorf("%s:\nexit %d, stderr %q, want %q (stdout %q)", c.args, code, errOut, c.want, out)
		}
		if strings.Contains(out, "Started game") {
			t.Errorf("%s: a game started", c.args)
		}
	}
}

// readPGN returns the games of a PGN file.
func readPGN(t *testing.T, path string) []*pgn.Game {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := pgn.NewReader(f)
	var out []*pgn.Game
	for {
		g, err := r.Read()
		if errors.Is(err, io.EOF) {
			return out
		}
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, g)
	}
}

var gamesLine = regexp.MustCompile(`Games: (\d+), Wins: (\d+), Losses: (\d+), Draws: (\d+)`)

// TestMatchCrashingEngine: a fastchess-style command line against an
// engine that crashes; the PGN and the report agree.
func TestMatchCrashingEngine(t *testing.T) {
	bin := testEngine(t)
	out := filepath.Join(t.TempDir(), "games.pgn")
	args := []string{"match", "-engine", "cmd=" + bin, "name=crasher", "args=-mode crash -at 5",
		"-engine", "cmd=" + bin, "name=steady", "args=-seed 9",
		"-each", "nodes=100", "proto=uci", "option.Hash=16",
		"-openings", "file=builtin:8moves_v3.pgn.gz", "format=pgn", "order=random", "-srand", "3",
		"-rounds", "3", "-repeat", "-concurrency", "2", "-maxmoves", "20", "-recover", "-ratinginterval", "2",
		"-pgnout", "file=" + out}
	stdout, stderr, code := run(t, args...)
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, stderr, stdout)
	}
	games := readPGN(t, out)
	m := gamesLine.FindAllStringSubmatch(stdout, -1)
	if len(m) == 0 {
		t.Fatalf("no result block:\n%s", stdout)
	}
	last := m[len(m)-1]
	if n, _ := strconv.Atoi(last[1]); n != len(games) || n != 6 {
		t.Errorf("report %s games, PGN %d", last[1], len(games))
	}
	crashes := 0
	for _, g := range games {
		term, _ := g.Tag("Termination")
		if term == "abandoned" {
			crashes++
		}
	}
	if crashes != 6 {
		t.Errorf("%d abandoned games, want 6 (the crasher dies at its 5th move each game)", crashes)
	}
	for _, want := range []string{"Results of crasher vs steady (100 nodes, 1t, 16MB, 8moves_v3.pgn):", "Ptnml(0-2): [3, 0, 0, 0, 0]",
		"disconnects}", "Finished match", "Total Time: "} {
		if !strings.Contains(stdout, want) {
			t.Errorf("missing %q in\n%s", want, stdout)
		}
	}
	if !regexp.MustCompile(`crasher +6 +0 +6 +0 +0 +[1-9]`).MatchString(stdout) {
		t.Errorf("incident row missing or wrong:\n%s", stdout)
	}
	if strings.Contains(strings.ToLower(stdout), "nan") {
		t.Error("NaN in output")
	}
}

// cancelWriter cancels a context once a line appears in the output.
type cancelWriter struct {
	mu     sync.Mutex
	buf    bytes.Buffer
	needle string
	cancel func()
}

func (w *cancelWriter) Write(b []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.buf.Write(b)
	if strings.Contains(w.buf.String(), w.needle) {
		w.cancel()
	}
	return len(b), nil
}

func TestMatchInterruptPrintsResume(t *testing.T) {
	bin := testEngine(t)
	out := filepath.Join(t.TempDir(), "games.pgn")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	w := &cancelWriter{needle: "Finished game 3 ", cancel: cancel}
	args := []string{"-engine", "cmd=" + bin, "name=a", "-engine", "cmd=" + bin, "name=b", "args=-seed 5",
		"-each", "nodes=100", "-openings", "file=builtin:8moves_v3.pgn.gz", "order=random",
		"-rounds", "200", "-repeat", "-concurrency", "2", "-maxmoves", "30", "-pgnout", "file=" + out}
	err := runMatch(ctx, w, io.Discard, args)
	var ee *exitError
	if !errors.As(err, &ee) || ee.code != 1 {
		t.Fatalf("error %v, want exit 1", err)
	}
	s := w.buf.String()
	games := readPGN(t, out)
	m := gamesLine.FindAllStringSubmatch(s, -1)
	if len(m) == 0 {
		t.Fatalf("no result block:\n%s", s)
	}
	// The PGN keeps the games of complete rounds: the resume plays the rest.
	dropped := 0
	if d := regexp.MustCompile(`\((\d+) finished games of later rounds were taken out`).FindStringSubmatch(s); d != nil {
		dropped, _ = strconv.Atoi(d[1])
	}
	if n, _ := strconv.Atoi(m[len(m)-1][1]); n-dropped != len(games) {
		t.Errorf("report %d games, %d taken out, PGN %d", n, dropped, len(games))
	}
	for _, want := range []string{"Match stopped: ", "To resume with the remaining", "elolab match ", "start=", "-srand 0", "Match interrupted"} {
		if !strings.Contains(s, want) {
			t.Errorf("missing %q in\n%s", want, s)
		}
	}
}

func TestEPD(t *testing.T) {
	suite := "../../match/suite/suites/wac.epd"
	lines, _ := os.ReadFile(suite)
	ten := writeFile(t, "wac10.epd", strings.Join(strings.SplitN(string(lines), "\n", 11)[:10], "\n")+"\n")
	bin := testEngine(t)
	out, errOut, code := run(t, "epd", ten, "-engine", "cmd="+bin, "-movetime", "50", "-concurrency", "2")
	if code != 0 || !strings.Contains(out, "Solved: ") || !strings.Contains(out, "/10\n") || !strings.Contains(out, "WAC.001: ") {
		t.Fatalf("exit %d %s\n%s", code, errOut, out)
	}
	if _, err := os.Stat("/usr/games/stockfish"); err != nil {
		t.Skip("/usr/games/stockfish not installed (apt-get install stockfish)")
	}
	out, errOut, code = run(t, "epd", ten, "-engine", "cmd=/usr/games/stockfish", "option.Threads=1", "-movetime", "100", "-concurrency", "2")
	m := regexp.MustCompile(`Solved: (\d+)/10`).FindStringSubmatch(out)
	if code != 0 || m == nil {
		t.Fatalf("exit %d %s\n%s", code, errOut, out)
	}
	if n, _ := strconv.Atoi(m[1]); n < 7 {
		t.Errorf("stockfish solved %d of the first 10 WAC positions", n)
	}
	// Bad suite: file:line.
	bad := writeFile(t, "bad.epd", "8/8/8/8/8/8/8/K6k w - - bm Qg6;\n")
	_, errOut, code = run(t, "epd", bad, "-engine", "cmd=/usr/games/stockfish")
	if code != 2 || !strings.Contains(errOut, bad+":1") {
		t.Errorf("exit %d %s", code, errOut)
	}
}
