package search

import (
	"strconv"
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
	e := s.corrEntries(pos)
	if e.pawn == nil || *e.pawn != 0 || e.nonPawn[0] != nil {
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
	s.updateCorrection(corrSet{pawn: &shallow}, raw+50, boundExact, 1, raw, raw)
	s.updateCorrection(corrSet{pawn: &deep}, raw+50, boundExact, 9, raw, raw)
	if !(0 < shallow && shallow < deep) {
		t.Fatalf("one update at depth 1 gave %d, at depth 9 %d: want 0 < shallow < deep", shallow, deep)
	}
}

func TestCorrectionClampsAndScales(t *testing.T) {
	s, pos := corrSearcher(t, "corrhist.limit", "20", "corrhist.scale", "50")
	cs := s.corrEntries(pos)
	e := cs.pawn
	for i := 0; i < 100; i++ {
		s.updateCorrection(cs, 900, boundExact, 30, 0, 0)
	}
	if *e != 20*corrGrain {
		t.Fatalf("entry %d after diffs of 900 cp, want the limit %d", *e, 20*corrGrain)
	}
	if got := s.correctEval(0, cs); got != 10 {
		t.Fatalf("50%% of a 20 cp correction gave %d, want 10", got)
	}
	for i := 0; i < 100; i++ {
		s.updateCorrection(cs, -900, boundExact, 30, 0, 0)
	}
	if *e != -20*corrGrain {
		t.Fatalf("entry %d after diffs of -900 cp, want %d", *e, -20*corrGrain)
	}
	// A corrected evaluation never reaches the mate band.
	*e = corrMaxLimit * corrGrain
	s.P.Set("corrhist.scale", "200")
	if got := s.correctEval(mateBand-10, cs); got >= mateBand {
		t.Fatalf("corrected eval %d is a mate score", got)
	}
}

func TestCorrectionSkipsUninformativeResults(t *testing.T) {
	s, pos := corrSearcher(t)
	cs := s.corrEntries(pos)
	e := cs.pawn
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
		s.updateCorrection(cs, c.score, c.bound, 10, 100, 100)
		if *e != 0 {
			t.Fatalf("%s: entry became %d", c.name, *e)
		}
	}
	s.updateCorrection(cs, 150, boundLower, 10, 100, 100)
	if *e <= 0 {
		t.Fatalf("fail high above the eval: entry %d, want positive", *e)
	}
	s.updateCorrection(cs, 20, boundUpper, 10, 100, 100)
	if *e >= 0 {
		t.Fatalf("fail low well below the eval: entry %d, want negative", *e)
	}
}

