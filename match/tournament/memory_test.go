package tournament

import (
	"runtime"
	"testing"

	"github.com/elolab/elolab/match/game"
)

// TestMemoryFlat: a run holds the open pairs and the counts, not every
// game it played. 2,000 fast games (the instant engine answers e2e4, so
// Black's reply is illegal and a game is two plies) end with the heap
// within 10 % of the heap after the 200th game. It used to keep every
// record until the run ended (~13 KB a game here, more in real games).
func TestMemoryFlat(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 2,000 games")
	}
	const games, early = 2000, 200
	var heap [2]uint64
	measure := func() uint64 {
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		return ms.HeapAlloc
	}
	delivered := 0
	cfg := Config{
		Engines: []Engine{testEng("a", "instant"), testEng("b", "instant")},
		Rounds:  games / 2, GamesPerRound: 2, Concurrency: 2,
		Game:    game.Config{StallTimeout: 1e9},
		Deliver: func(*game.Record) error { delivered++; return nil },
		Finished: func(_ *game.Record, st *Standings) {
			switch st.Delivered {
			case early:
				heap[0] = measure()
			case games:
				heap[1] = measure()
			}
		},
	}
	sum, err := Run(t.Context(), cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	if delivered != games || sum.Standings.Counted != games {
		t.Fatalf("delivered %d, counted %d; want %d", delivered, sum.Standings.Counted, games)
	}
	t.Logf("heap after game %d: %d KB; after game %d: %d KB", early, heap[0]>>10, games, heap[1]>>10)
	if heap[0] == 0 || float64(heap[1]) > 1.1*float64(heap[0]) {
		t.Errorf("heap grew from %d KB after game %d to %d KB after game %d (limit +10%%)", heap[0]>>10, early, heap[1]>>10, games)
	}
}
