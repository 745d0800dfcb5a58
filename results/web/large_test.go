package web

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/elolab/elolab/results/store"
	"github.com/elolab/elolab/sprt"
)

// TestDownsample: at most limit points, the ends and each bucket's
// extremes kept, in order.
func TestDownsample(t *testing.T) {
	n := 10_000
	ys := make([]float64, n)
	for i := range ys {
		ys[i] = float64(i % 97)
	}
	ys[4321], ys[8765] = 1000, -1000
	idx := downsample(n, 100, 1, func(i int) []float64 { return ys[i : i+1] })
	if len(idx) > 100 || idx[0] != 0 || idx[len(idx)-1] != n-1 {
		t.Fatalf("%d points from %d to %d", len(idx), idx[0], idx[len(idx)-1])
	}
	has := map[int]bool{}
	for i, v := range idx {
		if i > 0 && v <= idx[i-1] {
			t.Fatalf("indexes not increasing: %v", idx)
		}
		has[v] = true
	}
	if !has[4321] || !has[8765] {
		t.Error("a spike was dropped")
	}
	if got := downsample(5, 100, 1, func(i int) []float64 { return ys[i : i+1] }); len(got) != 5 {
		t.Errorf("a short series was cut: %v", got)
	}
	// More columns than the limit allows: ends of buckets only.
	if got := downsample(1000, 10, 8, func(i int) []float64 { return make([]float64, 8) }); len(got) > 10 {
		t.Errorf("%d points for a limit of 10", len(got))
	}
}

// TestLargeRunOpensFast measures the page's requests on a run of 20,000
// pairs (set ELOLAB_WEB_BIG=1; building the store takes a few seconds).
// The issue asks for a run page that opens in under 1 s.
func TestLargeRunOpensFast(t *testing.T) {
	if os.Getenv("ELOLAB_WEB_BIG") == "" {
		t.Skip("set ELOLAB_WEB_BIG=1 to build a 20,000-pair store and time the page's requests")
	}
	const pairs = 20_000
	// ELOLAB_WEB_BIG=FILE.db keeps the store between runs.
	path := os.Getenv("ELOLAB_WEB_BIG")
	if !strings.HasSuffix(path, ".db") {
		path = filepath.Join(t.TempDir(), "big.db")
	}
	if _, err := os.Stat(path); err != nil {
		buildLarge(t, path, pairs)
	}
	s, ts := serve(t, Config{DB: path})
	for _, p := range []string{"/api/runs", "/api/runs/1", "/api/runs/1/llr", "/api/runs/1/elo", "/api/runs/1/games?limit=100",
		"/api/runs/1/games?offset=39900&limit=100", "/api/runs/1/games/12345/1", "/svg/runs/1/llr.svg"} {
		start := time.Now()
		resp, body := get(t, ts, "GET", p)
		d := time.Since(start)
		if resp.StatusCode != 200 {
			t.Fatalf("GET %s: %d %s", p, resp.StatusCode, body)
		}
		t.Logf("GET %-42s %8v %8d bytes", p, d.Round(time.Millisecond), len(body))
	}
	// What the page does when it opens a run: four requests at once,
	// with the watcher running (so they share one read of the games).
	wctx, stop := context.WithCancel(ctx)
	defer stop()
	go s.Watch(wctx)
	for !s.gamesCache.watching.Load() {
		time.Sleep(time.Millisecond)
	}
	for round := 0; round < 2; round++ {
		s.gamesCache.gen.Add(1) // as after a change of the store: nothing cached
		start := time.Now()
		var wg sync.WaitGroup
		for _, p := range []string{"/api/runs/1", "/api/runs/1/llr", "/api/runs/1/elo", "/api/runs/1/games?limit=100"} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if resp, body := get(t, ts, "GET", p); resp.StatusCode != 200 {
					t.Errorf("GET %s: %d %s", p, resp.StatusCode, body)
				}
			}()
		}
		wg.Wait()
		d := time.Since(start)
		t.Logf("the run page's four requests at once: %v", d.Round(time.Millisecond))
		if d > time.Second {
			t.Errorf("the run page took %v to load, over 1 s", d)
		}
	}
}

// buildLarge writes a store with one SPRT run of n pairs with realistic
// PGN (120 plies with elolab's comments), quickly: relaxed durability,
// one transaction per pair.
func buildLarge(t *testing.T, path string, pairs int) {
	st, err := store.OpenWith(ctx, path, store.Options{Relaxed: true})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	begin := time.Now()
	run, err := st.CreateRun(ctx, store.NewRun{Name: "big", Kind: "sprt", Config: "name: big\n",
		Engines: []store.Engine{{Name: "new"}, {Name: "old"}},
		SPRT:    &store.SPRTConfig{Model: sprt.Normalized, Elo0: 0, Elo1: 2, Alpha: 0.05, Beta: 0.05}})
	if err != nil {
		t.Fatal(err)
	}
	// A realistic game record: 120 plies with elolab's comments.
	var moves strings.Builder
	for i := 0; i < 30; i++ {
		fmt.Fprintf(&moves, "%d. Nf3 {+0.%02d/12 0.101s} Nf6 {-0.%02d/12 0.099s} %d... ", 2*i+1, i, i, 2*i+1)
		fmt.Fprintf(&moves, "%d. Ng1 {+0.%02d/12 0.101s} Ng8 {-0.%02d/12 0.099s} ", 2*i+2, i, i)
	}
	for p := 0; p < pairs; p++ {
		pair := store.Pair{RunID: run.ID, Index: p, First: "new", Second: "old", OpeningIndex: p}
		var games []store.Game
		for idx := 0; idx < 2; idx++ {
			l := lines[(p*7+idx*3)%3]
			g := store.Game{RunID: run.ID, Pair: p, Index: idx, White: "new", Black: "old", Result: l.result,
				Termination: l.termination, Plies: 120}
			if idx == 1 {
				g.White, g.Black = "old", "new"
			}
			g.PGN = pgnOf("big", g, moves.String())
			games = append(games, g)
		}
		if _, err := st.RecordPair(ctx, pair, games); err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("built %d pairs in %v", pairs, time.Since(begin).Round(time.Millisecond))
}
