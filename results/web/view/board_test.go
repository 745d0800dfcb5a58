package view

import (
	"bytes"
	"encoding/xml"
	"errors"
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden board SVGs in testdata")

// initial is the initial position (engine/board.StartFEN, which results
// may not import), afterE4 the position after 1. e4.
const (
	initial = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
	afterE4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
)

func TestBoardGolden(t *testing.T) {
	for _, tc := range []struct {
		file, fen, last string
		flip            bool
	}{
		{"board-start.svg", initial, "", false},
		{"board-e2e4.svg", afterE4, "e2e4", false},
		{"board-e2e4-flipped.svg", afterE4, "e2e4", true},
	} {
		t.Run(tc.file, func(t *testing.T) {
			got, err := Board(tc.fen, tc.last, tc.flip)
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join("testdata", tc.file)
			if *update {
				if err := os.WriteFile(path, got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (go test -update writes it)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("Board(%q, %q, %v) differs from %s (go test -update rewrites it after a deliberate change)", tc.fen, tc.last, tc.flip, path)
			}
			checkXML(t, got)
		})
	}
}

// checkXML fails unless b is well-formed XML.
func checkXML(t *testing.T, b []byte) {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(b))
	for {
		_, err := d.Token()
		if errors.Is(err, io.EOF) {
			return
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v", err)
		}
	}
}

// piecesAt returns the corners ("x y") of the squares with a piece drawn.
func piecesAt(svg string) map[string]bool {
	at := map[string]bool{}
	for _, part := range strings.Split(svg, `<g transform="translate(`)[1:] {
		at[part[:strings.IndexByte(part, ')')]] = true
	}
	return at
}

func TestBoardPlacesPiecesAndFlips(t *testing.T) {
	for _, tc := range []struct {
		flip       bool
		a1, h8, e4 string // the corners of these squares
		e2         string // as a rect's position
	}{
		{false, "0 700", "700 0", "400 400", `x="400" y="600"`},
		{true, "700 0", "0 700", "300 300", `x="300" y="100"`},
	} {
		b, err := Board(afterE4, "e2e4", tc.flip)
		if err != nil {
			t.Fatal(err)
		}
		s := string(b)
		at := piecesAt(s)
		if len(at) != 32 {
			t.Errorf("flip=%v: %d pieces drawn, want 32", tc.flip, len(at))
		}
		for _, sq := range []string{tc.a1, tc.h8, tc.e4} {
			if !at[sq] {
				t.Errorf("flip=%v: no piece at %s", tc.flip, sq)
			}
		}
		// e2 is empty after 1. e4, and highlighted with e4.
		e2 := tc.e2
		if at[strings.NewReplacer(`x="`, "", `" y="`, " ", `"`, "").Replace(e2)] {
			t.Errorf("flip=%v: a piece drawn on e2", tc.flip)
		}
		if n := strings.Count(s, `fill="`+lastMove+`"`); n != 2 {
			t.Errorf("flip=%v: %d highlighted squares, want 2", tc.flip, n)
		}
		if !strings.Contains(s, `<rect `+e2+` width="100" height="100" fill="`+lastMove+`"`) {
			t.Errorf("flip=%v: e2 (%s) not highlighted", tc.flip, e2)
		}
	}
	b, err := Board(initial, "", false)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(b), lastMove) {
		t.Error("a square is highlighted without a last move")
	}
	if strings.Contains(string(b), "style") {
		t.Error("the board uses style, which the page's Content-Security-Policy blocks")
	}
}

func TestBoardRejectsBadInput(t *testing.T) {
	for _, tc := range []struct {
		fen, last, want string
	}{
		{"", "", "want 6"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", "", "want 6"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR  w KQkq - 0 1", "", "single spaces"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "", "field 1 (piece placement)"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1", "", "rank 1 has 7 squares"},
		{"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "", "neither a piece"},
		{"rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "", "more than 8 squares"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQxBNR w KQkq - 0 1", "", "'x'"},
		{"<script>/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "", "field 1"},
		{"rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "", "1 white and 0 black kings"},
		{"Pnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "", "pawn on rank 8"},
		{initial[:len(initial)-len("w KQkq - 0 1")] + "x KQkq - 0 1", "", "field 2 (side to move)"},
		{strings.Replace(initial, "KQkq", "KQkqK", 1), "", "field 3 (castling)"},
		{strings.Replace(initial, "KQkq", "KX", 1), "", "field 3 (castling)"},
		{strings.Replace(initial, "KQkq", "KK", 1), "", "given twice"},
		{strings.Replace(initial, " - ", " e3 ", 1), "", "field 4 (en passant)"},
		{strings.Replace(initial, " - ", " e9 ", 1), "", "field 4 (en passant)"},
		{strings.Replace(initial, "- 0 1", "- -1 1", 1), "", "field 5 (halfmove clock)"},
		{strings.Replace(initial, "- 0 1", "- +0 1", 1), "", "field 5 (halfmove clock)"},
		{strings.Replace(initial, "- 0 1", "- 0 0", 1), "", "field 6 (fullmove number)"},
		{strings.Replace(initial, "- 0 1", "- 0 1x", 1), "", "field 6 (fullmove number)"},
		{initial + strings.Repeat(" ", 200), "", "at most 128"},
		{initial, "e2", "last move"},
		{initial, "e2e2", "last move"},
		{initial, "e2e9", "last move"},
		{initial, "e7e8k", "last move"},
		{initial, "<a>e4", "last move"},
	} {
		_, err := Board(tc.fen, tc.last, false)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Board(%q, %q): error %v, want one containing %q", tc.fen, tc.last, err, tc.want)
		}
	}
	// Accepted: Chess960 castling files, an en-passant square, promotion.
	for _, fen := range []string{
		"bqnb1rkr/pppppppp/8/8/8/8/PPPPPPPP/BQNB1RKR w HFhf - 0 1",
		afterE4,
		"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
	} {
		if _, err := Board(fen, "e7e8q", true); err != nil {
			t.Errorf("Board(%q): %v", fen, err)
		}
	}
}

// FuzzBoard: no input panics; an accepted FEN gives well-formed XML in
// which nothing of the FEN's text appears but the board's own drawing.
func FuzzBoard(f *testing.F) {
	f.Add(initial, "")
	f.Add(afterE4, "e2e4")
	f.Add("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "a7a8q")
	f.Add("8/8/8/8/8/8/8/8 w - - 0 1", "")
	f.Fuzz(func(t *testing.T, fen, last string) {
		b, err := Board(fen, last, len(fen)%2 == 0)
		if err != nil {
			return
		}
		checkXML(t, b)
		if bytes.Count(b, []byte("<svg")) != 1 || bytes.Contains(b, []byte("script")) {
			t.Fatalf("Board(%q, %q) drew something else than a board", fen, last)
		}
	})
}
