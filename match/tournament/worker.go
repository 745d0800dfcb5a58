package tournament

import (
	"context"
	"fmt"

	"github.com/elolab/elolab/match/engine"
	"github.com/elolab/elolab/match/game"
	"github.com/elolab/elolab/openings"
)

// worker plays games one after another with its own engine processes.
type worker struct {
	cfg      *Config
	players  []engine.Player
	restarts map[int]int
	cpus     []int // the CPUs its engines are pinned to; nil: any
}

func (w *worker) run(ctx context.Context, jobs <-chan Job, events chan<- event) {
	w.restarts = map[int]int{}
	defer func() {
		for _, p := range w.players {
			if p != nil {
				p.Close()
			}
		}
	}()
	for j := range jobs {
		if ctx.Err() != nil {
			return
		}
		white, err := w.player(ctx, j.White)
		if err == nil {
			var black engine.Player
			black, err = w.player(ctx, j.Black)
			if err == nil {
				events <- event{job: j, started: true}
				r := w.play(ctx, j, white, black)
				events <- event{job: j, rec: r}
				continue
			}
		}
		if ctx.Err() != nil {
			return
		}
		events <- event{job: j, err: err}
		return
	}
}

// player returns a healthy process of engine i, starting or restarting it.
func (w *worker) player(ctx context.Context, i int) (engine.Player, error) {
	e := &w.cfg.Engines[i]
	p := w.players[i]
	if p != nil && p.Healthy() {
		return p, nil
	}
	attempts := w.cfg.RestartAttempts
	if attempts <= 0 {
		attempts = 3
	}
	var err error
	for a := 0; a < attempts; a++ {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if p == nil {
			ec := e.Config
			if w.cpus != nil {
				ec.CPUs = w.cpus
			}
			np, serr := engine.Start(ctx, ec)
			if serr == nil {
				w.players[i] = np
				return np, nil
			}
			err = serr // np is a typed nil: keep p nil
			continue
		}
		if err = p.Restart(ctx); err == nil {
			w.restarts[i]++
			return p, nil
		}
	}
	return nil, fmt.Errorf("engine %q cannot be (re)started after %d attempts: %w", e.Config.Name, attempts, err)
}

func (w *worker) play(ctx context.Context, j Job, white, black engine.Player) *game.Record {
	var op openings.Opening
	if w.cfg.Book != nil {
		op = w.cfg.Book.At(j.Round)
	} else {
		op = openings.Opening{Index: j.Round, RootFEN: openings.StartFEN, FEN: openings.StartFEN}
	}
	ws := &game.Side{Player: white, Name: w.cfg.Engines[j.White].Config.Name, Limits: w.cfg.Engines[j.White].Limits}
	bs := &game.Side{Player: black, Name: w.cfg.Engines[j.Black].Config.Name, Limits: w.cfg.Engines[j.Black].Limits}
	r := game.Play(ctx, &w.cfg.Game, ws, bs, op)
	r.Round, r.Pair, r.Index, r.Number = j.Round+1, j.Pair, j.Index, j.Number
	return r
}
