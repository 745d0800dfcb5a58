package work

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/elolab/elolab/engine/board"
	"github.com/elolab/elolab/match/enginetest"
	"github.com/elolab/elolab/match/game"
	"github.com/elolab/elolab/match/player"
	"github.com/elolab/elolab/match/tc"
	"github.com/elolab/elolab/openings"
)

func testEng(name, mode string, extra ...string) Engine {
	return Engine{Name: name, Cmd: testEngine, Args: enginetest.Args(mode, extra...),
		Timeouts: Timeouts{Start: 3 * time.Second, Ready: 500 * time.Millisecond, Stop: 200 * time.Millisecond,
			Grace: 200 * time.Millisecond, Quit: 200 * time.Millisecond},
		Limits: tc.Limits{Nodes: 100}}
}

// pairs returns n pairs of two games between engines 0 and 1, numbered
// from slot first.
func pairs(first, n int) []Pair {
	var out []Pair
	for k := first; k < first+n; k++ {
		out = append(out, Pair{Slot: k, Round: k,
			Opening: openings.Opening{Index: k, RootFEN: board.StartFEN, FEN: board.StartFEN},
			Games:   []Game{{Number: 2*k + 1, White: 0, Black: 1}, {Number: 2*k + 2, White: 1, Black: 0}}})
	}
	return out
}

// syncBuf is a trace writer shared by the slots' engines.
type syncBuf struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuf) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

// lines returns the trace lines that contain sub, or end with it when
// sub ends with "$".
func (s *syncBuf) lines(sub string) []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []string
	for l := range strings.Lines(s.b.String()) {
		l = strings.TrimSpace(l)
		if end, ok := strings.CutSuffix(sub, "$"); ok && strings.HasSuffix(l, end) || !ok && strings.Contains(l, sub) {
			out = append(out, strings.TrimSpace(l))
		}
	}
	return out
}

