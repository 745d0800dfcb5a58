package rating

import (
	"fmt"
	"math"
	"testing"
)

// The same games give the same table to the last bit: OppAvg used to sum
// the opponents in map order, so `elolab rate --format json` changed its
// last digits from run to run.
func TestOppAvgReproducible(t *testing.T) {
	var games []Game
	const n = 8
	for i := range n {
		for j := range n {
			if i == j {
				continue
			}
			for k := range 1 + (i*7+j*3+i*j)%9 {
				games = append(games, Game{White: fmt.Sprint("P", i), Black: fmt.Sprint("P", j), WhiteScore: float64((i*i+j*5+k*k)%3) / 2})
			}
		}
	}
	first, err := Rate(games, Options{Average: 2300})
	if err != nil {
		t.Fatal(err)
	}
	for range 200 {
		again, err := Rate(games, Options{Average: 2300})
		if err != nil {
			t.Fatal(err)
		}
		for i, p := range again.Players {
			if q := first.Players[i]; p.Name != q.Name || math.Float64bits(p.OppAvg) != math.Float64bits(q.OppAvg) {
				t.Fatalf("%s: OppAvg %v, then %s: %v", q.Name, q.OppAvg, p.Name, p.OppAvg)
			}
		}
	}
}
