package search

import (
	"testing"

	"github.com/elolab/elolab/engine/board"
)

// The quiet move into a node that failed low earns the depth's bonus, at
// history.prior.percent, in the mover's main history and in the
// continuation table of its frame, read by the piece that moved (the move
// is on the board); a capture, a null move and the switch off earn nothing.
func TestPriorQuietBonus(t *testing.T) {
	const fen = "4k3/3p4/2p5/8/8/8/3Q4/4K2R w K - 0 1"
	const depth = 5 // 5² × 16 = 400, under history.maxbonus
	for _, c := range []struct {
		name string
		move string
		null bool
		kv   []string
		want int32
		ply  int // the node's ply: the move into it is one frame back
	}{
		{"quiet", "d2d3", false, []string{"history.prior.enabled", "true"}, 400, 1},
		{"quiet, 50 %", "d2d3", false, []string{"history.prior.enabled", "true", "history.prior.percent", "50"}, 200, 1},
		{"quiet at the root", "d2d3", false, []string{"history.prior.enabled", "true"}, 0, 0},
		{"capture", "d2d7", false, []string{"history.prior.enabled", "true"}, 0, 1},
		{"null move", "d2d3", true, []string{"history.prior.enabled", "true"}, 0, 1},
		{"off", "d2d3", false, nil, 0, 1},
	} {
		s, pos := searcherAt(t, fen, c.kv...)
		m := mustMove(t, pos, c.move)
		if m.IsQuiet() == (c.name == "capture") {
			t.Fatalf("%s: %v is not the kind of move meant", c.name, m)
		}
		fr := &s.stack[0]
		var table contTable
		fr.cont1 = &table
		fr.move, fr.moved = m, pos.PieceAt(m.From())
		if c.null {
			fr.move = board.NoMove
		}
		pos.MakeMove(m)
		s.updatePriorQuiet(c.ply, depth)
		pos.UnmakeMove(m)
		if got := s.history[board.White][m.From()][m.To()]; got != c.want {
			t.Errorf("%s: main history %d, want %d", c.name, got, c.want)
		}
		if got := int32(table[fr.moved&15][m.To()]); got != c.want {
			t.Errorf("%s: continuation history %d, want %d", c.name, got, c.want)
		}
	}
}
