package sprt

import (
	"strings"
	"testing"
)

// The options of the one block renderer: the match layout (dashed lines,
// verdict line after the closing rule, then the note) and the bare layout
// of `elolab sprt` (no rules, the note under the Elo line, a Pairs line).
func TestBlockLayouts(t *testing.T) {
	test, _ := NewTest(Logistic, 0, 10, 0.05, 0.05)
	r := Pentanomial(300, 0, 0, 0, 0)
	st := test.Status(r)
	c := [5]int64(r.Counts())
	b := Block{A: "a", B: "b", Detail: "inf", Stats: Summarize(r), Losses: 600, Ptnml: &c, SPRT: &st, Verdict: st.Verdict, DrawRatioNote: true}
	got := strings.Join(b.Lines(), "\n")
	want := Rule + "\nResults of a vs b (inf):\nElo: n/a +/- n/a, nElo: n/a +/- n/a\nLOS: 0.00 %, DrawRatio: 0.00 %, PairsRatio: 0.00\n" +
		"Games: 600, Wins: 0, Losses: 600, Draws: 0, Points: 0.0 (0.00 %)\nPtnml(0-2): [300, 0, 0, 0, 0], WL/DD Ratio: n/a\n" +
		"LLR: -8.76 (-297.5%) (-2.94, 2.94) [0.00, 10.00]\n" + Rule + "\nSPRT ([0.00, 10.00]) completed - H0 was accepted\n" +
		"n/a: Elo is unbounded at a 0 % score (a)\n" +
		"(DrawRatio is the share of game pairs scoring 1 point, fastchess's pentanomial definition; the Elo and LLR use complete pairs only.)"
	if got != want {
		t.Errorf("match layout:\n%s\nwant\n%s", got, want)
	}

	b = Block{Stats: Summarize(r), NoGames: true, Ptnml: &c, NoWL: true, SPRT: &st, Verdict: st.Verdict, Bare: true, NoteName: "x"}
	got = strings.Join(b.Lines(), "\n")
	want = "Elo: n/a +/- n/a, nElo: n/a +/- n/a\nn/a: Elo is unbounded at a 0 % score (x)\nLOS: 0.00 %, DrawRatio: 0.00 %, PairsRatio: 0.00\n" +
		"Ptnml(0-2): [300, 0, 0, 0, 0]\nPairs: 300, Games: 600, Points: 0.0 (0.00 %); DrawRatio counts pairs scoring 1\n" +
		"LLR: -8.76 (-297.5%) (-2.94, 2.94) [0.00, 10.00]"
	if got != want {
		t.Errorf("bare layout:\n%s\nwant\n%s", got, want)
	}

	// No names' detail: no parentheses; no SPRT: no LLR and no verdict line.
	b = Block{A: "a", B: "b", Stats: Summarize(Trinomial(1, 0, 1)), Wins: 1, Losses: 1, Verdict: AcceptH1}
	got = strings.Join(b.Lines(), "\n")
	if !strings.HasPrefix(got, Rule+"\nResults of a vs b:\n") || strings.Contains(got, "LLR") || strings.Contains(got, "SPRT") || !strings.HasSuffix(got, "(50.00 %)\n"+Rule) {
		t.Errorf("plain block:\n%s", got)
	}
}
