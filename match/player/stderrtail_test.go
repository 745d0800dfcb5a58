package player

import (
	"bytes"
	"context"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/elolab/elolab/match/enginetest"
)

func TestStderrTail(t *testing.T) {
	base := errors.New("engine process exited: exit status 2")
	long := strings.Repeat("x", 3*stderrLineMax)
	cases := []struct {
		name   string
		writes []string
		want   string
	}{
		{"nothing", nil, ""},
		{"blank lines only", []string{"\n  \n\r\n"}, ""},
		{"one line", []string{"labrat: nosuch.yaml: no such file or directory\n"},
			`; stderr: "labrat: nosuch.yaml: no such file or directory"`},
		{"first and last, split across writes", []string{"panic: bo", "om\n\ngoroutine 1 [running]:\nmain.main()\n\t/src/ma", "in.go:12 +0x1d\r\n"},
			`; stderr: "panic: boom" … "/src/main.go:12 +0x1d"`},
		{"unfinished last line", []string{"started\n", "dying mid-li"},
			`; stderr: "started" … "dying mid-li"`},
		{"control characters quoted", []string{"\x1b[31mred\x07\n"},
			`; stderr: "\x1b[31mred\a"`},
		{"long line cut", []string{long + "\n", "end\n"},
			`; stderr: "` + long[:stderrLineMax] + `"… … "end"`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var log bytes.Buffer
			tl := newStderrTail(&log)
			for _, w := range c.writes {
				if n, err := tl.Write([]byte(w)); n != len(w) || err != nil {
					t.Fatalf("Write(%q) = %d, %v", w, n, err)
				}
			}
			got := tl.annotate(base)
			if !errors.Is(got, base) {
				t.Errorf("annotate lost the cause: %v", got)
			}
			if want := base.Error() + c.want; got.Error() != want {
				t.Errorf("got  %s\nwant %s", got, want)
			}
			if log.String() != strings.Join(c.writes, "") {
				t.Errorf("log got %q", log.String())
			}
		})
	}
	if err := (*stderrTail)(nil).annotate(base); err != base {
		t.Errorf("nil tail: %v", err)
	}
}

// failingWriter is a stderr log whose disk is full.
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

// A failing log must not stop the copy of the engine's stderr (which would
// block the engine on a full pipe).
func TestStderrTailFailingLog(t *testing.T) {
	tl := newStderrTail(failingWriter{})
	if n, err := tl.Write([]byte("fatal: no book\n")); n != 15 || err != nil {
		t.Fatalf("Write = %d, %v", n, err)
	}
	if got := tl.annotate(errors.New("x")).Error(); got != `x; stderr: "fatal: no book"` {
		t.Errorf("got %s", got)
	}
}

// An engine that dies during the handshake is reported with what it wrote
// to stderr: here the test engine, given an unknown flag, prints the flag
// package's complaint and its usage, and exits 2.
func TestHandshakeExitQuotesStderr(t *testing.T) {
	for _, proto := range []Protocol{UCIProtocol, XBoardProtocol} {
		cfg := fastConfig("badflag", "-nosuch")
		cfg.Protocol = proto
		_, err := Start(context.Background(), cfg)
		wantKind(t, err, KindDisconnect)
		msg := err.Error()
		for _, want := range []string{"exit status 2", `stderr: "flag provided but not defined: -nosuch" … `} {
			if !strings.Contains(msg, want) {
				t.Errorf("%v: error %q lacks %q", proto, msg, want)
			}
		}
	}
}

// A crash mid-game quotes the engine's first and last stderr lines, with
// and without a stderr= log, and the log still gets every line.
func TestCrashQuotesStderr(t *testing.T) {
	log := t.TempDir() + "/stderr.log"
	for _, logFile := range []string{"", log} {
		cfg := fastConfig("crasher", enginetest.Args("crash", "-at", "2")...)
		cfg.StderrLog = logFile
		p := startT(t, cfg)
		play(t, p, "", 1, Limits{Nodes: 100})
		p.Position("", []string{"e2e4"})
		_, err := p.Go(context.Background(), Limits{Nodes: 100})
		wantKind(t, err, KindDisconnect)
		want := `exit status 3; stderr: "testengine started: proto=uci mode=crash at=2" … "testengine: crashing on purpose"`
		if !strings.Contains(err.Error(), want) {
			t.Errorf("log %q: error %q lacks %q", logFile, err, want)
		}
	}
	b, err := os.ReadFile(log)
	if err != nil || !strings.Contains(string(b), "crashing on purpose\n") {
		t.Errorf("stderr log: %q, %v", b, err)
	}
}

// FuzzStderrTail: however an engine's stderr is split into writes, the tail
// quotes the same lines, keeps within its bounds and logs every byte.
func FuzzStderrTail(f *testing.F) {
	f.Add([]byte("started\npanic: boom\n\tmain.go:1\n"), uint8(3))
	f.Add([]byte("\x1b[2J\r\n\n  \nno newline"), uint8(1))
	f.Add(bytes.Repeat([]byte("y"), 700), uint8(64))
	f.Fuzz(func(t *testing.T, data []byte, step uint8) {
		whole, parts := newStderrTail(nil), newStderrTail(nil)
		var log bytes.Buffer
		parts.log = &log
		whole.Write(data)
		n := int(step)%16 + 1
		for b := data; len(b) > 0; {
			k := min(n, len(b))
			parts.Write(b[:k])
			b = b[k:]
		}
		base := errors.New("exited")
		a, b := whole.annotate(base), parts.annotate(base)
		if a.Error() != b.Error() {
			t.Fatalf("one write: %s\n%d-byte writes: %s", a, n, b)
		}
		if !bytes.Equal(log.Bytes(), data) {
			t.Fatalf("log differs from the input")
		}
		for _, s := range [][]byte{parts.first, parts.last, parts.cur} {
			if len(s) > stderrLineMax {
				t.Fatalf("kept %d bytes of a line", len(s))
			}
		}
	})
}
