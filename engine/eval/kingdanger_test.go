package eval

import "testing"

// TestKingDanger counts the units by hand. Black's king on g8 has the zone
// f8-h8, f7-h7, f6-h6. White's queen on h5 attacks h6, h7, g6 and f7 there
// (4 × 5 units), the knight on g5 f7 and h7 (2 × 2): 24 units, 24² / 8 = 72
// cp in the middle game, which at phase 5 (queen and knight) of 24 is
// 72 × 5 / 24 = 15 cp. The term needs two attacking piece types and the
// attacker's queen.
//
// The further inputs, each alone: of the four zone squares White attacks,
// h7 and f7 are covered by Black's king only (g6 and h6 by pawns), so
// weak = 3 adds 6 units: 30² / 8 = 112 → 23 cp. The shield is f7, g7 and
// h7: shield = 2 takes 6 units off, 18² / 8 = 40 → 8 cp. An offset of −24
// leaves nothing, and so do three required piece types. egdiv = 4 adds
// 24 / 4 = 6 cp in the end game: (72 × 5 + 6 × 19) / 24 = 19 cp. With the
// queen on d1 instead, only the knight reaches the zone (2 × 2 = 4 units,
// kinds = 1 lets it count) and the queen has one safe check, on d8:
// check.queen = 10 makes 14 units, 14² / 1 × 5 / 24 = 40 cp, where 4
// units alone make 16 × 5 / 24 = 3.
func TestKingDanger(t *testing.T) {
	const attack = "6k1/5ppp/8/6NQ/8/8/8/6K1 w - - 0 1"
	const check = "6k1/5ppp/8/6N1/8/8/8/3Q2K1 w - - 0 1"
	cases := []struct {
		name, fen string
		kv        []string
		gain      int // White to move: the score with the term minus without
	}{
		{"queen and knight", attack, nil, 15},
		{"the same, Black to move", "6k1/5ppp/8/6NQ/8/8/8/6K1 b - - 0 1", nil, -15},
		{"queen alone", "6k1/5ppp/8/7Q/8/8/8/6K1 w - - 0 1", nil, 0},
		{"no queen", "6k1/5ppp/8/6NR/8/8/8/6K1 w - - 0 1", nil, 0},
		{"weak squares", attack, []string{"eval.kingdanger.weak", "3"}, 23},
		{"shield pawns", attack, []string{"eval.kingdanger.shield", "2"}, 8},
		{"offset to nothing", attack, []string{"eval.kingdanger.offset", "-24"}, 0},
		{"three piece types required", attack, []string{"eval.kingdanger.kinds", "3"}, 0},
		{"end-game share", attack, []string{"eval.kingdanger.egdiv", "4"}, 19},
		{"without the check's units", check, []string{"eval.kingdanger.kinds", "1", "eval.kingdanger.div", "1"}, 3},
		{"a safe queen check", check, []string{"eval.kingdanger.kinds", "1", "eval.kingdanger.div", "1", "eval.kingdanger.check.queen", "10"}, 40},
	}
	for _, c := range cases {
		on, off := evalWith(t, c.fen, "eval.kingdanger.enabled", c.kv...)
		if d := on - off; d < c.gain-1 || d > c.gain+1 {
			t.Errorf("%s: the term adds %d, want %d (±1 for rounding)", c.name, d, c.gain)
		}
	}
}
