package search

import (
	"testing"

	"github.com/elolab/elolab/engine/board"
)

// A hash move that captures or promotes adds a ply to the reduction of the
// node's quiet moves, only with lmr.ttnoisy on; a quiet hash move or none
// adds nothing.
func TestTTNoisyReduction(t *testing.T) {
	const fen = "4k3/1P1p4/2p5/8/8/8/3Q4/4K2R w K - 0 1"
	on, pos := searcherAt(t, fen, "lmr.ttnoisy", "true")
	off, _ := searcherAt(t, fen)
	capture := mustMove(t, pos, "d2d7")
	promo := mustMove(t, pos, "b7b8q")
	quiet := mustMove(t, pos, "d2d3")
	if !capture.IsCapture() || !promo.IsPromotion() || !quiet.IsQuiet() {
		t.Fatalf("moves not as meant: %v %v %v", capture, promo, quiet)
	}
	for _, c := range []struct {
		s    *Searcher
		m    board.Move
		want int
	}{
		{on, capture, 1}, {on, promo, 1}, {on, quiet, 0}, {on, board.NoMove, 0},
		{off, capture, 0}, {off, promo, 0},
	} {
		if got := c.s.ttNoisyReduction(c.m); got != c.want {
			t.Errorf("hash move %v, lmr.ttnoisy %v: %d, want %d", c.m, c.s == on, got, c.want)
		}
	}
}
