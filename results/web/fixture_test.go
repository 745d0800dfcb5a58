package web

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/elolab/elolab/results/store"
	"github.com/elolab/elolab/sprt"
)

var ctx = context.Background()

// Hostile strings: every one must reach the browser only as JSON text.
const (
	evilScript = `<script>alert(1)</script>`
	evilImg    = `"><img src=x onerror=alert(1)>`
)

// A few real games, so that the viewer replays them: the moves, the
// result they end in and the termination the arbiter would write.
var lines = []struct {
	moves, result, termination string
	plies                      int
}{
	{"1. e4 {+0.30/5 0.010s} e5 {-0.25/5 0.011s} 2. Qh5 {+0.10/5 0.009s} Nc6 {-0.05/5 0.010s} 3. Bc4 {+0.20/5 0.012s} Nf6 {-0.40/5 0.010s} 4. Qxf7# {+M1/5 0.002s}", "1-0", "White mates", 7},
	{"1. f3 {-0.30/5 0.010s} e5 {+0.20/5 0.010s} 2. g4 {-1.00/5 0.010s} Qh4# {+M1/5 0.001s}", "0-1", "Black mates", 4},
	{"1. d4 {book} d5 {book} 2. c4 {+0.10/6 0.020s} e6 {-0.10/6 0.020s}", "1/2-1/2", "Draw by adjudication", 4},
	{"1. e4 {book} c5 {book} 2. Nf3 {+0.20/6 0.020s}", "0-1", "White loses on time (12ms overrun)", 3},
	{"1. e4 {book} e5 {book}", "1-0", "Black makes an illegal move", 2},
}

// pgnOf is a game's PGN as elolab writes it, tags from the store's game.
func pgnOf(event string, g store.Game, moves string, extra ...[2]string) string {
	var b strings.Builder
	tags := [][2]string{{"Event", event}, {"Site", "elolab"}, {"Round", fmt.Sprintf("%d.%d", g.Pair+1, g.Index+1)},
		{"White", g.White}, {"Black", g.Black}, {"Result", g.Result}, {"Termination", g.Termination}}
	for _, t := range append(tags, extra...) {
		fmt.Fprintf(&b, "[%s \"%s\"]\n", t[0], strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(t[1]))
	}
	fmt.Fprintf(&b, "\n%s %s\n", moves, g.Result)
	return b.String()
}

// flipResult is the result from the other colour's side.
func flipResult(r string) string {
	switch r {
	case "1-0":
		return "0-1"
	case "0-1":
		return "1-0"
	}
	return r
}

// playPairs records pairs between a and b with the fixed lines, in
// pair order; line i%len(lines) decides each game, so the counts are
// fixed.
func playPairs(t testing.TB, st *store.Store, run *store.Run, a, b string, from, n int, extra ...[2]string) {
	t.Helper()
	if err := recordPairs(st, run, a, b, from, n, extra...); err != nil {
		t.Fatal(err)
	}
}

// recordPairs is playPairs for any goroutine.
func recordPairs(st *store.Store, run *store.Run, a, b string, from, n int, extra ...[2]string) error {
	for p := from; p < from+n; p++ {
		pair := store.Pair{RunID: run.ID, Index: p, First: a, Second: b, OpeningIndex: p, Opening: fmt.Sprintf("book#%d", p)}
		var games []store.Game
		for idx := 0; idx < 2; idx++ {
			l := lines[(p*2+idx*3)%len(lines)]
			g := store.Game{RunID: run.ID, Pair: p, Index: idx, White: a, Black: b, Result: l.result,
				Termination: l.termination, Plies: l.plies, Opening: pair.Opening,
				Start: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC), Duration: time.Second}
			if idx == 1 {
				g.White, g.Black = b, a
			}
			g.End = g.Start.Add(g.Duration)
			if strings.HasPrefix(l.termination, "White loses on time") {
				g.WhiteFlags.TimeLoss = true
			}
			g.PGN = pgnOf(run.Name, g, l.moves, extra...)
			games = append(games, g)
		}
		if _, err := st.RecordPair(ctx, pair, games); err != nil {
			return err
		}
	}
	return nil
}

