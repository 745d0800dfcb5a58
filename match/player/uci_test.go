package player

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/elolab/elolab/engine/board"
	"github.com/elolab/elolab/match/enginetest"
)

// syncBuffer is a goroutine-safe bytes.Buffer for Config.Trace.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func TestUCIGame(t *testing.T) {
	log := filepath.Join(t.TempDir(), "te.log")
	var trace syncBuffer
	cfg := fastConfig("te", enginetest.Args("ok")...)
	cfg.StderrLog = log
	cfg.Trace = &trace
	cfg.Options = []OptionValue{{"skill level", "5"}, {"Hash", "32"}, {"Style", "risky"}, {"Clear Hash", ""}, {"Ponder", "false"}, {"Book File", ""}}
	p := startT(t, cfg)
	if p.ID() != "testengine ok" || len(p.Options()) != 6 || p.Protocol() != UCIProtocol || p.Name() != "te" {
		t.Errorf("id %q, %d options", p.ID(), len(p.Options()))
	}
	moves := play(t, p, "", 6, Limits{WTime: 10 * time.Second, BTime: 9 * time.Second, WInc: 100 * time.Millisecond, BInc: 100 * time.Millisecond, MovesToGo: 40})
	// From a FEN, black to move.
	p.Position("4k3/8/8/8/8/8/4P3/4K3 b - - 0 1", nil)
	res, err := p.Go(context.Background(), Limits{Depth: 3})
	if err != nil || res.Move == "" || res.Info.Depth != 3 || res.Info.Score.Kind != ScoreCP || res.Info.PV != res.Move || res.Info.Nodes != 1234 {
		t.Errorf("fen search: %+v, %v", res, err)
	}
	if err := p.Ping(context.Background()); err != nil {
		t.Error(err)
	}
	if !p.Healthy() {
		t.Error("not healthy")
	}
	if err := p.Close(); err != nil {
		t.Errorf("Close: %v", err)
	}
	if err := p.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
	tr := trace.String()
	for _, want := range []string{
		"te > setoption name Skill Level value 5\n", "te > setoption name Style value Risky\n",
		"te > setoption name Clear Hash\n", "te > setoption name Book File value <empty>\n",
		"te > go wtime 10000 btime 9000 winc 100 binc 100 movestogo 40\n",
		"te > position startpos moves " + strings.Join(moves[:5], " ") + "\n",
		"te > position fen 4k3/8/8/8/8/8/4P3/4K3 b - - 0 1\n", "te > go depth 3\n",
		"te < uciok\n", "te > quit\n",
	} {
		if !strings.Contains(tr, want) {
			t.Errorf("trace lacks %q", want)
		}
	}
	b, err := os.ReadFile(log)
	if err != nil || !strings.Contains(string(b), "testengine started") {
		t.Errorf("stderr log: %q, %v", b, err)
	}
}

func TestUCIGoCommand(t *testing.T) {
	e := &UCI{}
	e.Position(board.StartFEN, []string{"e2e4", "e7e5"})
	cases := map[string]Limits{
		"go nodes 1000":         {Nodes: 1000},
		"go movetime 250":       {MoveTime: 250 * time.Millisecond},
		"go infinite":           {Infinite: true},
		"go wtime 1000 btime 0": {WTime: time.Second, BTime: -time.Second},
		"go nodes 5 depth 7":    {Depth: 7, Nodes: 5},
	}
	for want, lim := range cases {
		got := string(e.command(&lim))
		if got != "position startpos moves e2e4 e7e5\n"+want+"\n" {
			t.Errorf("%+v: %q", lim, got)
		}
	}
	lim := Limits{Nodes: 1}
	if n := testing.AllocsPerRun(100, func() { e.command(&lim) }); n != 0 {
		t.Errorf("command allocates %v times", n)
	}
}

func TestUCIOptionErrors(t *testing.T) {
	for _, c := range []struct {
		opt  OptionValue
		want string
	}{
		{OptionValue{"Contempt", "10"}, `unknown option "Contempt"`},
		{OptionValue{"Hash", "4096"}, `"Hash": 4096 out of range`},
		{OptionValue{"Style", "Wild"}, `"Style": "Wild" is not one of`},
	} {
		cfg := fastConfig("te", enginetest.Args("ok")...)
		cfg.Options = []OptionValue{c.opt}
		_, err := Start(context.Background(), cfg)
		wantKind(t, err, KindConfig)
		if !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), `"te"`) {
			t.Errorf("error %q lacks %q", err, c.want)
		}
	}
}

