package spsa

import (
	"context"
	"fmt"

	"github.com/elolab/elolab/engine/board"
	"github.com/elolab/elolab/match/game"
	"github.com/elolab/elolab/match/player"
	"github.com/elolab/elolab/match/tc"
	"github.com/elolab/elolab/match/work"
	"github.com/elolab/elolab/openings"
)

// Match says how an iteration's game pair is played.
type Match struct {
	// Engine is the tuned engine; its Options are sent first, then the
	// tuned parameters of each side.
	Engine player.Config
	Limits tc.Limits
	// Book gives iteration k the opening Book.At(k−1); nil plays from the
	// standard position.
	Book *openings.Book
	Game game.Config
	// Options renders a parameter vector as the engine's options (labrat:
	// setoption name eval.material.knight.mg value 331).
	Options func(values []float64) []player.OptionValue
}

// Batch is one batch's outcome, handed to the subscribers as BatchDone.
type Batch struct {
	State State
	// Iterations are the batch's iterations in order, with θ after each
	// update.
	Iterations []Done
}

// Done is one played iteration.
type Done struct {
	Perturbation
	Outcome Outcome
	Theta   []float64 // θ after its update
}

// Runner plays SPSA iterations as batches of game pairs (match/work).
//
// By default (InFlight 0) Batch iterations are drawn from the θ at the
// start of the batch, played as one batch, and their updates applied in
// iteration order once all are played: bit-reproducible for a seed.
//
// With InFlight > 0 the run is asynchronous (async.go), for an executor
// whose Play calls may run concurrently (workers on other machines):
// InFlight chunks of Batch iterations are in play at once, each drawn
// from θ at its draw time, each pair's update is applied as soon as its
// result arrives, and a new chunk is drawn whenever one ends.
type Runner struct {
	Tuner *Tuner
	Match Match
	// Batch is the iterations per batch (per chunk when asynchronous);
	// default 2 × Concurrency.
	Batch int
	// Concurrency is the local pool's slots (default 1).
	Concurrency int
	// CPUs, if not empty, pins each slot's two engines to its own share
	// of these CPUs (player.SlotCPUs).
	CPUs []int
	// Executor plays the batches; nil is the local pair pool
	// (work.Local with Concurrency and CPUs), closed when Run returns.
	Executor work.Executor
	// InFlight, if positive, makes the run asynchronous with this many
	// chunks in play at once.
	InFlight int

	subs []Subscriber
}

// Subscribe adds a subscriber (checkpoint, CSV rows, progress); each
// event goes to the subscribers in the order they subscribed.
func (r *Runner) Subscribe(fn Subscriber) { r.subs = append(r.subs, fn) }

// emit hands e to the subscribers in order; the first error stops it.
func (r *Runner) emit(e Event) error {
	for _, fn := range r.subs {
		if err := fn(e); err != nil {
			return err
		}
	}
	return nil
}

// Engine names of the two sides in games and errors.
const PlusName, MinusName = "plus", "minus"

// Run plays until every iteration is done, ctx is cancelled (the
// iterations being played are dropped: they are drawn again when the run
// is resumed from a state) or a game cannot be played. The local pool's
// engines — one θ+ and one θ− process per slot — are reused across
// iterations and batches: each game sets its pair's values first, and a
// crashed engine is restarted as in a match (work.DefaultRestartAttempts).
func (r *Runner) Run(ctx context.Context) error {
	conc := max(1, r.Concurrency)
	batch := r.Batch
	if batch <= 0 {
		batch = 2 * conc
	}
	ex := r.Executor
	if ex == nil {
		pool := &work.Local{Concurrency: conc, CPUs: r.CPUs,
			// What does not travel in a batch: the trace writer.
			Configure: func(c *player.Config) { c.Trace = r.Match.Engine.Trace }}
		defer pool.Close()
		ex = pool
	}
	if r.InFlight > 0 {
		return r.runAsync(ctx, ex, batch)
	}
	for !r.Tuner.Done() {
		var ps []Perturbation
		for len(ps) < batch && r.Tuner.Undrawn() > 0 {
			ps = append(ps, r.Tuner.Next())
		}
		if len(ps) == 0 {
			return r.Tuner.stranded()
		}
		outs, err := r.playBatch(ctx, ex, ps)
		if err != nil {
			return err
		}
		b := Batch{}
		var ups []Updated
		for i, p := range ps {
			if err := r.Tuner.Update(p, outs[i]); err != nil {
				return err
			}
			d := Done{Perturbation: p, Outcome: outs[i], Theta: r.Tuner.Theta()}
			b.Iterations = append(b.Iterations, d)
			ups = append(ups, Updated{Done: d, State: r.Tuner.State()})
		}
		b.State = r.Tuner.State()
		for _, u := range ups {
			if err := r.emit(u); err != nil {
				return err
			}
		}
		if err := r.emit(BatchDone{b}); err != nil {
			return err
		}
	}
	return nil
}

