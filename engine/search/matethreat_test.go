package search

import (
	"fmt"
	"testing"
)

// A null move answered by a mate (the back-rank Re1#) fails low and marks
// the node, which gains a ply only with nullmove.matethreat on; the same
// position without the rook has no threat, and the null move cuts.
func TestMateThreatExtension(t *testing.T) {
	const threat = "4r1k1/5ppp/8/8/Q7/8/5PPP/6K1 w - - 0 1"
	const quiet = "6k1/5ppp/8/8/Q7/8/5PPP/6K1 w - - 0 1"
	for _, c := range []struct {
		fen    string
		on     bool
		marked bool
		ext    int
	}{
		{threat, true, true, 1}, {threat, false, true, 0}, {quiet, true, false, 0},
	} {
		s, pos := searcherAt(t, c.fen, "nullmove.matethreat", fmt.Sprint(c.on))
		s.Search(pos, Limits{Depth: 1}, nil) // sets up the per-search state
		s.stack[0].move = 1                  // the node at ply 1 was reached by a real move
		_, cut, mated := s.nullMove(0, 6, 1, 0, ttHit{}, false, false)
		if cut == c.marked {
			t.Fatalf("%s: the null move cut: %v", c.fen, cut)
		}
		if mated != c.marked || s.mateThreatExtension(1, mated) != c.ext {
			t.Errorf("%s, switch %v: marked %v, extension %d; want %v, %d", c.fen, c.on,
				mated, s.mateThreatExtension(1, mated), c.marked, c.ext)
		}
	}
}
