package spsa

import (
	"context"
	"fmt"
	"sync"

	"github.com/elolab/elolab/match/work"
)

// async is the bookkeeping of an asynchronous run: several chunks in play
// on one executor, whose Report functions may run concurrently (one
// goroutine per Play call). mu serialises everything that touches the
// tuner and the subscribers: drawing a chunk, applying an update,
// emitting its events.
type async struct {
	r   *Runner
	ctx context.Context // cancelled on the first error

	mu     sync.Mutex
	cancel context.CancelFunc
	err    error // the first error; the run ends with it
}

// chunk is one Play call's iterations and which of them were applied.
type chunk struct {
	ps      []Perturbation
	applied []bool
	// closed: Play returned; a report after that is not believed.
	closed bool
}

// runAsync keeps r.InFlight chunks of up to batch iterations in play on
// ex, each drawn from θ when it starts, applies each pair's update when
// it is reported and draws a new chunk whenever one ends, until every
// iteration is applied, ctx is cancelled or something fails. Iterations
// of chunks cut short stay in flight in the tuner's state: a run resumed
// from a checkpoint draws them again.
func (r *Runner) runAsync(parent context.Context, ex work.Executor, batch int) error {
	ctx, cancel := context.WithCancel(parent)
	defer cancel()
	a := &async{r: r, ctx: ctx, cancel: cancel}
	ended := make(chan error, r.InFlight)
	running := 0
	// fill starts chunks up to InFlight; a.mu is held.
	fill := func() {
		for running < r.InFlight && a.err == nil && ctx.Err() == nil && r.Tuner.Undrawn() > 0 {
			var ps []Perturbation
			for len(ps) < batch && r.Tuner.Undrawn() > 0 {
				ps = append(ps, r.Tuner.Next())
			}
			running++
			go func() { ended <- a.play(ex, ps) }()
		}
	}
	a.mu.Lock()
	fill()
	a.mu.Unlock()
	for running > 0 {
		err := <-ended
		running--
		a.mu.Lock()
		a.fail(err)
		fill()
		a.mu.Unlock()
	}
	if err := parent.Err(); err != nil {
		return err
	}
	if a.err != nil {
		return a.err
	}
	if !r.Tuner.Done() {
		return r.Tuner.stranded()
	}
	return nil
}

// fail keeps the first error and stops every chunk; a.mu is held.
func (a *async) fail(err error) {
	if err != nil && a.err == nil {
		a.err = err
		a.cancel()
	}
}

// play plays one chunk and returns the executor's error, or the chunk's
// pairs that were neither reported nor cut by a cancellation or an
// earlier error.
func (a *async) play(ex work.Executor, ps []Perturbation) error {
	c := &chunk{ps: ps, applied: make([]bool, len(ps))}
	err := ex.Play(a.ctx, a.r.batch(ps), work.Report{Pair: func(pr work.PairResult) { a.pair(c, pr) }})
	a.mu.Lock()
	defer a.mu.Unlock()
	c.closed = true
	what := fmt.Sprintf("chunk of iterations %d to %d", ps[0].K, ps[len(ps)-1].K)
	switch {
	case a.ctx.Err() != nil:
		return nil // the run is ending; its error is already known
	case err != nil:
		return fmt.Errorf("%s: %w", what, err)
	}
	played := 0
	for _, ok := range c.applied {
		if ok {
			played++
		}
	}
	if played != len(ps) {
		// An update needs every pair's result: never a zero Outcome.
		return fmt.Errorf("%s: %d of %d pairs played", what, played, len(ps))
	}
	return nil
}

// pair applies one reported pair of chunk c and emits its events: Updated
// and a BatchDone of that one update, both with the state after it. A
// pair reported twice is applied once.
func (a *async) pair(c *chunk, pr work.PairResult) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if c.closed || a.ctx.Err() != nil {
		return
	}
	if pr.Pair < 0 || pr.Pair >= len(c.ps) || c.ps[pr.Pair].K != pr.Slot {
		a.fail(fmt.Errorf("executor reported pair %d (slot %d), not one of the chunk of iterations %d to %d",
			pr.Pair, pr.Slot, c.ps[0].K, c.ps[len(c.ps)-1].K))
		return
	}
	if c.applied[pr.Pair] {
		return
	}
	o, err := outcome(pr)
	if err != nil {
		a.fail(err)
		return
	}
	p := c.ps[pr.Pair]
	if err := a.r.Tuner.Update(p, o); err != nil {
		a.fail(err)
		return
	}
	c.applied[pr.Pair] = true
	d := Done{Perturbation: p, Outcome: o, Theta: a.r.Tuner.Theta()}
	if err := a.r.emit(Updated{Done: d, State: a.r.Tuner.State()}); err != nil {
		a.fail(err)
		return
	}
	a.fail(a.r.emit(BatchDone{Batch{State: a.r.Tuner.State(), Iterations: []Done{d}}}))
}
