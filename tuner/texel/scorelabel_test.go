package texel

import (
	"fmt"
	"math"
	"strings"
	"testing"
)

// TestFitScoreK: labels of 0 cp with results 1 and 0, and of +200 cp
// (White's view, given from Black's side by ce −200 too) with three wins
// in four: the fitted Ks makes sigmoid(Ks·200) = 0.75, Ks = 400·ln 3 /
// (200·ln 10).
func TestFitScoreK(t *testing.T) {
	const w = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -"
	b := strings.Replace(w, " w ", " b ", 1)
	var sb strings.Builder
	for i := range 40 {
		fmt.Fprintf(&sb, "%s [%d] 0\n", w, i%2)
		res := []string{"1-0", "1-0", "1-0", "0-1"}[i%4]
		if i%2 == 0 {
			fmt.Fprintf(&sb, "%s [%s] 200\n", w, map[string]string{"1-0": "1.0", "0-1": "0.0"}[res])
		} else {
			fmt.Fprintf(&sb, "%s c9 %q; ce -200; id \"g%d\";\n", b, res, i)
		}
		sb.WriteString(w + " [0.5]\n# a comment\n") // no label: counted, not fitted
	}
	path := writeData(t, "d.epd", sb.String())
	got, err := FitScoreK([]string{path}, 0)
	if err != nil {
		t.Fatal(err)
	}
	want := 400 * math.Log(3) / (200 * math.Ln10)
	if got.Lines != 120 || got.Scored != 80 || math.Abs(got.K-want) > 1e-3 {
		t.Errorf("got %+v, want 120 lines, 80 labelled, Ks %.4f", got, want)
	}
	if got, _ := FitScoreK([]string{path}, 3); got.Lines != 3 || got.Scored != 2 {
		t.Errorf("max positions 3: %+v", got)
	}

	// Load blends: weight 1 makes the target sigmoid(Ks·score); lines
	// without a label keep their result.
	d, err := Load(LoadOptions{Files: []string{path}, Tuned: tunedDefs(t, "eval.material"), ScoreWeight: 1, ScoreK: want, MaxPositions: 3})
	if err != nil {
		t.Fatal(err)
	}
	if r := d.Train.Result; len(r) != 3 || r[0] != 0.5 || math.Abs(float64(r[1])-0.75) > 1e-6 || r[2] != 0.5 {
		t.Errorf("targets %v, want [0.5 0.75 0.5]", r)
	}
	d, err = Load(LoadOptions{Files: []string{path}, Tuned: tunedDefs(t, "eval.material"), ScoreWeight: 0.5, ScoreK: want, MaxPositions: 2})
	if err != nil {
		t.Fatal(err)
	}
	if r := d.Train.Result; math.Abs(float64(r[1])-(0.5*1+0.5*0.75)) > 1e-6 {
		t.Errorf("blended target %v, want 0.875", r[1])
	}
	if _, err := Load(LoadOptions{Files: []string{path}, Tuned: tunedDefs(t, "eval.material"), ScoreWeight: 1.5, ScoreK: 1}); err == nil {
		t.Error("score weight 1.5 accepted")
	}
	if _, err := Load(LoadOptions{Files: []string{path}, Tuned: tunedDefs(t, "eval.material"), ScoreWeight: 0.5}); err == nil {
		t.Error("score weight without a score K accepted")
	}

	// No labels, or a bad line: errors naming the file (and line).
	plain := writeData(t, "plain.epd", w+` c9 "1-0";`+"\n")
	if _, err := FitScoreK([]string{plain}, 0); err == nil || !strings.Contains(err.Error(), "no line carries a score label") {
		t.Errorf("no labels: %v", err)
	}
	bad := writeData(t, "bad.epd", w+" [1.0] 12\n"+w+" [1.0] 12 13\n")
	if _, err := FitScoreK([]string{bad}, 0); err == nil || !strings.Contains(err.Error(), bad+":2:") {
		t.Errorf("bad line: %v", err)
	}
}
