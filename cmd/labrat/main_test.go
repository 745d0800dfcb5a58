package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/elolab/elolab/engine/board"
	"github.com/elolab/elolab/engine/params"
	"github.com/elolab/elolab/engine/search"
)

var labratBin string

func TestMain(m *testing.M) {
	search.Register() // as main does: the tests read the registry too
	dir, err := os.MkdirTemp("", "labrat-test")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	labratBin = filepath.Join(dir, "labrat")
	if out, err := exec.Command("go", "build", "-o", labratBin, ".").CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "go build: %v\n%s", err, out)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// uciProc is a labrat process driven through pipes, as a GUI drives it.
type uciProc struct {
	t   *testing.T
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Scanner
}

func startEngine(t *testing.T) *uciProc {
	cmd := exec.Command(labratBin)
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p := &uciProc{t: t, cmd: cmd, in: in, out: bufio.NewScanner(out)}
	t.Cleanup(func() { in.Close(); cmd.Process.Kill(); cmd.Wait() })
	p.send("uci")
	p.expect("uciok", 5*time.Second)
	p.send("isready")
	p.expect("readyok", 5*time.Second)
	return p
}

func (p *uciProc) send(s string) {
	if _, err := io.WriteString(p.in, s+"\n"); err != nil {
		p.t.Fatalf("send %q: %v", s, err)
	}
}

func (p *uciProc) expect(prefix string, timeout time.Duration) string {
	p.t.Helper()
	timer := time.AfterFunc(timeout, func() { p.cmd.Process.Kill() })
	defer timer.Stop()
	for p.out.Scan() {
		if line := p.out.Text(); strings.HasPrefix(line, prefix) {
			return line
		}
	}
	p.t.Fatalf("engine ended or timed out waiting for %q", prefix)
	return ""
}

// TestSelfPlayGame plays a whole game between two labrat processes over UCI
// with real clocks (3 s + 30 ms), checking every move's legality, that no
// clock falls, and that the game ends by a rule of chess or the ply cap.
func TestSelfPlayGame(t *testing.T) {
	engines := [2]*uciProc{startEngine(t), startEngine(t)}
	for _, e := range engines {
		e.send("ucinewgame")
	}
	pos := board.NewPosition()
	var moves []string
	clock := [2]time.Duration{3 * time.Second, 3 * time.Second}
	const inc = 30 * time.Millisecond
	result := ""
	for ply := 0; ply < 400 && result == ""; ply++ {
		side := pos.SideToMove()
		e := engines[side]
		e.send("position startpos moves " + strings.Join(moves, " "))
		e.send(fmt.Sprintf("go wtime %d btime %d winc %d binc %d",
			clock[0].Milliseconds(), clock[1].Milliseconds(), inc.Milliseconds(), inc.Milliseconds()))
		start := time.Now()
		line := e.expect("bestmove", clock[side]+2*time.Second)
		clock[side] -= time.Since(start)
		if clock[side] < 0 {
			t.Fatalf("ply %d: %v lost on time (%v)", ply, side, clock[side])
		}
		clock[side] += inc
		f := strings.Fields(line)
		if len(f) < 2 {
			t.Fatalf("ply %d: bad line %q", ply, line)
		}
		m, err := pos.ParseMove(f[1])
		if err != nil {
			t.Fatalf("ply %d: %v (moves %v)", ply, err, moves)
		}
		pos.MakeMove(m)
		moves = append(moves, f[1])
		var list board.MoveList
		pos.GenerateMoves(&list)
		switch {
		case list.N == 0 && pos.InCheck():
			result = "checkmate"
		case list.N == 0:
			result = "stalemate"
		case pos.IsThreefold():
			result = "threefold repetition"
		case pos.IsFiftyMoves():
			result = "fifty moves"
		case pos.InsufficientMaterial():
			result = "insufficient material"
		}
	}
	if result == "" {
		result = "ply cap (400)"
	}
	t.Logf("game over after %d plies: %s; clocks left %v", len(moves), result, clock)
	for _, e := range engines {
		e.send("quit")
		done := make(chan error, 1)
		go func() { done <- e.cmd.Wait() }()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("engine exit: %v", err)
			}
		case <-time.After(5 * time.Second):
			t.Errorf("engine did not quit")
		}
	}
}

