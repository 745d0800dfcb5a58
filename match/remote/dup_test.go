package remote

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"
)

func TestTwoWorkersOneName(t *testing.T) {
	l := newLab(t, Queue{AckWait: 2 * time.Second}, "w1")
	l.coord.BatchPairs = 1
	a, b := &fakeExec{delay: 20 * time.Millisecond}, &fakeExec{delay: 20 * time.Millisecond}
	stop1, _ := l.worker("w1", a)
	defer stop1()
	stop2, _ := l.worker("w1", b)
	defer stop2()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	seen, _, err := l.collect(ctx, l.batch(20))
	if err != nil || len(seen) != 20 {
		t.Fatalf("%d of 20 pairs, %v (played: %d + %d)", len(seen), err, a.pairs, b.pairs)
	}
}

func TestWorkerWaitsForItsCoordinator(t *testing.T) {
	dir := t.TempDir()
	srv, err := Serve(ServerConfig{Listen: "127.0.0.1:0", Dir: filepath.Join(dir, "nats"), Reload: 100 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	creds := filepath.Join(dir, "w.creds")
	if err := AddWorker(srv.dir, "w", creds); err != nil {
		t.Fatal(err)
	}
	time.Sleep(300 * time.Millisecond)
	nc, _, err := Dial(ClientConfig{URL: srv.URL(), Creds: creds})
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	wctx, stop := context.WithCancel(context.Background())
	defer stop()
	done := make(chan error, 1)
	go func() {
		done <- (&Worker{Conn: nc, Name: "w", Version: "test", Cache: t.TempDir(), Executor: &fakeExec{}}).Run(wctx)
	}()
	time.Sleep(1500 * time.Millisecond) // no coordinator yet
	select {
	case err := <-done:
		t.Fatalf("the worker gave up before its coordinator came: %v", err)
	default:
	}
	cn, err := srv.Connect("coordinator")
	if err != nil {
		t.Fatal(err)
	}
	defer cn.Close()
	c := &Coordinator{Conn: cn, Run: "r1", Version: "test", BatchPairs: 2}
	if err := c.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	prog := filepath.Join(dir, "engine")
	if err := os.WriteFile(prog, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	l := &lab{t: t, dir: dir, srv: srv, coord: c, prog: prog}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	seen, _, err := l.collect(ctx, l.batch(4))
	if err != nil || len(seen) != 4 {
		t.Fatalf("%d of 4 pairs, %v", len(seen), err)
	}
}
