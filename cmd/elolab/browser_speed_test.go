package main

// The live page under load in a real browser (issue #17): a run finishing
// 50 pairs a second, and a run of 20,000 pairs. The tests check what the
// page shows; how fast it shows it is measured by the benchmarks
// (BenchmarkPageKeepsUp, BenchmarkLargeRunPage), whose figures are in the
// README, never asserted. The browser and the serving process are
// browser_test.go's.

import (
	"context"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/elolab/elolab/results/store"
	"github.com/elolab/elolab/sprt"
)

// syntheticMoves is a 120-ply game with elolab's move comments, so that
// a synthetic store is the size of a real one.
var syntheticMoves = func() string {
	var b strings.Builder
	for i := 0; i < 30; i++ {
		fmt.Fprintf(&b, "%d. Nf3 {+0.%02d/12 0.101s} Nf6 {-0.%02d/12 0.099s} ", 2*i+1, i, i)
		fmt.Fprintf(&b, "%d. Ng1 {+0.%02d/12 0.101s} Ng8 {-0.%02d/12 0.099s} ", 2*i+2, i, i)
	}
	return b.String()
}()

// syntheticSPRT creates an SPRT run of planned pairs between "new" and
// "old"; its record func stores pair p with results drawn from rng (a
// little in favour of "new").
func syntheticSPRT(t testing.TB, st *store.Store, planned int, rng *rand.Rand) (record func(p int)) {
	t.Helper()
	ctx := context.Background()
	run, err := st.CreateRun(ctx, store.NewRun{Name: "fast", Kind: "sprt", Config: "name: fast\nkind: sprt\n", PlannedPairs: planned,
		Engines: []store.Engine{{Name: "new"}, {Name: "old"}},
		SPRT:    &store.SPRTConfig{Model: sprt.Logistic, Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}})
	if err != nil {
		t.Fatal(err)
	}
	return func(p int) {
		pair := store.Pair{RunID: run.ID, Index: p, First: "new", Second: "old", OpeningIndex: p}
		games := make([]store.Game, 2)
		for i := range games {
			g := store.Game{RunID: run.ID, Pair: p, Index: i, White: "new", Black: "old", Plies: 120}
			if i == 1 {
				g.White, g.Black = "old", "new"
			}
			// "new" scores 1, ½, 0 with probabilities .36, .33, .31.
			win, loss := "1-0", "0-1"
			if i == 1 {
				win, loss = loss, win
			}
			switch x := rng.Float64(); {
			case x < 0.36:
				g.Result, g.Termination = win, "adjudication"
			case x < 0.69:
				g.Result, g.Termination = "1/2-1/2", "adjudication"
			default:
				g.Result, g.Termination = loss, "adjudication"
			}
			g.PGN = fmt.Sprintf("[Event \"fast\"]\n[White \"%s\"]\n[Black \"%s\"]\n[Result \"%s\"]\n\n%s%s\n", g.White, g.Black, g.Result, syntheticMoves, g.Result)
			games[i] = g
		}
		if _, err := st.RecordPair(ctx, pair, games); err != nil {
			t.Fatal(err)
		}
	}
}

// keepUp is what one 20-second run of pageKeepsUp saw.
type keepUp struct {
	total              int             // pairs written
	wrote              time.Duration   // how long writing them took
	live               bool            // the page showed some, not all, while they were written
	lags, plotLags     []time.Duration // how far behind the page and its LLR plot were, per sample
	catchUp            time.Duration   // from the last pair written to the page showing it
	pageBlock, storeTx string          // the page's result block, elolab report's text
}