func TestSubcommands(t *testing.T) {
	out, err := exec.Command(labratBin, "perft", "4", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R", "w", "KQkq", "-", "0", "1").Output()
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if last := lines[len(lines)-1]; last != "Nodes searched: 4085603" {
		t.Fatalf("perft last line %q", last)
	}
	// bench: deterministic node signature, last two lines as Stockfish prints them.
	var sig string
	for i := 0; i < 2; i++ {
		out, err := exec.Command(labratBin, "bench", "4").Output()
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSpace(string(out)), "\n")
		n := len(lines)
		if !strings.HasPrefix(lines[n-2], "Nodes searched: ") || !strings.HasPrefix(lines[n-1], "Nodes/second: ") {
			t.Fatalf("bench output %q", lines)
		}
		if i == 1 && lines[n-2] != sig {
			t.Fatalf("bench signature changed: %q then %q", sig, lines[n-2])
		}
		sig = lines[n-2]
	}
	for _, bad := range [][]string{{"perft", "0"}, {"perft", "3", "not a fen"}, {"bench", "x"}, {"nonsense"}} {
		cmd := exec.Command(labratBin, bad...)
		out, err := cmd.CombinedOutput()
		if err == nil || cmd.ProcessState.ExitCode() != 2 {
			t.Errorf("%v: want exit 2, got %v: %s", bad, err, out)
		}
		if !strings.Contains(string(out), "labrat:") && !strings.Contains(string(out), "Error") {
			t.Errorf("%v: no error message: %s", bad, out)
		}
	}
}

// TestDefaultConfigInSync: configs/labrat/default.yaml is what `labrat
// params` prints (regenerate with `make configs`).
func TestDefaultConfigInSync(t *testing.T) {
	want, err := os.ReadFile("../../configs/labrat/default.yaml")
	if err != nil {
		t.Fatal(err)
	}
	got, err := exec.Command(labratBin, "params").Output()
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Fatal("configs/labrat/default.yaml is out of date: run `make configs`")
	}
	// Both shipped parameter files load, and out-of-range values are refused with file:line.
	for _, f := range []string{"../../configs/labrat/default.yaml", "../../configs/labrat/micromax-material.yaml"} {
		if out, err := exec.Command(labratBin, "--params", f, "params", "--changed").CombinedOutput(); err != nil {
			t.Fatalf("%s: %v\n%s", f, err, out)
		}
	}
	bad := filepath.Join(t.TempDir(), "bad.yaml")
	os.WriteFile(bad, []byte("futility.moonfish.margin: 100\nlmr.base: 9999\n"), 0o644)
	out, err := exec.Command(labratBin, "--params", bad, "bench", "1").CombinedOutput()
	if err == nil || !strings.Contains(string(out), "bad.yaml:2") || !strings.Contains(string(out), "lmr.base") {
		t.Fatalf("out-of-range parameter: err %v, output %s", err, out)
	}
}

// TestSetoptionEveryParameter: every registry parameter is a UCI option
// that setoption accepts within range and rejects outside it.
func TestSetoptionEveryParameter(t *testing.T) {
	e := startEngine(t)
	for _, d := range params.All() {
		val := params.FormatValue(d, d.Max)
		e.send("setoption name " + d.Name + " value " + val)
		if d.Kind == params.KindInt {
			e.send("setoption name " + d.Name + " value " + strconv.Itoa(d.Max+1))
			line := e.expect("info string error", 5*time.Second)
			if !strings.Contains(line, d.Name) {
				t.Fatalf("%s out of range: %q", d.Name, line)
			}
		}
	}
	e.send("isready")
	e.expect("readyok", 5*time.Second)
	e.send("position startpos")
	e.send("go depth 3")
	e.expect("bestmove", 10*time.Second)
}
