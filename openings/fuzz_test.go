package openings

import (
	"bytes"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/elolab/elolab/engine/board"
)

// FuzzParseEPD feeds arbitrary lines to the EPD parser: it must not panic,
// a line it accepts must render to a FEN that parses back to itself, and
// notnil/chess must be able to replay the position it accepted.
func FuzzParseEPD(f *testing.F) {
	for _, s := range []string{
		board.StartFEN,
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",
		"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - hmvc 2; fmvn 3; id \"two; knights\";",
		"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
		"4k3/8/8/8/8/8/8/4K3 w - - c9 \"1-0\";",
		"4k3/8/8/8/8/8/8/R3K2R w HA - 0 1",
		"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
		"4k3/8/8/8/8/8/8/4K3 w - - [1.0]",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		p, err := parseEPD([]byte(line))
		if err != nil {
			return
		}
		fen := p.String()
		q, err := parseFEN([]byte(fen))
		if err != nil || q.String() != fen {
			t.Fatalf("%q: accepted as %q, which parses back as %q, %v", line, fen, q.String(), err)
		}
		if _, err := buildOpening("fuzz.epd", 0, 1, &p, nil); err != nil && strings.Contains(err.Error(), "cannot be replayed") {
			t.Fatalf("%q: %v", line, err)
		}
	})
}

// FuzzParsePGN feeds arbitrary bytes to the PGN reader as a whole book and
// replays every game: no panic, and the count pass and the replay pass agree
// on the number of openings and on whether the book has a syntax error.
func FuzzParsePGN(f *testing.F) {
	for _, name := range []string{"testdata/small.pgn", "testdata/bad_move.pgn"} {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data, uint8(0))
	}
	for _, s := range []string{
		"1. e4 e5 2. Nf3 *",
		"[FEN \"8/P6k/8/8/8/8/6K1/8 w - - 0 1\"]\n\n1. a8=Q Kg6 *",
		"1. e4 {x\ny} (1. d4 (1. c4)) e5 $1 ; c\n% esc\n2. Ke2 1-0\n[Event \"y\"]\n1. d4 d5",
		"1. f3 e5 2. g4 Qh4# 0-1",
		"[Variant \"Chess960\"]\n1. e4",
		"\xef\xbb\xbf1. e4\r\ne5\r\n*",
	} {
		f.Add([]byte(s), uint8(3))
	}
	f.Fuzz(func(t *testing.T, data []byte, plies uint8) {
		src := &source{
			entries: []entry{{name: "fuzz.pgn", format: FormatPGN, open: func() (io.ReadCloser, error) {
				return io.NopCloser(bytes.NewReader(data)), nil
			}}},
			close: func() error { return nil },
		}
		n1, err1 := scan(src, int(plies), nil, nil)
		built := 0
		// One replaying goroutine: coverage must not depend on scheduling.
		n2, err2 := collectOn(1, src, int(plies), func(int) bool { return true }, 0, func(Opening) { built++ })
		if err2 != nil && strings.Contains(err2.Error(), "cannot be replayed") {
			t.Fatal(err2)
		}
		if err1 != nil && err2 == nil {
			t.Fatalf("the count pass fails (%v) but the replay pass does not", err1)
		}
		if err1 == nil && err2 == nil && (n1 != n2 || built != n1) {
			t.Fatalf("count pass: %d openings; replay pass: %d read, %d built", n1, n2, built)
		}
	})
}
