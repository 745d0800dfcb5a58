package remote

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go"

	"github.com/elolab/elolab/match/game"
	"github.com/elolab/elolab/match/tc"
	"github.com/elolab/elolab/match/work"
	"github.com/elolab/elolab/openings"
)

// fakeExec plays a batch without engines: each pair ends at once (or
// after delay), White wins every game.
type fakeExec struct {
	delay time.Duration
	// block, if set, makes Play wait for ctx without reporting anything
	// (a worker that hangs or dies mid-batch).
	block bool
	fail  string // Play returns this error
	mu    sync.Mutex
	pairs int
}

func (f *fakeExec) Play(ctx context.Context, b work.Batch, rep work.Report) error {
	if f.fail != "" {
		return &testErr{f.fail}
	}
	if f.block {
		<-ctx.Done()
		return nil
	}
	for i, p := range b.Pairs {
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(f.delay):
		}
		pr := work.PairResult{Pair: i, Slot: p.Slot}
		for gi, g := range p.Games {
			r := game.Record{White: b.Engines[g.White].Name, Black: b.Engines[g.Black].Name,
				Result: game.WhiteWins, Reason: "White mates", Pair: p.Slot, Index: gi, Number: g.Number}
			gr := work.ResultOf(&r)
			if rep.Game != nil {
				rep.Game(i, gi, &gr)
			}
			pr.Games = append(pr.Games, gr)
		}
		f.mu.Lock()
		f.pairs++
		f.mu.Unlock()
		if rep.Pair != nil {
			rep.Pair(pr)
		}
	}
	return nil
}

type testErr struct{ s string }

func (e *testErr) Error() string { return e.s }

// lab is an embedded server with registered workers and a coordinator.
type lab struct {
	t     *testing.T
	dir   string
	srv   *Server
	coord *Coordinator
	prog  string // a "binary" the batches name
}

func newLab(t *testing.T, q Queue, workers ...string) *lab {
	t.Helper()
	dir := t.TempDir()
	srv, err := Serve(ServerConfig{Listen: "127.0.0.1:0", Dir: filepath.Join(dir, "nats"), Reload: 200 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Close)
	for _, w := range workers {
		if err := AddWorker(srv.dir, w, filepath.Join(dir, w+".creds")); err != nil {
			t.Fatal(err)
		}
	}
	// The server picks the new workers up at its next reload.
	time.Sleep(400 * time.Millisecond)
	nc, err := srv.Connect("coordinator")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(nc.Close)
	prog := filepath.Join(dir, "engine")
	if err := os.WriteFile(prog, []byte("#!/bin/sh\necho fake engine\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	c := &Coordinator{Conn: nc, Run: "r1", Version: "test", Queue: q, BatchPairs: 2}
	if err := c.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.Close)
	return &lab{t: t, dir: dir, srv: srv, coord: c, prog: prog}
}

// dial connects as a registered worker.
func (l *lab) dial(name string) *nats.Conn {
	l.t.Helper()
	nc, got, err := Dial(ClientConfig{URL: l.srv.URL(), Creds: filepath.Join(l.dir, name+".creds")})
	if err != nil {
		l.t.Fatal(err)
	}
	if got != name {
		l.t.Fatalf("credential name %q, want %q", got, name)
	}
	l.t.Cleanup(nc.Close)
	return nc
}

// worker starts a worker with exec; stop ends it.
func (l *lab) worker(name string, exec work.Executor, opts ...func(*Worker)) (stop func(), done <-chan error) {
	nc := l.dial(name)
	ctx, cancel := context.WithCancel(context.Background())
	w := &Worker{Conn: nc, Name: name, Version: "test", Cache: filepath.Join(l.dir, "cache-"+name), Executor: exec}
	for _, o := range opts {
		o(w)
	}
	ch := make(chan error, 1)
	go func() { ch <- w.Run(ctx) }()
	return cancel, ch
}

// batch is n pairs of two games between two engines.
func (l *lab) batch(n int) work.Batch {
	lim := tc.Limits{Nodes: 1000}
	b := work.Batch{Run: "r1", Engines: []work.Engine{
		{Name: "a", Cmd: l.prog, Limits: lim}, {Name: "b", Cmd: l.prog, Limits: lim}}}
	for k := range n {
		b.Pairs = append(b.Pairs, work.Pair{Slot: k, Round: k, Opening: openings.Opening{Index: k},
			Games: []work.Game{{Number: 2*k + 1, White: 0, Black: 1}, {Number: 2*k + 2, White: 1, Black: 0}}})
	}
	return b
}

// collect plays b on the coordinator and returns the reported pairs by
// slot (with how often each was reported).
func (l *lab) collect(ctx context.Context, b work.Batch) (map[int]int, map[int]string, error) {
	seen := map[int]int{}
	who := map[int]string{}
	err := l.coord.Play(ctx, b, work.Report{Pair: func(pr work.PairResult) {
		seen[pr.Slot]++
		who[pr.Slot] = pr.Games[0].Worker
	}})
	return seen, who, err
}

func errorsAs(err error, target any) bool { return errors.As(err, target) }
