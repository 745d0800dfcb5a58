//go:build unix

package player

import (
	"context"
	"runtime"
	"syscall"
	"testing"
	"time"

	"github.com/elolab/elolab/match/enginetest"
)

// processExists reports whether pid names a process (zombies included).
func processExists(pid int) bool { return syscall.Kill(pid, 0) == nil }

// TestNoLeaks starts, uses, crashes, restarts and closes engines, then
// checks that no goroutine and no process is left behind.
func TestNoLeaks(t *testing.T) {
	ctx := context.Background()
	runtime.GC()
	before := runtime.NumGoroutine()
	var pids []int
	for i, args := range [][]string{
		enginetest.Args("ok"), enginetest.Args("hang", "-at", "2"), enginetest.Args("crash", "-at", "2"),
		enginetest.Args("noquit"), enginetest.XBoardArgs("ok"), enginetest.XBoardArgs("hang", "-at", "1"),
		enginetest.Args("ok"), enginetest.Args("hang", "-at", "2"), enginetest.Args("noquit"),
	} {
		cfg := fastConfig("leak", args...)
		cfg.StallTimeout = 200 * time.Millisecond
		cfg.pumpStdout = i >= 6 // the fallback for pipes without deadlines
		if args[1] == "xboard" {
			cfg.Protocol = XBoardProtocol
		}
		p, err := Start(ctx, cfg)
		if err != nil {
			t.Fatal(err)
		}
		pid := func() int {
			if u, ok := p.(*UCI); ok {
				return u.Pid()
			}
			return p.(*XBoard).Pid()
		}
		pids = append(pids, pid())
		for i := 0; i < 3; i++ {
			p.NewGame(ctx)
			p.Position("", nil)
			if _, err := p.Go(ctx, Limits{Depth: 1}); err != nil {
				if err := p.Restart(ctx); err != nil {
					t.Fatal(err)
				}
				pids = append(pids, pid())
			}
		}
		p.Close()
	}
	for _, pid := range pids {
		if processExists(pid) {
			t.Errorf("process %d not reaped", pid)
		}
	}
	deadline := time.Now().Add(2 * time.Second)
	for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > before {
		buf := make([]byte, 1<<16)
		t.Errorf("%d goroutines before, %d after:\n%s", before, n, buf[:runtime.Stack(buf, true)])
	}
}
