package tournament

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/elolab/elolab/match/enginetest"
	"github.com/elolab/elolab/match/game"
	"github.com/elolab/elolab/match/player"
	"github.com/elolab/elolab/match/tc"
)

func testEng(name, mode string, extra ...string) Engine {
	return Engine{
		Config: player.Config{Name: name, Cmd: testEngine, Args: enginetest.Args(mode, extra...),
			StartTimeout: 3 * time.Second, ReadyTimeout: 500 * time.Millisecond, StopTimeout: 200 * time.Millisecond,
			TimeoutGrace: 200 * time.Millisecond, QuitTimeout: 200 * time.Millisecond},
		Limits: tc.Limits{Nodes: 100},
	}
}

// collect runs a tournament and returns the delivered games.
func collect(t *testing.T, cfg Config) (*Summary, []*game.Record) {
	t.Helper()
	var mu sync.Mutex
	var got []*game.Record
	cfg.Deliver = func(r *game.Record) error {
		mu.Lock()
		defer mu.Unlock()
		got = append(got, r)
		return nil
	}
	if cfg.Game.StallTimeout == 0 {
		cfg.Game.StallTimeout = time.Second
	}
	if cfg.Game.Grace == 0 {
		cfg.Game.Grace = 200 * time.Millisecond
	}
	sum, err := Run(context.Background(), cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	st := sum.Standings
	if st.Delivered != len(got) || st.Counted != len(got) || st.Total != len(got) {
		t.Fatalf("delivered %d counted %d total %d, callback got %d", st.Delivered, st.Counted, st.Total, len(got))
	}
	games, points := 0, 0.0
	for _, e := range st.Engines {
		games += e.Games
		points += float64(e.Wins) + float64(e.Draws)/2
	}
	if games != 2*len(got) || points != float64(len(got)) {
		t.Fatalf("engine totals: %d games, %.1f points for %d games", games, points, len(got))
	}
	var tallied int64
	for _, e := range st.Encounters {
		tallied += e.Tally.Trinomial().Games()
	}
	if int(tallied) != len(got) {
		t.Fatalf("tallies have %d games, delivered %d", tallied, len(got))
	}
	return sum, got
}

func TestMisbehavingEngines(t *testing.T) {
	onetc, _ := tc.Parse("2+0.05")
	for _, c := range []struct {
		name     string
		bad      Engine
		reasons  []string // the bad engine's losses: "<Colour>" + suffix
		incident func(*EngineStats) int
		restarts bool // the process dies: restarted, and misbehaves in every game
		restart  bool // restarted at least once
		// stall is the move deadline without a clock. One second keeps the
		// hang cases quick; the cases whose misbehaviour is not a stall get
		// ten, because parsing megabytes of junk under -race on a loaded
		// 2-core CI machine once took longer than a second (CI, 2026-12-05).
		stall time.Duration
	}{
		{"crash", testEng("bad", "crash", "-at", "4"), []string{" disconnects"}, func(e *EngineStats) int { return e.Disconnects }, true, false, time.Second},
		{"hang nodes", testEng("bad", "hang", "-at", "3"), []string{"'s connection stalls"}, func(e *EngineStats) int { return e.Stalls }, true, false, time.Second},
		{"hang clock", func() Engine { e := testEng("bad", "hang", "-at", "3"); e.Limits = tc.Limits{TC: onetc}; return e }(),
			[]string{" loses on time ("}, func(e *EngineStats) int { return e.TimeLosses }, true, false, time.Second},
		{"illegal", testEng("bad", "illegal", "-at", "2"), []string{" makes an illegal move"}, func(e *EngineStats) int { return e.Illegal }, false, false, time.Second},
		{"bestmove none", testEng("bad", "none", "-at", "2"), []string{" makes an illegal move"}, func(e *EngineStats) int { return e.Illegal }, false, false, time.Second},
		{"bestmove empty", testEng("bad", "badmove", "-at", "2"), []string{" makes an illegal move"}, func(e *EngineStats) int { return e.Illegal }, false, false, time.Second},
		{"noready", testEng("bad", "noready", "-at", "3"), []string{"'s connection stalls"}, func(e *EngineStats) int { return e.Stalls }, false, true, time.Second},
		{"nodestall", testEng("bad", "nodestall"), []string{"'s connection stalls"}, func(e *EngineStats) int { return e.Stalls }, true, false, time.Second},
		{"garbage", testEng("bad", "garbage", "-at", "2"), nil, nil, false, false, 10 * time.Second},
		{"flood", testEng("bad", "flood", "-at", "3000"), nil, nil, false, false, 10 * time.Second},
		{"slowuci", testEng("bad", "slowuci", "-delay", "300ms"), nil, nil, false, false, 10 * time.Second},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			good := testEng("good", "ok", "-seed", "3")
			// Only the noready case needs a short readiness deadline; the
			// others get room for a loaded machine, like the stall above.
			good.Config.ReadyTimeout = 5 * time.Second
			if c.stall > time.Second {
				c.bad.Config.ReadyTimeout = 5 * time.Second
			}
			if c.bad.Limits.HasClock() {
				good.Limits = c.bad.Limits
			}
			cfg := Config{
				Engines: []Engine{c.bad, good}, Rounds: 3, GamesPerRound: 2, Concurrency: 2,
				Game: game.Config{Adjudication: game.Adjudication{MaxMoves: 15}, StallTimeout: c.stall},
			}
			sum, got := collect(t, cfg)
			st := sum.Standings
			bad := st.Engines[0]
			hit := 0
			for _, r := range got {
				t.Logf("game %d %s vs %s: %s {%s} (%s) %d moves", r.Number, r.White, r.Black, r.Result, r.Reason, r.Termination.Tag(), len(r.Moves))
				if len(c.reasons) == 0 {
					if r.WhiteIncidents.Any() || r.BlackIncidents.Any() {
						t.Errorf("game %d: unexpected incident {%s}", r.Number, r.Reason)
					}
					continue
				}
				badWhite := r.White == "bad"
				colour := "Black"
				if badWhite {
					colour = "White"
				}
				if !strings.HasPrefix(r.Reason, colour+c.reasons[0]) {
					if c.restarts {
						t.Errorf("game %d: {%s}, want %s%s", r.Number, r.Reason, colour, c.reasons[0])
					}
					if r.WhiteIncidents.Any() || r.BlackIncidents.Any() {
						t.Errorf("game %d: unexpected incident {%s}", r.Number, r.Reason)
					}
					continue
				}
				hit++
				if s := r.Result.WhiteScore(); badWhite && s != 0 || !badWhite && s != 1 {
					t.Errorf("game %d: %s, the misbehaving engine should lose", r.Number, r.Result)
				}
			}
			// Each process misbehaves at its N-th command: at least once
			// per worker.
			if len(c.reasons) > 0 && hit < 2 {
				t.Errorf("%d games ended by the misbehaviour, want at least 2", hit)
			}
			if c.incident != nil && c.incident(bad) != hit {
				t.Errorf("incidents %d, want %d", c.incident(bad), hit)
			}
			if (c.restarts || c.restart) && bad.Restarts == 0 {
				t.Errorf("no restart")
			}
			if st.Engines[1].Restarts != 0 || st.Engines[1].TimeLosses+st.Engines[1].Stalls+st.Engines[1].Disconnects+st.Engines[1].Illegal != 0 {
				t.Errorf("good engine: %+v", *st.Engines[1])
			}
		})
	}
}
