package session

import (
	"github.com/elolab/elolab/match/tournament"
	"github.com/elolab/elolab/sprt"
)

// SPRTPairCap bounds an SPRT without sprt.max_pairs: 20,000 pairs (40,000
// games) is far beyond where a [0, 5] or [0, 10] test ends.
const SPRTPairCap = 20000

// Rule is a stop rule of a session. The third one is the context given to
// Play: cancelling it (Ctrl-C) abandons the running games — neither
// stored nor counted — and leaves the run interrupted and resumable.
type Rule interface{ apply(c *tournament.Config) }

// StopOnVerdict stops a head-to-head run on the pair whose count gives
// the test a verdict. Pairs are counted in pair order, so the verdict
// falls on the same pair at any concurrency.
type StopOnVerdict struct{ Test sprt.Test }

// PairCap stops a run after its first N pair slots (0: no cap). Games
// of the schedule past the cap are not played.
type PairCap struct{ N int }

func (r StopOnVerdict) apply(c *tournament.Config) {
	t := r.Test
	c.SPRT = &t
}

func (r PairCap) apply(c *tournament.Config) {
	if r.N > 0 {
		c.MaxGames = r.N * c.GamesPerRound
	}
}
