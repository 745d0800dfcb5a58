package search

import (
	"testing"

	"github.com/elolab/elolab/engine/board"
)

const corrFEN = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8"

func corrSearcher(t *testing.T, kv ...string) (*Searcher, *board.Position) {
	t.Helper()
	return searcherAt(t, corrFEN, append([]string{"corrhist.enabled", "true"}, kv...)...)
}

func TestCorrectionMovesTowardDiffs(t *testing.T) {
	s, pos := corrSearcher(t)
	e := s.corrEntry(pos)
	if e == nil || *e != 0 {
		t.Fatalf("fresh entry %v, want a zero entry", e)
	}
	const raw = 40
	prev := s.correctEval(raw, e)
	if prev != raw {
		t.Fatalf("zero correction moved the eval %d to %d", raw, prev)
	}
	// The search keeps finding the position 30 cp better than its raw
	// evaluation: the correction climbs to +30 and never overshoots.
	for i := 0; i < 200; i++ {
		eval := s.correctEval(raw, e)
		s.updateCorrection(e, raw+30, boundExact, 20, raw, eval)
		got := s.correctEval(raw, e)
		if got < eval || got > raw+30 {
			t.Fatalf("update %d: corrected eval %d after %d, want it to climb toward %d", i, got, eval, raw+30)
		}
	}
	if got := s.correctEval(raw, e); got < raw+29 {
		t.Fatalf("corrected eval %d after 200 updates of +30, want about %d", got, raw+30)
	}
	// Then 30 cp worse: it comes down again.
	for i := 0; i < 200; i++ {
		s.updateCorrection(e, raw-30, boundExact, 20, raw, s.correctEval(raw, e))
	}
	if got := s.correctEval(raw, e); got > raw-29 || got < raw-30 {
		t.Fatalf("corrected eval %d after 200 updates of -30, want about %d", got, raw-30)
	}
	// A deeper search moves the entry further in one update.
	shallow, deep := int16(0), int16(0)
	s.updateCorrection(&shallow, raw+50, boundExact, 1, raw, raw)
	s.updateCorrection(&deep, raw+50, boundExact, 9, raw, raw)
	if !(0 < shallow && shallow < deep) {
		t.Fatalf("one update at depth 1 gave %d, at depth 9 %d: want 0 < shallow < deep", shallow, deep)
	}
}

func TestCorrectionClampsAndScales(t *testing.T) {
	s, pos := corrSearcher(t, "corrhist.limit", "20", "corrhist.scale", "50")
	e := s.corrEntry(pos)
	for i := 0; i < 100; i++ {
		s.updateCorrection(e, 900, boundExact, 30, 0, 0)
	}
	if *e != 20*corrGrain {
		t.Fatalf("entry %d after diffs of 900 cp, want the limit %d", *e, 20*corrGrain)
	}
	if got := s.correctEval(0, e); got != 10 {
		t.Fatalf("50%% of a 20 cp correction gave %d, want 10", got)
	}
	for i := 0; i < 100; i++ {
		s.updateCorrection(e, -900, boundExact, 30, 0, 0)
	}
	if *e != -20*corrGrain {
		t.Fatalf("entry %d after diffs of -900 cp, want %d", *e, -20*corrGrain)
	}
	// A corrected evaluation never reaches the mate band.
	*e = corrMaxLimit * corrGrain
	s.P.Set("corrhist.scale", "200")
	if got := s.correctEval(mateBand-10, e); got >= mateBand {
		t.Fatalf("corrected eval %d is a mate score", got)
	}
}

func TestCorrectionSkipsUninformativeResults(t *testing.T) {
	s, pos := corrSearcher(t)
	e := s.corrEntry(pos)
	cases := []struct {
		name         string
		score, bound int
	}{
		{"fail high at or below the eval", 50, boundLower},
		{"fail low at or above the eval", 150, boundUpper},
		{"mate score", Mate - 10, boundExact},
		{"mated score", -Mate + 10, boundExact},
	}
	for _, c := range cases {
		s.updateCorrection(e, c.score, c.bound, 10, 100, 100)
		if *e != 0 {
			t.Fatalf("%s: entry became %d", c.name, *e)
		}
	}
	s.updateCorrection(e, 150, boundLower, 10, 100, 100)
	if *e <= 0 {
		t.Fatalf("fail high above the eval: entry %d, want positive", *e)
	}
	s.updateCorrection(e, 20, boundUpper, 10, 100, 100)
	if *e >= 0 {
		t.Fatalf("fail low well below the eval: entry %d, want negative", *e)
	}
}

func TestCorrectionTableKeysAndClear(t *testing.T) {
	s, pos := corrSearcher(t)
	e := s.corrEntry(pos)
	*e = 7
	pos.MakeNull()
	if other := s.corrEntry(pos); other == e {
		t.Fatal("both sides to move share one entry")
	}
	pos.UnmakeNull()
	pos.MakeMove(mustMove(t, pos, "f3g5"))
	pos.MakeMove(mustMove(t, pos, "f6g4"))
	if again := s.corrEntry(pos); again != e { // same pawns, same side
		t.Fatal("a knight move changed the pawn structure's entry")
	}
	s.Clear()
	if *e != 0 {
		t.Fatalf("entry %d after Clear (ucinewgame), want 0", *e)
	}
	s.P.Set("corrhist.enabled", "false")
	if s.corrEntry(pos) != nil {
		t.Fatal("disabled correction history still hands out an entry")
	}
}

func mustMove(t *testing.T, pos *board.Position, uci string) board.Move {
	t.Helper()
	var list board.MoveList
	pos.GenerateMoves(&list)
	for _, m := range list.Moves[:list.N] {
		if m.String() == uci {
			return m
		}
	}
	t.Fatalf("%s: no legal move %s", pos.FEN(), uci)
	return board.NoMove
}

// TestCorrHistSearch: with the switch on, the search learns corrections,
// gives the same result from the same state, keeps the raw evaluation in
// the hash table and allocates nothing.
func TestCorrHistSearch(t *testing.T) {
	run := func() (*Searcher, *board.Position, board.Move, uint64) {
		s, pos := corrSearcher(t)
		m := s.Search(pos, Limits{Depth: 7}, nil)
		return s, pos, m, s.Nodes()
	}
	s, pos, m1, n1 := run()
	_, _, m2, n2 := run()
	if m1 != m2 || n1 != n2 {
		t.Fatalf("not deterministic: %v in %d nodes, then %v in %d", m1, n1, m2, n2)
	}
	learned := 0
	for c := range s.corr {
		for _, v := range s.corr[c] {
			if v != 0 {
				learned++
			}
		}
	}
	if learned == 0 {
		t.Fatal("a depth 7 search learned no correction")
	}

	// The hash table keeps the raw evaluation even when the correction is
	// large.
	e := s.corrEntry(pos)
	*e = 100 * corrGrain
	s.Search(pos, Limits{Depth: 4}, nil)
	hit, found := s.TT.probe(pos.Key())
	if raw := s.Eval.Evaluate(pos); !found || hit.eval != raw {
		t.Fatalf("hash eval %d (found %v), want the raw evaluation %d", hit.eval, found, raw)
	}

	allocs := testing.AllocsPerRun(5, func() {
		s.Search(pos, Limits{Depth: 5}, nil)
	})
	if allocs != 0 {
		t.Fatalf("search with correction history allocates %v times per run", allocs)
	}
}
