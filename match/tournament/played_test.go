package tournament

import (
	"testing"

	"github.com/elolab/elolab/match/game"
	"github.com/elolab/elolab/sprt"
)

// TestPlayedResume: a run given the first pairs of an earlier run as Played
// plays only the rest, and its standings (pentanomial counts, SPRT verdict
// pair) equal those of the uninterrupted run.
func TestPlayedResume(t *testing.T) {
	test, _ := sprt.NewTest(sprt.Normalized, 0, 10, 0.05, 0.05)
	// The pentanomial counts when the verdict was reached (pairs finished
	// after it, while the run stopped, depend on timing).
	var atVerdict [2]sprt.Results
	snap := func(i int) func(int, *Standings) {
		return func(k int, st *Standings) {
			if st.Verdict != sprt.Continue && k == st.VerdictPair {
				atVerdict[i] = st.Encounters[0].Tally.Pentanomial()
			}
		}
	}
	cfg := func() Config {
		return Config{
			Engines: []Engine{testEng("bad", "crash", "-at", "1"), testEng("good", "ok")},
			Rounds:  200, GamesPerRound: 2, Concurrency: 2, SPRT: &test,
			Game: game.Config{Adjudication: game.Adjudication{MaxMoves: 20}},
		}
	}
	c0 := cfg()
	c0.PairsCounted = snap(0)
	full, got := collect2(t, c0)
	if full.Standings.Verdict == sprt.Continue {
		t.Fatal("no verdict in the full run")
	}
	byPair := map[int][]*game.Record{}
	for _, r := range got {
		byPair[r.Pair] = append(byPair[r.Pair], r)
	}
	played := map[int][]*game.Record{}
	for k := 0; k < full.Standings.VerdictPair/2; k++ {
		played[k] = orderRecs(nil, byPair[k])
	}
	if len(played) < 2 {
		t.Fatalf("verdict at pair %d: too early to resume", full.Standings.VerdictPair)
	}
	c := cfg()
	c.Played = played
	c.PairsCounted = snap(1)
	var again []*game.Record
	c.Deliver = func(r *game.Record) error {
		if _, ok := played[r.Pair]; ok {
			t.Errorf("pair %d played again", r.Pair)
		}
		again = append(again, r)
		return nil
	}
	c.Game.StallTimeout = 1e9
	sum, err := Run(t.Context(), c, nil)
	if err != nil {
		t.Fatal(err)
	}
	st, fst := sum.Standings, full.Standings
	if sum.Resumed != 2*len(played) || st.Resumed != sum.Resumed {
		t.Errorf("resumed %d games, want %d", sum.Resumed, 2*len(played))
	}
	// Games of pairs after the verdict's are delivered, not counted.
	if st.Counted != st.Delivered+st.Resumed-sum.AfterVerdict || st.Delivered != len(again) {
		t.Errorf("counted %d, delivered %d, resumed %d, after the verdict %d, got %d", st.Counted, st.Delivered, st.Resumed,
			sum.AfterVerdict, len(again))
	}
	if st.Verdict != fst.Verdict || st.VerdictPair != fst.VerdictPair {
		t.Errorf("verdict %v at pair %d, uninterrupted %v at %d", st.Verdict, st.VerdictPair, fst.Verdict, fst.VerdictPair)
	}
	if atVerdict[0].Pairs() == 0 || atVerdict[1] != atVerdict[0] {
		t.Errorf("pentanomial at the verdict %v, uninterrupted %v", atVerdict[1], atVerdict[0])
	}

	bad := cfg()
	bad.Played = map[int][]*game.Record{0: played[0][:1]}
	if err := bad.Validate(); err == nil {
		t.Error("a played pair with one game was accepted")
	}
	bad.Played = map[int][]*game.Record{500: played[0]}
	if err := bad.Validate(); err == nil {
		t.Error("a played pair outside the schedule was accepted")
	}
}
