package remote

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/elolab/elolab/match/work"
)

// Coordinator is the work.Executor of a run whose games are played by
// workers: Play cuts the batch into batches of a few minutes, keeps the
// work queue topped up to about twice the live workers, and reports each
// pair as its result arrives, at most once per Play. It serves one run;
// several Play calls may run at once (an asynchronous SPSA), each with
// its own subject.
type Coordinator struct {
	Conn *nats.Conn
	// Run names the run on the server (letters, digits, '-'): the store's
	// run id and its database, so that two runs never share subjects.
	Run     string
	Version string
	Queue   Queue
	// BatchPairs is the number of pairs per queued batch; 0 sizes batches
	// from the engines' limits to about three minutes of one game slot.
	BatchPairs int
	// Engines maps an engine name to the program to publish when it is
	// not the batch's Cmd as this process resolves it (nil: Cmd).
	Engines map[string]string
	// Late receives results of this coordinator's finished plays (pairs
	// that ended after an SPRT verdict or a cancellation): the caller may
	// store them flagged. Nil drops them.
	Late func(Result)
	// Logf prints what the user should know (failed deliveries, workers
	// that refused a batch). Nil is quiet.
	Logf func(format string, args ...any)

	js      jetstream.JetStream
	epoch   string
	mu      sync.Mutex
	plays   map[string]*play
	ended   map[string]bool
	seqs    map[uint64]jobRef // work stream sequence → batch
	nplay   int
	bins    binaries
	stop    context.CancelFunc
	wg      sync.WaitGroup
	started bool
}

// resultAckWait is how long a result pulled by the coordinator stays
// reserved for it: a coordinator acks a result once the store holds it (a
// few ms), so a short wait hands the results a killed coordinator had
// pulled to its successor quickly.
const resultAckWait = 10 * time.Second

type jobRef struct {
	play string
	job  int
}

// inbound is a result (or an exhausted batch) on its way to its play.
type inbound struct {
	res       *Result
	msg       jetstream.Msg
	exhausted int // job id delivered MaxDeliver times (res nil)
}

// play is one Play call.
type play struct {
	id      string
	batch   *work.Batch
	slots   map[int]int    // pair slot → index in batch.Pairs, while pending
	specs   []string       // per pair: PairSpec
	jobLeft map[int]int    // job id → pairs not yet reported
	jobOf   map[int]int    // pair slot → the job id that carries it
	fails   map[int]int    // job id → failures reported by workers
	last    map[int]string // job id → last failure
	// pairTime is the measured duration of a pair (a moving average).
	pairTime time.Duration
	in       chan inbound
	// over is closed when the play ends: the dispatcher then stops
	// handing it results (a result left in in is not acked, so JetStream
	// delivers it again, as a late one).
	over chan struct{}
}

// Start creates the streams and buckets (or checks them), then consumes
// the run's results until Close.
func (c *Coordinator) Start(ctx context.Context) error {
	if err := token("run", c.Run); err != nil {
		return err
	}
	c.Queue.defaults()
	js, err := newJS(c.Conn)
	if err != nil {
		return err
	}
	c.js = js
	if err := setup(ctx, js, c.Queue, c.Version); err != nil {
		return err
	}
	if err := c.forget(ctx); err != nil {
		return err
	}
	var e [3]byte
	_, _ = rand.Read(e[:])
	c.epoch = hex.EncodeToString(e[:])
	c.plays, c.ended, c.seqs = map[string]*play{}, map[string]bool{}, map[uint64]jobRef{}

	bc, cancel := bounded(ctx, c.js)
	defer cancel()
	cons, err := js.CreateOrUpdateConsumer(bc, ResultStream, jetstream.ConsumerConfig{
		Durable: "coord-" + c.Run, AckPolicy: jetstream.AckExplicitPolicy, AckWait: resultAckWait,
		FilterSubject: resultPrefix + c.Run + ".>", MaxAckPending: 4096,
	})
	if err != nil {
		return callErr(bc, "results consumer", err)
	}
	runCtx, stop := context.WithCancel(context.Background())
	c.stop = stop
	it, err := cons.Messages(jetstream.PullMaxMessages(256))
	if err != nil {
		stop()
		return fmt.Errorf("results consumer: %w", err)
	}
	adv, err := c.Conn.Subscribe("$JS.EVENT.ADVISORY.CONSUMER.MAX_DELIVERIES."+WorkStream+"."+WorkConsumer, c.exhausted)
	if err != nil {
		it.Stop()
		stop()
		return err
	}
	c.started = true
	c.wg.Go(func() {
		<-runCtx.Done()
		it.Stop()
		_ = adv.Unsubscribe()
	})
	c.wg.Go(func() { c.dispatch(it) })
	c.wg.Go(func() { c.refresh(runCtx) })
	return nil
}

