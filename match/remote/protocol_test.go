package remote

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestPlayAcrossWorkers(t *testing.T) {
	l := newLab(t, Queue{AckWait: 2 * time.Second}, "w1", "w2")
	stop1, _ := l.worker("w1", &fakeExec{delay: 5 * time.Millisecond})
	defer stop1()
	stop2, _ := l.worker("w2", &fakeExec{delay: 5 * time.Millisecond})
	defer stop2()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	seen, who, err := l.collect(ctx, l.batch(20))
	if err != nil {
		t.Fatal(err)
	}
	if len(seen) != 20 {
		t.Fatalf("%d pairs reported, want 20", len(seen))
	}
	byWorker := map[string]int{}
	for k, n := range seen {
		if n != 1 {
			t.Errorf("pair %d reported %d times", k, n)
		}
		byWorker[who[k]]++
	}
	if byWorker["w1"] == 0 || byWorker["w2"] == 0 {
		t.Errorf("pairs by worker %v: both workers should have played", byWorker)
	}
}

func TestRedeliveryAfterWorkerDies(t *testing.T) {
	l := newLab(t, Queue{AckWait: time.Second}, "dead", "alive")
	// The first worker takes a batch and dies with it: its connection
	// goes without an ack.
	nc := l.dial("dead")
	dead := &Worker{Conn: nc, Name: "dead", Version: "test", Cache: t.TempDir(), Executor: &fakeExec{block: true}}
	go func() { _ = dead.Run(context.Background()) }()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	res := make(chan map[int]int, 1)
	go func() {
		seen, _, err := l.collect(ctx, l.batch(4))
		if err != nil {
			t.Error(err)
		}
		res <- seen
	}()
	time.Sleep(700 * time.Millisecond)
	nc.Close()
	stop, _ := l.worker("alive", &fakeExec{})
	defer stop()
	seen := <-res
	if len(seen) != 4 {
		t.Fatalf("%d of 4 pairs reported after the redelivery", len(seen))
	}
}

func TestProgressAcksKeepALongBatch(t *testing.T) {
	l := newLab(t, Queue{AckWait: time.Second}, "slow", "idle")
	slow := &fakeExec{delay: 1500 * time.Millisecond}
	idle := &fakeExec{}
	stop1, _ := l.worker("slow", slow)
	defer stop1()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	b := l.batch(2) // one batch of 2 pairs: 3 s, three times AckWait
	done := make(chan error, 1)
	go func() {
		_, _, err := l.collect(ctx, b)
		done <- err
	}()
	time.Sleep(300 * time.Millisecond) // the slow worker has the batch
	stop2, _ := l.worker("idle", idle)
	defer stop2()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if idle.pairs != 0 {
		t.Errorf("the batch was redelivered despite progress acks: the idle worker played %d pairs", idle.pairs)
	}
}

func TestLateAckMakesNoDuplicate(t *testing.T) {
	l := newLab(t, Queue{AckWait: time.Second}, "late", "quick")
	// Without progress acks the slow worker loses its batch after 1 s but
	// still finishes and publishes it: the pairs arrive twice.
	slow := &fakeExec{delay: 1500 * time.Millisecond}
	stop1, _ := l.worker("late", slow, func(w *Worker) { w.noProgress = true })
	defer stop1()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	done := make(chan map[int]int, 1)
	go func() {
		seen, _, err := l.collect(ctx, l.batch(2))
		if err != nil {
			t.Error(err)
		}
		done <- seen
	}()
	time.Sleep(300 * time.Millisecond)
	quick := &fakeExec{}
	stop2, _ := l.worker("quick", quick)
	defer stop2()
	seen := <-done
	for k, n := range seen {
		if n != 1 {
			t.Errorf("pair %d reported %d times", k, n)
		}
	}
	if len(seen) != 2 {
		t.Errorf("%d pairs reported, want 2", len(seen))
	}
	if quick.pairs == 0 {
		t.Error("the batch was never redelivered: the test did not test a late ack")
	}
}

