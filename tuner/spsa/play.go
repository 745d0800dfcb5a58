package spsa

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/elolab/elolab/match/engine"
	"github.com/elolab/elolab/match/game"
	"github.com/elolab/elolab/match/tc"
	"github.com/elolab/elolab/openings"
)

// Match says how an iteration's game pair is played.
type Match struct {
	// Engine is the tuned engine; its Options are sent first, then the
	// tuned parameters of each side.
	Engine engine.Config
	Limits tc.Limits
	// Book gives iteration k the opening Book.At(k−1); nil plays from the
	// standard position.
	Book *openings.Book
	Game game.Config
	// Options renders a parameter vector as the engine's options (labrat:
	// setoption name eval.material.knight.mg value 331).
	Options func(values []float64) []engine.OptionValue
}

// Batch is one batch's outcome, handed to Runner.AfterBatch.
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

// Runner plays SPSA iterations in batches: Batch iterations are drawn from
// the θ at the start of the batch, played on Concurrency workers (one game
// pair each), and their updates applied in iteration order.
type Runner struct {
	Tuner       *Tuner
	Match       Match
	Batch       int // default 2 × Concurrency
	Concurrency int // default 1
	// CPUs, if not empty, pins each worker's two engines to its own share
	// of these CPUs (engine.SlotCPUs).
	CPUs []int
	// AfterBatch is called after every batch (checkpoint, CSV rows,
	// progress). An error stops the run.
	AfterBatch func(b Batch) error

	// players[w] are worker w's θ+ and θ− engines, reused across
	// iterations: each iteration sets its values with SetOptions.
	players [][2]engine.Player
	slots   [][]int
}

// Run plays until every iteration is done, ctx is cancelled (the batch
// that was being played is dropped: its iterations are drawn again from
// the last state when resumed) or a game cannot be played.
func (r *Runner) Run(ctx context.Context) error {
	conc := max(1, r.Concurrency)
	batch := r.Batch
	if batch <= 0 {
		batch = 2 * conc
	}
	n := r.Tuner.Config().Iterations
	r.players = make([][2]engine.Player, conc)
	r.slots = engine.SlotCPUs(r.CPUs, conc)
	defer func() {
		for _, ps := range r.players {
			for _, p := range ps {
				if p != nil {
					p.Close()
				}
			}
		}
	}()
	for !r.Tuner.Done() {
		var ps []Perturbation
		for len(ps) < batch && r.Tuner.drawn < n {
			ps = append(ps, r.Tuner.Next())
		}
		outs, err := r.playBatch(ctx, ps, conc)
		if err != nil {
			return err
		}
		b := Batch{}
		for i, p := range ps {
			if err := r.Tuner.Update(p, outs[i]); err != nil {
				return err
			}
			b.Iterations = append(b.Iterations, Done{Perturbation: p, Outcome: outs[i], Theta: r.Tuner.Theta()})
		}
		b.State = r.Tuner.State()
		if r.AfterBatch != nil {
			if err := r.AfterBatch(b); err != nil {
				return err
			}
		}
	}
	return nil
}

// playBatch plays the pairs of ps concurrently.
func (r *Runner) playBatch(parent context.Context, ps []Perturbation, conc int) ([]Outcome, error) {
	outs := make([]Outcome, len(ps))
	jobs := make(chan int)
	errs := make([]error, len(ps))
	ctx, cancel := context.WithCancel(parent)
	defer cancel()
	var wg sync.WaitGroup
	for w := range min(conc, len(ps)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				outs[i], errs[i] = r.playPair(ctx, w, ps[i])
				if errs[i] != nil {
					cancel()
				}
			}
		}()
	}
	for i := range ps {
		select {
		case jobs <- i:
		case <-ctx.Done():
		}
	}
	close(jobs)
	wg.Wait()
	if err := parent.Err(); err != nil {
		return nil, err
	}
	// The first real failure; the others were cancelled because of it.
	for _, err := range errs {
		if err != nil && !errors.Is(err, context.Canceled) {
			return nil, err
		}
	}
	return outs, nil
}

// playPair plays the iteration's two games (θ+ has White in the first)
// on worker w's engines, after setting each side's values.
func (r *Runner) playPair(ctx context.Context, w int, p Perturbation) (Outcome, error) {
	var o Outcome
	ready := func(slot int, name string, values []float64) (engine.Player, error) {
		opts := r.Match.Options(values)
		pl := r.players[w][slot]
		if pl == nil {
			cfg := r.Match.Engine
			cfg.Name = name
			if r.slots != nil {
				cfg.CPUs = r.slots[w]
			}
			cfg.Options = append(append([]engine.OptionValue(nil), r.Match.Engine.Options...), opts...)
			np, err := engine.Start(ctx, cfg)
			if err != nil {
				return nil, err
			}
			r.players[w][slot] = np
			return np, nil
		}
		if !pl.Healthy() {
			if err := pl.Restart(ctx); err != nil {
				return nil, err
			}
		}
		return pl, pl.SetOptions(ctx, opts)
	}
	plus, err := ready(0, "plus", p.Plus)
	if err != nil {
		return o, fmt.Errorf("iteration %d: θ+: %w", p.K, err)
	}
	minus, err := ready(1, "minus", p.Minus)
	if err != nil {
		return o, fmt.Errorf("iteration %d: θ−: %w", p.K, err)
	}
	op := openings.Opening{Index: p.K - 1, RootFEN: openings.StartFEN, FEN: openings.StartFEN}
	if r.Match.Book != nil {
		op = r.Match.Book.At(p.K - 1)
	}
	sides := [2]*game.Side{
		{Player: plus, Name: "plus", Limits: r.Match.Limits},
		{Player: minus, Name: "minus", Limits: r.Match.Limits},
	}
	for g := 0; g < 2; g++ {
		w, b := sides[g], sides[1-g]
		rec := game.Play(ctx, &r.Match.Game, w, b, op)
		if ctx.Err() != nil {
			return o, ctx.Err()
		}
		if !rec.Finished() {
			return o, fmt.Errorf("iteration %d, game %d: %v", p.K, g+1, rec.Err)
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
		for _, side := range sides {
			if !side.Player.Healthy() {
				if err := side.Player.Restart(ctx); err != nil {
					return o, fmt.Errorf("iteration %d: engine %s cannot be restarted: %w", p.K, side.Name, err)
				}
			}
		}
	}
	return o, nil
}
