package eval

import (
	"math"
	"strconv"
	"testing"

	"github.com/elolab/elolab/engine/params"
)

// TestComplexity: the term pulls a one-wing rook ending towards a draw,
// pushes a pawn ending with pawns on both wings away from it, and never
// takes more than the whole end-game score.
func TestComplexity(t *testing.T) {
	const toggle = "eval.complexity.enabled"
	noTrades := []string{"eval.trades.enabled", "false"}
	// White is a pawn up, three against two on the king side, rooks on.
	on, off := evalWith(t, "r5k1/5pp1/8/8/8/8/5PPP/R5K1 w - - 0 1", toggle, noTrades...)
	if on >= off || off <= 0 {
		t.Errorf("one-wing rook ending: on %d, off %d; want 0 < on < off", on, off)
	}
	// White is a pawn up in a pawn ending with pawns on both wings.
	on, off = evalWith(t, "6k1/pp3pp1/8/8/8/8/PP3PPP/6K1 w - - 0 1", toggle, noTrades...)
	if on <= off || off <= 0 {
		t.Errorf("two-wing pawn ending: on %d, off %d; want on > off > 0", on, off)
	}
	// An offset larger than any end-game score: in a pawn ending (no
	// middle-game half) the score falls to the tempo bonus alone and does
	// not change sign.
	on, _ = evalWith(t, "6k1/5pp1/8/8/8/8/5PPP/6K1 w - - 0 1", toggle, "eval.trades.enabled", "false", "eval.complexity.offset", "-400")
	if tempo := params.NewValues().Get(tempo); on != tempo {
		t.Errorf("offset -400: score %d, want the tempo bonus %d alone", on, tempo)
	}
}

// TestComplexityTrace: where the term is linear (c ≥ 0, so never clipped)
// the trace reproduces the score with the term on, and the fast path
// agrees with the traced one.
func TestComplexityTrace(t *testing.T) {
	p := params.NewValues()
	for _, kv := range [][2]string{
		{"eval.trades.enabled", "false"}, {"eval.drawn.enabled", "false"},
		{"eval.complexity.enabled", "true"}, {"eval.complexity.offset", "0"},
		{"eval.complexity.pawns", "9"}, {"eval.complexity.flanks", "60"},
		{"eval.complexity.pawnending", "70"},
	} {
		if err := p.Set(kv[0], kv[1]); err != nil {
			t.Fatal(err)
		}
	}
	e := New(p)
	e.Prepare()
	tr := NewTrace()
	traced := 0
	for _, pos := range randomPositions(t, 300) {
		fast := e.Evaluate(pos)
		if got := e.TraceEval(pos, tr); got != fast {
			t.Fatalf("%s: fast %d, traced %d", pos.FEN(), fast, got)
		}
		if lin := tr.Linear(p); math.Abs(lin-float64(tr.Score)) > 2 {
			t.Fatalf("%s: linear %.2f, score %d", pos.FEN(), lin, tr.Score)
		}
		if tr.Coef[complexityPawns.Index] != 0 {
			traced++
		}
	}
	if traced == 0 {
		t.Fatal("no position traced the term")
	}
	// The coefficients are the ones the weights need: doubling the pawn
	// weight moves Linear by the pawn coefficient times 9.
	q := p.Clone()
	if err := q.Set("eval.complexity.pawns", strconv.Itoa(18)); err != nil {
		t.Fatal(err)
	}
	if d := tr.Linear(q) - tr.Linear(p); math.Abs(d-9*tr.Coef[complexityPawns.Index]) > 1e-9 {
		t.Errorf("pawn weight 9 → 18 moved Linear by %.4f, want %.4f", d, 9*tr.Coef[complexityPawns.Index])
	}
}