func TestMaxDeliverFailsTheRun(t *testing.T) {
	l := newLab(t, Queue{AckWait: time.Second, MaxDeliver: 3}, "broken")
	stop, _ := l.worker("broken", &fakeExec{fail: "engine \"a\" cannot be (re)started after 3 attempts"})
	defer stop()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	_, _, err := l.collect(ctx, l.batch(2))
	if err == nil {
		t.Fatal("a batch that fails on every delivery did not end the run")
	}
	for _, want := range []string{"failed on all 3 deliveries", "cannot be (re)started", "broken"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not say %q", err, want)
		}
	}
	if ctx.Err() != nil {
		t.Error("the run ended by the test's deadline, not by MaxDeliver")
	}
}

func TestStopPurgesAndWorkersAbandon(t *testing.T) {
	l := newLab(t, Queue{AckWait: 10 * time.Second}, "w")
	ex := &fakeExec{block: true}
	stop, _ := l.worker("w", ex)
	defer stop()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		_, _, err := l.collect(ctx, l.batch(10))
		done <- err
	}()
	time.Sleep(800 * time.Millisecond) // the worker holds one batch, one is queued
	cancel()                           // the verdict
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	js, _ := newJS(l.coord.Conn)
	bc, bcancel := bounded(context.Background(), js)
	defer bcancel()
	deadline := time.Now().Add(5 * time.Second)
	for {
		s, err := js.Stream(bc, WorkStream)
		if err != nil {
			t.Fatal(err)
		}
		// The held batch leaves the queue when the worker abandons it
		// (Term), the queued one by the purge.
		if s.CachedInfo().State.Msgs == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d batches still on the work queue after the stop", s.CachedInfo().State.Msgs)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func TestConcurrentPlays(t *testing.T) {
	l := newLab(t, Queue{AckWait: 2 * time.Second}, "w1", "w2")
	stop1, _ := l.worker("w1", &fakeExec{delay: time.Millisecond})
	defer stop1()
	stop2, _ := l.worker("w2", &fakeExec{delay: time.Millisecond})
	defer stop2()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	var wg sync.WaitGroup
	for p := range 3 {
		wg.Go(func() {
			b := l.batch(6)
			for i := range b.Pairs {
				b.Pairs[i].Slot += 100 * p
			}
			seen, _, err := l.collect(ctx, b)
			if err != nil {
				t.Error(err)
			}
			if len(seen) != 6 {
				t.Errorf("play %d: %d of 6 pairs", p, len(seen))
			}
			for k := range seen {
				if k/100 != p {
					t.Errorf("play %d got pair %d of another play", p, k)
				}
			}
		})
	}
	wg.Wait()
}

func TestRestartedCoordinatorRetiresOldBatches(t *testing.T) {
	l := newLab(t, Queue{})
	js, _ := newJS(l.coord.Conn)
	ctx, cancel := bounded(context.Background(), js)
	defer cancel()
	// What a killed coordinator of run r1 leaves: a queued batch and a
	// live play; and a batch of another run, which must stay.
	for _, subj := range []string{WorkSubject("r1", "old-1"), WorkSubject("r2", "other-1")} {
		if _, err := js.Publish(ctx, subj, []byte("{}")); err != nil {
			t.Fatal(err)
		}
	}
	kv, err := js.KeyValue(ctx, PlaysBucket)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := kv.PutString(ctx, playKey("r1", "old-1"), "live"); err != nil {
		t.Fatal(err)
	}
	c2 := &Coordinator{Conn: l.coord.Conn, Run: "r1", Version: "test"}
	if err := c2.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	defer c2.Close()
	s, err := js.Stream(ctx, WorkStream)
	if err != nil {
		t.Fatal(err)
	}
	if n := s.CachedInfo().State.Msgs; n != 1 {
		t.Errorf("%d batches on the queue after the restart, want 1 (the other run's)", n)
	}
	if _, err := kv.Get(ctx, playKey("r1", "old-1")); err == nil {
		t.Error("the killed coordinator's play is still live")
	}
}
