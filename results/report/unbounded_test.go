package report

import (
	"bytes"
	"math"
	"regexp"
	"strings"
	"testing"

	"github.com/elolab/elolab/results/store"
)

// A matchup lost 0-12: the fastchess block and the cutechess lines print
// n/a for the Elo (not the regularized -1199.83) and say why.
func TestZeroScoreBlocksPrintNA(t *testing.T) {
	m := store.Matchup{A: "weak", B: "strong", Total: store.WDL{Losses: 12}, Penta: [5]int64{6, 0, 0, 0, 0}, CompletePairs: 6}
	var b bytes.Buffer
	if err := WriteFastchessBlock(&b, m, Header{}, nil); err != nil {
		t.Fatal(err)
	}
	if err := WriteCutechess(&b, m, nil); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{"Elo: n/a +/- n/a, nElo: n/a +/- n/a\n", "Elo difference: n/a +/- n/a, LOS: 0.0 %",
		"n/a: Elo is unbounded at a 0 % score (weak)\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in\n%s", want, out)
		}
	}
	if strings.Contains(out, "1199") {
		t.Errorf("regularized Elo printed:\n%s", out)
	}
}

// The multi-engine table: a 100 % engine ranks first, a 0 % one last, both
// n/a with a reason line.
func TestStandingsUnbounded(t *testing.T) {
	ms := []store.Matchup{
		{A: "top", B: "mid", Total: store.WDL{Wins: 4}, Penta: [5]int64{0, 0, 0, 0, 2}, CompletePairs: 2},
		{A: "mid", B: "low", Total: store.WDL{Wins: 4}, Penta: [5]int64{0, 0, 0, 0, 2}, CompletePairs: 2},
		{A: "top", B: "low", Total: store.WDL{Wins: 4}, Penta: [5]int64{0, 0, 0, 0, 2}, CompletePairs: 2},
	}
	rows := Standings([]string{"low", "mid", "top"}, ms)
	if rows[0].Name != "top" || rows[1].Name != "mid" || rows[2].Name != "low" {
		t.Fatalf("order %s %s %s", rows[0].Name, rows[1].Name, rows[2].Name)
	}
	var b bytes.Buffer
	if err := WriteStandings(&b, rows); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, re := range []string{`\n +1 top +n/a +n/a +n/a +n/a +8 +100\.0%`, `\n +2 mid +-?0\.00 `, `\n +3 low +n/a `,
		`\nn/a: Elo is unbounded at a 100 % score \(top\)\nn/a: Elo is unbounded at a 0 % score \(low\)\n$`} {
		if !regexp.MustCompile(re).MatchString(out) {
			t.Errorf("no match for %s in\n%s", re, out)
		}
	}
}

// The Elo plot marks engines without a finite Elo instead of dropping
// them.
func TestEloPlotMarksNA(t *testing.T) {
	bars := []EloBar{{Name: "mid", Elo: 0, Error: 30, Score: 0.5}, {Name: "zero-engine", Elo: math.NaN(), Error: math.NaN(), Score: 0},
		{Name: "full-engine", Elo: math.NaN(), Error: math.NaN(), Score: 1}}
	p, err := EloPlot("t", "Elo", bars)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := WritePlot(&b, p, "svg"); err != nil {
		t.Fatal(err)
	}
	svg := b.String()
	for _, want := range []string{"zero-engine", "full-engine", "n/a (0 % score: unbounded)", "n/a (100 % score: unbounded)"} {
		if !strings.Contains(svg, want) {
			t.Errorf("plot lacks %q", want)
		}
	}
	// Only unbounded engines: still a plot, with both markers.
	if _, err := EloPlot("t", "Elo", bars[1:]); err != nil {
		t.Errorf("all-unbounded plot: %v", err)
	}
	if _, err := EloPlot("t", "Elo", []EloBar{{Name: "idle", Elo: math.NaN(), Score: math.NaN()}}); err == nil {
		t.Error("a plot of engines without games succeeded")
	}
}
