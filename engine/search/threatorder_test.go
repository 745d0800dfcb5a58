package search

import (
	"testing"

	"github.com/elolab/elolab/engine/board"
)

// A piece attacked by a lesser enemy piece gets the bonus for stepping out
// of reach and the malus for stepping into it; pieces the attacker is not
// lesser than, kings and pawns get nothing.
func TestThreatOrder(t *testing.T) {
	// White: knight e4 (attacked by the d5 pawn), knight b2, rook a4
	// (attacked by the d7 bishop), queen h1 (attacked by the h8 rook).
	const fen = "4k2r/3b4/8/3p4/R3N3/8/1N6/4K2Q w - - 0 1"
	pos, err := board.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	var th threatMaps
	computeThreats(pos, &th)
	const bonus = 100
	for _, c := range []struct {
		move string
		want int32
	}{
		{"e4c3", bonus},  // out of the pawn's reach
		{"e4f6", bonus},  // out of it, and a check besides
		{"b2c4", -bonus}, // into it
		{"b2d1", 0},      // neither
		{"a4a1", bonus},  // the rook leaves the bishop's diagonal
		{"a4b4", bonus},  // off the diagonal too
		{"a4c4", 0},      // from the bishop's reach into the pawn's
		{"h1h7", 0},      // the queen stays on the rook's file
		{"h1g2", bonus},  // and leaves it
		{"e1f2", 0},      // kings get nothing
	} {
		m := mustMove(t, pos, c.move)
		if got := th.threatScore(m, pos.PieceAt(m.From()).Type(), bonus); got != c.want {
			t.Errorf("%s: %d, want %d", c.move, got, c.want)
		}
	}
}