func TestStartErrors(t *testing.T) {
	ctx := context.Background()
	_, err := Start(ctx, Config{Name: "ghost", Cmd: "/nonexistent/engine"})
	wantKind(t, err, KindConfig)
	if !strings.Contains(err.Error(), "ghost") || !strings.Contains(err.Error(), "/nonexistent/engine") {
		t.Errorf("error %q does not name the engine", err)
	}
	_, err = Start(ctx, Config{Name: "dir", Cmd: testEngineBin(), Dir: "/nonexistent"})
	wantKind(t, err, KindConfig)
	// A relative command is relative to Dir.
	bin := testEngineBin()
	p, err := Start(ctx, Config{Name: "rel", Cmd: "./" + filepath.Base(bin), Dir: filepath.Dir(bin)})
	if err != nil {
		t.Errorf("relative command: %v", err)
	} else {
		p.Close()
	}

	start := time.Now()
	_, err = Start(ctx, Config{Name: "cat", Cmd: "/bin/cat"})
	wantKind(t, err, KindProtocol)
	within(t, start, 2*time.Second)
	_, err = Start(ctx, Config{Name: "cat", Cmd: "/bin/cat", Protocol: XBoardProtocol})
	wantKind(t, err, KindProtocol)

	// A program that exits at once.
	_, err = Start(ctx, Config{Name: "true", Cmd: "/bin/true"})
	wantKind(t, err, KindDisconnect)
	// A program that says nothing.
	start = time.Now()
	_, err = Start(ctx, Config{Name: "sleep", Cmd: "/bin/sleep", Args: []string{"30"}, StartTimeout: 300 * time.Millisecond})
	wantKind(t, err, KindStall)
	within(t, start, 2*time.Second)
}

// crashAndRestart checks the misbehaving engine's error and that Restart
// brings it back.
func restartAndPlay(t *testing.T, p Player) {
	t.Helper()
	if p.Healthy() {
		t.Error("healthy after a fatal error")
	}
	before := p.Restarts()
	if err := p.Restart(context.Background()); err != nil {
		t.Fatalf("Restart: %v", err)
	}
	if p.Restarts() != before+1 || !p.Healthy() {
		t.Errorf("after Restart: restarts %d, healthy %v", p.Restarts(), p.Healthy())
	}
	play(t, p, "", 1, Limits{Depth: 2})
}

func TestUCICrash(t *testing.T) {
	p := startT(t, fastConfig("crasher", enginetest.Args("crash", "-at", "3")...))
	ctx := context.Background()
	play(t, p, "", 2, Limits{Nodes: 100})
	p.Position("", []string{"e2e4", "e7e5"})
	start := time.Now()
	_, err := p.Go(ctx, Limits{Nodes: 100})
	wantKind(t, err, KindDisconnect)
	if !errors.Is(err, ErrDisconnect) || !strings.Contains(err.Error(), "exit status 3") {
		t.Errorf("error %v", err)
	}
	within(t, start, 2*time.Second)
	if err := p.NewGame(ctx); KindOf(err) != KindDisconnect {
		t.Errorf("NewGame on a dead engine: %v", err)
	}
	restartAndPlay(t, p)
}

func TestUCIHang(t *testing.T) {
	cases := []struct {
		name string
		lim  Limits
		kind Kind
		max  time.Duration
	}{
		{"clock", Limits{WTime: 300 * time.Millisecond, BTime: 300 * time.Millisecond}, KindTimeout, 300 + 200 + 200},
		{"movetime", Limits{MoveTime: 100 * time.Millisecond}, KindTimeout, 100 + 200 + 200},
		{"nodes", Limits{Nodes: 1000}, KindStall, 2000 + 200},
		{"explicit", Limits{Depth: 5, Timeout: 150 * time.Millisecond}, KindStall, 150 + 200},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			p := startT(t, fastConfig("hanger", enginetest.Args("hang", "-at", "2")...))
			play(t, p, "", 1, Limits{Nodes: 10})
			p.Position("", []string{"e2e4"})
			start := time.Now()
			res, err := p.Go(context.Background(), c.lim)
			wantKind(t, err, c.kind)
			within(t, start, c.max*time.Millisecond+time.Second)
			if res.Elapsed < c.max*time.Millisecond-400*time.Millisecond {
				t.Errorf("elapsed %v", res.Elapsed)
			}
			restartAndPlay(t, p)
			// The restarted engine quits when asked.
			start = time.Now()
			if err := p.Close(); err != nil {
				t.Errorf("Close: %v", err)
			}
			within(t, start, 2*time.Second)
		})
	}
}

// TestUCIHangStop: an engine that overruns but obeys stop keeps its
// process.
func TestUCIHangStop(t *testing.T) {
	p := startT(t, fastConfig("late", enginetest.Args("hangstop")...))
	p.NewGame(context.Background())
	p.Position("", nil)
	res, err := p.Go(context.Background(), Limits{MoveTime: 50 * time.Millisecond})
	wantKind(t, err, KindTimeout)
	if res.Move == "" || !p.Healthy() {
		t.Errorf("after stop: move %q, healthy %v", res.Move, p.Healthy())
	}
	if res.Elapsed < 250*time.Millisecond || res.Elapsed > 2*time.Second {
		t.Errorf("elapsed %v", res.Elapsed)
	}
	play(t, p, "", 2, Limits{Nodes: 10})
	if p.Restarts() != 0 {
		t.Error("restarted")
	}
}

