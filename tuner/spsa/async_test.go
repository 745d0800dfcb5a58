package spsa

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/elolab/elolab/match/game"
	"github.com/elolab/elolab/match/player"
	"github.com/elolab/elolab/match/tc"
	"github.com/elolab/elolab/match/work"
)

// fakeExec plays no games: it reports each pair of a batch with the
// results of goldenOutcome(slot), from the goroutine of its Play call,
// as a remote executor whose Play calls run concurrently would.
type fakeExec struct {
	// order gives the order in which a batch's n pairs are reported
	// (nil: in order).
	order func(n int, rng *rand.Rand) []int
	dup   bool          // report every pair twice
	pause time.Duration // up to this long between reports (random)
	// stop, if not nil, is asked before each report of the batch whose
	// first iteration is first; true makes Play return stopErr, or if
	// nil wait for ctx.
	stop    func(first, reported int) bool
	stopErr error

	mu       sync.Mutex
	calls    int
	running  int
	maxConc  int
	received []work.Batch
}

func (f *fakeExec) Play(ctx context.Context, b work.Batch, rep work.Report) error {
	if err := b.Validate(); err != nil {
		return err
	}
	f.mu.Lock()
	f.calls++
	call := f.calls
	f.running++
	f.maxConc = max(f.maxConc, f.running)
	f.received = append(f.received, b)
	f.mu.Unlock()
	defer func() {
		f.mu.Lock()
		f.running--
		f.mu.Unlock()
	}()
	rng := rand.New(rand.NewPCG(uint64(call), 1))
	order := make([]int, len(b.Pairs))
	for i := range order {
		order[i] = i
	}
	if f.order != nil {
		order = f.order(len(b.Pairs), rng)
	}
	for n, i := range order {
		if f.stop != nil && f.stop(b.Pairs[0].Slot, n) {
			if f.stopErr != nil {
				return f.stopErr
			}
			<-ctx.Done()
			return nil
		}
		if ctx.Err() != nil {
			return nil
		}
		if f.pause > 0 {
			time.Sleep(time.Duration(rng.Int64N(int64(f.pause))))
		}
		pr := work.PairResult{Pair: i, Slot: b.Pairs[i].Slot, Games: pairGames(goldenOutcome(b.Pairs[i].Slot))}
		rep.Pair(pr)
		if f.dup {
			rep.Pair(pr)
		}
	}
	return nil
}

// pairGames are the two games (θ+ White, then Black) in which θ+ scores o.
func pairGames(o Outcome) []work.GameResult {
	var scores []float64 // θ+'s score per game
	for range o.Wins {
		scores = append(scores, 1)
	}
	for range o.Draws {
		scores = append(scores, 0.5)
	}
	for range o.Losses {
		scores = append(scores, 0)
	}
	var gs []work.GameResult
	for g, s := range scores {
		if g == 1 {
			s = 1 - s // θ+ is Black
		}
		r := map[float64]game.Result{1: game.WhiteWins, 0.5: game.Draw, 0: game.BlackWins}[s]
		gs = append(gs, work.GameResult{Record: game.Record{Result: r}})
	}
	return gs
}

// fakeRunner is a runner of tu on ex that records its events.
func fakeRunner(tu *Tuner, ex work.Executor, batch, inFlight int) (*Runner, *[]Event) {
	r := &Runner{Tuner: tu, Executor: ex, Batch: batch, InFlight: inFlight,
		Match: Match{Engine: player.Config{Cmd: "/bin/false"}, Limits: tc.Limits{Nodes: 100},
			Options: func(v []float64) []player.OptionValue {
				return []player.OptionValue{{Name: "i", Value: fmt.Sprint(v[0])}, {Name: "f", Value: fmt.Sprint(v[1])}}
			}}}
	var evs []Event
	r.Subscribe(func(e Event) error { evs = append(evs, e); return nil })
	return r, &evs
}

// TestRunnerExecutorInOrder: the local mode on any executor is today's
// run to the bit, and each Updated carries the state after its update
// (the rest of the batch in flight).
func TestRunnerExecutorInOrder(t *testing.T) {
	tu, _ := New(goldenConfig())
	r, evs := fakeRunner(tu, &fakeExec{order: func(n int, rng *rand.Rand) []int { return rng.Perm(n) }}, 4, 0)
	if err := r.Run(t.Context()); err != nil {
		t.Fatal(err)
	}
	ups := 0
	for _, e := range *evs {
		if u, ok := e.(Updated); ok {
			ups++
			checkGolden(t, u.K, u.Theta)
			if u.State.Iteration != u.K || len(u.State.InFlight) != (4-u.K%4)%4 {
				t.Errorf("iteration %d: state at %d with %v in flight", u.K, u.State.Iteration, u.State.InFlight)
			}
		}
	}
	if ups != 24 || len(*evs) != 24+6 {
		t.Errorf("%d updates, %d events; want 24, 30", ups, len(*evs))
	}
}

