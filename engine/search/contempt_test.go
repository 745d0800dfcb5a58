package search

import (
	"fmt"
	"testing"
)

// TestContemptScoresDrawsForTheRootSide: with bare kings every move leads
// to a draw by insufficient material, so the root's score is the draw's
// worth to the side to move there, -contempt, whichever colour that is,
// through quiescence (depth 1) and through the main search (depth 4).
func TestContemptScoresDrawsForTheRootSide(t *testing.T) {
	for _, fen := range []string{"4k3/8/8/8/8/8/8/4K3 w - - 0 1", "4k3/8/8/8/8/8/8/4K3 b - - 0 1"} {
		for _, c := range []int{0, -50, 30} {
			for _, depth := range []int{1, 4} {
				s, pos := searcherAt(t, fen, "draw.contempt", fmt.Sprint(c))
				var score int
				s.Search(pos, Limits{Depth: depth}, func(i Info) { score = i.Score })
				if score != -c {
					t.Errorf("%s, contempt %d, depth %d: score %d, want %d", fen, c, depth, score, -c)
				}
			}
		}
	}
}

// TestContemptStalemate: White to move can stalemate Black with Kb6 (Ka8
// has b8 and b7 covered, the a7 pawn guarded, the h3 pawn blocked); every
// other move lets the king take a7, leaving material level. Asked to
// value a draw at +100 (contempt -100), labrat takes the stalemate and the
// score says +100 (a repetition would too, but Black, valuing it at -100,
// takes the pawn instead); asked to value it at -100, it plays on.
func TestContemptStalemate(t *testing.T) {
	const fen = "k7/P7/2K5/8/8/7p/7P/8 w - - 0 1"
	for _, c := range []int{-100, 100} {
		s, pos := searcherAt(t, fen, "draw.contempt", fmt.Sprint(c))
		var score int
		best := s.Search(pos, Limits{Depth: 6}, func(i Info) { score = i.Score })
		stalemate := best.String() == "c6b6"
		if c < 0 && (!stalemate || score != -c) {
			t.Errorf("contempt %d: best %v score %d, want c6b6 at %d", c, best, score, -c)
		}
		if c > 0 && stalemate {
			t.Errorf("contempt %d: best %v score %d, want a move that keeps the game going", c, best, score)
		}
	}
}
