package remote

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"runtime"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/elolab/elolab/match/work"
)

// Worker pulls batches, plays them with its own pair pool and publishes
// each finished pair as soon as it ends.
type Worker struct {
	Conn    *nats.Conn
	Name    string
	Version string
	// Concurrency is the number of games played at once (default 1).
	Concurrency int
	// CPUs pins each game slot's engines (work.Local.CPUs).
	CPUs []int
	// Cache is where downloaded engine binaries are kept by digest.
	Cache string
	// Engines maps an engine name to a binary of this machine, used
	// instead of a download when its digest is the batch's.
	Engines map[string]string
	// Logf prints what the worker does (nil: quiet).
	Logf func(format string, args ...any)
	// Executor plays the batches; nil is a work.Local pair pool of
	// Concurrency slots on CPUs (tests give a fake one).
	Executor work.Executor

	js    jetstream.JetStream
	exec  work.Executor
	files cache

	mu        sync.Mutex
	hb        Heartbeat
	recent    []time.Time // ends of recent games (games per minute)
	ackWait   time.Duration
	heartbeat time.Duration
	// noProgress turns progress acks off (tests: a worker too slow to
	// keep its batch).
	noProgress bool
}

// Errors that end a worker rather than a batch: it cannot do anything
// useful until its owner acts.
var errFatal = errors.New("worker stops")

func (w *Worker) logf(format string, args ...any) {
	if w.Logf != nil {
		w.Logf(format, args...)
	}
}

// Run works until ctx ends (nil) or the worker must stop: another
// elolab version serves, or a mapped binary has the wrong digest.
func (w *Worker) Run(ctx context.Context) error {
	if err := validWorkerName(w.Name); err != nil {
		return err
	}
	js, err := newJS(w.Conn)
	if err != nil {
		return err
	}
	w.js = js
	// A worker may start before its coordinator: it waits for it.
	v, err := ServerVersion(ctx, js)
	for waited := false; err != nil; v, err = ServerVersion(ctx, js) {
		var perr *PermissionError
		if errors.As(err, &perr) {
			return err
		}
		if !waited {
			w.logf("worker %s: waiting for a coordinator: %v", w.Name, err)
			waited = true
		}
		sleep(ctx, time.Second)
		if ctx.Err() != nil {
			return nil
		}
	}
	if v != w.Version {
		return &VersionError{Coordinator: v, Worker: w.Version}
	}
	w.files = cache{dir: w.Cache, local: w.Engines}
	w.exec = w.Executor
	if w.exec == nil {
		pool := &work.Local{Concurrency: max(1, w.Concurrency), CPUs: w.CPUs}
		defer pool.Close()
		w.exec = pool
	}
	host, _ := os.Hostname()
	w.hb = Heartbeat{Name: w.Name, Host: host, Cores: runtime.NumCPU(), Concurrency: max(1, w.Concurrency),
		Version: w.Version, Started: time.Now().UTC()}

	bc, cancel := call(ctx, w.Conn)
	cons, err := js.Consumer(bc, WorkStream, WorkConsumer)
	cancel()
	if err != nil {
		return callErr(bc, "the work queue", err)
	}
	w.ackWait = cons.CachedInfo().Config.AckWait
	w.heartbeat = 5 * time.Second
	// The worker is on the list before it takes work, not one goroutine
	// start later: a batch can be played and gone before that.
	w.putBeat(ctx)
	hctx, stopHB := context.WithCancel(ctx)
	var wg sync.WaitGroup
	wg.Go(func() { w.beat(hctx) })
	defer func() {
		stopHB()
		wg.Wait()
		// Leave the list at once rather than when the heartbeat expires.
		c, cancel := bounded(context.Background(), w.js)
		defer cancel()
		if kv, err := js.KeyValue(c, WorkersBucket); err == nil {
			_ = kv.Delete(c, w.Name)
		}
	}()
	w.logf("worker %s: connected to %s, %d game slots", w.Name, w.Conn.ConnectedUrlRedacted(), max(1, w.Concurrency))
	lastErr := ""
	for ctx.Err() == nil {
		if w.Conn.IsClosed() {
			return fmt.Errorf("%w: the connection to the server is closed: %v (a revoked credential, or a server restarted with another data directory that does not know it)",
				errFatal, w.Conn.LastError())
		}
		batch, err := cons.Fetch(1, jetstream.FetchMaxWait(2*time.Second))
		if err != nil {
			if ctx.Err() != nil {
				break
			}
			if errors.Is(err, jetstream.ErrConsumerNotFound) || errors.Is(err, jetstream.ErrStreamNotFound) {
				// A coordinator that starts afresh (another data
				// directory) creates the queue again.
				err = fmt.Errorf("no work queue on the server (the coordinator has not served yet, or serves from another data directory): %w", err)
				bc, cancel := call(ctx, w.Conn)
				if c, cerr := js.Consumer(bc, WorkStream, WorkConsumer); cerr == nil {
					cons = c
				}
				cancel()
			}
			if err.Error() != lastErr {
				w.logf("worker %s: waiting for work: %v", w.Name, err)
				lastErr = err.Error()
			}
			sleep(ctx, time.Second)
			continue
		}
		lastErr = ""
		for msg := range batch.Messages() {
			if err := w.handle(ctx, msg); errors.Is(err, errFatal) {
				return err
			}
		}
	}
	return nil
}