// batch describes the iterations ps as a batch of game pairs: iteration
// k is pair slot k, θ+ has White in its first game, and each side's
// perturbed values travel as the pair's engine options.
func (r *Runner) batch(ps []Perturbation) work.Batch {
	plus, minus := r.Match.Engine, r.Match.Engine
	plus.Name, minus.Name = PlusName, MinusName
	b := work.Batch{Seed: r.Tuner.Config().Seed, Game: r.Match.Game,
		Engines: []work.Engine{work.EngineOf(plus, r.Match.Limits), work.EngineOf(minus, r.Match.Limits)}}
	for _, p := range ps {
		op := openings.Opening{Index: p.K - 1, RootFEN: board.StartFEN, FEN: board.StartFEN}
		if r.Match.Book != nil {
			op = r.Match.Book.At(p.K - 1)
		}
		b.Pairs = append(b.Pairs, work.Pair{Slot: p.K, Round: p.K - 1, Opening: op,
			Games:   []work.Game{{Number: 2*p.K - 1, White: 0, Black: 1}, {Number: 2 * p.K, White: 1, Black: 0}},
			Options: [][]player.OptionValue{r.Match.Options(p.Plus), r.Match.Options(p.Minus)}})
	}
	return b
}

// playBatch plays the pairs of ps on the pool and returns θ+'s outcome
// in each.
func (r *Runner) playBatch(parent context.Context, pool work.Executor, ps []Perturbation) ([]Outcome, error) {
	ctx, cancel := context.WithCancel(parent)
	defer cancel()
	outs := make([]Outcome, len(ps))
	var gameErr error
	played := 0
	err := pool.Play(ctx, r.batch(ps), work.Report{Pair: func(pr work.PairResult) {
		if gameErr != nil || ctx.Err() != nil {
			return
		}
		played++
		outs[pr.Pair], gameErr = outcome(pr)
		if gameErr != nil {
			cancel() // the batch is lost: stop its other games
		}
	}})
	if err := parent.Err(); err != nil {
		return nil, err
	}
	if gameErr != nil {
		return nil, gameErr
	}
	if err != nil {
		return nil, err
	}
	if played != len(ps) {
		// An update needs every pair's result: never a zero Outcome.
		return nil, fmt.Errorf("batch of iterations %d-%d: %d of %d pairs played", ps[0].K, ps[len(ps)-1].K, played, len(ps))
	}
	return outs, nil
}

// outcome scores θ+'s pair: its wins, draws and losses.
func outcome(pr work.PairResult) (Outcome, error) {
	var o Outcome
	for g := range pr.Games {
		rec := pr.Games[g].Rec()
		if !rec.Finished() {
			why := rec.Reason
			if rec.Err != nil {
				why = rec.Err.Error()
			}
			return o, fmt.Errorf("iteration %d, game %d: %s", pr.Slot, g+1, why)
		}
		s := rec.Result.WhiteScore()
		if g == 1 {
			s = 1 - s
		}
		switch {
		case s > 0.75:
			o.Wins++
		case s < 0.25:
			o.Losses++
		default:
			o.Draws++
		}
	}
	return o, nil
}
