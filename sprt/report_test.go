package sprt

import (
	"encoding/json"
	"math"
	"strings"
	"testing"
)

func mustTest(t *testing.T, m Model, elo0, elo1 float64) Test {
	t.Helper()
	tt, err := NewTest(m, elo0, elo1, 0.05, 0.05)
	if err != nil {
		t.Fatal(err)
	}
	return tt
}

// The report renders the same Block, bounds and verdict lines as the
// other printers: check the lines that are its own.
func TestReportLines(t *testing.T) {
	rep := NewReport(mustTest(t, Logistic, 0, 10), &[3]int64{151, 19, 26}, &[5]int64{3, 0, 22, 15, 58})
	got := strings.Join(rep.Lines(), "\n")
	for _, want := range []string{
		"SPRT: logistic model, H0 0.00 Elo, H1 10.00 Elo, alpha 0.05, beta 0.05, LLR bounds (-2.94, 2.94)\n",
		"Games: 196, Wins: 151, Losses: 26, Draws: 19",
		"Ptnml(0-2): [3, 0, 22, 15, 58]\n",
		"\nBounds: [0.00, 10.00] Elo\n",
		"\nSPRT ([0.00, 10.00]) continues - no verdict yet\n",
		"\nVerdict: continue (LLR >= 2.94 accepts H1, LLR <= -2.94 accepts H0)\n",
		"\nSPRT-corrected Elo (median-unbiased, fishtest): ",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in\n%s", want, got)
		}
	}
	if rep.Summary.Games != 196 || !rep.Summary.Penta {
		t.Errorf("the LLR and Elo must use the pairs: %+v", rep.Summary)
	}
}

// At a 100 % score the corrected Elo and its upper end are unbounded:
// n/a in text, null in JSON, and the note names the tested engine.
func TestReportUnbounded(t *testing.T) {
	rep := NewReport(mustTest(t, Logistic, -10, 0), &[3]int64{40, 0, 0}, nil)
	if !math.IsNaN(rep.Corrected.Elo) || !math.IsNaN(rep.Corrected.Upper) || math.IsNaN(rep.Corrected.Lower) {
		t.Errorf("corrected %+v: want Elo and Upper NaN, Lower a number", rep.Corrected)
	}
	text := strings.Join(rep.Lines(), "\n")
	if !strings.Contains(text, "n/a: Elo is unbounded at a 100 % score (the tested engine)") ||
		!strings.Contains(text, "fishtest): n/a [") {
		t.Errorf("text:\n%s", text)
	}
	var m map[string]any
	b, err := json.Marshal(rep)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	se := m["sprt_elo"].(map[string]any)
	if se["elo"] != nil || se["upper"] != nil || se["lower"] == nil || m["elo"] != nil {
		t.Errorf("JSON: %s", b)
	}
	if m["draw_ratio_definition"] != "drawn games / games" || m["wins"] != 40.0 || m["pairs"] != nil {
		t.Errorf("JSON: %s", b)
	}
}

// Without counts the report is the test and, optionally, the calculator;
// fromSample takes the draw ratio from W,D,L only when there are games.
func TestReportCalculator(t *testing.T) {
	tt := mustTest(t, Logistic, 0, 2)
	rep := NewReport(tt, nil, nil)
	if err := rep.AddCalculator([]float64{0, 2}, 0.6, true, 0); err != nil {
		t.Fatal(err)
	}
	if rep.Calc.DrawRatio != 0.6 || len(rep.Lines()) != 5 {
		t.Errorf("no counts: draw ratio %g, lines %q", rep.Calc.DrawRatio, rep.Lines())
	}
	rep = NewReport(tt, &[3]int64{30, 40, 30}, nil)
	if err := rep.AddCalculator([]float64{1}, 0.5, true, 0); err != nil {
		t.Fatal(err)
	}
	if rep.Calc.DrawRatio != 0.4 {
		t.Errorf("sample draw ratio %g, want 0.4", rep.Calc.DrawRatio)
	}
	if err := rep.AddCalculator([]float64{1}, 0.5, false, 0); err != nil || rep.Calc.DrawRatio != 0.5 {
		t.Errorf("given draw ratio %g, %v", rep.Calc.DrawRatio, err)
	}
	b, err := json.Marshal(rep)
	if err != nil || !strings.Contains(string(b), `"calculator":{"draw_ratio":0.5,`) {
		t.Errorf("JSON %s, %v", b, err)
	}
	if err := rep.AddCalculator(nil, 1, false, 0); err == nil {
		t.Error("draw ratio 1 accepted")
	}
}

func TestPairsMatch(t *testing.T) {
	for _, c := range []struct {
		wdl   [3]int64
		ptnml [5]int64
		want  string
	}{
		{[3]int64{151, 19, 26}, [5]int64{3, 0, 22, 15, 58}, ""},
		{[3]int64{10, 0, 10}, [5]int64{0, 0, 10, 0, 0}, ""}, // ten WL pairs
		{[3]int64{10, 10, 10}, [5]int64{1, 2, 3, 4, 5}, "15.0 points, but the pairs score 20.0"},
		{[3]int64{12, 0, 18}, [5]int64{0, 0, 15, 0, 0}, "12.0 points, but the pairs score 15.0"},
		{[3]int64{30, 0, 0}, [5]int64{0, 0, 0, 0, 15}, ""},
		{[3]int64{0, 30, 0}, [5]int64{0, 0, 0, 0, 0}, "30 games, but 0 pairs"},
		{[3]int64{3, 0, 0}, [5]int64{0, 0, 0, 0, 1}, "3 games, but 1 pairs are 2 games"},
		{[3]int64{2, 2, 0}, [5]int64{0, 0, 0, 2, 0}, ""},
		{[3]int64{0, 2, 0}, [5]int64{0, 0, 1, 0, 0}, ""},
		{[3]int64{2, 0, 2}, [5]int64{0, 1, 0, 1, 0}, "2 wins do not fit the pairs (they hold 1 to 1 wins)"},
	} {
		err := PairsMatch(c.wdl, c.ptnml)
		if (c.want == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), c.want)) {
			t.Errorf("%v %v: %v, want %q", c.wdl, c.ptnml, err, c.want)
		}
	}
}
