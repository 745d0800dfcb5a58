package eval

import (
	"fmt"
	"testing"

	"github.com/elolab/elolab/engine/board"
	"github.com/elolab/elolab/engine/params"
)

// TestMobilityTableSlope: the table set to the slopes' values per count
// scores every position as the slopes do with the table off, on the fast
// and on the traced path.
func TestMobilityTableSlope(t *testing.T) {
	slope, table := params.NewValues(), params.NewValues()
	if err := slope.Set("eval.mobility.table.enabled", "false"); err != nil {
		t.Fatal(err)
	}
	for pt := board.Knight; pt <= board.Queen; pt++ {
		for n := 0; n < mobTableSize[pt]; n++ {
			d := n - mobilityBase[pt]
			w := mobTableW[pt][n]
			if err := table.SetInt(w.mg, slope.Get(mobilityW[pt].mg)*d); err != nil {
				t.Fatal(err)
			}
			if err := table.SetInt(w.eg, slope.Get(mobilityW[pt].eg)*d); err != nil {
				t.Fatal(err)
			}
		}
	}
	if table.Get(mobTableEnabled) == 0 {
		t.Fatal("the table is not on by default")
	}
	es, et := New(slope), New(table)
	es.Prepare()
	et.Prepare()
	tr := NewTrace()
	for _, pos := range randomPositions(t, 300) {
		a, b, c := es.Evaluate(pos), et.Evaluate(pos), New(table).TraceEval(pos, tr)
		if a != b || b != c {
			t.Fatalf("%s: slopes %d, table %d, table traced %d", pos.FEN(), a, b, c)
		}
	}
}

// TestMobilityTable: with the table switched on, the fast path (Prepare's
// per-count table) and the traced path score every position alike, one
// entry's change moves the score of a position that has a piece with
// that count by exactly that entry's tapered share, and the trace gives
// the entry its coefficient.
func TestMobilityTable(t *testing.T) {
	p := params.NewValues()
	if err := p.Set("eval.mobility.table.enabled", "true"); err != nil {
		t.Fatal(err)
	}
	// A shape no slope has, so the test would see the slope's values.
	for pt := board.Knight; pt <= board.Queen; pt++ {
		for n := 0; n < mobTableSize[pt]; n++ {
			w := mobTableW[pt][n]
			if err := p.SetInt(w.mg, (n*n*int(pt))%37-18); err != nil {
				t.Fatal(err)
			}
			if err := p.SetInt(w.eg, (n*7+int(pt)*3)%29-14); err != nil {
				t.Fatal(err)
			}
		}
	}
	fast, slow := New(p), New(p)
	fast.Prepare()
	tr := NewTrace()
	for _, pos := range randomPositions(t, 300) {
		if a, b := fast.Evaluate(pos), slow.TraceEval(pos, tr); a != b {
			t.Fatalf("%s: fast %d, traced %d", pos.FEN(), a, b)
		}
	}

	// White to move; the knight on a1 reaches b3 and c2 (2 squares).
	pos, err := board.ParseFEN("4k3/pp6/8/8/8/8/PP6/N3K3 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	e := New(p)
	e.Prepare()
	before := e.Evaluate(pos)
	tr = NewTrace()
	New(p).TraceEval(pos, tr)
	w := mobTableW[board.Knight][2]
	mgF, egF := float64(tr.Phase)/MaxPhase, float64(MaxPhase-tr.Phase)/MaxPhase
	if tr.Coef[w.mg.Index] != mgF || tr.Coef[w.eg.Index] != egF {
		t.Errorf("trace: knight.n2 coefficients %v/%v, want %v/%v", tr.Coef[w.mg.Index], tr.Coef[w.eg.Index], mgF, egF)
	}
	if err := p.SetInt(w.eg, p.Get(w.eg)+48); err != nil {
		t.Fatal(err)
	}
	e.Prepare()
	want := before + 48*(MaxPhase-tr.Phase)/MaxPhase
	if got := e.Evaluate(pos); got != want {
		t.Errorf("knight.n2 end game +48: score %d, want %d (before %d, phase %d)", got, want, before, tr.Phase)
	}
	// The slope is no longer read.
	if err := p.Set("eval.mobility.knight.eg", fmt.Sprint(p.Get(mobilityW[board.Knight].eg)+30)); err != nil {
		t.Fatal(err)
	}
	e.Prepare()
	if got := e.Evaluate(pos); got != want {
		t.Errorf("the knight's slope changed the score with the table on: %d, want %d", got, want)
	}
}
