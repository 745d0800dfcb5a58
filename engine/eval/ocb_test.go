package eval

import (
	"math"
	"strconv"
	"testing"

	"github.com/elolab/elolab/engine/board"
	"github.com/elolab/elolab/engine/params"
)

func TestOppositeBishopsScale(t *testing.T) {
	p := params.NewValues()
	if err := p.Set("eval.ocb.enabled", "true"); err != nil {
		t.Fatal(err)
	}
	e := New(p)
	for _, c := range []struct {
		fen  string
		want int
	}{
		{"8/4k3/4b3/3P4/8/2B5/4K3/8 w - - 0 1", 32},     // Bc3 (dark) v Be6 (light), pawns only
		{"8/4k3/3b4/3P4/8/2B5/4K3/8 w - - 0 1", 64},     // Bc3 v Bd6: same colour
		{"r7/4k3/4b3/3P4/8/2B5/4K3/R7 w - - 0 1", 48},   // one rook each
		{"n7/4k3/4b3/3P4/8/2B5/4K3/R7 w - - 0 1", 64},   // rook against knight
		{"q7/4k3/4b3/3P4/8/2B5/4K3/Q7 w - - 0 1", 64},   // queens
		{"8/4k3/4b3/3P4/8/1BB5/4K3/8 w - - 0 1", 64},    // two bishops against one
		{"8/4k3/4b3/3P4/8/2B5/4K3/8 b - - 0 1", 32},     // side to move does not matter
		{"rn6/4k3/4b3/3P4/8/2B5/4K3/RN6 w - - 0 1", 48}, // rook and knight each
		{"8/4k3/4B3/3P4/8/2b5/4K3/8 w - - 0 1", 32},     // colours of the bishops swapped
	} {
		pos, err := board.ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		e.Evaluate(pos) // fills the piece counts
		if got := e.egScale(pos); got != c.want {
			t.Errorf("%s: scale %d, want %d", c.fen, got, c.want)
		}
	}
}

// With the switch on, an extra pawn in a bishops-only ending of opposite
// colours is worth less than with it off; the traced coefficients still
// reproduce the score.
func TestOppositeBishopsScoreAndTrace(t *testing.T) {
	fen := "8/4k3/4b3/3P4/2P5/2B5/4K3/8 w - - 0 1"
	pos, err := board.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	score := func(on bool) (int, *Trace, *params.Values) {
		p := params.NewValues()
		for name, v := range map[string]string{"eval.ocb.enabled": strconv.FormatBool(on),
			"eval.trades.enabled": "false", "eval.drawn.enabled": "false"} {
			if err := p.Set(name, v); err != nil {
				t.Fatal(err)
			}
		}
		e := New(p)
		tr := NewTrace()
		return e.TraceEval(pos, tr), tr, p
	}
	off, _, _ := score(false)
	on, tr, p := score(true)
	tempo := params.NewValues().Get(tempo)
	if off-tempo < 100 || on-tempo >= (off-tempo)*3/4 {
		t.Fatalf("%s: %d with opposite-bishop scaling, %d without (tempo %d): want the edge cut", fen, on, off, tempo)
	}
	if lin := tr.Linear(p); math.Abs(lin-float64(tr.Score)) > 2 {
		t.Fatalf("%s: linear %.2f, score %d", fen, lin, tr.Score)
	}
}
