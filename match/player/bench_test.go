//go:build unix

package player

import (
	"context"
	"syscall"
	"testing"
	"time"

	"github.com/elolab/elolab/match/enginetest"
)

// cpuTime returns the runner's own user+system CPU time (children
// excluded).
func cpuTime(tb testing.TB) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		tb.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// benchRoundTrip plays games of 80 plies against the instant test engine
// (which answers e2e4 at once, ignoring the position): every Go is
// preceded by Position with the game so far (the engine's moves and
// e7e5 replies), so the position command grows to 80 moves as in real
// games; every 40 Go calls a NewGame (with its isready or ping round trip)
// starts the next game. It reports the runner's CPU per move.
func benchRoundTrip(b *testing.B, cfg Config, lim Limits) {
	ctx := context.Background()
	p, err := Start(ctx, cfg)
	if err != nil {
		b.Fatal(err)
	}
	defer p.Close()
	moves := make([]string, 0, 100)
	move := func(i int) {
		if i%40 == 0 {
			if err := p.NewGame(ctx); err != nil {
				b.Fatal(err)
			}
			moves = moves[:0]
		}
		p.Position("", moves)
		res, err := p.Go(ctx, lim)
		if err != nil {
			b.Fatal(err)
		}
		moves = append(moves, res.Move, "e7e5")
	}
	for i := 0; i < 200; i++ { // warm up
		move(i)
	}
	b.ReportAllocs()
	b.ResetTimer()
	cpu0 := cpuTime(b)
	for i := 0; i < b.N; i++ {
		move(i)
	}
	cpu := cpuTime(b) - cpu0
	b.StopTimer()
	b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N)/1e3, "runner-µs/move")
}

// BenchmarkUCIRoundTrip: UCI moves (position with up to 80 moves + go; one
// info line + bestmove back) against an engine that answers at once.
func BenchmarkUCIRoundTrip(b *testing.B) {
	benchRoundTrip(b, fastConfig("instant", enginetest.Args("instant")...), Limits{WTime: time.Minute, BTime: time.Minute, WInc: time.Second, BInc: time.Second})
}

// BenchmarkXBoardRoundTrip: xboard moves (force, usermove, time, otim, go;
// one thinking line + move back) against an engine that answers at once.
func BenchmarkXBoardRoundTrip(b *testing.B) {
	cfg := fastConfig("instant", enginetest.XBoardArgs("instant")...)
	cfg.Protocol = XBoardProtocol
	benchRoundTrip(b, cfg, Limits{WTime: time.Minute, BTime: time.Minute, WInc: time.Second, BInc: time.Second})
}

// TestRoundTripAllocs runs the round-trip benchmark once and checks what
// does not depend on the machine: the allocations per move (the position
// command, the info parse and the read path reuse their buffers; the two
// left are the bestmove strings the caller keeps). The runner's CPU per
// move is logged, not checked: it is a figure for the README (measured
// with `go test -run '^$' -bench RoundTrip ./match/player`), and on
// shared machines it varies with the host's system-call cost.
func TestRoundTripAllocs(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	res := testing.Benchmark(BenchmarkUCIRoundTrip)
	if res.N == 0 {
		t.Fatal("benchmark failed")
	}
	t.Logf("%d moves: %d ns/op, runner %.1f µs CPU/move, %d allocs/op", res.N, res.NsPerOp(), res.Extra["runner-µs/move"], res.AllocsPerOp())
	if a := res.AllocsPerOp(); a > 2 && !raceEnabled {
		t.Errorf("%d allocations per move, want ≤ 2", a)
	}
}

// repeatReader returns the same chunk of engine output on every Read.
type repeatReader struct{ chunk []byte }

func (r *repeatReader) Read(b []byte) (int, error) { return copy(b, r.chunk), nil }

// BenchmarkRecv reads lines as Go does (one info line and a bestmove per
// op) from an in-memory stream: the per-line cost of the read path, which
// must not allocate.
func BenchmarkRecv(b *testing.B) {
	out := []byte("info depth 12 seldepth 18 multipv 1 score cp 31 nodes 123456 nps 1234567 hashfull 5 tbhits 0 time 100 pv e2e4 e7e5 g1f3 b8c6 f1b5\nbestmove e2e4 ponder e7e5\n")
	cfg := Config{MaxLineBytes: DefaultMaxLineBytes}
	p := &process{cfg: &cfg, lr: newLineReader(&repeatReader{chunk: out}, cfg.MaxLineBytes)}
	ctx := context.Background()
	var info Info
	b.ReportAllocs()
	b.SetBytes(int64(len(out)))
	for i := 0; i < b.N; i++ {
		for {
			l, st := p.recv(ctx)
			if st != recvLine {
				b.Fatal(st)
			}
			if parseInfo(l.text, &info) == 0 {
				break
			}
		}
	}
}

// BenchmarkUCICommand builds the position and go command of every move of
// an 80-ply game (Position with the whole game so far, then command): it
// must not allocate once the buffers have grown.
func BenchmarkUCICommand(b *testing.B) {
	moves := make([]string, 80)
	for i := range moves {
		moves[i] = []string{"e2e4", "e7e5", "g1f3", "b8c6"}[i%4]
	}
	e := &UCI{}
	lim := Limits{WTime: time.Minute, BTime: time.Minute, WInc: time.Second, BInc: time.Second}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		n := i % 81
		e.Position("", moves[:n])
		if cmd := e.command(&lim); len(cmd) < 20 {
			b.Fatal(string(cmd))
		}
	}
}
