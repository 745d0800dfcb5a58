package work

import (
	"context"
	"fmt"
	"reflect"
	"sync"

	"github.com/elolab/elolab/match/game"
	"github.com/elolab/elolab/match/player"
	"github.com/elolab/elolab/match/tc"
)

// DefaultRestartAttempts is how many times a dead engine is restarted
// before the batch fails.
const DefaultRestartAttempts = 3

// Local is the pair pool of this process. It plays a batch's games in
// order on Concurrency slots; each slot owns one process per engine name,
// reused from game to game and from batch to batch (a game starts with
// the engine's new-game command, not a new process), restarted after a
// crash or a stall. The two games of a pair may run on two slots at once:
// a game's result does not depend on the slot, only on its engines'
// settings, which the pair carries.
//
// Play calls are serialised (a Report function must not call the pool:
// it runs while Play holds it); Close ends every process.
type Local struct {
	// Concurrency is the number of games played at once (default 1).
	Concurrency int
	// CPUs, if not empty, gives each slot its own share of these CPUs
	// (player.SlotCPUs): a game's two engines are pinned there, across
	// restarts. Nil, or fewer CPUs than slots, leaves placement to the OS.
	CPUs []int
	// RestartAttempts is how many times a dead engine is restarted before
	// the batch fails (default DefaultRestartAttempts).
	RestartAttempts int
	// Configure, if not nil, completes an engine's config before it is
	// started with what does not travel in a batch (a trace writer).
	Configure func(c *player.Config)
	// Start, if not nil, starts an engine instead of player.Start: a
	// player that is not an external process (datagen's labrat searching
	// in this process). slot is the slot's index, 0 to Concurrency-1: the
	// players of one slot never run at once (its games are played one
	// after the other, and in a game one side moves at a time), so a
	// starter may let them share state, as self-play in one searcher does.
	// Restarts, reuse and CPUs are as for processes.
	Start func(ctx context.Context, slot int, c player.Config) (player.Player, error)

	mu    sync.Mutex
	slots []*slot
	specs map[string]Engine // by name, as last started
}

// slot is one concurrent game's engines.
type slot struct {
	index    int
	cpus     []int
	procs    map[string]*proc
	restarts map[string]int
}

type proc struct {
	player.Player
	// perPair: the process holds a pair's option values (SPSA), which a
	// pair without values must not inherit.
	perPair bool
}

func (l *Local) init() {
	if l.slots != nil {
		return
	}
	n := max(1, l.Concurrency)
	cpus := player.SlotCPUs(l.CPUs, n)
	l.slots = make([]*slot, n)
	for i := range l.slots {
		s := &slot{index: i, procs: map[string]*proc{}, restarts: map[string]int{}}
		if cpus != nil {
			s.cpus = cpus[i]
		}
		l.slots[i] = s
	}
	l.specs = map[string]Engine{}
}

// Adopt gives the first slot already started processes (named by
// Player.Name), started on its CPUs with the configs of the batches to
// come: the runner starts every engine once before the first game to
// report a broken engine early, and the pool keeps those processes.
func (l *Local) Adopt(ps ...player.Player) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.init()
	for _, p := range ps {
		if p != nil {
			l.slots[0].procs[p.Name()] = &proc{Player: p}
		}
	}
}

// Restarts returns the restarts of each engine (by name) since the pool
// was made.
func (l *Local) Restarts() map[string]int {
	l.mu.Lock()
	defer l.mu.Unlock()
	out := map[string]int{}
	for _, s := range l.slots {
		for n, c := range s.restarts {
			out[n] += c
		}
	}
	return out
}

// Close ends every engine process.
func (l *Local) Close() {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, s := range l.slots {
		for n, p := range s.procs {
			p.Close()
			delete(s.procs, n)
		}
	}
}

type job struct{ p, g int }

type event struct {
	job
	move    *MoveEvent
	started bool
	rec     *game.Record
	err     error // the slot cannot go on
}