// forget retires what an earlier coordinator of the run left behind (it
// was killed): its queued batches are purged and its plays end, so that
// workers abandon them at once. Results it did not consume stay: the
// results consumer is the run's, and this coordinator takes them.
func (c *Coordinator) forget(ctx context.Context) error {
	bc, cancel := bounded(ctx, c.js)
	defer cancel()
	s, err := c.js.Stream(bc, WorkStream)
	if err != nil {
		return callErr(bc, "work queue", err)
	}
	if err := s.Purge(bc, jetstream.WithPurgeSubject(workPrefix+c.Run+".>")); err != nil {
		return callErr(bc, "purging the run's old batches", err)
	}
	kv, err := c.js.KeyValue(bc, PlaysBucket)
	if err != nil {
		return callErr(bc, "plays bucket", err)
	}
	keys, err := kv.ListKeysFiltered(bc, c.Run+".*")
	if err != nil {
		return callErr(bc, "plays bucket", err)
	}
	for k := range keys.Keys() {
		_ = kv.Delete(bc, k)
	}
	return nil
}

// Close stops consuming; plays still running end with their contexts.
func (c *Coordinator) Close() {
	if c.started {
		c.stop()
		c.wg.Wait()
		c.started = false
	}
}

func (c *Coordinator) logf(format string, args ...any) {
	if c.Logf != nil {
		c.Logf(format, args...)
	}
}

// dispatch hands each result to its play.
func (c *Coordinator) dispatch(it jetstream.MessagesContext) {
	for {
		msg, err := it.Next()
		if err != nil {
			if errors.Is(err, jetstream.ErrMsgIteratorClosed) {
				return
			}
			continue // a server outage: the iterator reconnects
		}
		var r Result
		if err := json.Unmarshal(msg.Data(), &r); err != nil {
			c.logf("a result that is not JSON on %s: %v (dropped)", msg.Subject(), err)
			_ = msg.Term()
			continue
		}
		if err := checkVersion(r.Protocol, r.Version, c.Version); err != nil {
			c.logf("worker %s runs elolab %s, this coordinator %s: its result is dropped", r.Worker, r.Version, c.Version)
			_ = msg.Term()
			continue
		}
		if p := c.owner(&r); p != nil {
			select {
			case p.in <- inbound{res: &r, msg: msg}:
				continue
			case <-p.over:
			}
		}
		c.mu.Lock()
		late := c.ended[r.Play]
		c.mu.Unlock()
		if late && c.Late != nil && r.Pair != nil {
			c.Late(r)
		}
		_ = msg.Ack()
	}
}

// owner is the live play a result belongs to: its own play, or — for a
// result of a play that no longer runs (a restarted coordinator) — the
// play that waits for the same pair, planned the same way.
func (c *Coordinator) owner(r *Result) *play {
	c.mu.Lock()
	defer c.mu.Unlock()
	if p := c.plays[r.Play]; p != nil {
		return p
	}
	if r.Pair == nil {
		return nil
	}
	for _, p := range c.plays {
		if i, ok := p.slots[r.Pair.Slot]; ok && p.specs[i] == r.Spec {
			return p
		}
	}
	return nil
}

// exhausted handles JetStream's advisory that a batch was delivered
// MaxDeliver times: its play fails.
func (c *Coordinator) exhausted(m *nats.Msg) {
	var adv struct {
		StreamSeq uint64 `json:"stream_seq"`
	}
	if json.Unmarshal(m.Data, &adv) != nil {
		return
	}
	c.mu.Lock()
	ref, ok := c.seqs[adv.StreamSeq]
	p := c.plays[ref.play]
	c.mu.Unlock()
	if ok && p != nil {
		select {
		case p.in <- inbound{exhausted: ref.job}:
		case <-p.over:
		}
	}
}

// refresh keeps the live plays' keys alive.
func (c *Coordinator) refresh(ctx context.Context) {
	t := time.NewTicker(playTTL / 6)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		c.mu.Lock()
		ids := make([]string, 0, len(c.plays))
		for id := range c.plays {
			ids = append(ids, id)
		}
		c.mu.Unlock()
		for _, id := range ids {
			_ = c.setLive(ctx, id, true)
		}
	}
}

// setLive marks a play live or over in the plays bucket.
func (c *Coordinator) setLive(ctx context.Context, id string, live bool) error {
	bc, cancel := bounded(ctx, c.js)
	defer cancel()
	kv, err := c.js.KeyValue(bc, PlaysBucket)
	if err != nil {
		return err
	}
	if live {
		_, err = kv.PutString(bc, playKey(c.Run, id), "live")
	} else {
		err = kv.Delete(bc, playKey(c.Run, id))
	}
	return err
}

