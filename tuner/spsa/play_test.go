package spsa

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/elolab/elolab/match/enginetest"
	"github.com/elolab/elolab/match/game"
	"github.com/elolab/elolab/match/player"
	"github.com/elolab/elolab/match/tc"
)

type syncBuf struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuf) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

// TestRunnerPlaysPairs: the runner plays each iteration as a game pair of
// the pair pool, θ+ White first, each side's values set before each game
// on its own engine, and scores θ+. The test engine plays e2e4 every
// move, so White wins every game (Black's e2e4 is illegal): each pair is
// a win and a loss for θ+.
func TestRunnerPlaysPairs(t *testing.T) {
	tu, err := New(Config{Iterations: 5, Seed: 9, Params: []Param{
		{Name: "Skill Level", Start: 10, Min: 0, Max: 20, CEnd: 2, REnd: 0.002, Int: true}}})
	if err != nil {
		t.Fatal(err)
	}
	trace := &syncBuf{}
	var batches []Batch
	r := &Runner{Tuner: tu, Concurrency: 2, Batch: 3,
		Match: Match{
			Engine: player.Config{Cmd: testEngine, Args: enginetest.Args("instant"), Trace: trace,
				StartTimeout: 3 * time.Second, ReadyTimeout: time.Second, QuitTimeout: 200 * time.Millisecond},
			Limits: tc.Limits{Nodes: 100},
			Game:   game.Config{StallTimeout: time.Second},
			Options: func(v []float64) []player.OptionValue {
				return []player.OptionValue{{Name: "Skill Level", Value: fmt.Sprint(v[0])}}
			},
		},
	}
	// The event stream: each batch's updates in order, then the batch.
	var stream []string
	r.Subscribe(func(e Event) error {
		switch e := e.(type) {
		case Updated:
			stream = append(stream, fmt.Sprint("u", e.K))
		case BatchDone:
			stream = append(stream, fmt.Sprint("b", e.State.Iteration))
			batches = append(batches, e.Batch)
		}
		return nil
	})
	if err := r.Run(t.Context()); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(stream, " "); got != "u1 u2 u3 b3 u4 u5 b5" {
		t.Errorf("events %q, want u1 u2 u3 b3 u4 u5 b5", got)
	}
	if len(batches) != 2 || len(batches[0].Iterations) != 3 || len(batches[1].Iterations) != 2 {
		t.Fatalf("batches %+v", batches)
	}
	sets := map[string]int{}
	for l := range strings.Lines(trace.b.String()) {
		if _, opt, ok := strings.Cut(strings.TrimSpace(l), "> setoption name Skill Level value "); ok {
			sets[strings.Fields(l)[0]+" "+opt]++
		}
	}
	for _, b := range batches {
		for _, d := range b.Iterations {
			if d.Outcome != (Outcome{Wins: 1, Losses: 1}) {
				t.Errorf("iteration %d: outcome %+v, want one win, one loss", d.K, d.Outcome)
			}
			// Both games of the pair set each side's value on its engine.
			for side, v := range map[string]float64{"plus": d.Plus[0], "minus": d.Minus[0]} {
				if sets[fmt.Sprint(side, " ", v)] < 2 {
					t.Errorf("iteration %d: %s's value %v set %d times, want at least 2", d.K, side, v, sets[fmt.Sprint(side, " ", v)])
				}
			}
		}
	}
	if st := tu.State(); st.Pairs != 5 || st.Wins != 5 || st.Losses != 5 || st.Theta[0] != 10 {
		t.Errorf("state %+v: want 5 pairs, +5 -5, θ unchanged", st)
	}
}

// TestRunnerRestartPolicy: SPSA restarts a crashed engine as a match does
// (work.DefaultRestartAttempts tries), not once. The engine crashes at
// its first search and its third start fails: θ+ crashes in game 1, its
// restart fails once, succeeds on the second try, and the pair is played.
// It used to fail the run ("engine plus cannot be restarted").
func TestRunnerRestartPolicy(t *testing.T) {
	tu, err := New(Config{Iterations: 1, Seed: 1, Params: []Param{
		{Name: "Skill Level", Start: 10, Min: 0, Max: 20, CEnd: 2, REnd: 0.002, Int: true}}})
	if err != nil {
		t.Fatal(err)
	}
	starts := t.TempDir() + "/starts"
	script := `echo x >> "$STARTS"; [ "$(wc -l < "$STARTS")" -eq 3 ] && exit 1; exec "$BIN" -mode crash -at 1`
	r := &Runner{Tuner: tu, Concurrency: 1,
		Match: Match{
			Engine: player.Config{Cmd: "/bin/sh", Args: []string{"-c", script}, Env: []string{"STARTS=" + starts, "BIN=" + testEngine},
				StartTimeout: 3 * time.Second, ReadyTimeout: time.Second, QuitTimeout: 200 * time.Millisecond},
			Limits: tc.Limits{Nodes: 100},
			Game:   game.Config{StallTimeout: time.Second},
			Options: func(v []float64) []player.OptionValue {
				return []player.OptionValue{{Name: "Skill Level", Value: fmt.Sprint(v[0])}}
			},
		},
	}
	if err := r.Run(t.Context()); err != nil {
		t.Fatal(err)
	}
	// Each side crashes as White: θ+ loses game 1 and wins game 2.
	if st := tu.State(); st.Pairs != 1 || st.Wins != 1 || st.Losses != 1 {
		t.Errorf("state %+v: want one pair, +1 -1", st)
	}
}

// TestRunnerSubscriberStops: a subscriber's error (a checkpoint that
// cannot be stored) stops the run after that batch, and the subscribers
// after it never hear of the batch.
func TestRunnerSubscriberStops(t *testing.T) {
	tu, err := New(Config{Iterations: 6, Seed: 3, Params: []Param{
		{Name: "Skill Level", Start: 10, Min: 0, Max: 20, CEnd: 2, REnd: 0.002, Int: true}}})
	if err != nil {
		t.Fatal(err)
	}
	r := &Runner{Tuner: tu, Concurrency: 1, Batch: 2,
		Match: Match{
			Engine: player.Config{Cmd: testEngine, Args: enginetest.Args("instant"),
				StartTimeout: 3 * time.Second, ReadyTimeout: time.Second, QuitTimeout: 200 * time.Millisecond},
			Limits: tc.Limits{Nodes: 100},
			Game:   game.Config{StallTimeout: time.Second},
			Options: func(v []float64) []player.OptionValue {
				return []player.OptionValue{{Name: "Skill Level", Value: fmt.Sprint(v[0])}}
			},
		},
	}
	full := errors.New("disk full")
	r.Subscribe(func(e Event) error {
		if _, ok := e.(BatchDone); ok {
			return full
		}
		return nil
	})
	later := 0
	r.Subscribe(func(e Event) error {
		if _, ok := e.(BatchDone); ok {
			later++
		}
		return nil
	})
	if err := r.Run(t.Context()); !errors.Is(err, full) {
		t.Fatalf("Run: %v, want %v", err, full)
	}
	if tu.Iteration() != 2 || later != 0 {
		t.Errorf("iteration %d, later subscriber saw %d batches: want 2 and 0", tu.Iteration(), later)
	}
}
