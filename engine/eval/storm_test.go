package eval

import (
	"strconv"
	"testing"
)

// TestStorm reads the distances of both kings' shelter and storm pawns
// from weights set to tell them apart: an own pawn d ranks ahead scores d
// beside the king and 10·d on its file (d 7: none), an enemy pawn 20·d
// free and 25·d blocked. The score with the term on minus the score with
// it off is White's sum minus Black's, from the mover's side.
func TestStorm(t *testing.T) {
	var kv []string
	set := func(name string, v int) {
		kv = append(kv, name+".mg", strconv.Itoa(v), name+".eg", strconv.Itoa(v))
	}
	for d := 1; d <= 7; d++ {
		set("eval.storm.shelter.side.d"+strconv.Itoa(d), d)
		set("eval.storm.shelter.kingfile.d"+strconv.Itoa(d), 10*d)
	}
	for d := 1; d <= 6; d++ {
		set("eval.storm.free.d"+strconv.Itoa(d), 20*d)
		if d >= 2 {
			set("eval.storm.blocked.d"+strconv.Itoa(d), 25*d)
		}
	}
	kv = append(kv, "eval.trades.enabled", "false", "eval.drawn.enabled", "false")
	for _, c := range []struct {
		fen  string
		want int
	}{
		// White Kg1: f2 beside (1), g2 on its file (10), h3 beside two
		// ranks ahead (2); no enemy pawn. Black Kg8: no own pawn on f, g,
		// h (7 + 70 + 7); White's f2, g2 six ranks ahead and h3 five,
		// free (120 + 120 + 100).
		{"6k1/8/8/8/8/7P/5PP1/6K1 w - - 0 1", 13 - 424},
		{"6k1/8/8/8/8/7P/5PP1/6K1 b - - 0 1", 424 - 13},
		// White Kg1: f2 (1), g3 (20), h2 (1), Black's g4 three ranks
		// ahead, blocked by g3 (75). Black Kg8: g4 four ranks ahead on
		// its file (40), none on f and h (7 + 7); White's f2 and h2 six
		// ranks ahead, free (120 + 120), g3 five, blocked by g4 (125).
		{"6k1/8/8/8/6p1/6P1/5P1P/6K1 w - - 0 1", 97 - 419},
		// Kings in the corners see two files: White Ka1 a2 (10), b3 (2);
		// Black Kh8 none on g and h (7 + 70), no enemy pawn ahead on them.
		{"7k/8/8/8/8/1P6/P7/K7 w - - 0 1", 12 - 77},
		// Pawns behind the king do not count: White Kd4 with c2, d3, e2
		// has none ahead (7 + 70 + 7) and Black's d6 two ranks ahead on
		// its file, free (40). Black Ke8: d6 two ranks ahead beside it
		// (2), none on e and f (70 + 7); White's d3 five ranks ahead,
		// not blocked by d6 (100), e2 six (120).
		{"4k3/8/3p4/8/3K4/3P4/2P1P3/8 w - - 0 1", 124 - 299},
	} {
		on, off := evalWith(t, c.fen, "eval.storm.enabled", kv...)
		if got := on - off; got != c.want {
			t.Errorf("%s: the term adds %d, want %d", c.fen, got, c.want)
		}
	}
}
