package console

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/elolab/elolab/match/tournament"
	"github.com/elolab/elolab/sprt"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// encounter builds a head-to-head standings from pairs (first, second
// outcome of A) and lone games.
func encounter(pairs [][2]sprt.Outcome, lone []sprt.Outcome) *tournament.Standings {
	enc := &tournament.EncounterStats{Encounter: tournament.Encounter{A: 0, B: 1}}
	count := func(o sprt.Outcome) {
		switch o {
		case sprt.Win:
			enc.Wins++
		case sprt.Draw:
			enc.Draws++
		default:
			enc.Losses++
		}
	}
	for _, p := range pairs {
		enc.Tally.AddPair(p[0], p[1])
		count(p[0])
		count(p[1])
	}
	for _, o := range lone {
		enc.Tally.AddGame(o)
		count(o)
	}
	g := enc.Wins + enc.Draws + enc.Losses
	return &tournament.Standings{
		Engines:    []*tournament.EngineStats{{Name: "new", Games: g}, {Name: "old", Games: g}},
		Encounters: []*tournament.EncounterStats{enc}, Total: g, Delivered: g, Counted: g,
	}
}

func repeat[T any](n int, v T) []T {
	out := make([]T, n)
	for i := range out {
		out[i] = v
	}
	return out
}

// TestBlockGolden pins every variant of the result block the console
// prints (with and without SPRT, pairs, lone games, unbounded Elo, no
// games) and the Final lines, byte for byte.
func TestBlockGolden(t *testing.T) {
	norm, _ := sprt.NewTest(sprt.Normalized, 0, 10, 0.05, 0.05)
	logi, _ := sprt.NewTest(sprt.Logistic, -5, 0, 0.05, 0.05)
	full := Header{TC: "10+0.1", Threads: "1", Hash: "16", Book: "8moves_v3.pgn"}
	mixed := append(repeat(7, [2]sprt.Outcome{sprt.Win, sprt.Loss}), repeat(5, [2]sprt.Outcome{sprt.Draw, sprt.Draw})...)
	mixed = append(mixed, repeat(4, [2]sprt.Outcome{sprt.Win, sprt.Draw})...)
	mixed = append(mixed, repeat(2, [2]sprt.Outcome{sprt.Loss, sprt.Draw})...)
	cases := []struct {
		name string
		st   *tournament.Standings
		h    Header
		test *sprt.Test
	}{
		{"formats example, sprt", fastchessExample(), full, &norm},
		{"formats example, no sprt, tc only", fastchessExample(), Header{TC: "1000 nodes"}, nil},
		{"pairs and lone games", encounter(mixed, []sprt.Outcome{sprt.Win, sprt.Draw, sprt.Loss}), Header{TC: "10+0.1 - 5+0.05", Threads: "1 - 2"}, &logi},
		{"lone games only", encounter(nil, []sprt.Outcome{sprt.Win, sprt.Win, sprt.Draw, sprt.Loss}), Header{TC: "1+0.01", Book: "b.epd"}, &norm},
		{"pairs, no WL, no DD", encounter(repeat(3, [2]sprt.Outcome{sprt.Win, sprt.Draw}), nil), full, nil},
		{"zero score", encounter(repeat(10, [2]sprt.Outcome{sprt.Loss, sprt.Loss}), nil), full, &logi},
		{"full score", encounter(repeat(10, [2]sprt.Outcome{sprt.Win, sprt.Win}), []sprt.Outcome{sprt.Win}), full, &norm},
		{"zero score, verdict", encounter(repeat(300, [2]sprt.Outcome{sprt.Loss, sprt.Loss}), nil), full, &norm},
		{"no games", encounter(nil, nil), Header{TC: "inf"}, &norm},
	}
	var b strings.Builder
	for _, c := range cases {
		b.WriteString("== Block: " + c.name + "\n")
		for _, l := range Block(c.st, c.h, c.test) {
			b.WriteString(l + "\n")
		}
		b.WriteString("== Final: " + c.name + "\n")
		var out bytes.Buffer
		con := New(Options{Out: &out, Header: c.h, SPRT: c.test}, c.st.Total)
		st := *c.st
		if c.test != nil {
			st.Verdict = c.test.TallyStatus(&st.Encounters[0].Tally).Verdict
		}
		con.Final(&tournament.Summary{Standings: &st})
		b.WriteString(out.String())
	}
	goldenFile(t, "blocks.golden", b.String())
}

func goldenFile(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("%s differs:\n--- got\n%s\n--- want\n%s", name, got, want)
	}
}

// The "SPRT (…) completed" line directly follows the block's closing rule,
// as in fastchess and FORMATS.md and as the report prints it, also when an
// unbounded-Elo note follows the block (it used to come between them).
func TestFinalVerdictFollowsRule(t *testing.T) {
	test, _ := sprt.NewTest(sprt.Normalized, 0, 10, 0.05, 0.05)
	st := encounter(repeat(300, [2]sprt.Outcome{sprt.Loss, sprt.Loss}), nil)
	st.Verdict = sprt.AcceptH0
	var out bytes.Buffer
	New(Options{Out: &out, Header: Header{TC: "1+0.01"}, SPRT: &test}, st.Total).Final(&tournament.Summary{Standings: st})
	want := sprt.Rule + "\nSPRT ([0.00, 10.00]) completed - H0 was accepted\nn/a: Elo is unbounded at a 0 % score (new)\n"
	if !strings.Contains(out.String(), want) {
		t.Errorf("want %q in\n%s", want, out.String())
	}
}

// The console's Games line for the counts of the report's and `elolab
// sprt`'s tests of the same name: 11.5 points of 80 games is 14.38 %.
func TestBlockPointsPercentRoundsExactly(t *testing.T) {
	lone := append(append(repeat(5, sprt.Win), repeat(13, sprt.Draw)...), repeat(62, sprt.Loss)...)
	got := strings.Join(Block(encounter(nil, lone), Header{TC: "inf"}, nil), "\n")
	if want := "\nGames: 80, Wins: 5, Losses: 62, Draws: 13, Points: 11.5 (14.38 %)\n"; !strings.Contains(got, want) {
		t.Errorf("want %q in\n%s", want, got)
	}
}