// fixture builds the test store: 1 an SPRT of two engines, 2 a round robin
// of three (one a ladder step), 3 an SPSA tune with checkpoints, 4 a match
// between engines with hostile names, options and PGN tags. It returns
// the store's path.
func fixture(t testing.TB) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "fixture.db")
	st, err := store.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	eng := func(name string, opts map[string]string) store.Engine {
		return store.Engine{Name: name, Cmd: "./bin/labrat", TimeControl: "10+0.1", Options: opts}
	}
	sprtRun, err := st.CreateRun(ctx, store.NewRun{Name: "futility-ab", Kind: "sprt", Config: "name: futility-ab\nkind: sprt\n",
		Seed: 42, Book: "books/8moves_v3.pgn", Engines: []store.Engine{eng("futility-on", map[string]string{"Hash": "16"}),
			eng("futility-off", map[string]string{"Hash": "16"})},
		SPRT: &store.SPRTConfig{Model: sprt.Logistic, Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}})
	if err != nil {
		t.Fatal(err)
	}
	playPairs(t, st, sprtRun, "futility-on", "futility-off", 0, 6)

	rr, err := st.CreateRun(ctx, store.NewRun{Name: "three", Kind: "roundrobin", Config: "name: three\n", PlannedPairs: 6,
		Engines: []store.Engine{eng("alpha", nil), eng("beta", nil),
			{Name: "gamma", Ladder: &store.LadderStep{Features: []string{"null move"}, Category: "search", WAC: 250}}}})
	if err != nil {
		t.Fatal(err)
	}
	playPairs(t, st, rr, "alpha", "beta", 0, 2)
	playPairs(t, st, rr, "beta", "gamma", 2, 2)
	playPairs(t, st, rr, "gamma", "alpha", 4, 2)

	tune, err := st.CreateRun(ctx, store.NewRun{Name: "spsa-knight", Kind: "spsa", Config: "name: spsa-knight\nkind: spsa\n",
		PlannedPairs: 6, Engines: []store.Engine{eng("labrat", nil)}})
	if err != nil {
		t.Fatal(err)
	}
	for batch := 0; batch < 2; batch++ {
		type row struct {
			K     int       `json:"k"`
			Theta []float64 `json:"theta"`
		}
		var rows []row
		for k := batch*3 + 1; k <= batch*3+3; k++ {
			rows = append(rows, row{K: k, Theta: []float64{180 + 5*float64(k), 0.5 - 0.01*float64(k)}})
		}
		last := rows[len(rows)-1]
		state, _ := json.Marshal(map[string]any{"state": map[string]any{"iteration": last.K, "theta": last.Theta,
			"pairs": last.K, "wins": last.K, "draws": 1, "losses": 1}, "rows": rows})
		if err := st.SaveCheckpoint(ctx, store.Checkpoint{RunID: tune.ID, Kind: "spsa", Iteration: last.K, State: state,
			Created: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)}); err != nil {
			t.Fatal(err)
		}
	}

	evil, err := st.CreateRun(ctx, store.NewRun{Name: "evil " + evilScript, Kind: "match", Config: "name: " + evilImg + "\n",
		Engines: []store.Engine{eng(evilScript, map[string]string{"Style": evilImg}), eng(evilImg, map[string]string{evilScript: "1"})}})
	if err != nil {
		t.Fatal(err)
	}
	playPairs(t, st, evil, evilScript, evilImg, 0, 1, [2]string{"Annotator", evilScript}, [2]string{"Opening", evilImg})
	return path
}

// tuning is a TuningSource for the fixture's SPSA run.
type tuning struct{}

func (tuning) SPSA(ctx context.Context, run *store.Run) (*SPSASpec, error) {
	return &SPSASpec{
		Params: []SPSAParam{
			{Name: "eval.material.knight.mg", Start: 180, Min: 150, Max: 700, CStart: 60, CEnd: 30, RStart: 0.01, REnd: 0.005},
			{Name: "search.lmr.base", Start: 0.5, Min: 0, Max: 2, CStart: 0.1, CEnd: 0.05, RStart: 0.002, REnd: 0.002},
		},
		YAML: func(v []float64) (string, error) {
			return fmt.Sprintf("eval.material.knight.mg: %.0f\nsearch.lmr.base: %.2f\n", v[0], v[1]), nil
		},
	}, nil
}

// liveGames and liveWorkers are fixed live sources.
type liveGames []LiveGame

func (l liveGames) LiveGames() []LiveGame { return l }

type liveWorkers []Worker

func (l liveWorkers) LiveWorkers() []Worker { return l }

var (
	fixedLive = liveGames{{Key: "3/1", White: "futility-on", Black: evilScript, FEN: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
		Last: "e2e4", Plies: 1}}
	fixedWorkers = liveWorkers{{Name: "w1", Host: "box", Cores: 8, Concurrency: 7, Version: "v1", Run: "futility-ab", Job: "3",
		Games: 12, GamesPerMin: 6.5, Seen: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)}}
)
