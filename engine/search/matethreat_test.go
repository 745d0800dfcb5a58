package search

import (
	"fmt"
	"testing"
)

// A null move answered by a mate marks the node, which gains a ply only
// with nullmove.matethreat on, and only when the mate is within
// nullmove.matethreat.plies of it (the null move counted): the back-rank
// Re1# is two plies away, the doubled rooks' Re1+ Rxe1 Rxe1# four. The
// position without the rook has no threat, and the null move cuts.
func TestMateThreatExtension(t *testing.T) {
	const inOne = "4r1k1/5ppp/8/8/Q7/8/5PPP/6K1 w - - 0 1"
	const inTwo = "4r1k1/4rppp/8/8/Q7/8/1B3PPP/3R2K1 w - - 0 1"
	const quiet = "6k1/5ppp/8/8/Q7/8/5PPP/6K1 w - - 0 1"
	for _, c := range []struct {
		fen    string
		on     bool
		plies  int
		marked bool
		ext    int
	}{
		{inOne, true, 2, true, 1}, {inOne, false, 2, true, 0}, {quiet, true, 2, false, 0},
		{inTwo, true, 2, false, 0}, {inTwo, true, 4, true, 1}, {inTwo, true, 128, true, 1}, {inOne, true, 128, true, 1},
	} {
		s, pos := searcherAt(t, c.fen, "nullmove.matethreat", fmt.Sprint(c.on), "nullmove.matethreat.plies", fmt.Sprint(c.plies))
		s.Search(pos, Limits{Depth: 1}, nil) // sets up the per-search state
		s.stack[0].move = 1                  // the node at ply 1 was reached by a real move
		_, cut, mated := s.nullMove(0, 12, 1, 0, ttHit{}, false, false)
		if cut == (c.fen != quiet) {
			t.Fatalf("%s: the null move cut: %v", c.fen, cut)
		}
		if mated != c.marked || s.mateThreatExtension(1, mated) != c.ext {
			t.Errorf("%s, switch %v, plies %d: marked %v, extension %d; want %v, %d", c.fen, c.on, c.plies,
				mated, s.mateThreatExtension(1, mated), c.marked, c.ext)
		}
	}
	for _, c := range []struct {
		plies   string
		sc, ply int
		want    bool
	}{
		{"2", -(Mate - 3), 1, true}, {"2", -(Mate - 5), 1, false}, {"128", -(Mate - 5), 1, true},
		{"128", -mateBand + 1, 1, false}, {"128", -(Mate - 130), 1, false},
	} {
		s, _ := searcherAt(t, inOne, "nullmove.matethreat.plies", c.plies)
		if got := s.isMateThreat(c.sc, c.ply); got != c.want {
			t.Errorf("plies %s: isMateThreat(%d, %d) = %v, want %v", c.plies, c.sc, c.ply, got, c.want)
		}
	}
}
