package search

import (
	"testing"

	"github.com/elolab/elolab/engine/board"
)

// A node's continuation tables are those of the moves one, two and (with
// conthist.ply4) four plies back, each indexed by the piece that moved and
// its destination; a null move back there leaves the table out. A quiet
// move's score sums its entries in them, and an update reaches each one.
func TestContinuationPlies(t *testing.T) {
	const fen = "r1bqkbnr/pppppppp/2n5/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 2 2"
	for _, c := range []struct {
		name        string
		kv          []string
		null4       bool // the move four plies back is a null move
		want4, want bool // a table four plies back; the sum reads it
	}{
		{"ply4 on", []string{"conthist.ply4", "true"}, false, true, true},
		{"ply4 off", nil, false, false, false},
		{"ply4 on, null move back there", []string{"conthist.ply4", "true"}, true, false, false},
	} {
		s, pos := searcherAt(t, fen, c.kv...)
		// Four earlier moves (any legal ones serve: only their pieces and
		// destinations index the tables).
		back := []string{"e2e4", "d2d4", "b1c3", "f3g5"}
		for i, uci := range back {
			m := mustMove(t, pos, uci)
			s.stack[i].move, s.stack[i].moved = m, pos.PieceAt(m.From())
		}
		if c.null4 {
			s.stack[0].move = board.NoMove
		}
		const ply = 4
		s.setContinuations(ply)
		fr := &s.stack[ply]
		table := func(i int) *contTable {
			return &s.cont[s.stack[i].moved&15][s.stack[i].move.To()]
		}
		if fr.cont1 != table(3) || fr.cont2 != table(2) {
			t.Fatalf("%s: the tables one and two plies back are not the moves'", c.name)
		}
		if got := fr.cont4 != nil; got != c.want4 {
			t.Fatalf("%s: table four plies back %v, want %v", c.name, got, c.want4)
		}
		if c.want4 && fr.cont4 != table(0) {
			t.Fatalf("%s: the table four plies back is not e2e4's", c.name)
		}

		m := mustMove(t, pos, "g2g3")
		pc := pos.PieceAt(m.From())
		table(3)[pc&15][m.To()] = 100
		table(2)[pc&15][m.To()] = 20
		table(0)[pc&15][m.To()] = 3
		want := int32(120)
		if c.want {
			want += 3
		}
		if got := s.quietScore(fr, board.White, m, pc, false); got != want {
			t.Errorf("%s: quiet score %d, want %d", c.name, got, want)
		}
		s.updateContinuations(fr, m, 1000)
		if got := table(0)[pc&15][m.To()]; (got != 3) != c.want {
			t.Errorf("%s: the update left the table four plies back at %d", c.name, got)
		}
		if table(3)[pc&15][m.To()] <= 100 || table(2)[pc&15][m.To()] <= 20 {
			t.Errorf("%s: the update missed a table one or two plies back", c.name)
		}
	}
}
