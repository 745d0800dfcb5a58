package player

import (
	"context"
	"testing"
	"time"

	"github.com/elolab/elolab/match/enginetest"
)

// TestPumpFallback runs the engine layer with stdout read through a pump,
// as on systems whose pipes have no read deadlines: a game, a stall, a
// crash, an interruption and a long line.
func TestPumpFallback(t *testing.T) {
	pumped := func(name string, args ...string) Config {
		cfg := fastConfig(name, args...)
		cfg.pumpStdout = true
		return cfg
	}
	ctx := context.Background()

	p := startT(t, pumped("ok", enginetest.Args("ok")...))
	if p.(*UCI).proc.pump == nil {
		t.Fatal("no pump")
	}
	play(t, p, "", 6, Limits{WTime: 10 * time.Second, BTime: 10 * time.Second})

	x := pumped("xb", enginetest.XBoardArgs("ok")...)
	x.Protocol = XBoardProtocol
	play(t, startT(t, x), "", 4, Limits{Depth: 2})

	h := pumped("hang", enginetest.Args("hang", "-at", "2")...)
	h.StallTimeout = 300 * time.Millisecond
	hp := startT(t, h)
	play(t, hp, "", 1, Limits{Nodes: 1})
	start := time.Now()
	_, err := hp.Go(ctx, Limits{Nodes: 1})
	wantKind(t, err, KindStall)
	within(t, start, 300*time.Millisecond+h.StopTimeout+time.Second)
	if hp.Healthy() {
		t.Error("hung engine healthy")
	}
	if err := hp.Restart(ctx); err != nil {
		t.Fatal(err)
	}
	play(t, hp, "", 1, Limits{Nodes: 1})

	cp := startT(t, pumped("crash", enginetest.Args("crash", "-at", "1")...))
	cp.Position("", nil)
	_, err = cp.Go(ctx, Limits{Depth: 1})
	wantKind(t, err, KindDisconnect)

	ip := startT(t, pumped("late", enginetest.Args("hangstop", "-at", "1")...))
	ip.Position("", nil)
	cctx, cancel := context.WithTimeout(ctx, 100*time.Millisecond)
	defer cancel()
	res, err := ip.Go(cctx, Limits{Depth: 10})
	wantKind(t, err, KindInterrupted)
	if res.Move == "" || !ip.Healthy() {
		t.Errorf("interrupted: %+v, healthy %v", res, ip.Healthy())
	}

	g := pumped("garbage", enginetest.Args("garbage", "-at", "1", "-linesize", "3000000")...)
	play(t, startT(t, g), "", 2, Limits{Nodes: 1})

	nq := startT(t, pumped("noquit", enginetest.Args("noquit")...))
	play(t, nq, "", 1, Limits{Nodes: 1})
	wantKind(t, nq.Close(), KindStall)
}
