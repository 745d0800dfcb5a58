package player

import (
	"context"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/elolab/elolab/match/enginetest"
)

// testEngineBin builds the test engine on first use (so that fuzz
// workers, which need no engine, do not build it) and returns its path.
func testEngineBin() string {
	bin, err := enginetest.BuildShared()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	return bin
}

func TestMain(m *testing.M) {
	code := m.Run()
	enginetest.RemoveShared()
	os.Exit(code)
}

// fastConfig is a test engine configuration with short timeouts.
func fastConfig(name string, args ...string) Config {
	return Config{
		Name:           name,
		Cmd:            testEngineBin(),
		Args:           args,
		StartTimeout:   3 * time.Second,
		FeatureTimeout: 300 * time.Millisecond,
		ReadyTimeout:   2 * time.Second,
		QuitTimeout:    500 * time.Millisecond,
		StopTimeout:    200 * time.Millisecond,
		TimeoutGrace:   200 * time.Millisecond,
		StallTimeout:   2 * time.Second,
	}
}

func startT(t *testing.T, cfg Config) Player {
	t.Helper()
	p, err := Start(context.Background(), cfg)
	if err != nil {
		t.Fatalf("Start(%s): %v", cfg.Name, err)
	}
	t.Cleanup(func() { p.Close() })
	return p
}

// play plays n moves of a game from fen, alternating Go calls on p (as both
// sides), and returns the moves.
func play(t *testing.T, p Player, fen string, n int, lim Limits) []string {
	t.Helper()
	ctx := context.Background()
	if err := p.NewGame(ctx); err != nil {
		t.Fatalf("NewGame: %v", err)
	}
	var moves []string
	for i := 0; i < n; i++ {
		p.Position(fen, moves)
		res, err := p.Go(ctx, lim)
		if err != nil {
			t.Fatalf("move %d: Go: %v", i+1, err)
		}
		if res.Move == "" {
			t.Fatalf("move %d: no move (%+v)", i+1, res)
		}
		if res.Elapsed <= 0 {
			t.Errorf("move %d: elapsed %v", i+1, res.Elapsed)
		}
		moves = append(moves, res.Move)
	}
	return moves
}

func wantKind(t *testing.T, err error, k Kind) {
	t.Helper()
	if KindOf(err) != k {
		t.Fatalf("error %v: kind %v, want %v", err, KindOf(err), k)
	}
}

func within(t *testing.T, start time.Time, max time.Duration) {
	t.Helper()
	if d := time.Since(start); d > max {
		t.Errorf("took %v, want at most %v", d, max)
	}
}
