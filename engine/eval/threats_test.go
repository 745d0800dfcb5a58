package eval

import (
	"testing"

	"github.com/elolab/elolab/engine/board"
	"github.com/elolab/elolab/engine/params"
)

// evalWith scores fen with the named switch on and off, the other
// parameters at their defaults but for the name/value pairs kv.
func evalWith(t *testing.T, fen, toggle string, kv ...string) (on, off int) {
	t.Helper()
	pos, err := board.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range []string{"true", "false"} {
		p := params.NewValues()
		for i := 0; i+1 < len(kv); i += 2 {
			if err := p.Set(kv[i], kv[i+1]); err != nil {
				t.Fatal(err)
			}
		}
		if err := p.Set(toggle, v); err != nil {
			t.Fatal(err)
		}
		e := New(p)
		e.Prepare()
		if v == "true" {
			on = e.Evaluate(pos)
		} else {
			off = e.Evaluate(pos)
		}
	}
	return on, off
}

func TestFeatureTerms(t *testing.T) {
	cases := []struct {
		name, fen, toggle string
		better            bool // the side to move gains from the term
	}{
		// Black's knight on e5 attacked by the d4 pawn, White to move.
		{"pawn threat", "4k3/8/8/4n3/3P4/8/8/4K3 w - - 0 1", "eval.threats.enabled", true},
		// White's rook on d1 hangs to the black bishop, nothing defends it.
		{"hanging", "4k3/8/8/8/6b1/8/8/3R2K1 w - - 0 1", "eval.threats.enabled", false},
		// White's queen can check safely from h5 (f7 pawn gone).
		{"safe check", "rnb1kbnr/pppp2pp/8/8/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1", "eval.safechecks.enabled", true},
		// White's knight on d5 defended by e4, no black pawn can chase it.
		{"outpost", "4k3/p7/8/3N4/4P3/8/8/4K3 w - - 0 1", "eval.outposts.enabled", true},
		// Black's king is far from White's passed pawn's stop square.
		{"king distance", "k7/8/8/8/4P3/4K3/8/8 w - - 0 1", "eval.passed.kingdist.enabled", true},
	}
	for _, c := range cases {
		on, off := evalWith(t, c.fen, c.toggle)
		if (on > off) != c.better || on == off {
			t.Errorf("%s: %s on %d, off %d", c.name, c.toggle, on, off)
		}
	}
}