// handle plays one delivered batch.
func (w *Worker) handle(ctx context.Context, msg jetstream.Msg) error {
	var j Job
	if err := json.Unmarshal(msg.Data(), &j); err != nil {
		w.logf("worker %s: a batch that is not JSON: %v (dropped)", w.Name, err)
		return msg.Term()
	}
	if err := checkVersion(j.Protocol, j.Version, w.Version); err != nil {
		_ = msg.NakWithDelay(10 * time.Second)
		return fmt.Errorf("%w: %w", errFatal, err)
	}
	if !w.live(ctx, &j) {
		return msg.TermWithReason("play over")
	}
	b, err := w.prepare(ctx, &j)
	if err != nil {
		w.fail(ctx, &j, err)
		_ = msg.NakWithDelay(2 * time.Second)
		var de *DigestError
		if errors.As(err, &de) && w.Engines[de.Engine] != "" {
			return fmt.Errorf("%w: %w", errFatal, err)
		}
		return nil
	}
	w.setJob(&j)
	defer w.setJob(nil)
	bctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var wg sync.WaitGroup
	abandoned := false
	wg.Go(func() {
		t := time.NewTicker(min(time.Second, w.ackWait/4))
		defer t.Stop()
		lastAck := time.Now()
		for {
			select {
			case <-bctx.Done():
				return
			case <-t.C:
			}
			if !w.noProgress && time.Since(lastAck) >= w.ackWait/4 {
				_ = msg.InProgress()
				lastAck = time.Now()
			}
			if !w.live(bctx, &j) && bctx.Err() == nil {
				abandoned = true
				cancel()
				return
			}
		}
	})
	start, published := time.Now(), 0
	w.logf("worker %s: batch %d of run %s: %d pairs", w.Name, j.ID, j.Run, len(b.Pairs))
	playErr := w.exec.Play(bctx, b, work.Report{Pair: func(pr work.PairResult) {
		w.publish(bctx, &j, &Result{Pair: &pr, Spec: PairSpec(&j.Batch, pr.Pair)})
		published++
	}})
	cancel()
	wg.Wait()
	switch {
	case abandoned:
		w.logf("worker %s: batch %d of run %s abandoned: the run stopped", w.Name, j.ID, j.Run)
		return msg.TermWithReason("play over")
	case ctx.Err() != nil:
		// This worker stops: the batch goes to another one at once.
		return msg.Nak()
	case playErr != nil:
		w.fail(ctx, &j, playErr)
		return msg.NakWithDelay(2 * time.Second)
	}
	w.logf("worker %s: batch %d of run %s: %d pairs published in %s", w.Name, j.ID, j.Run, published, time.Since(start).Round(time.Second))
	ac, acancel := bounded(ctx, w.js)
	defer acancel()
	return msg.DoubleAck(ac)
}

