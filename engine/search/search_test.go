package search

import (
	"testing"
)

func TestBenchQuick(t *testing.T) {
	r, err := Bench(5, 16, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("depth 5: %d nodes, %v, %d nps", r.Nodes, r.Elapsed, r.NPS())
}
