package tournament

import (
	"testing"

	"github.com/elolab/elolab/match/game"
	"github.com/elolab/elolab/sprt"
)

func TestKinds(t *testing.T) {
	for _, c := range []struct {
		kind  Kind
		n     int
		games int
		encs  [][2]int
	}{
		{RoundRobin, 3, 12, [][2]int{{0, 1}, {0, 2}, {1, 2}}},
		{Gauntlet, 4, 12, [][2]int{{0, 1}, {0, 2}, {0, 3}}},
	} {
		t.Run(c.kind.String(), func(t *testing.T) {
			var es []Engine
			for i := 0; i < c.n; i++ {
				es = append(es, testEng(string(rune('A'+i)), "ok", "-seed", string(rune('1'+i))))
			}
			cfg := Config{Engines: es, Kind: c.kind, Rounds: 2, GamesPerRound: 2, Concurrency: 2,
				Game: game.Config{Adjudication: game.Adjudication{MaxMoves: 10}}}
			sum, got := collect(t, cfg)
			if len(got) != c.games {
				t.Fatalf("%d games", len(got))
			}
			for i, e := range sum.Standings.Encounters {
				if [2]int{e.A, e.B} != c.encs[i] || e.Tally.Pentanomial().Pairs() != 2 {
					t.Errorf("encounter %d: %+v", i, e.Encounter)
				}
			}
		})
	}
}

// TestSPRTStops: an engine that crashes at its first move loses every
// game (and is restarted); the SPRT accepts H0 at the same pair at any concurrency, and the
// totals still equal the delivered games.
func TestSPRTStops(t *testing.T) {
	test, _ := sprt.NewTest(sprt.Normalized, 0, 10, 0.05, 0.05)
	verdictPair := -1
	for _, conc := range []int{1, 2} {
		cfg := Config{
			Engines: []Engine{testEng("bad", "crash", "-at", "1"), testEng("good", "ok")},
			Rounds:  200, GamesPerRound: 2, Concurrency: conc, SPRT: &test,
		}
		sum, got := collect2(t, cfg)
		st := sum.Standings
		if st.Verdict != sprt.AcceptH0 {
			t.Fatalf("verdict %v after %d games", st.Verdict, len(got))
		}
		if verdictPair >= 0 && st.VerdictPair != verdictPair {
			t.Errorf("verdict at pair %d at concurrency %d, %d before", st.VerdictPair, conc, verdictPair)
		}
		verdictPair = st.VerdictPair
		if st.Delivered >= st.Total {
			t.Errorf("did not stop: %d of %d", st.Delivered, st.Total)
		}
	}
}

// collect2 is collect for runs that stop early (totals below Total).
func collect2(t *testing.T, cfg Config) (*Summary, []*game.Record) {
	t.Helper()
	var got []*game.Record
	cfg.Deliver = func(r *game.Record) error { got = append(got, r); return nil }
	cfg.Game.StallTimeout = 1e9
	sum, err := Run(t.Context(), cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	if sum.Standings.Counted+sum.AfterVerdict != len(got) || sum.Standings.Delivered != len(got) {
		t.Fatalf("counted %d delivered %d got %d", sum.Standings.Counted, sum.Standings.Delivered, len(got))
	}
	return sum, got
}