// pageKeepsUp writes a run finishing 50 pairs a second through the store
// API while elolab serve serves the store (another process, so the page
// learns of the pairs from the file, as in production) and chromium shows
// the run page. Every 0.73 s it compares the pairs the page shows with the
// pairs stored; the lag is how long ago the store first held a pair the
// page does not show yet. The samples are out of step with the server's
// batches of 250 ms and the writer's seconds, so that they fall at every
// phase.
func pageKeepsUp(tb testing.TB) keepUp {
	const rate, seconds = 50, 20
	b := newBrowser(tb) // first: it skips without chromium
	elolab, _ := buildBins(tb)
	db := filepath.Join(tb.TempDir(), "fast.db")
	st, err := store.Open(db)
	if err != nil {
		tb.Fatal(err)
	}
	defer st.Close()
	record := syntheticSPRT(tb, st, rate*seconds, rand.New(rand.NewPCG(1, 2)))
	srv := startServing(tb, elolab, "serve", "--db", db, "--http", "127.0.0.1:0")
	b.open(srv.url + "#/run/1")
	wait[bool](b, "the empty run page", `/0 of \d+ pairs/.test(`+jsRunHead+`)`, 10*time.Second)

	// The writer: pair p is due at p/rate seconds; written[p] is when it
	// was committed.
	var mu sync.Mutex
	var written []time.Time
	start := time.Now()
	done := make(chan struct{})
	go func() {
		defer close(done)
		for p := 0; p < rate*seconds; p++ {
			if d := time.Until(start.Add(time.Duration(p) * time.Second / rate)); d > 0 {
				time.Sleep(d)
			}
			record(p)
			mu.Lock()
			written = append(written, time.Now())
			mu.Unlock()
		}
	}()
	lagAt := func(shown int, now time.Time) (stored int, lag time.Duration) {
		mu.Lock()
		defer mu.Unlock()
		if shown < len(written) {
			lag = now.Sub(written[shown])
		}
		return len(written), lag
	}
	k := keepUp{total: rate * seconds}
	tick := time.NewTicker(730 * time.Millisecond)
	defer tick.Stop()
	for running := true; running; {
		select {
		case <-done:
			running = false
		case <-tick.C:
		}
		_, shown := pageCounts(b)
		plot := eval[int](b, jsLLRPairs)
		now := time.Now()
		stored, lag := lagAt(shown, now)
		_, plotLag := lagAt(plot, now)
		k.live = k.live || (running && shown > 0 && shown < k.total)
		k.lags, k.plotLags = append(k.lags, lag), append(k.plotLags, plotLag)
		tb.Logf("t=%4.1fs stored %4d pairs, page %4d (%5.2fs behind), LLR plot %4d (%5.2fs behind)",
			time.Since(start).Seconds(), stored, shown, lag.Seconds(), plot, plotLag.Seconds())
	}
	k.wrote = time.Since(start)
	// After the last pair: the page shows them all (30 s: a hang guard,
	// not a speed target).
	wait[bool](b, "the page to show every pair", `new RegExp('\\b`+strconv.Itoa(k.total)+` of').test(`+jsRunHead+`) && `+jsLLRPairs+` >= `+strconv.Itoa(k.total), 30*time.Second)
	k.catchUp = time.Since(start) - k.wrote
	games, text := storeState(tb, db, 1)
	wait[bool](b, "the final block", `/Games: `+strconv.Itoa(games)+`,/.test(`+jsBlock+`)`, 30*time.Second)
	k.pageBlock, k.storeTx = eval[string](b, jsBlock), text
	return k
}

// meanWorst returns the mean and the largest of ds.
func meanWorst(ds []time.Duration) (mean, worst time.Duration) {
	for _, d := range ds {
		mean += d
		worst = max(worst, d)
	}
	return mean / time.Duration(max(len(ds), 1)), worst
}

// TestPageKeepsUp: the page follows a run finishing 50 pairs a second
// while it is written (not only once it ends), then shows every pair, and
// its result block is elolab report's.
func TestPageKeepsUp(t *testing.T) {
	if testing.Short() {
		t.Skip("20 s of writing in a real browser")
	}
	k := pageKeepsUp(t)
	if !k.live {
		t.Errorf("while %d pairs were written over %.1fs the page never showed some of them: it does not follow a live run", k.total, k.wrote.Seconds())
	}
	if !strings.Contains(k.storeTx, k.pageBlock) {
		t.Errorf("the page's result block is not the store's:\npage:\n%s\nelolab report:\n%s", k.pageBlock, k.storeTx)
	}
}

// BenchmarkPageKeepsUp measures how far the page falls behind a run
// finishing 50 pairs a second (20 s per op): the mean and the worst lag of
// the result block and of the LLR plot, and how long after the last pair
// the page shows it. README figures:
//
//	go test ./cmd/elolab -run '^$' -bench 'PageKeepsUp|LargeRunPage' -count 3
func BenchmarkPageKeepsUp(b *testing.B) {
	var mean, worst, plotWorst, catchUp float64
	for range b.N {
		k := pageKeepsUp(b)
		m, w := meanWorst(k.lags)
		_, pw := meanWorst(k.plotLags)
		mean, worst = mean+m.Seconds(), worst+w.Seconds()
		plotWorst, catchUp = plotWorst+pw.Seconds(), catchUp+k.catchUp.Seconds()
	}
	n := float64(b.N)
	b.ReportMetric(mean/n, "s-behind-mean")
	b.ReportMetric(worst/n, "s-behind-worst")
	b.ReportMetric(plotWorst/n, "s-plot-behind-worst")
	b.ReportMetric(catchUp/n, "s-catch-up")
}

