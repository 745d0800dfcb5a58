package search

import (
	"testing"

	"github.com/elolab/elolab/engine/board"
)

// The PV mark is its own bit: it round-trips through the table beside the
// other fields, whatever the search age, and storing without it clears it.
// The age still reads back: within a search a shallow bound does not
// replace a deeper entry, from the next search on it does.
func TestTTPvBit(t *testing.T) {
	tt := NewTT(1)
	const key = 0x9e3779b97f4a7c15
	m := board.NewMove(12, 28, board.FlagDoublePush)
	for age := range 2 * (ageMask + 1) {
		for _, pv := range []bool{true, false} {
			tt.store(key, m, -1234, 56, 17, boundLower, pv)
			h, ok := tt.probe(key)
			if !ok || h.pv != pv || h.move != m || h.score != -1234 || h.eval != 56 || h.depth != 17 || h.bound != boundLower {
				t.Fatalf("age %d, pv %v: probe %+v, %v", age, pv, h, ok)
			}
		}
		tt.store(key, m, 0, 0, 3, boundUpper, true)
		if h, _ := tt.probe(key); h.depth != 17 || h.pv {
			t.Fatalf("age %d: a shallow bound replaced a deeper entry of the same search: %+v", age, h)
		}
		tt.NewSearch()
		tt.store(key, m, 0, 0, 3, boundUpper, true)
		if h, _ := tt.probe(key); h.depth != 3 || !h.pv {
			t.Fatalf("age %d: an entry of the last search was kept: %+v", age, h)
		}
	}
	if tt.age > ageMask {
		t.Fatalf("age %d ran past its five bits", tt.age)
	}
}

// A node counts as a PV node for the flag when it is one or its entry says
// it was, only with ttpv.enabled; late moves are reduced lmr.ttpv plies
// less at a flagged node that is not a PV node now.
func TestTTPvReduction(t *testing.T) {
	const fen = "4k3/8/8/8/8/8/PPP5/1K1Q4 w - - 0 1"
	on, _ := searcherAt(t, fen, "ttpv.enabled", "true", "lmr.ttpv", "2")
	off, _ := searcherAt(t, fen)
	marked := ttHit{pv: true, depth: 5, bound: boundExact}
	for _, c := range []struct {
		name          string
		s             *Searcher
		pvNode, found bool
		hit           ttHit
		flag          bool
		reduction     int
	}{
		{"on, PV node", on, true, false, ttHit{}, true, 0},
		{"on, marked entry", on, false, true, marked, true, -2},
		{"on, unmarked entry", on, false, true, ttHit{depth: 5}, false, 0},
		{"on, stale hit not found", on, false, false, marked, false, 0},
		{"off, PV node", off, true, false, ttHit{}, false, 0},
		{"off, marked entry", off, false, true, marked, false, 0},
	} {
		flag := c.s.ttPv(c.pvNode, c.hit, c.found)
		fr := frame{ttPv: flag}
		if r := c.s.ttPvReduction(&fr, c.pvNode); flag != c.flag || r != c.reduction {
			t.Errorf("%s: flag %v, reduction %d; want %v, %d", c.name, flag, r, c.flag, c.reduction)
		}
	}
}