// checkAsync checks an asynchronous run's events: every iteration 1..n
// applied once, each Updated followed by a BatchDone of it, the update
// counts 1, 2, … in event order, each step the formula with a_k of the
// applied count, θ and the values played within bounds. It returns the
// iterations in the order applied.
func checkAsync(t *testing.T, tu *Tuner, evs []Event, from int, theta []float64) []int {
	t.Helper()
	var ks []int
	cfg := tu.Config()
	for i, e := range evs {
		u, ok := e.(Updated)
		if !ok {
			continue
		}
		n := from + len(ks) + 1
		ks = append(ks, u.K)
		if u.State.Iteration != n {
			t.Errorf("update %d (iteration %d): state at %d", n, u.K, u.State.Iteration)
		}
		if b, ok := evs[i+1].(BatchDone); !ok || len(b.Iterations) != 1 || b.Iterations[0].K != u.K || b.State.Iteration != n {
			t.Errorf("update %d: followed by %#v, want its BatchDone", n, evs[i+1])
		}
		for j, par := range cfg.Params {
			if want := wantStep(tu, j, n, theta[j], u.Perturbation, u.Outcome); u.Theta[j] != want {
				t.Errorf("update %d (iteration %d): θ_%d %v, want %v (a_%d)", n, u.K, j, u.Theta[j], want, n)
			}
			for _, v := range []float64{u.Theta[j], u.Plus[j], u.Minus[j]} {
				if v < par.Min || v > par.Max {
					t.Errorf("iteration %d: %s = %v outside [%v, %v]", u.K, par.Name, v, par.Min, par.Max)
				}
			}
		}
		theta = u.Theta
		if u.Outcome != goldenOutcome(u.K) {
			t.Errorf("iteration %d: outcome %+v", u.K, u.Outcome)
		}
	}
	return ks
}

// TestRunnerAsyncOutOfOrder: results arriving in reverse or shuffled
// order, from concurrent Play calls, are all applied once, with a_k from
// the applied count; new chunks are drawn as chunks end.
func TestRunnerAsyncOutOfOrder(t *testing.T) {
	reverse := func(n int, _ *rand.Rand) []int {
		o := make([]int, n)
		for i := range o {
			o[i] = n - 1 - i
		}
		return o
	}
	for _, c := range []struct {
		name            string
		ex              *fakeExec
		batch, inFlight int
	}{
		{"reverse", &fakeExec{order: reverse}, 4, 1},
		{"shuffled", &fakeExec{order: func(n int, rng *rand.Rand) []int { return rng.Perm(n) }, pause: time.Millisecond}, 3, 3},
		{"duplicates", &fakeExec{dup: true, pause: time.Millisecond}, 4, 2},
	} {
		t.Run(c.name, func(t *testing.T) {
			tu, _ := New(goldenConfig())
			r, evs := fakeRunner(tu, c.ex, c.batch, c.inFlight)
			if err := r.Run(t.Context()); err != nil {
				t.Fatal(err)
			}
			ks := checkAsync(t, tu, *evs, 0, []float64{10, 0.9})
			if sorted := slices.Sorted(slices.Values(ks)); len(ks) != 24 || sorted[0] != 1 || sorted[23] != 24 || len(slices.Compact(sorted)) != 24 {
				t.Errorf("applied %v, want 1..24 once each", ks)
			}
			if st := tu.State(); !tu.Done() || st.Pairs != 24 || len(st.InFlight) != 0 {
				t.Errorf("final state %+v", st)
			}
			if c.name == "reverse" && !slices.Equal(ks[:8], []int{4, 3, 2, 1, 8, 7, 6, 5}) {
				t.Errorf("applied %v, want 4 3 2 1 8 7 6 5 …", ks)
			}
			if c.inFlight > 1 && c.ex.maxConc < 2 {
				t.Errorf("at most %d Play calls at once, want several", c.ex.maxConc)
			}
			if c.ex.running != 0 {
				t.Errorf("%d Play calls still running", c.ex.running)
			}
		})
	}
}

