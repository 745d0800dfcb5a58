package search

import (
	"fmt"
	"testing"

	"github.com/elolab/elolab/engine/board"
)

// Two knights can each take an undefended pawn: MVV/LVA scores the
// captures the same, so with capture history on, the one with the better
// record comes first, whichever it is; with it off, the record is ignored.
func TestCaptureHistoryOrdersCaptures(t *testing.T) {
	const fen = "4k3/8/8/1p3p2/8/2N3N1/8/4K3 w - - 0 1"
	firstNoisy := func(s *Searcher) board.Move {
		var mp picker
		s.initPicker(&mp, 0, board.NoMove, false, false)
		return s.next(&mp)
	}
	for _, on := range []bool{true, false} {
		s, pos := searcherAt(t, fen, "caphist.enabled", fmt.Sprint(on))
		nxb5, nxf5 := mustMove(t, pos, "c3b5"), mustMove(t, pos, "g3f5")
		plain := firstNoisy(s)
		for _, good := range []board.Move{nxb5, nxf5} {
			s.capHist = capTable{}
			*s.capEntry(good) = 4000
			got := firstNoisy(s)
			if on && got != good {
				t.Errorf("caphist on, %v has the better record: %v picked first", good, got)
			}
			if !on && got != plain {
				t.Errorf("caphist off: the record of %v changed the first capture from %v to %v", good, plain, got)
			}
		}
	}
}

// A cutoff by a capture rewards it and punishes the captures searched
// before it; a cutoff by a quiet punishes every capture searched; nothing
// is learned with the switch off; aging divides and Clear forgets.
func TestCaptureHistoryUpdates(t *testing.T) {
	const fen = "4k3/8/8/1p3p2/8/2N3N1/8/4K3 w - - 0 1"
	s, pos := searcherAt(t, fen, "caphist.enabled", "true")
	nxb5, nxf5, quiet := mustMove(t, pos, "c3b5"), mustMove(t, pos, "g3f5"), mustMove(t, pos, "e1d2")
	mp := picker{}
	mp.triedNoisy[0], mp.nNoisy = nxb5, 1
	s.updateCaptureStats(nxf5, 4, &mp)
	if b, f := *s.capEntry(nxb5), *s.capEntry(nxf5); b >= 0 || f <= 0 {
		t.Errorf("after Nxf5 cut off with Nxb5 tried first: Nxb5 %d (want < 0), Nxf5 %d (want > 0)", b, f)
	}
	before := [2]int32{*s.capEntry(nxb5), *s.capEntry(nxf5)}
	mp.triedNoisy[1], mp.nNoisy = nxf5, 2
	s.updateCaptureStats(quiet, 4, &mp)
	if b, f := *s.capEntry(nxb5), *s.capEntry(nxf5); b >= before[0] || f >= before[1] {
		t.Errorf("after a quiet cut off: Nxb5 %d → %d, Nxf5 %d → %d (want both lower)", before[0], b, before[1], f)
	}
	b := *s.capEntry(nxb5)
	s.ageCaptures(2)
	if got := *s.capEntry(nxb5); got != b/2 {
		t.Errorf("aging by 2 took Nxb5 from %d to %d, want %d", b, got, b/2)
	}
	s.Clear()
	if *s.capEntry(nxb5) != 0 || *s.capEntry(nxf5) != 0 {
		t.Error("Clear kept capture history")
	}
	off, opos := searcherAt(t, fen, "caphist.enabled", "false")
	off.updateCaptureStats(mustMove(t, opos, "g3f5"), 4, &mp)
	if off.capHist != (capTable{}) {
		t.Error("caphist off, yet a cutoff changed the table")
	}
}

// With capture history on, a search still allocates nothing, and it
// learns: after a search the table is not empty.
func TestCaptureHistorySearch(t *testing.T) {
	s, pos := searcherAt(t, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "caphist.enabled", "true")
	s.Search(pos, Limits{Depth: 5}, nil)
	if s.capHist == (capTable{}) {
		t.Fatal("a depth-5 search with caphist on learned nothing")
	}
	if allocs := testing.AllocsPerRun(3, func() { s.Search(pos, Limits{Depth: 5}, nil) }); allocs != 0 {
		t.Fatalf("search with capture history allocates %v times per run", allocs)
	}
}