// prepare resolves the batch's programs to verified local files.
func (w *Worker) prepare(ctx context.Context, j *Job) (work.Batch, error) {
	b := j.Batch
	if err := b.Validate(); err != nil {
		return b, err
	}
	if len(j.Binaries) != len(b.Engines) {
		return b, fmt.Errorf("batch %d names %d binaries for %d engines", j.ID, len(j.Binaries), len(b.Engines))
	}
	b.Engines = append([]work.Engine(nil), b.Engines...)
	for i := range b.Engines {
		e := &b.Engines[i]
		p, err := w.files.path(ctx, w.js, e.Name, j.Binaries[i])
		if err != nil {
			return b, err
		}
		// The coordinator's directories mean nothing here.
		e.Cmd, e.Dir, e.StderrLog = p, "", ""
	}
	return b, nil
}

// live reports whether the batch's play is still wanted. An outage of
// the server counts as live: the deadline of the acks decides then.
func (w *Worker) live(ctx context.Context, j *Job) bool {
	c, cancel := bounded(ctx, w.js)
	defer cancel()
	kv, err := w.js.KeyValue(c, PlaysBucket)
	if err != nil {
		return true
	}
	_, err = kv.Get(c, playKey(j.Run, j.Play))
	return !errors.Is(err, jetstream.ErrKeyNotFound)
}

// publish sends one result, retrying through a server outage until ctx
// ends; the message id makes a retry (or a replay of the pair by a
// redelivered batch) a no-op within the dedupe window.
func (w *Worker) publish(ctx context.Context, j *Job, r *Result) {
	r.Protocol, r.Version, r.Run, r.Play, r.Job, r.Worker = Protocol, w.Version, j.Run, j.Play, j.ID, w.Name
	data, err := json.Marshal(r)
	if err != nil {
		w.logf("worker %s: encoding a result: %v", w.Name, err)
		return
	}
	id := fmt.Sprintf("%s.%s.%d.err.%s", j.Run, j.Play, j.ID, w.Name)
	if r.Pair != nil {
		id = fmt.Sprintf("%s.%s.%d", j.Run, j.Play, r.Pair.Slot)
		w.count(len(r.Pair.Games))
	}
	for {
		c, cancel := bounded(ctx, w.js)
		_, err := w.js.Publish(c, ResultSubject(j.Run, j.Play), data, jetstream.WithMsgID(id))
		cancel()
		if err == nil || ctx.Err() != nil {
			return
		}
		w.logf("worker %s: publishing a result: %v (retrying)", w.Name, err)
		sleep(ctx, time.Second)
	}
}

// fail tells the coordinator why the batch could not be played.
func (w *Worker) fail(ctx context.Context, j *Job, err error) {
	w.logf("worker %s: batch %d of run %s: %v", w.Name, j.ID, j.Run, err)
	w.publish(ctx, j, &Result{Err: err.Error()})
}

func (w *Worker) setJob(j *Job) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if j == nil {
		w.hb.Run, w.hb.Job = "", 0
		return
	}
	w.hb.Run, w.hb.Job = j.Run, j.ID
}

// count records finished games for the heartbeat.
func (w *Worker) count(games int) {
	w.mu.Lock()
	defer w.mu.Unlock()
	now := time.Now()
	w.hb.Games += games
	w.hb.Pairs++
	for range games {
		w.recent = append(w.recent, now)
	}
	cut := 0
	for cut < len(w.recent) && now.Sub(w.recent[cut]) > 5*time.Minute {
		cut++
	}
	w.recent = w.recent[cut:]
}

// beat renews the worker's heartbeat every w.heartbeat until ctx ends; the
// first one is written by putBeat before the worker takes work.
func (w *Worker) beat(ctx context.Context) {
	t := time.NewTicker(w.heartbeat)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		w.putBeat(ctx)
	}
}

// putBeat writes the worker's heartbeat, with its games per minute.
func (w *Worker) putBeat(ctx context.Context) {
	w.mu.Lock()
	h := w.hb
	h.Seen = time.Now().UTC()
	if n := len(w.recent); n > 0 {
		span := max(time.Minute, h.Seen.Sub(w.recent[0]))
		h.PerMinute = float64(n) / span.Minutes()
	}
	w.mu.Unlock()
	data, _ := json.Marshal(h)
	c, cancel := bounded(ctx, w.js)
	defer cancel()
	if kv, err := w.js.KeyValue(c, WorkersBucket); err == nil {
		_, _ = kv.Put(c, w.Name, data)
	}
}

func sleep(ctx context.Context, d time.Duration) {
	select {
	case <-ctx.Done():
	case <-time.After(d):
	}
}
