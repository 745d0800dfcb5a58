package eval

import (
	"math"
	"testing"

	"github.com/elolab/elolab/engine/params"
)

// TestScaledGroups: with the scales drawn at random, every way of
// evaluating agrees (prepared, cached, unprepared, traced), the traced
// coefficients still reproduce the score up to each group's rounding, and
// scaling a group by k moves the score by (k−100) % of that group's share.
func TestScaledGroups(t *testing.T) {
	positions := randomPositions(t, 300)
	for _, seed := range []string{"a", "b", "c"} {
		p := params.NewValues()
		if err := randomise(p, "scale-"+seed); err != nil { // the scales too
			t.Fatal(err)
		}
		for _, name := range []string{"eval.trades.enabled", "eval.drawn.enabled", "eval.kingdanger.enabled", "eval.complexity.enabled", "eval.ocb.enabled", "eval.pawnpush.enabled"} {
			if err := p.Set(name, "false"); err != nil { // nonlinear or untraced terms
				t.Fatal(err)
			}
		}
		prepared, unprepared := New(p), New(p)
		prepared.Prepare()
		if !prepared.scaled {
			t.Fatalf("seed %s: no scale drawn away from 100", seed)
		}
		tr := NewTrace()
		for _, pos := range positions {
			fast := prepared.Evaluate(pos)
			again := prepared.Evaluate(pos)
			u := unprepared.Evaluate(pos)
			traced := prepared.TraceEval(pos, tr)
			if again != fast || u != fast || traced != fast {
				t.Fatalf("seed %s: %s: evaluate %d, again %d, unprepared %d, traced %d", seed, pos.FEN(), fast, again, u, traced)
			}
			// Each group's mg and eg shares are truncated once: at most 1 cp
			// each, so 2 per group.
			if lin := tr.Linear(p); math.Abs(lin-float64(tr.Score)) > 2*float64(numScaleGroups)+2 {
				t.Fatalf("seed %s: %s: linear %.2f, score %d", seed, pos.FEN(), lin, tr.Score)
			}
		}
	}
}

// TestScaleMovesItsGroup: the threats group at 200 % doubles what the
// threat terms add, and the defaults (100 %) skip the scaling.
func TestScaleMovesItsGroup(t *testing.T) {
	positions := randomPositions(t, 200)
	base := params.NewValues()
	loud := params.NewValues()
	for _, ph := range []string{"mg", "eg"} {
		if err := loud.Set("eval.scale.threats."+ph, "200"); err != nil {
			t.Fatal(err)
		}
	}
	off := params.NewValues()
	if err := off.Set("eval.threats.enabled", "false"); err != nil {
		t.Fatal(err)
	}
	eb, el, eo := New(base), New(loud), New(off)
	for _, e := range []*Evaluator{eb, el, eo} {
		e.Prepare()
	}
	if eb.scaled || !el.scaled {
		t.Fatalf("scaled flags: defaults %v, threats 200 %%: %v", eb.scaled, el.scaled)
	}
	moved := 0
	for _, pos := range positions {
		b, l, o := eb.Evaluate(pos), el.Evaluate(pos), eo.Evaluate(pos)
		// The threat terms' share is b−o; doubled it adds b−o again, up to
		// the taper's rounding and the scaling terms (trades, drawish) that
		// read the total.
		if want := b + (b - o); !near(l, want, 3+abs(b-o)/8) {
			t.Fatalf("%s: threats 200 %% %d, defaults %d, without threat terms %d: want about %d", pos.FEN(), l, b, o, want)
		}
		if l != b {
			moved++
		}
	}
	if moved < len(positions)/4 {
		t.Fatalf("threats scale 200 %% moved only %d of %d scores", moved, len(positions))
	}
}

func near(a, b, tol int) bool { return abs(a-b) <= tol }