// TestReports: every game is reported started then ended, with its place
// in the run; each pair once, after its games, with them in order; the
// engines of a slot are started once for the whole batch.
func TestReports(t *testing.T) {
	trace := &syncBuf{}
	l := &Local{Concurrency: 2, Configure: func(c *player.Config) { c.Trace = trace }}
	defer l.Close()
	b := Batch{Engines: []Engine{testEng("a", "instant"), testEng("b", "instant")}, Pairs: pairs(3, 4)}
	started := map[[2]int]bool{}
	ended := map[[2]int]bool{}
	var got []PairResult
	err := l.Play(t.Context(), b, Report{
		Started: func(p, g int) { started[[2]int{p, g}] = true },
		Game: func(p, g int, r *GameResult) {
			if !started[[2]int{p, g}] || ended[[2]int{p, g}] {
				t.Errorf("pair %d game %d: ended before it started, or twice", p, g)
			}
			ended[[2]int{p, g}] = true
			want := b.Pairs[p].Games[g]
			if r.Number != want.Number || r.Pair != b.Pairs[p].Slot || r.Index != g || r.Round != b.Pairs[p].Round+1 {
				t.Errorf("pair %d game %d: record number %d pair %d index %d round %d", p, g, r.Number, r.Pair, r.Index, r.Round)
			}
		},
		Pair: func(r PairResult) {
			for g := range b.Pairs[r.Pair].Games {
				if !ended[[2]int{r.Pair, g}] {
					t.Errorf("pair %d reported before its game %d", r.Pair, g)
				}
			}
			got = append(got, r)
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(b.Pairs) || len(ended) != b.Games() {
		t.Fatalf("%d pairs, %d games reported; want %d, %d", len(got), len(ended), len(b.Pairs), b.Games())
	}
	for _, r := range got {
		if r.Slot != b.Pairs[r.Pair].Slot || !r.Finished() {
			t.Errorf("pair %d: slot %d, finished %v", r.Pair, r.Slot, r.Finished())
		}
		// Engine a (White in game 0) plays e2e4; b answers e2e4 too: illegal.
		if w, b := r.Games[0].White, r.Games[1].White; w != "a" || b != "b" || r.Games[0].Result != game.WhiteWins {
			t.Errorf("pair %d: whites %s, %s; result %v", r.Pair, w, b, r.Games[0].Result)
		}
	}
	// Two slots, two engines: four processes for eight games.
	if n := len(trace.lines("> uci$")); n != 4 {
		t.Errorf("engines started %d times, want 4", n)
	}
}

// TestPerPairOptions: a pair's option values are set before each of its
// games on the engine they belong to; a later batch without values gets
// fresh processes, not ones that keep the old values.
func TestPerPairOptions(t *testing.T) {
	trace := &syncBuf{}
	l := &Local{Concurrency: 1, Configure: func(c *player.Config) { c.Trace = trace }}
	defer l.Close()
	b := Batch{Engines: []Engine{testEng("a", "instant"), testEng("b", "instant")}, Pairs: pairs(0, 3)}
	for k := range b.Pairs {
		b.Pairs[k].Options = [][]player.OptionValue{
			{{Name: "Skill Level", Value: fmt.Sprint(k)}},
			{{Name: "Skill Level", Value: fmt.Sprint(10 + k)}},
		}
	}
	if err := l.Play(t.Context(), b, Report{}); err != nil {
		t.Fatal(err)
	}
	var want []string
	for k := range b.Pairs {
		// Each game sets both sides' values, White's first.
		a, b := fmt.Sprintf("a > setoption name Skill Level value %d", k), fmt.Sprintf("b > setoption name Skill Level value %d", 10+k)
		want = append(want, a, b, b, a)
	}
	if got := trace.lines("> setoption"); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("setoption lines:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	starts := len(trace.lines("> uci$"))
	b2 := Batch{Engines: b.Engines, Pairs: pairs(3, 1)}
	if err := l.Play(t.Context(), b2, Report{}); err != nil {
		t.Fatal(err)
	}
	if n := len(trace.lines("> uci$")) - starts; n != 2 {
		t.Errorf("a batch without values started %d processes, want 2 fresh ones", n)
	}
	if n := len(trace.lines("> setoption")); n != len(want) {
		t.Errorf("%d setoption lines after a batch without values, want %d", n, len(want))
	}
}

// TestRestarts: an engine that crashes in every game loses it by
// disconnect and is restarted before the next one, counted by name; an
// engine that cannot start fails the batch after RestartAttempts tries.
func TestRestarts(t *testing.T) {
	l := &Local{Concurrency: 1}
	defer l.Close()
	b := Batch{Engines: []Engine{testEng("ok", "instant"), testEng("crashy", "crash", "-at", "1")}, Pairs: pairs(0, 2)}
	var recs []*game.Record
	if err := l.Play(t.Context(), b, Report{Game: func(_, _ int, r *GameResult) { recs = append(recs, r.Rec()) }}); err != nil {
		t.Fatal(err)
	}
	for _, r := range recs {
		if r.Termination != game.TermDisconnect || !(r.WhiteIncidents.Disconnect || r.BlackIncidents.Disconnect) {
			t.Errorf("game %d: %v %q", r.Number, r.Termination, r.Reason)
		}
	}
	if got := l.Restarts(); got["crashy"] != 3 || got["ok"] != 0 {
		t.Errorf("restarts %v, want crashy 3 (before games 2-4), ok 0", got)
	}

	bad := testEng("missing", "ok")
	bad.Cmd = "/nonexistent/engine"
	l2 := &Local{Concurrency: 1, RestartAttempts: 2}
	defer l2.Close()
	err := l2.Play(t.Context(), Batch{Engines: []Engine{testEng("ok", "instant"), bad}, Pairs: pairs(0, 1)}, Report{})
	if err == nil || !strings.Contains(err.Error(), `engine "missing" cannot be (re)started after 2 attempts`) {
		t.Fatalf("err %v", err)
	}
}

// TestCancelAbandons: a cancelled batch stops its running games at once;
// they end unfinished and their pairs are not reported.
func TestCancelAbandons(t *testing.T) {
	l := &Local{Concurrency: 2}
	defer l.Close()
	b := Batch{Engines: []Engine{testEng("a", "hang"), testEng("b", "hang")}, Pairs: pairs(0, 3),
		Game: game.Config{StallTimeout: time.Minute}}
	ctx, cancel := context.WithCancel(t.Context())
	n := 0
	start := time.Now()
	err := l.Play(ctx, b, Report{
		Started: func(int, int) {
			if n++; n == 2 {
				time.AfterFunc(100*time.Millisecond, cancel)
			}
		},
		Game: func(p, g int, r *GameResult) {
			if r.Rec().Finished() {
				t.Errorf("pair %d game %d finished after a cancellation", p, g)
			}
		},
		Pair: func(r PairResult) { t.Errorf("pair %d reported complete", r.Pair) },
	})
	if err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d > 30*time.Second {
		t.Fatalf("cancelled batch returned after %v: the stall deadline, not the cancellation", d)
	}
}

func TestValidate(t *testing.T) {
	ok := func() Batch {
		return Batch{Engines: []Engine{testEng("a", "ok"), testEng("b", "ok")}, Pairs: pairs(0, 2)}
	}
	for _, c := range []struct {
		want string
		edit func(b *Batch)
	}{
		{"", func(*Batch) {}},
		{"no engines", func(b *Batch) { b.Engines = nil }},
		{`engine name "a" is used twice`, func(b *Batch) { b.Engines[1].Name = "a" }},
		{"engine 2 has no name", func(b *Batch) { b.Engines[1].Name = "" }},
		{`engine "b" has no command`, func(b *Batch) { b.Engines[1].Cmd = "" }},
		{`engine "b": no limit`, func(b *Batch) { b.Engines[1].Limits = tc.Limits{} }},
		{"pair 1 (slot 1) has 0 games", func(b *Batch) { b.Pairs[1].Games = nil }},
		{"game 2 plays engine 1 against 1 of 2", func(b *Batch) { b.Pairs[0].Games[1].Black = 1 }},
		{"game 1 plays engine 0 against 2 of 2", func(b *Batch) { b.Pairs[0].Games[0].Black = 2 }},
		{"pair 0 (slot 0) sets options for 1 engines", func(b *Batch) {
			b.Pairs[0].Options = [][]player.OptionValue{{{Name: "x", Value: "1"}}}
		}},
		{`pair 1 (slot 1): engine "a" gets per-pair options in some pairs only`, func(b *Batch) {
			b.Pairs[0].Options = [][]player.OptionValue{{{Name: "x", Value: "1"}}, nil}
			b.Pairs[1].Options = [][]player.OptionValue{nil, nil}
		}},
	} {
		b := ok()
		c.edit(&b)
		err := b.Validate()
		if c.want == "" && err != nil || c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)) {
			t.Errorf("want %q, got %v", c.want, err)
		}
	}
}

// TestEngineConfig: a batch engine starts the process its player.Config
// described (what travels of it).
func TestEngineConfig(t *testing.T) {
	c := player.Config{Name: "n", Cmd: "c", Args: []string{"-x"}, Dir: "d", Env: []string{"K=V"},
		Protocol: player.XBoardProtocol, Options: []player.OptionValue{{Name: "Hash", Value: "8"}}, StderrLog: "log",
		StartTimeout: 1, FeatureTimeout: 2, ReadyTimeout: 3, QuitTimeout: 4, StopTimeout: 5, TimeoutGrace: 6,
		StallTimeout: 7, MaxLineBytes: 8}
	e := EngineOf(c, tc.Limits{Depth: 3})
	if got := e.Config(); fmt.Sprintf("%+v", got) != fmt.Sprintf("%+v", c) || e.Limits.Depth != 3 {
		t.Errorf("config\n%+v\nwant\n%+v", got, c)
	}
}
