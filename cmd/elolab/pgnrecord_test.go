package main

import (
	"testing"

	"github.com/elolab/elolab/engine/board"
	"github.com/elolab/elolab/match/game"
	"github.com/elolab/elolab/openings"
)

// TestPGNRecordStartPosition: a game from the initial position has no
// FEN/SetUp tags (FORMATS.md), any other start has both. The PGN writer
// no longer knows the initial position's FEN, so PGNRecord decides.
func TestPGNRecordStartPosition(t *testing.T) {
	const other = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"
	for _, c := range []struct {
		root string
		want string // FEN tag, "" for none
	}{{board.StartFEN, ""}, {"", ""}, {other, other}} {
		r := &game.Record{White: "a", Black: "b", Opening: openings.Opening{RootFEN: c.root, FEN: c.root}}
		var fen, setUp string
		for _, tag := range PGNRecord(r, "e", "s", "", true).Tags() {
			switch tag.Name {
			case "FEN":
				fen = tag.Value
			case "SetUp":
				setUp = tag.Value
			}
		}
		if wantSetUp := map[bool]string{true: "1"}[c.want != ""]; fen != c.want || setUp != wantSetUp {
			t.Errorf("root %q: FEN %q SetUp %q, want FEN %q SetUp %q", c.root, fen, setUp, c.want, wantSetUp)
		}
	}
}
