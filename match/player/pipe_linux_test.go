package player

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/elolab/elolab/match/enginetest"
)

// shEngine writes a shell script engine that answers uci and isready,
// and answers go with "bestmove e2e4" and, 50 ms later, a stray
// "bestmove a2a3".
func shEngine(t *testing.T) Config {
	t.Helper()
	script := filepath.Join(t.TempDir(), "late.sh")
	err := os.WriteFile(script, []byte(`#!/bin/sh
while read -r line; do
	case "$line" in
	uci) echo "id name late"; echo uciok;;
	isready) echo readyok;;
	go*) echo "bestmove e2e4"; sleep 0.05; echo "info string late"; echo "bestmove a2a3";;
	quit) exit 0;;
	esac
done
`), 0o755)
	if err != nil {
		t.Fatal(err)
	}
	cfg := fastConfig("late")
	cfg.Cmd = script
	return cfg
}

// TestStaleOutputDiscarded: output that arrives after the move (here a
// second bestmove) is discarded before the next go, whether it is
// buffered or still in the pipe.
func TestStaleOutputDiscarded(t *testing.T) {
	if _, err := os.Stat("/bin/sh"); err != nil {
		t.Skip("no /bin/sh")
	}
	var trace syncBuffer
	cfg := shEngine(t)
	cfg.Trace = &trace
	p := startT(t, cfg)
	ctx := context.Background()
	for i := 0; i < 3; i++ {
		p.Position("", nil)
		res, err := p.Go(ctx, Limits{Depth: 1})
		if err != nil || res.Move != "e2e4" {
			t.Fatalf("go %d: %+v, %v\n%s", i+1, res, err, trace.String())
		}
		time.Sleep(150 * time.Millisecond) // the stray line is in the pipe now
	}
}

// TestContextReuse: a context used for several calls and cancelled
// between two of them interrupts nothing afterwards with another context,
// and a cancelled context interrupts a wait at once.
func TestContextReuse(t *testing.T) {
	p := startT(t, fastConfig("reuse", enginetest.Args("ok")...))
	for i := 0; i < 20; i++ {
		ctx, cancel := context.WithCancel(context.Background())
		if err := p.NewGame(ctx); err != nil {
			t.Fatal(err)
		}
		p.Position("", nil)
		if _, err := p.Go(ctx, Limits{Depth: 1}); err != nil {
			t.Fatal(err)
		}
		cancel() // its interruption may land during the next call
		p.Position("", []string{"e2e4"})
		if res, err := p.Go(context.Background(), Limits{Depth: 1}); err != nil || res.Move == "" {
			t.Fatalf("round %d: after a cancelled context: %+v, %v", i, res, err)
		}
	}
	// A wait interrupted by a context that earlier calls used too.
	h := startT(t, fastConfig("hang", enginetest.Args("hang", "-at", "2")...))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	h.Position("", nil)
	if _, err := h.Go(ctx, Limits{Depth: 1}); err != nil {
		t.Fatal(err)
	}
	time.AfterFunc(100*time.Millisecond, cancel)
	start := time.Now()
	h.Position("", []string{"e2e4"})
	_, err := h.Go(ctx, Limits{Depth: 1})
	wantKind(t, err, KindInterrupted) // and killed: no bestmove after stop either
	if d := time.Since(start); d < 100*time.Millisecond || d > 100*time.Millisecond+fastConfig("").StopTimeout+500*time.Millisecond {
		t.Errorf("interrupted after %v", d)
	}
}
