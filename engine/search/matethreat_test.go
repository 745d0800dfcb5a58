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

// nullmove.matethreat.plies bounds the threat by its length: the back-rank
// mate in one (two plies from the node, the null move counted) is marked at
// 2, the doubled rooks' mate in two (Re1+ Rxe1 Rxe1#, four plies) only from
// 4; both at the default, any length.
func TestMateThreatPlies(t *testing.T) {
	const inOne = "4r1k1/5ppp/8/8/Q7/8/5PPP/6K1 w - - 0 1"
	const inTwo = "4r1k1/4rppp/8/8/Q7/8/1B3PPP/3R2K1 w - - 0 1"
	for _, c := range []struct {
		fen    string
		plies  string
		marked bool
	}{
		{inOne, "2", true}, {inTwo, "2", false}, {inTwo, "4", true}, {inTwo, "128", true}, {inOne, "128", true},
	} {
		s, pos := searcherAt(t, c.fen, "nullmove.matethreat", "true", "nullmove.matethreat.plies", c.plies)
		s.Search(pos, Limits{Depth: 1}, nil)
		s.stack[0].move = 1
		_, cut, mated := s.nullMove(0, 12, 1, 0, ttHit{}, false, false)
		if cut || mated != c.marked {
			t.Errorf("%s, plies %s: cut %v, marked %v; want no cut, marked %v", c.fen, c.plies, cut, mated, c.marked)
		}
	}
	s, _ := searcherAt(t, inOne)
	for _, c := range []struct {
		sc, ply int
		want    bool
	}{
		{-(Mate - 3), 1, true}, {-(Mate - 5), 1, true}, {-mateBand + 1, 1, false}, {-(Mate - 130), 1, false},
	} {
		if got := s.isMateThreat(c.sc, c.ply); got != c.want {
			t.Errorf("isMateThreat(%d, %d) = %v, want %v", c.sc, c.ply, got, c.want)
		}
	}
}
