package board

import (
	"errors"
	"strings"
	"testing"
)

func TestFENRoundTrip(t *testing.T) {
	for _, fen := range append(testFENs,
		"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 3",
		"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
	) {
		p, err := ParseFEN(fen)
		if err != nil {
			t.Fatalf("%q: %v", fen, err)
		}
		if got := p.FEN(); got != fen {
			t.Errorf("round trip: got %q, want %q", got, fen)
		}
	}
}

func TestFENNormalises(t *testing.T) {
	// En passant is kept only when a capture is possible; 4-field EPD FENs
	// get counters 0 1.
	p, err := ParseFEN("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3")
	if err != nil {
		t.Fatal(err)
	}
	if want := "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"; p.FEN() != want {
		t.Fatalf("got %q, want %q", p.FEN(), want)
	}
}

func TestFENErrors(t *testing.T) {
	cases := []struct{ fen, field, msg string }{
		{"", "position", "want 6 fields"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "placement", "want 8 ranks"},
		{"rnbqkbnr/pppppppp/54/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "placement", "more than 8"},
		{"rnbqkbnr/pppppppp/7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "placement", "has 7 squares"},
		{"rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "placement", "unexpected character"},
		{"rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", "placement", "black has 0 kings"},
		{"4k3/8/8/8/8/8/8/4K2P w - - 0 1", "placement", "pawn on the first or last rank"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "side", "want 'w' or 'b'"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkX - 0 1", "castling", "unexpected character"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKkq - 0 1", "castling", "repeated"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1", "castling", "no king on e1 and rook on h1"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", "en passant", "want '-' or a square"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1", "en passant", "not on rank 6"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1", "en passant", "does not follow a double pawn push"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", "halfmove", "want a number"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 -3", "fullmove", "want a number"},
		{"4k3/8/8/8/8/8/8/4K2R b - - 0 1", "", ""}, // legal: black is in check, to move
		{"4k3/4R3/8/8/8/8/8/4K3 w - - 0 1", "position", "side not to move is in check"},
	}
	for _, c := range cases {
		_, err := ParseFEN(c.fen)
		if c.field == "" {
			if err != nil {
				t.Errorf("%q: unexpected error %v", c.fen, err)
			}
			continue
		}
		var fe *FENError
		if !errors.As(err, &fe) {
			t.Errorf("%q: want *FENError, got %v", c.fen, err)
			continue
		}
		if fe.Field != c.field || !strings.Contains(fe.Msg, c.msg) {
			t.Errorf("%q: got field %q msg %q, want %q / %q", c.fen, fe.Field, fe.Msg, c.field, c.msg)
		}
	}
}

func TestSetFENKeepsPositionOnError(t *testing.T) {
	p := NewPosition()
	if err := p.SetFEN("garbage"); err == nil {
		t.Fatal("want error")
	}
	if p.FEN() != StartFEN {
		t.Fatalf("position changed after a failed SetFEN: %s", p.FEN())
	}
}

// FuzzParseFEN: any input gives a position or an error, never a panic; a
// parsed position prints a FEN that parses to the same position.
func FuzzParseFEN(f *testing.F) {
	for _, fen := range testFENs {
		f.Add(fen)
	}
	f.Add("8/8/8/8/8/8/8/8 w - - 0 1")
	f.Add("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 3")
	f.Add("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 99999999999999999999 1")
	f.Fuzz(func(t *testing.T, fen string) {
		p, err := ParseFEN(fen)
		if err != nil {
			return
		}
		out := p.FEN()
		q, err := ParseFEN(out)
		if err != nil {
			t.Fatalf("our FEN %q (from %q) does not parse: %v", out, fen, err)
		}
		if q.FEN() != out || q.Key() != p.Key() {
			t.Fatalf("FEN round trip changed %q to %q", out, q.FEN())
		}
		var l MoveList
		p.GenerateMoves(&l)
		if p.CountMoves() != l.N {
			t.Fatalf("%q: count %d, generated %d", out, p.CountMoves(), l.N)
		}
		for _, m := range l.Slice() {
			p.MakeMove(m)
			p.UnmakeMove(m)
		}
		if p.FEN() != out {
			t.Fatalf("make/unmake changed %q", out)
		}
	})
}
