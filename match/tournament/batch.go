package tournament

import (
	"github.com/elolab/elolab/engine/board"
	"github.com/elolab/elolab/match/player"
	"github.com/elolab/elolab/match/work"
	"github.com/elolab/elolab/openings"
)

// batch describes the jobs to play (whole pair slots, in schedule order)
// as one batch of the pair pool: one pair per slot, with its round's
// opening.
func (c *Config) batch(jobs []Job) work.Batch {
	b := work.Batch{Game: c.Game}
	for _, e := range c.Engines {
		b.Engines = append(b.Engines, work.EngineOf(e.Config, e.Limits))
	}
	for _, j := range jobs {
		if n := len(b.Pairs); n == 0 || b.Pairs[n-1].Slot != j.Pair {
			b.Pairs = append(b.Pairs, work.Pair{Slot: j.Pair, Round: j.Round, Opening: c.opening(j.Round)})
		}
		p := &b.Pairs[len(b.Pairs)-1]
		p.Games = append(p.Games, work.Game{Number: j.Number, White: j.White, Black: j.Black})
	}
	return b
}

// opening is the opening of round r.
func (c *Config) opening(r int) openings.Opening {
	if c.Book != nil {
		return c.Book.At(r)
	}
	return openings.Opening{Index: r, RootFEN: board.StartFEN, FEN: board.StartFEN}
}

// pool is the pair pool that plays the run on conc slots. A batch carries
// no trace writer (it does not travel): the pool gets each engine's here.
func (c *Config) pool(conc int) *work.Local {
	trace := map[string]*player.Config{}
	for i := range c.Engines {
		trace[c.Engines[i].Config.Name] = &c.Engines[i].Config
	}
	return &work.Local{
		Concurrency: conc, CPUs: c.CPUs, RestartAttempts: c.RestartAttempts,
		Configure: func(ec *player.Config) {
			if o := trace[ec.Name]; o != nil {
				ec.Trace = o.Trace
			}
		},
	}
}
