package uci

import (
	"bufio"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/elolab/elolab/engine/board"
)

// session runs the UCI loop on pipes, like a GUI would.
type session struct {
	t    *testing.T
	in   *io.PipeWriter
	out  *bufio.Scanner
	done chan error
}

func newSession(t *testing.T) *session {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	s := &session{t: t, in: inW, out: bufio.NewScanner(outR), done: make(chan error, 1)}
	go func() {
		err := Run(inR, outW, nil)
		outW.Close()
		s.done <- err
	}()
	t.Cleanup(func() { inW.Close() })
	return s
}

func (s *session) send(line string) {
	s.t.Helper()
	if _, err := io.WriteString(s.in, line+"\n"); err != nil {
		s.t.Fatalf("send %q: %v", line, err)
	}
}

// expect reads lines until one starts with prefix, returning it and the lines before.
func (s *session) expect(prefix string) (string, []string) {
	s.t.Helper()
	var seen []string
	deadline := time.AfterFunc(20*time.Second, func() { s.in.Close() })
	defer deadline.Stop()
	for s.out.Scan() {
		line := s.out.Text()
		if strings.HasPrefix(line, prefix) {
			return line, seen
		}
		seen = append(seen, line)
	}
	s.t.Fatalf("no line starting with %q; got %q", prefix, seen)
	return "", nil
}

func TestHandshakeAndErrors(t *testing.T) {
	s := newSession(t)
	s.send("uci")
	_, lines := s.expect("uciok")
	if !strings.HasPrefix(lines[0], "id name labrat") {
		t.Fatalf("first line %q", lines[0])
	}
	for _, bad := range []struct{ cmd, want string }{
		{"foo bar", `unknown command "foo"`},
		{"position fen 8/8/8 w - - 0 1", "invalid FEN"},
		{"position startpos moves e2e4 e7e5 e1e3", `move 3: move "e1e3" is not legal`},
		{"position startpos moves e2e9", "bad square"},
		{"position sideways", "want 'startpos' or 'fen <FEN>'"},
		{"go depth x", `depth: "x" is not a number`},
		{"go wtime", "wtime needs a value"},
		{"go sometimes", `unknown parameter "sometimes"`},
		{"go perft 99", "out of range"},
		{"setoption name Hash value 0", "not an integer in [1, 4096]"},
		{"setoption name NoSuchOption value 3", `unknown option "NoSuchOption"`},
		{"setoption", "want 'setoption name"},
	} {
		s.send(bad.cmd)
		line, _ := s.expect("info string error")
		if !strings.Contains(line, bad.want) {
			t.Errorf("%q: got %q, want it to contain %q", bad.cmd, line, bad.want)
		}
	}
	// A rejected position command leaves the previous position in place.
	s.send("position startpos moves e2e4")
	s.send("position startpos moves e2e4 e7e5 e1e3")
	s.expect("info string error")
	s.send("d")
	line, _ := s.expect("FEN:")
	if !strings.Contains(line, "4P3/8/PPPP1PPP/RNBQKBNR b") {
		t.Fatalf("position after rejected command: %q", line)
	}
	s.send("isready")
	s.expect("readyok")
	s.send("go perft 3")
	line, _ = s.expect("Nodes searched:")
	if line != "Nodes searched: 13160" { // perft(3) after 1.e4
		t.Fatalf("perft: %q", line)
	}
	s.send("quit")
	if err := <-s.done; err != nil {
		t.Fatal(err)
	}
}

func TestInfiniteAndStop(t *testing.T) {
	s := newSession(t)
	s.send("position startpos")
	s.send("go infinite")
	time.Sleep(150 * time.Millisecond)
	s.send("isready") // answered while searching
	_, infos := s.expect("readyok")
	s.send("stop")
	line, more := s.expect("bestmove")
	infos = append(infos, more...)
	if len(infos) == 0 || !strings.HasPrefix(infos[0], "info depth 1 ") {
		t.Fatalf("want info lines before bestmove, got %q", infos)
	}
	p := board.NewPosition()
	if _, err := p.ParseMove(strings.Fields(line)[1]); err != nil {
		t.Fatalf("bestmove: %v", err)
	}
	s.send("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1") // stalemate
	s.send("go depth 3")
	if line, _ := s.expect("bestmove"); line != "bestmove (none)" {
		t.Fatalf("stalemate: %q", line)
	}
	s.send("quit")
	<-s.done
}

func TestMateScore(t *testing.T) {
	s := newSession(t)
	// Mate in 2: 1.Qd8+ Rxd8? no — a classic back-rank: 1.Re8+ Rxe8 2.Rxe8#.
	s.send("position fen 2r3k1/5ppp/8/8/8/8/4RPPP/4R1K1 w - - 0 1")
	s.send("go depth 6")
	line, infos := s.expect("bestmove")
	if line != "bestmove e2e8" {
		t.Fatalf("got %q", line)
	}
	last := infos[len(infos)-1]
	if !strings.Contains(last, "score mate 2") {
		t.Fatalf("last info %q, want score mate 2", last)
	}
	s.send("quit")
	<-s.done
}