// Play implements work.Executor.
func (c *Coordinator) Play(ctx context.Context, b work.Batch, rep work.Report) error {
	if !c.started {
		return errors.New("remote: Play before Start")
	}
	if err := b.Validate(); err != nil {
		return err
	}
	if len(b.Pairs) == 0 {
		return nil
	}
	digests, err := c.binariesOf(ctx, &b)
	if err != nil {
		return err
	}
	c.mu.Lock()
	c.nplay++
	p := &play{id: fmt.Sprintf("%s-%d", c.epoch, c.nplay), batch: &b, slots: map[int]int{},
		jobLeft: map[int]int{}, jobOf: map[int]int{}, fails: map[int]int{}, last: map[int]string{}, in: make(chan inbound, 64), over: make(chan struct{})}
	for i := range b.Pairs {
		p.slots[b.Pairs[i].Slot] = i
		p.specs = append(p.specs, PairSpec(&b, i))
	}
	c.plays[p.id] = p
	c.mu.Unlock()
	defer c.end(p)
	if err := c.setLive(ctx, p.id, true); err != nil {
		return fmt.Errorf("remote: %w", err)
	}
	return c.serve(ctx, p, digests, rep)
}

// end retires a play: its queued batches are purged and the workers
// playing it abandon them.
func (c *Coordinator) end(p *play) {
	c.mu.Lock()
	delete(c.plays, p.id)
	c.ended[p.id] = true
	close(p.over)
	for s, r := range c.seqs {
		if r.play == p.id {
			delete(c.seqs, s)
		}
	}
	c.mu.Unlock()
	ctx, cancel := bounded(context.Background(), c.js)
	defer cancel()
	if s, err := c.js.Stream(ctx, WorkStream); err == nil {
		_ = s.Purge(ctx, jetstream.WithPurgeSubject(WorkSubject(c.Run, p.id)))
	}
	_ = c.setLive(ctx, p.id, false)
	// Results still on their way are acked by the dispatcher; drain what
	// was already routed here.
	for {
		select {
		case in := <-p.in:
			if in.msg != nil {
				if c.Late != nil && in.res != nil && in.res.Pair != nil {
					c.Late(*in.res)
				}
				_ = in.msg.Ack()
			}
		default:
			return
		}
	}
}

// serve publishes the play's batches as workers free up and reports the
// results until every pair is in, ctx ends or a batch fails for good.
// Batches are cut as they are published, so that their size follows the
// pairs' measured duration and the tail of the run is spread over the
// workers.
func (c *Coordinator) serve(ctx context.Context, p *play, digests []string, rep work.Report) error {
	pairs := p.batch.Pairs
	next, outstanding, left := 0, 0, len(pairs)
	var cut *Job // cut, not yet published (a publish to retry)
	workers := 1
	lastCount := time.Time{}
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	for left > 0 {
		if time.Since(lastCount) > 2*time.Second {
			workers = max(1, c.liveWorkers(ctx))
			lastCount = time.Now()
		}
		for outstanding < 2*workers && (cut != nil || next < len(pairs)) {
			if cut == nil {
				size := c.size(p, len(pairs)-next, workers)
				sub := *p.batch
				sub.Pairs = pairs[next : next+size]
				cut = &Job{Protocol: Protocol, Version: c.Version, Run: c.Run, Play: p.id, ID: pairs[next].Slot,
					Batch: sub, Binaries: digests}
				p.jobLeft[cut.ID] = size
				for _, pr := range sub.Pairs {
					p.jobOf[pr.Slot] = cut.ID
				}
				next += size
			}
			seq, err := c.publish(ctx, cut)
			if err != nil {
				if ctx.Err() != nil {
					return nil
				}
				c.logf("publishing batch %d: %v (retrying)", cut.ID, err)
				break
			}
			c.mu.Lock()
			c.seqs[seq] = jobRef{play: p.id, job: cut.ID}
			c.mu.Unlock()
			cut = nil
			outstanding++
		}
		select {
		case <-ctx.Done():
			return nil
		case <-tick.C:
		case in := <-p.in:
			done, err := c.take(p, in, rep)
			if err != nil {
				return err
			}
			if done >= 0 {
				left--
				if p.jobLeft[done]--; p.jobLeft[done] == 0 {
					outstanding--
				}
			}
		}
	}
	return nil
}

// size is the number of pairs of the next batch: BatchPairs, or about
// batchTarget of one game slot at the pairs' measured (else estimated)
// duration, and never more than an even share of what is left among
// twice the workers, so that the last batches end together.
func (c *Coordinator) size(p *play, remaining, workers int) int {
	if c.BatchPairs > 0 {
		return min(c.BatchPairs, remaining)
	}
	per := p.pairTime
	if per <= 0 {
		per = estimatePair(p.batch)
	}
	n := max(1, min(256, int(batchTarget/max(per, time.Millisecond))))
	share := (remaining + 2*workers - 1) / (2 * workers)
	return max(1, min(n, share, remaining))
}