func TestUCIMisbehaviour(t *testing.T) {
	ctx := context.Background()
	t.Run("illegal", func(t *testing.T) {
		t.Parallel()
		p := startT(t, fastConfig("illegal", enginetest.Args("illegal")...))
		p.NewGame(ctx)
		p.Position("", nil)
		res, err := p.Go(ctx, Limits{Nodes: 1})
		if err != nil || res.Move != "e2e5" {
			t.Errorf("got %q, %v; want the illegal move e2e5 without error", res.Move, err)
		}
	})
	t.Run("garbage", func(t *testing.T) {
		t.Parallel()
		p := startT(t, fastConfig("garbage", enginetest.Args("garbage", "-linesize", "5000000")...))
		p.NewGame(ctx)
		p.Position("", nil)
		start := time.Now()
		res, err := p.Go(ctx, Limits{Nodes: 1})
		within(t, start, 2*time.Second)
		if err != nil || len(res.Move) != 4 || res.Info.Nodes != 1234 {
			t.Errorf("got %+v, %v; want a move", res, err)
		}
		play(t, p, "", 2, Limits{Nodes: 1})
	})
	t.Run("badmove", func(t *testing.T) {
		t.Parallel()
		p := startT(t, fastConfig("badmove", enginetest.Args("badmove")...))
		p.NewGame(ctx)
		p.Position("", nil)
		_, err := p.Go(ctx, Limits{Nodes: 1})
		wantKind(t, err, KindProtocol)
	})
	t.Run("none", func(t *testing.T) {
		t.Parallel()
		p := startT(t, fastConfig("none", enginetest.Args("none")...))
		p.NewGame(ctx)
		p.Position("", nil)
		res, err := p.Go(ctx, Limits{Nodes: 1})
		if err != nil || !res.NoMove || res.Move != "" {
			t.Errorf("got %+v, %v; want NoMove", res, err)
		}
	})
	t.Run("slowuci", func(t *testing.T) {
		t.Parallel()
		cfg := fastConfig("slow", enginetest.Args("slowuci", "-delay", "300ms")...)
		p := startT(t, cfg)
		play(t, p, "", 1, Limits{Nodes: 1})
		cfg.StartTimeout = 100 * time.Millisecond
		cfg.Args = enginetest.Args("slowuci", "-delay", "3s")
		start := time.Now()
		_, err := Start(ctx, cfg)
		wantKind(t, err, KindStall)
		if !strings.Contains(err.Error(), "uciok") {
			t.Errorf("error %v", err)
		}
		within(t, start, 1500*time.Millisecond)
	})
	t.Run("noready", func(t *testing.T) {
		t.Parallel()
		cfg := fastConfig("deaf", enginetest.Args("noready", "-at", "2")...)
		cfg.ReadyTimeout = 200 * time.Millisecond
		p := startT(t, cfg)
		start := time.Now()
		err := p.NewGame(ctx)
		wantKind(t, err, KindStall)
		within(t, start, 1500*time.Millisecond)
		if err := p.Restart(ctx); err != nil {
			t.Fatal(err)
		}
		p.Position("", nil)
		if _, err := p.Go(ctx, Limits{Nodes: 1}); err != nil {
			t.Error(err)
		}
		// No answer from the first isready: Start fails.
		cfg.Args = enginetest.Args("noready", "-at", "1")
		_, err = Start(ctx, cfg)
		wantKind(t, err, KindStall)
	})
	t.Run("nodestall", func(t *testing.T) {
		t.Parallel()
		cfg := fastConfig("nodestall", enginetest.Args("nodestall")...)
		cfg.StallTimeout = 300 * time.Millisecond
		p := startT(t, cfg)
		play(t, p, "", 2, Limits{Depth: 3})
		p.Position("", []string{"e2e4", "e7e5"})
		start := time.Now()
		_, err := p.Go(ctx, Limits{Nodes: 1000})
		wantKind(t, err, KindStall)
		within(t, start, 300*time.Millisecond+200*time.Millisecond+time.Second)
		restartAndPlay(t, p)
	})
	t.Run("flood", func(t *testing.T) {
		t.Parallel()
		p := startT(t, fastConfig("flood", enginetest.Args("flood", "-at", "20000")...))
		play(t, p, "", 3, Limits{Nodes: 1})
	})
}

