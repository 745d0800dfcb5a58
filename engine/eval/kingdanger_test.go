package eval

import "testing"

// TestKingDanger counts the units by hand. Black's king on g8 has the zone
// f8-h8, f7-h7, f6-h6. White's queen on h5 attacks h6, h7, g6 and f7 there
// (4 × 5 units), the knight on g5 f7 and h7 (2 × 2): 24 units, 24² / 8 = 72
// cp in the middle game, which at phase 5 (queen and knight) of 24 is
// 72 × 5 / 24 = 15 cp. The term needs two attacking piece types and the
// attacker's queen.
func TestKingDanger(t *testing.T) {
	cases := []struct {
		name, fen string
		gain      int // White to move: the score with the term minus without
	}{
		{"queen and knight", "6k1/5ppp/8/6NQ/8/8/8/6K1 w - - 0 1", 15},
		{"the same, Black to move", "6k1/5ppp/8/6NQ/8/8/8/6K1 b - - 0 1", -15},
		{"queen alone", "6k1/5ppp/8/7Q/8/8/8/6K1 w - - 0 1", 0},
		{"no queen", "6k1/5ppp/8/6NR/8/8/8/6K1 w - - 0 1", 0},
	}
	for _, c := range cases {
		on, off := evalWith(t, c.fen, "eval.kingdanger.enabled")
		if d := on - off; d < c.gain-1 || d > c.gain+1 {
			t.Errorf("%s: the term adds %d, want %d (±1 for rounding)", c.name, d, c.gain)
		}
	}
}