// take handles one inbound message; it returns the job id of a pair it
// reported (-1 for anything else) or the error that ends the play.
func (c *Coordinator) take(p *play, in inbound, rep work.Report) (int, error) {
	if in.res == nil {
		if why := p.last[in.exhausted]; why != "" {
			return -1, fmt.Errorf("remote: batch %d failed on all %d deliveries; last reason: %s", in.exhausted, c.Queue.MaxDeliver, why)
		}
		return -1, fmt.Errorf("remote: batch %d was delivered %d times without a result (its workers died or stalled on it)",
			in.exhausted, c.Queue.MaxDeliver)
	}
	r := in.res
	defer func() { _ = in.msg.Ack() }()
	if r.Pair == nil {
		p.fails[r.Job]++
		p.last[r.Job] = r.Worker + ": " + r.Err
		c.logf("worker %s could not play batch %d: %s", r.Worker, r.Job, r.Err)
		if p.fails[r.Job] >= c.Queue.MaxDeliver {
			return -1, fmt.Errorf("remote: batch %d failed on all %d deliveries; last reason: %s", r.Job, c.Queue.MaxDeliver, p.last[r.Job])
		}
		return -1, nil
	}
	c.mu.Lock()
	i, ok := p.slots[r.Pair.Slot]
	if ok && p.specs[i] != r.Spec {
		ok = false
	}
	if ok {
		delete(p.slots, r.Pair.Slot)
	}
	c.mu.Unlock()
	if !ok || len(r.Pair.Games) != len(p.batch.Pairs[i].Games) {
		return -1, nil // a duplicate, or a result for another plan of the slot
	}
	pr := *r.Pair
	pr.Pair = i
	var d time.Duration
	for g := range pr.Games {
		d += pr.Games[g].End.Sub(pr.Games[g].Start)
	}
	if d > 0 {
		if p.pairTime == 0 {
			p.pairTime = d
		}
		p.pairTime += (d - p.pairTime) / 8
	}
	for g := range pr.Games {
		pr.Games[g].Worker = r.Worker
		if rep.Game != nil {
			rep.Game(i, g, &pr.Games[g])
		}
	}
	if rep.Pair != nil {
		rep.Pair(pr)
	}
	return p.jobOf[r.Pair.Slot], nil
}

// publish puts a batch on the work queue; the message id makes a retried
// publish a no-op.
func (c *Coordinator) publish(ctx context.Context, j *Job) (uint64, error) {
	data, err := json.Marshal(j)
	if err != nil {
		return 0, err
	}
	bc, cancel := bounded(ctx, c.js)
	defer cancel()
	ack, err := c.js.Publish(bc, WorkSubject(c.Run, j.Play), data,
		jetstream.WithMsgID(fmt.Sprintf("%s.%s.%d", c.Run, j.Play, j.ID)))
	if err != nil {
		return 0, err
	}
	return ack.Sequence, nil
}

// liveWorkers counts the workers whose heartbeat has not expired.
func (c *Coordinator) liveWorkers(ctx context.Context) int {
	hs, err := Workers(ctx, c.js)
	if err != nil {
		return 1
	}
	return len(hs)
}

// binariesOf publishes the programs of b's engines and returns their
// digests.
func (c *Coordinator) binariesOf(ctx context.Context, b *work.Batch) ([]string, error) {
	digests := make([]string, len(b.Engines))
	for i, e := range b.Engines {
		cmd := e.Cmd
		if p, ok := c.Engines[e.Name]; ok {
			cmd = p
		}
		d, err := c.bins.publish(ctx, c.js, cmd)
		if err != nil {
			return nil, fmt.Errorf("remote: engine %q: %w", e.Name, err)
		}
		digests[i] = d
	}
	return digests, nil
}

// batchTarget is the play time of one batch on one game slot.
const batchTarget = 3 * time.Minute

// estimatePair is a pair's duration before any was measured: a game
// lasts at most both clocks (base + 60 increments for a clock, 120 plies
// of a move time); fixed nodes or depth count 50 ms a move.
func estimatePair(b *work.Batch) time.Duration {
	var game time.Duration
	for _, e := range b.Engines[:min(2, len(b.Engines))] {
		l := e.Limits
		switch {
		case l.HasClock():
			game += l.TC.Base + 60*l.TC.Inc
		case l.MoveTime > 0:
			game += 60 * l.MoveTime
		default:
			game += 60 * 50 * time.Millisecond
		}
	}
	return time.Duration(len(b.Pairs[0].Games)) * max(game, time.Second)
}
