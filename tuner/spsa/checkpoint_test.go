package spsa

import (
	"encoding/json"
	"testing"
)

// TestResumeStoredFormat: checkpoints in the JSON that stores already
// hold (field names state, rows, k, plus, minus, theta, outcome) resume:
// the last one's state, every one's rows in order.
func TestResumeStoredFormat(t *testing.T) {
	cfg := Config{Iterations: 10, Seed: 7, Params: []Param{{Name: "x", Start: 5, Min: 0, Max: 10, CEnd: 1, REnd: 0.1, Int: true}}}
	src, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	p := src.Next()
	if err := src.Update(p, Outcome{Wins: 2}); err != nil {
		t.Fatal(err)
	}
	st := src.State()
	row := func(k int) map[string]any {
		return map[string]any{"k": k, "plus": []float64{6}, "minus": []float64{4}, "theta": []float64{5.5},
			"outcome": map[string]int{"Wins": 2, "Draws": 0, "Losses": 0}}
	}
	old := func(s State, rows ...map[string]any) []byte {
		b, err := json.Marshal(map[string]any{"state": map[string]any{"iteration": s.Iteration, "theta": s.Theta, "rng": s.RNG,
			"pairs": s.Pairs, "wins": s.Wins, "draws": s.Draws, "losses": s.Losses}, "rows": rows})
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	start, _ := New(cfg)
	tu, _ := New(cfg)
	rows, err := Resume(tu, []Stored{{Iteration: 0, Data: old(start.State())}, {Iteration: 1, Data: old(st, row(1))}})
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 1 || rows[0].K != 1 || rows[0].Theta[0] != 5.5 || rows[0].Outcome.Wins != 2 {
		t.Errorf("rows %+v", rows)
	}
	if tu.Iteration() != 1 || tu.Theta()[0] != src.Theta()[0] || tu.State().Wins != 2 {
		t.Errorf("restored %+v, want %+v", tu.State(), st)
	}
	// The restored RNG continues the draws where the source left them.
	if a, b := tu.Next(), src.Next(); a.Plus[0] != b.Plus[0] || a.Delta[0] != b.Delta[0] {
		t.Errorf("next draw %+v, want %+v", a, b)
	}
	if _, err := Resume(tu, []Stored{{Iteration: 3, Data: []byte("{")}}); err == nil {
		t.Error("a broken checkpoint resumed")
	}
}