// largeRunPairs is the size of the large run: 40,000 games, a long SPRT.
const largeRunPairs = 20_000

// serveLargeRun writes a store of a largeRunPairs-pair SPRT run, serves it
// with elolab serve and returns a browser, the page's address and the
// store's path.
func serveLargeRun(tb testing.TB) (b *browser, url, db string) {
	b = newBrowser(tb) // first: it skips without chromium
	elolab, _ := buildBins(tb)
	db = filepath.Join(tb.TempDir(), "big.db")
	st, err := store.OpenWith(context.Background(), db, store.Options{Relaxed: true})
	if err != nil {
		tb.Fatal(err)
	}
	begin := time.Now()
	record := syntheticSPRT(tb, st, largeRunPairs, rand.New(rand.NewPCG(3, 4)))
	for p := range largeRunPairs {
		record(p)
	}
	if err := st.Close(); err != nil {
		tb.Fatal(err)
	}
	tb.Logf("built %d pairs in %v", largeRunPairs, time.Since(begin).Round(time.Millisecond))
	return b, startServing(tb, elolab, "serve", "--db", db, "--http", "127.0.0.1:0").url, db
}

// openLargeRun navigates to the large run's page (a new query string
// each time: a full navigation) and returns when, counted from the start
// of the navigation, the result block and the LLR plot of every pair were
// on screen. 30 s is a hang guard, not a speed target.
func openLargeRun(b *browser, url string, i int) (block, plot time.Duration) {
	b.t.Helper()
	b.open(fmt.Sprintf("%s?open=%d#/run/1", url, i))
	at := func(what, cond string) time.Duration {
		ctx, cancel := context.WithTimeout(b.ctx, 35*time.Second)
		defer cancel()
		v, err := chromedp.Run(ctx, chromedp.Poll[float64](`(`+cond+`) ? performance.now() : 0`, chromedp.WithPollingTimeout(30*time.Second)))
		if err != nil {
			b.t.Fatalf("waiting for %s: %v (page: %.400q)", what, err, b.text())
		}
		return time.Duration(v * float64(time.Millisecond))
	}
	block = at("the result block", `/Games: `+strconv.Itoa(2*largeRunPairs)+`,/.test(`+jsBlock+`)`)
	plot = at("the LLR plot", jsLLRPairs+` >= `+strconv.Itoa(largeRunPairs))
	return block, plot
}

// TestLargeRunPageInBrowser: the run page of a 20,000-pair store shows
// its result block, equal to elolab report's, and an LLR plot of every
// pair.
func TestLargeRunPageInBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a 20,000-pair store")
	}
	b, url, db := serveLargeRun(t)
	block, plot := openLargeRun(b, url, 0)
	t.Logf("result block after %v, LLR plot after %v (from the start of the navigation)", block.Round(time.Millisecond), plot.Round(time.Millisecond))
	_, text := storeState(t, db, 1)
	if page := eval[string](b, jsBlock); !strings.Contains(text, page) {
		t.Errorf("the page's result block is not the store's:\npage:\n%s\nelolab report:\n%s", page, text)
	}
}

// BenchmarkLargeRunPage measures opening the run page of a 20,000-pair
// store: milliseconds from the start of a navigation to the result block
// and to the full LLR plot. The store is built once; the first op also
// pays for a cold browser and server.
func BenchmarkLargeRunPage(b *testing.B) {
	br, url, _ := serveLargeRun(b)
	b.ResetTimer()
	var block, plot time.Duration
	for i := range b.N {
		bl, pl := openLargeRun(br, url, i)
		block, plot = block+bl, plot+pl
	}
	b.ReportMetric(float64(block.Milliseconds())/float64(b.N), "ms-block")
	b.ReportMetric(float64(plot.Milliseconds())/float64(b.N), "ms-plot")
}