// TestRunnerAsyncCancelResume: a cancelled run stops every Play call and
// returns the context's error; the state of its last update lists the
// iterations in flight, and a run restored from it plays exactly those
// and the undrawn ones.
func TestRunnerAsyncCancelResume(t *testing.T) {
	tu, _ := New(goldenConfig())
	// Every chunk reports two pairs, then hangs until cancelled.
	ex := &fakeExec{stop: func(_, reported int) bool { return reported == 2 }}
	r, evs := fakeRunner(tu, ex, 4, 3)
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	var last State
	r.Subscribe(func(e Event) error {
		if u, ok := e.(Updated); ok {
			last = u.State
			if u.State.Iteration == 5 {
				cancel()
			}
		}
		return nil
	})
	if err := r.Run(ctx); !errors.Is(err, context.Canceled) {
		t.Fatalf("Run: %v, want context.Canceled", err)
	}
	if ex.running != 0 {
		t.Errorf("%d Play calls still running", ex.running)
	}
	applied := checkAsync(t, tu, *evs, 0, []float64{10, 0.9})
	if last.Iteration != 5 || tu.Iteration() != 5 || len(applied) != 5 {
		t.Fatalf("stopped after %d updates (last state %d), want 5", tu.Iteration(), last.Iteration)
	}
	if len(last.InFlight) != 12-5 {
		t.Errorf("in flight %v, want the 7 drawn and unapplied of 3 chunks of 4", last.InFlight)
	}

	b, _ := New(goldenConfig())
	if err := b.Restore(last); err != nil {
		t.Fatal(err)
	}
	r2, evs2 := fakeRunner(b, &fakeExec{}, 4, 1) // one chunk at a time: a fixed order
	if err := r2.Run(t.Context()); err != nil {
		t.Fatal(err)
	}
	rest := checkAsync(t, b, *evs2, 5, last.Theta)
	if all := slices.Sorted(slices.Values(append(applied, rest...))); len(all) != 24 || len(slices.Compact(all)) != 24 {
		t.Errorf("applied %v then %v, want 1..24 once each", applied, rest)
	}
	if !slices.Equal(rest[:len(last.InFlight)], last.InFlight) {
		t.Errorf("resumed run applied %v, want the in-flight %v first", rest, last.InFlight)
	}
}

// TestRunnerAsyncErrors: an executor's error, a game that could not be
// played and a subscriber's error each end the run with that error,
// after every Play call returned; no update is applied after it.
func TestRunnerAsyncErrors(t *testing.T) {
	lost := errors.New("worker lost")
	full := errors.New("disk full")
	for _, c := range []struct {
		name string
		ex   *fakeExec
		sub  Subscriber
		want func(error) bool
	}{
		{"executor", &fakeExec{stop: func(first, n int) bool { return first == 4 && n == 1 }, stopErr: lost, pause: time.Millisecond}, nil,
			func(err error) bool {
				return errors.Is(err, lost) && strings.Contains(err.Error(), "chunk of iterations 4 to 6")
			}},
		{"short", &fakeExec{}, nil,
			func(err error) bool {
				return err != nil && strings.Contains(err.Error(), "chunk of iterations 1 to 3: 2 of 3 pairs played")
			}},
		{"subscriber", &fakeExec{pause: time.Millisecond}, func(e Event) error {
			if b, ok := e.(BatchDone); ok && b.State.Iteration == 3 {
				return full
			}
			return nil
		}, func(err error) bool { return errors.Is(err, full) }},
	} {
		t.Run(c.name, func(t *testing.T) {
			tu, _ := New(goldenConfig())
			if c.name == "short" {
				// Play returns early without an error: a chunk whose pairs
				// were not all reported is a failure, not a zero outcome.
				r, _ := fakeRunner(tu, shortExec{c.ex}, 3, 2)
				err := r.Run(t.Context())
				if !c.want(err) {
					t.Fatalf("Run: %v", err)
				}
				return
			}
			r, _ := fakeRunner(tu, c.ex, 3, 2)
			if c.sub != nil {
				r.Subscribe(c.sub)
			}
			applied := 0
			r.Subscribe(func(e Event) error {
				if _, ok := e.(Updated); ok {
					applied++
				}
				return nil
			})
			err := r.Run(t.Context())
			if !c.want(err) {
				t.Fatalf("Run: %v", err)
			}
			if c.ex.running != 0 {
				t.Errorf("%d Play calls still running", c.ex.running)
			}
			if tu.Iteration() != applied || tu.Done() {
				t.Errorf("%d updates applied, %d heard of", tu.Iteration(), applied)
			}
			if c.name == "subscriber" && tu.Iteration() != 3 {
				t.Errorf("%d updates applied after the subscriber failed at 3", tu.Iteration())
			}
		})
	}
}

// shortExec reports only the first two pairs of its first batch and
// returns without an error.
type shortExec struct{ f *fakeExec }

func (s shortExec) Play(ctx context.Context, b work.Batch, rep work.Report) error {
	if len(b.Pairs) > 2 && b.Pairs[0].Slot == 1 {
		b.Pairs = b.Pairs[:2]
	}
	return s.f.Play(ctx, b, rep)
}