// Play implements Executor.
func (l *Local) Play(ctx context.Context, b Batch, rep Report) error {
	if err := b.Validate(); err != nil {
		return err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.init()
	for _, e := range b.Engines {
		if old, ok := l.specs[e.Name]; ok && !sameProcess(old, e) {
			// Another engine under a known name: its processes go.
			for _, s := range l.slots {
				if p := s.procs[e.Name]; p != nil {
					p.Close()
					delete(s.procs, e.Name)
				}
			}
		}
		l.specs[e.Name] = e
	}
	n := min(len(l.slots), b.Games())
	if n == 0 {
		return nil
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	jobs := make(chan job)
	events := make(chan event, 2*n)
	var wg sync.WaitGroup
	for _, s := range l.slots[:n] {
		wg.Go(func() { l.work(ctx, s, &b, jobs, events, rep.Move != nil) })
	}
	go func() {
		defer close(jobs)
		for p := range b.Pairs {
			for g := range b.Pairs[p].Games {
				select {
				case jobs <- job{p, g}:
				case <-ctx.Done():
					return
				}
			}
		}
	}()
	go func() {
		wg.Wait()
		close(events)
	}()

	// Only the open pairs are held: a long batch's memory stays flat.
	type open struct {
		res       PairResult
		left      int
		abandoned bool // a game was interrupted
	}
	pending := map[int]*open{}
	var err error
	for ev := range events {
		switch {
		case ev.err != nil:
			if err == nil {
				err = ev.err
			}
			cancel()
		case ev.move != nil:
			rep.Move(ev.p, ev.g, *ev.move)
		case ev.started:
			if rep.Started != nil {
				rep.Started(ev.p, ev.g)
			}
		default:
			gr := ResultOf(ev.rec)
			if rep.Game != nil {
				rep.Game(ev.p, ev.g, &gr)
			}
			o := pending[ev.p]
			if o == nil {
				pr := &b.Pairs[ev.p]
				o = &open{res: PairResult{Pair: ev.p, Slot: pr.Slot, Games: make([]GameResult, len(pr.Games))}, left: len(pr.Games)}
				pending[ev.p] = o
			}
			o.res.Games[ev.g] = gr
			if r := ev.rec; r.Termination == game.TermInterrupted && r.Err == nil {
				o.abandoned = true
			}
			if o.left--; o.left == 0 {
				delete(pending, ev.p)
				if rep.Pair != nil && !o.abandoned {
					rep.Pair(o.res)
				}
			}
		}
	}
	return err
}

// sameProcess reports whether a and b start the same process (limits do
// not matter to a process).
func sameProcess(a, b Engine) bool {
	a.Limits, b.Limits = tc.Limits{}, tc.Limits{}
	return reflect.DeepEqual(a, b)
}

// work plays games on slot s until jobs runs out or ctx ends.
func (l *Local) work(ctx context.Context, s *slot, b *Batch, jobs <-chan job, events chan<- event, watch bool) {
	for j := range jobs {
		if ctx.Err() != nil {
			return
		}
		p := &b.Pairs[j.p]
		g := p.Games[j.g]
		white, err := l.player(ctx, s, b, p, g.White)
		var black player.Player
		if err == nil {
			black, err = l.player(ctx, s, b, p, g.Black)
		}
		if err != nil {
			if ctx.Err() == nil {
				events <- event{job: j, err: err}
			}
			return
		}
		events <- event{job: j, started: true}
		we, be := &b.Engines[g.White], &b.Engines[g.Black]
		cfg := &b.Game
		if watch {
			c := b.Game
			c.Watch = func(fen, uci string, ply int) {
				events <- event{job: j, move: &MoveEvent{FEN: fen, UCI: uci, Ply: ply}}
			}
			cfg = &c
		}
		r := game.Play(ctx, cfg,
			&game.Side{Player: white, Name: we.Name, Limits: we.Limits},
			&game.Side{Player: black, Name: be.Name, Limits: be.Limits}, p.Opening)
		r.Round, r.Pair, r.Index, r.Number = p.Round+1, p.Slot, j.g, g.Number
		events <- event{job: j, rec: r}
	}
}

// player returns a healthy process of engine i on slot s with pair p's
// option values set: started, restarted (at most RestartAttempts times)
// or reused.
func (l *Local) player(ctx context.Context, s *slot, b *Batch, p *Pair, i int) (player.Player, error) {
	e := &b.Engines[i]
	var opts []player.OptionValue
	if perPair(*p, i) {
		opts = p.Options[i]
	}
	pr := s.procs[e.Name]
	if pr != nil && pr.perPair && opts == nil {
		// Restart would keep the values: start afresh.
		pr.Close()
		delete(s.procs, e.Name)
		pr = nil
	}
	pl, err := l.healthy(ctx, s, e, pr)
	if err != nil {
		return nil, err
	}
	if opts != nil {
		if err := pl.SetOptions(ctx, opts); err != nil {
			return nil, fmt.Errorf("engine %q: pair %d: %w", e.Name, p.Slot, err)
		}
		s.procs[e.Name].perPair = true
	}
	return pl, nil
}

// healthy starts engine e on slot s, or restarts its dead process pr.
func (l *Local) healthy(ctx context.Context, s *slot, e *Engine, pr *proc) (player.Player, error) {
	if pr != nil && pr.Healthy() {
		return pr.Player, nil
	}
	attempts := l.RestartAttempts
	if attempts <= 0 {
		attempts = DefaultRestartAttempts
	}
	var err error
	for range attempts {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if pr == nil {
			c := e.Config()
			c.CPUs = s.cpus
			if l.Configure != nil {
				l.Configure(&c)
			}
			var np player.Player
			var serr error
			if l.Start != nil {
				np, serr = l.Start(ctx, s.index, c)
			} else {
				np, serr = player.Start(ctx, c)
			}
			if serr == nil {
				s.procs[e.Name] = &proc{Player: np}
				return np, nil
			}
			err = serr // np is a typed nil: keep pr nil
			continue
		}
		if err = pr.Restart(ctx); err == nil {
			s.restarts[e.Name]++
			return pr.Player, nil
		}
	}
	return nil, fmt.Errorf("engine %q cannot be (re)started after %d attempts: %w", e.Name, attempts, err)
}
