package search

import (
	"fmt"
	"testing"

	"github.com/elolab/elolab/engine/board"
)

// The pruning evaluation takes the hash score only where its bound says
// the value lies beyond the static evaluation in that direction, never a
// mate score, and never with the switch off.
func TestPruningEval(t *testing.T) {
	const static = 50
	for _, c := range []struct {
		found        bool
		bound, score int
		want         int
	}{
		{false, boundExact, 300, static},
		{true, boundNone, 300, static},
		{true, boundExact, 300, 300},
		{true, boundExact, -300, -300},
		{true, boundLower, 300, 300},     // at least 300: above the eval
		{true, boundLower, -300, static}, // at least -300 says nothing
		{true, boundUpper, -300, -300},   // at most -300: below the eval
		{true, boundUpper, 300, static},  // at most 300 says nothing
		{true, boundLower, Mate - 10, static},
		{true, boundUpper, -Mate + 10, static},
	} {
		for _, on := range []bool{true, false} {
			s, _ := searcherAt(t, board.StartFEN, "tteval.enabled", fmt.Sprint(on))
			hit := ttHit{score: scoreToTT(c.score, 3), bound: c.bound}
			want := c.want
			if !on {
				want = static
			}
			if got := s.pruningEval(static, hit, c.found, 3); got != want {
				t.Errorf("tteval %v, found %v, bound %d, score %d: %d, want %d", on, c.found, c.bound, c.score, got, want)
			}
		}
	}
}
