package console

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/elolab/elolab/match/tournament"
	"github.com/elolab/elolab/sprt"
)

// fastchessExample builds the standings of FORMATS.md's fastchess block:
// W/L/D 151/26/19, Ptnml [3, 0, 22, 15, 58] with 20 WL and 2 DD pairs.
func fastchessExample() *tournament.Standings {
	enc := &tournament.EncounterStats{Encounter: tournament.Encounter{A: 0, B: 1}, Wins: 151, Losses: 26, Draws: 19}
	add := func(n int, a, b sprt.Outcome) {
		for i := 0; i < n; i++ {
			enc.Tally.AddPair(a, b)
		}
	}
	add(3, sprt.Loss, sprt.Loss)
	add(20, sprt.Win, sprt.Loss)
	add(2, sprt.Draw, sprt.Draw)
	add(15, sprt.Win, sprt.Draw)
	add(58, sprt.Win, sprt.Win)
	return &tournament.Standings{
		Engines:    []*tournament.EngineStats{{Name: "A", Games: 196}, {Name: "B", Games: 196, TimeLosses: 1}},
		Encounters: []*tournament.EncounterStats{enc}, Total: 196, Delivered: 196, Counted: 196,
	}
}

func TestBlockFastchessFormat(t *testing.T) {
	test, _ := sprt.NewTest(sprt.Normalized, 0, 10, 0.05, 0.05)
	lines := Block(fastchessExample(), Header{TC: "10+0.1", Threads: "1", Hash: "16", Book: "8moves_v3.pgn"}, &test)
	got := strings.Join(lines, "\n")
	for _, want := range []string{
		"--------------------------------------------------\nResults of A vs B (10+0.1, 1t, 16MB, 8moves_v3.pgn):\n",
		"\nElo: 262.09 +/- 59.71, nElo: 310.88 +/- ",
		"\nLOS: 100.00 %, DrawRatio: 22.45 %, PairsRatio: 24.33\n",
		"\nGames: 196, Wins: 151, Losses: 26, Draws: 19, Points: 160.5 (81.89 %)\n",
		"\nPtnml(0-2): [3, 0, 22, 15, 58], WL/DD Ratio: 10.00\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in\n%s", want, got)
		}
	}
	if !regexp.MustCompile(`\nLLR: -?\d+\.\d\d \(-?\d+\.\d%\) \(-2\.94, 2\.94\) \[0\.00, 10\.00\]\n-{50}$`).MatchString(got) {
		t.Errorf("LLR line:\n%s", got)
	}
}

func TestEmptyPrintsNA(t *testing.T) {
	st := &tournament.Standings{
		Engines:    []*tournament.EngineStats{{Name: "A"}, {Name: "B"}},
		Encounters: []*tournament.EncounterStats{{Encounter: tournament.Encounter{A: 0, B: 1}}},
	}
	got := strings.Join(Block(st, Header{TC: "inf"}, nil), "\n")
	if strings.Contains(strings.ToLower(got), "nan") || !strings.Contains(got, "Elo: n/a +/- n/a") {
		t.Errorf("%s", got)
	}
}

func TestTableAndIncidents(t *testing.T) {
	st := fastchessExample()
	st.Engines = append(st.Engines, &tournament.EngineStats{Name: "C"})
	st.Encounters = append(st.Encounters, &tournament.EncounterStats{Encounter: tournament.Encounter{A: 0, B: 2}})
	st.Engines[0].Tally = st.Encounters[0].Tally
	st.Engines[0].Wins, st.Engines[0].Draws, st.Engines[0].Losses = 151, 19, 26
	got := strings.Join(Block(st, Header{TC: "10+0.1"}, nil), "\n")
	if !strings.Contains(got, "Rank Name") || !strings.Contains(got, "Ptnml(0-2)") || !regexp.MustCompile(`\n +1 A +262\.09`).MatchString(got) {
		t.Errorf("%s", got)
	}
	inc := strings.Join(Incidents(st), "\n")
	if !regexp.MustCompile(`B +196 +1 +0 +0 +0 +0`).MatchString(inc) {
		t.Errorf("%s", inc)
	}
}

func TestConsoleLines(t *testing.T) {
	var out, bar bytes.Buffer
	c := New(Options{Out: &out, Progress: &bar, RatingInterval: 1}, 4)
	c.Started(tournament.Job{Number: 3}, "A", "B", 20)
	st := fastchessExample()
	st.Total = 1000
	st.PairsCounted = 1
	c.PairsCounted(0, st)
	c.Closing(43e9)
	s := out.String()
	for _, want := range []string{"Started game 3 of 20 (A vs B)\n", "Results of A vs B", "Finished match\nTotal Time: 00:00:43 (hours:minutes:seconds)\n"} {
		if !strings.Contains(s, want) {
			t.Errorf("missing %q in %q", want, s)
		}
	}
}