func TestCorrectionTableKeysAndClear(t *testing.T) {
	s, pos := corrSearcher(t)
	e := s.corrEntries(pos).pawn
	*e = 7
	pos.MakeNull()
	if other := s.corrEntries(pos).pawn; other == e {
		t.Fatal("both sides to move share one entry")
	}
	pos.UnmakeNull()
	pos.MakeMove(mustMove(t, pos, "f3g5"))
	pos.MakeMove(mustMove(t, pos, "f6g4"))
	if again := s.corrEntries(pos).pawn; again != e { // same pawns, same side
		t.Fatal("a knight move changed the pawn structure's entry")
	}
	s.Clear()
	if *e != 0 {
		t.Fatalf("entry %d after Clear (ucinewgame), want 0", *e)
	}
	s.P.Set("corrhist.enabled", "false")
	if s.corrEntries(pos) != (corrSet{}) {
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
	for _, np := range []string{"false", "true"} {
		t.Run("nonpawn="+np, func(t *testing.T) { corrHistSearch(t, "corrhist.nonpawn", np) })
	}
}

func corrHistSearch(t *testing.T, kv ...string) {
	run := func() (*Searcher, *board.Position, board.Move, uint64) {
		s, pos := corrSearcher(t, kv...)
		m := s.Search(pos, Limits{Depth: 7}, nil)
		return s, pos, m, s.Nodes()
	}
	s, pos, m1, n1 := run()
	_, _, m2, n2 := run()
	if m1 != m2 || n1 != n2 {
		t.Fatalf("not deterministic: %v in %d nodes, then %v in %d", m1, n1, m2, n2)
	}
	learned := func(tab *corrTable) (n int) {
		for c := range tab {
			for _, v := range tab[c] {
				if v != 0 {
					n++
				}
			}
		}
		return n
	}
	if learned(&s.corr) == 0 {
		t.Fatal("a depth 7 search learned no correction")
	}
	if np := learned(&s.corrNP[0]) + learned(&s.corrNP[1]); (np > 0) != s.P.Bool(corrNonPawn) {
		t.Fatalf("%d non-pawn entries learned with corrhist.nonpawn %v", np, s.P.Bool(corrNonPawn))
	}

	// The hash table keeps the raw evaluation even when the correction is
	// large.
	e := s.corrEntries(pos).pawn
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

// TestCorrectionNonPawnKeys: a knight move changes the mover's non-pawn
// entry and no other; a pawn move changes the pawn entry and neither
// non-pawn one; the tables are each side to move's own; Clear empties them.
func TestCorrectionNonPawnKeys(t *testing.T) {
	s, pos := corrSearcher(t, "corrhist.nonpawn", "true")
	start := s.corrEntries(pos)
	if start.nonPawn[board.White] == nil || start.nonPawn[board.Black] == nil || start.nonPawn[0] == start.nonPawn[1] {
		t.Fatalf("non-pawn entries %v, want two distinct ones", start.nonPawn)
	}
	*start.nonPawn[board.White], *start.nonPawn[board.Black] = 5, 6
	pos.MakeMove(mustMove(t, pos, "f3g5"))
	pos.MakeMove(mustMove(t, pos, "a7a6"))
	after := s.corrEntries(pos) // White to move again
	if after.pawn == start.pawn {
		t.Fatal("a pawn move kept the pawn entry")
	}
	if after.nonPawn[board.White] == start.nonPawn[board.White] {
		t.Fatal("a knight move kept White's non-pawn entry")
	}
	if after.nonPawn[board.Black] != start.nonPawn[board.Black] {
		t.Fatal("Black's pieces did not move but its non-pawn entry changed")
	}
	pos.MakeNull()
	if black := s.corrEntries(pos); black.nonPawn[board.Black] == after.nonPawn[board.Black] {
		t.Fatal("both sides to move share a non-pawn entry")
	}
	s.Clear()
	if *start.nonPawn[board.White] != 0 || *start.nonPawn[board.Black] != 0 {
		t.Fatal("Clear (ucinewgame) kept the non-pawn tables")
	}
}

// TestCorrectionNonPawnSharesTheError: three tables learn one error
// between them, so the corrected evaluation converges on the searched
// score, not three times past it; at corrhist.nonpawnpct 0 the non-pawn
// entries learn but do not count.
func TestCorrectionNonPawnSharesTheError(t *testing.T) {
	s, pos := corrSearcher(t, "corrhist.nonpawn", "true")
	cs := s.corrEntries(pos)
	const raw = 40
	for i := 0; i < 300; i++ {
		s.updateCorrection(cs, raw+30, boundExact, 20, raw, s.correctEval(raw, cs))
	}
	if got := s.correctEval(raw, cs); got < raw+29 || got > raw+31 {
		t.Fatalf("corrected eval %d after 300 updates of +30, want about %d", got, raw+30)
	}
	if *cs.nonPawn[0] <= 0 || *cs.nonPawn[1] <= 0 || *cs.pawn >= 30*corrGrain {
		t.Fatalf("entries pawn %d, non-pawn %d %d: want the error shared", *cs.pawn, *cs.nonPawn[0], *cs.nonPawn[1])
	}
	s.P.Set("corrhist.nonpawnpct", "0")
	if got, want := s.correctEval(raw, cs), raw+int(*cs.pawn)/corrGrain; got != want {
		t.Fatalf("at nonpawnpct 0 the correction is %d, want the pawn entry's alone, %d", got, want)
	}
}

// TestCorrectionInQuiescence: with corrhist.qs quiescence stands pat on
// the corrected evaluation (a +50 cp correction fails a window the raw
// evaluation stays below, and a fail low returns at least the corrected
// score), and its hash entry still keeps the raw one; without it the
// correction plays no part there.
func TestCorrectionInQuiescence(t *testing.T) {
	for _, qs := range []bool{false, true} {
		s, pos := corrSearcher(t, "corrhist.qs", strconv.FormatBool(qs))
		raw := s.Eval.Evaluate(pos)
		*s.corrEntries(pos).pawn = 50 * corrGrain // within corrhist.limit (64)
		got := s.quiesce(raw+30, raw+31, 0, 0)
		if qs && got < raw+31 {
			t.Errorf("corrhist.qs: quiescence returned %d in the window (%d, %d), want a fail high on the corrected stand pat %d", got, raw+30, raw+31, raw+50)
		}
		if !qs && got >= raw+31 {
			t.Errorf("without corrhist.qs quiescence returned %d, above the raw evaluation %d's window", got, raw)
		}
		// A window above the corrected stand pat: the node searches its
		// captures and stores its entry.
		s.TT.Clear()
		if got := s.quiesce(raw+200, raw+201, 0, 0); qs && got < raw+50 {
			t.Errorf("corrhist.qs: quiescence failed low with %d, below the corrected stand pat %d", got, raw+50)
		}
		if hit, found := s.TT.probe(pos.Key()); !found || hit.eval != raw {
			t.Errorf("corrhist.qs %v: hash eval %d (found %v), want the raw evaluation %d", qs, hit.eval, found, raw)
		}
	}
}
