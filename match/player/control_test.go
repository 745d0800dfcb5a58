package player

import (
	"context"
	"errors"
	"io"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/elolab/elolab/engine/board"
	"github.com/elolab/elolab/match/enginetest"
)

func TestCheckText(t *testing.T) {
	for _, c := range []struct {
		s    string
		want rune // -1: accepted
	}{
		{"", -1}, {"/tb/syzygy", -1}, {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", -1},
		{"élan — ok ✓", -1}, {"\u00a0", -1}, {"bad\xffbyte", -1},
		{"x\nquit", '\n'}, {"x\r", '\r'}, {"a\tb", '\t'}, {"\x00", 0x00}, {"a\x7f", 0x7f},
		{"nel\u0085", 0x85}, {"c1\u009f", 0x9f}, {"raw\x85byte", 0x85},
	} {
		err := CheckText(`option "X"`, c.s)
		var ce *ControlError
		switch {
		case c.want < 0 && err != nil:
			t.Errorf("CheckText(%q) = %v, want nil", c.s, err)
		case c.want >= 0 && (!errors.As(err, &ce) || ce.Rune != c.want):
			t.Errorf("CheckText(%q) = %v, want a control error for %U", c.s, err, c.want)
		}
	}
	want := `option "SyzygyPath": value contains a control character (U+000A)`
	if err := CheckText(`option "SyzygyPath"`, "x\nsetoption name Hash value 1"); err == nil || err.Error() != want {
		t.Errorf("error %v, want %q", err, want)
	}
}

// fakeProcess is a process without a program: what the client writes is
// collected by the returned function (call it once, after the exchange),
// and the client reads replies. kill and close do nothing.
func fakeProcess(t testing.TB, replies string) (*process, func() string) {
	inR, inW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	outW.WriteString(replies)
	outW.Close()
	cfg := &Config{Name: "fake"}
	cfg.setDefaults()
	p := &process{cfg: cfg, stdin: inW, stdout: outR, exited: make(chan struct{}), traceMu: new(sync.Mutex)}
	p.interrupt = p.interruptRead
	p.lr = newLineReader(outR, cfg.MaxLineBytes)
	p.closeOnce.Do(func() {}) // no process to quit or kill
	got := make(chan string, 1)
	go func() {
		b, _ := io.ReadAll(inR)
		inR.Close()
		got <- string(b)
	}()
	return p, func() string {
		inW.Close()
		outR.Close()
		return <-got
	}
}

// checkWritten fails if what reached the engine holds a control character
// other than the line breaks, or does not end with one.
func checkWritten(t *testing.T, written string) {
	t.Helper()
	if i, r := firstControl(written, true); i >= 0 {
		t.Fatalf("control character %U reached the engine: %q", r, written)
	}
	if written != "" && !strings.HasSuffix(written, "\n") {
		t.Fatalf("unterminated line reached the engine: %q", written)
	}
}

func TestWriterGuard(t *testing.T) {
	p, written := fakeProcess(t, "")
	for _, b := range []string{"setoption name X value a\rb\n", "position startpos\x00\n", "go", "go\ngo", "x\u0085\n"} {
		if err := p.write([]byte(b)); err == nil {
			t.Errorf("write(%q) accepted", b)
		}
		if _, err := p.send([]byte(b)); err == nil {
			t.Errorf("send(%q) accepted", b)
		}
	}
	err := p.write([]byte("isready\nsetoption name X value a\rquit\n"))
	if want := `refused to write to the engine "setoption name X value a\rquit": value contains a control character (U+000D)`; err == nil || err.Error() != want {
		t.Errorf("error %v, want %s", err, want)
	}
	if err := p.write([]byte("isready\nucinewgame\n")); err != nil {
		t.Fatal(err)
	}
	if got := written(); got != "isready\nucinewgame\n" {
		t.Errorf("engine got %q, want only the accepted lines", got)
	}
}

// TestOptionInjection: a newline in an option value does not reach the
// engine as a command of its own (the test engine would quit).
func TestOptionInjection(t *testing.T) {
	for _, proto := range []Protocol{UCIProtocol, XBoardProtocol} {
		cfg := fastConfig("te", enginetest.Args("ok")...)
		if proto == XBoardProtocol {
			cfg = fastConfig("te", enginetest.XBoardArgs("ok")...)
			cfg.Protocol = proto
		}
		cfg.Options = []OptionValue{{"Book File", "x\nquit"}}
		if proto == XBoardProtocol {
			cfg.Options = []OptionValue{{"Hash", "16\nquit"}}
		}
		_, err := Start(context.Background(), cfg)
		if proto == UCIProtocol {
			wantKind(t, err, KindConfig)
			if want := `option "Book File": value contains a control character (U+000A)`; !strings.Contains(err.Error(), want) {
				t.Errorf("%v: error %q lacks %q", proto, err, want)
			}
		} else if err == nil {
			t.Errorf("%v: option with a newline accepted", proto)
		}
	}
	// Between games, the engine stays in step and usable.
	p := startT(t, fastConfig("te", enginetest.Args("ok")...))
	err := p.SetOptions(context.Background(), []OptionValue{{"Book File", "a\r\nquit"}})
	wantKind(t, err, KindConfig)
}

// TestPositionInjection: a FEN or a move with a control character is
// refused by Go with an error naming it; nothing is sent, and the engine
// plays on from a good position.
func TestPositionInjection(t *testing.T) {
	ctx := context.Background()
	for _, proto := range []Protocol{UCIProtocol, XBoardProtocol} {
		cfg := fastConfig("te", enginetest.Args("ok")...)
		if proto == XBoardProtocol {
			cfg = fastConfig("te", enginetest.XBoardArgs("ok")...)
			cfg.Protocol = proto
		}
		p := startT(t, cfg)
		lim := Limits{MoveTime: 20 * time.Millisecond}
		for _, c := range []struct {
			fen   string
			moves []string
			want  string
		}{
			{board.StartFEN + "\nquit", nil, "FEN: value contains a control character (U+000A)"},
			{"", []string{"e2e4", "e7e5\rquit"}, "move 2: value contains a control character (U+000D)"},
		} {
			if err := p.NewGame(ctx); err != nil {
				t.Fatal(err)
			}
			p.Position(c.fen, c.moves)
			_, err := p.Go(ctx, lim)
			wantKind(t, err, KindConfig)
			if !strings.Contains(err.Error(), c.want) {
				t.Errorf("%v: error %q lacks %q", proto, err, c.want)
			}
			p.Position("", []string{"e2e4"})
			if res, err := p.Go(ctx, lim); err != nil || res.Move == "" {
				t.Fatalf("%v: after a refused position: %v %+v", proto, err, res)
			}
		}
	}
}

// TestRealStockfishInjection: the command line, through the
// client: Stockfish used to receive "quit" and leave; now the option is
// refused before anything is written, with the option named.
func TestRealStockfishInjection(t *testing.T) {
	path := realEngine(t, "stockfish", "stockfish")
	cfg := Config{Cmd: path, Options: []OptionValue{{"SyzygyPath", "x\nsetoption name Hash value 1\nquit"}}, StartTimeout: 20 * time.Second}
	_, err := Start(context.Background(), cfg)
	wantKind(t, err, KindConfig)
	if want := `option "SyzygyPath": value contains a control character (U+000A)`; !strings.Contains(err.Error(), want) {
		t.Errorf("error %q lacks %q", err, want)
	}
}

// FuzzEngineWrites feeds arbitrary option names and values, FENs and moves
// through the clients' command building to a fake process, and checks that
// no control character other than the line breaks reaches the engine,
// that each command is the number of lines it should be (a value cannot
// add one), and that input with a control character is refused.
func FuzzEngineWrites(f *testing.F) {
	f.Add("SyzygyPath", "x\nsetoption name Hash value 1\nquit", board.StartFEN, "e2e4", "e7e5")
	f.Add("Book File", "/books/a.bin", "8/8/8/8/8/8/8/K6k w - - 0 1\r", "a1a2", "h1h2")
	f.Add("Debug Log File", "\u0085", "", "e2e4\tquit", "")
	f.Add("a\x00b", "ok", board.StartFEN, "", "e7e5")
	f.Fuzz(func(t *testing.T, name, value, fen, m1, m2 string) {
		bad := func(s ...string) bool {
			for _, x := range s {
				if i, _ := firstControl(x, false); i >= 0 {
					return true
				}
			}
			return false
		}
		ctx := context.Background()
		opts := []Option{{Name: "Book File", Type: "string"}, {Name: name, Type: "string"}}
		set := []OptionValue{{"Book File", value}, {name, value}}

		// UCI options: one setoption line each, then isready.
		p, written := fakeProcess(t, "readyok\n")
		u := &UCI{session: session{cfg: *p.cfg, proc: p, options: opts}}
		err := u.sendOptions(ctx, set, "handshake")
		got := written()
		checkWritten(t, got)
		if bad(name, value) != (err != nil) {
			t.Fatalf("options %q=%q: error %v", name, value, err)
		}
		if err == nil && strings.Count(got, "\n") != 3 {
			t.Fatalf("options %q=%q: engine got %q", name, value, got)
		}

		// UCI position and go: two lines.
		moves := []string{m1, m2}
		p, written = fakeProcess(t, "bestmove e2e4\n")
		u = &UCI{session: session{cfg: *p.cfg, proc: p, healthy: true}}
		u.Position(fen, moves)
		_, err = u.Go(ctx, Limits{MoveTime: time.Second})
		got = written()
		checkWritten(t, got)
		if bad(fen, m1, m2) != (err != nil) {
			t.Fatalf("position %q %q: error %v", fen, moves, err)
		}
		if err == nil && strings.Count(got, "\n") != 2 {
			t.Fatalf("position %q %q: engine got %q", fen, moves, got)
		}

		// xboard options: one option line each (no ping feature).
		p, written = fakeProcess(t, "")
		x := &XBoard{session: session{cfg: *p.cfg, proc: p, options: opts}, features: map[string]string{"setboard": "1", "usermove": "1"}}
		err = x.sendOptions(ctx, set, "handshake")
		got = written()
		checkWritten(t, got)
		if bad(name, value) != (err != nil) {
			t.Fatalf("xboard options %q=%q: error %v", name, value, err)
		}
		if err == nil && strings.Count(got, "\n") != 2 {
			t.Fatalf("xboard options %q=%q: engine got %q", name, value, got)
		}

		// xboard position and go: new, force, easy, post, [setboard], a
		// usermove per move, st, go.
		p, written = fakeProcess(t, "move e2e4\n")
		x = &XBoard{session: session{cfg: *p.cfg, proc: p, healthy: true}, features: x.features}
		x.Position(fen, moves)
		_, err = x.Go(ctx, Limits{MoveTime: time.Second})
		got = written()
		checkWritten(t, got)
		if bad(fen, m1, m2) != (err != nil) {
			t.Fatalf("xboard position %q %q: error %v", fen, moves, err)
		}
		want := 8
		if fen != "" && fen != board.StartFEN {
			want++
		}
		if err == nil && strings.Count(got, "\n") != want {
			t.Fatalf("xboard position %q %q: engine got %q", fen, moves, got)
		}
	})
}