func TestUCIInterrupt(t *testing.T) {
	p := startT(t, fastConfig("late", enginetest.Args("hangstop", "-at", "1")...))
	p.NewGame(context.Background())
	p.Position("", nil)
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	res, err := p.Go(ctx, Limits{Depth: 10})
	wantKind(t, err, KindInterrupted)
	if !errors.Is(err, context.Canceled) || res.Move == "" || !p.Healthy() {
		t.Errorf("%+v %v healthy %v", res, err, p.Healthy())
	}
	// Infinite: cancelling is the normal end.
	p2 := startT(t, fastConfig("inf", enginetest.Args("hangstop", "-at", "1")...))
	p2.Position("", nil)
	ctx2, cancel2 := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel2()
	res, err = p2.Go(ctx2, Limits{Infinite: true})
	if err != nil || res.Move == "" || res.Elapsed < 100*time.Millisecond {
		t.Errorf("infinite: %+v, %v", res, err)
	}
}

func TestUCINoQuit(t *testing.T) {
	p := startT(t, fastConfig("stubborn", enginetest.Args("noquit")...))
	play(t, p, "", 1, Limits{Nodes: 1})
	pid := p.(*UCI).Pid()
	start := time.Now()
	err := p.Close()
	wantKind(t, err, KindStall)
	within(t, start, 2*time.Second)
	if processExists(pid) {
		t.Errorf("process %d still exists", pid)
	}
}

// TestUCIPositionIncremental: the position command built incrementally
// equals the one built from scratch whatever the sequence of Position
// calls (growing, shrinking, changed moves, another FEN, reused slices).
func TestUCIPositionIncremental(t *testing.T) {
	want := func(fen string, moves []string) string {
		s := "position startpos"
		if fen != "" && fen != board.StartFEN {
			s = "position fen " + fen
		}
		if len(moves) > 0 {
			s += " moves " + strings.Join(moves, " ")
		}
		return s + "\ngo depth 1\n"
	}
	game := []string{"e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5a4", "g8f6"}
	other := []string{"d2d4", "d7d5", "c2c4"}
	fen := "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"
	e := &UCI{}
	lim := Limits{Depth: 1}
	shared := make([]string, 0, 16)
	for i, step := range []struct {
		fen   string
		moves []string
	}{
		{"", nil}, {"", game[:1]}, {"", game[:2]}, {"", game[:5]}, {board.StartFEN, game[:8]}, {"", game[:3]},
		{"", other}, {"", other[:1]}, {fen, nil}, {fen, []string{"e2e3"}}, {"", game[:4]}, {"", nil},
	} {
		e.Position(step.fen, step.moves)
		if got := string(e.command(&lim)); got != want(step.fen, step.moves) {
			t.Errorf("step %d: %q, want %q", i, got, want(step.fen, step.moves))
		}
		// The same slice, changed in place between calls.
		shared = append(shared[:0], step.moves...)
		if len(shared) > 0 {
			shared[len(shared)-1] = "h2h3"
		}
		e.Position(step.fen, shared)
		if got := string(e.command(&lim)); got != want(step.fen, shared) {
			t.Errorf("step %d (in place): %q, want %q", i, got, want(step.fen, shared))
		}
	}
}

// TestSetOptions: options set between games are sent (UCI setoption,
// xboard option), checked like those of the handshake, and sent again
// after a restart.
func TestSetOptions(t *testing.T) {
	for _, c := range []struct {
		proto Protocol
		args  []string
		opt   string
		sent  string
	}{
		{UCIProtocol, enginetest.Args("ok"), "Skill Level", "> setoption name Skill Level value 5"},
		{XBoardProtocol, enginetest.XBoardArgs("ok"), "Skill", "> option Skill=5"},
	} {
		var tr syncBuffer
		cfg := fastConfig("te", c.args...)
		cfg.Protocol = c.proto
		cfg.Trace = &tr
		p := startT(t, cfg)
		ctx := context.Background()
		if err := p.SetOptions(ctx, []OptionValue{{c.opt, "5"}}); err != nil {
			t.Fatalf("%v: %v", c.args, err)
		}
		if n := strings.Count(tr.String(), c.sent); n != 1 {
			t.Errorf("%v: %q sent %d times:\n%s", c.args, c.sent, n, tr.String())
		}
		if err := p.Restart(ctx); err != nil {
			t.Fatal(err)
		}
		if n := strings.Count(tr.String(), c.sent); n != 2 {
			t.Errorf("%v: after a restart %q sent %d times, want 2", c.args, c.sent, n)
		}
		if err := p.NewGame(ctx); err != nil {
			t.Fatal(err)
		}
		err := p.SetOptions(ctx, []OptionValue{{"Contempt", "1"}})
		wantKind(t, err, KindConfig)
		if err == nil || !strings.Contains(err.Error(), `unknown option "Contempt"`) {
			t.Errorf("%v: unknown option: %v", c.args, err)
		}
	}
}
