package eval

import "testing"

// TestConnectedPawns counts phalanxes and supported pawns by rank, for both
// colours: the score with the term on minus the score with it off is the
// weights times the counts.
func TestConnectedPawns(t *testing.T) {
	for _, c := range []struct {
		fen  string
		want int // side to move's gain: 7 per 3rd-rank, 100 per 4th-rank connected pawn
	}{
		// b2 alone; c3 defended by b2 (3rd rank); d4, e4 a phalanx (4th);
		// Black's g6 defended by h7 (its 3rd rank), h7 alone.
		{"4k3/7p/6p1/8/3PP3/2P5/1P6/4K3 w - - 0 1", 7 + 200 - 7},
		{"4k3/7p/6p1/8/3PP3/2P5/1P6/4K3 b - - 0 1", 7 - 7 - 200},
		// Doubled, not beside or behind each other diagonally: nothing.
		{"4k3/8/8/8/3P4/3P4/8/4K3 w - - 0 1", 0},
		// a4 and b3 defend nothing across the board's edge: b3 defends a4.
		{"4k3/8/8/8/P7/1P6/8/4K3 w - - 0 1", 100},
		// h-file and a-file pawns on one rank are not beside each other.
		{"4k3/8/8/8/P6P/8/8/4K3 w - - 0 1", 0},
	} {
		on, off := evalWith(t, c.fen, "eval.pawns.connected.enabled",
			"eval.trades.enabled", "false", "eval.drawn.enabled", "false",
			"eval.pawns.connected.rank3.mg", "7", "eval.pawns.connected.rank3.eg", "7",
			"eval.pawns.connected.rank4.mg", "100", "eval.pawns.connected.rank4.eg", "100")
		if got := on - off; got != c.want {
			t.Errorf("%s: the term adds %d, want %d", c.fen, got, c.want)
		}
	}
}
