package openings

import (
	"archive/zip"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/elolab/elolab/engine/board"
)

func mustOpen(t *testing.T, o Options, n int) *Book {
	t.Helper()
	b, err := Open(o, n)
	if err != nil {
		t.Fatalf("Open(%v, %d): %v", o, n, err)
	}
	return b
}

func indices(b *Book) []int {
	var idx []int
	for _, o := range b.Openings() {
		idx = append(idx, o.Index)
	}
	return idx
}

// writeFile writes content to a file named name in a fresh directory.
func writeFile(t *testing.T, name, content string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestOpenPGN(t *testing.T) {
	b := mustOpen(t, Options{File: "testdata/small.pgn"}, 0)
	if b.Size != 7 || b.Len() != 7 || b.Name != "small.pgn" {
		t.Fatalf("Size %d Len %d Name %q, want 7 7 small.pgn", b.Size, b.Len(), b.Name)
	}
	want := []struct {
		line     int
		root     string
		san, uci string
		fen      string
	}{
		{2, board.StartFEN, "e4 e5 Nf3 Nc6 Bb5 a6", "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6",
			"r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4"},
		{8, board.StartFEN, "d4 d5 c4 e6 Nc3 Nf6 Bg5 Be7 e3 O-O Nf3 h6",
			"d2d4 d7d5 c2c4 e7e6 b1c3 g8f6 c1g5 f8e7 e2e3 e8g8 g1f3 h7h6",
			"rnbq1rk1/ppp1bpp1/4pn1p/3p2B1/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 7"},
		{14, "r3k2r/pppq1ppp/2npbn2/4p3/2B1P3/2NP1N2/PPPQ1PPP/R3K2R w KQkq - 4 9",
			"O-O-O O-O d4 exd4", "e1c1 e8g8 d3d4 e5d4",
			"r4rk1/pppq1ppp/2npbn2/8/2BpP3/2N2N2/PPPQ1PPP/2KR3R w - - 0 11"},
		{21, board.StartFEN, "e4 Nf6 e5 d5 exd6", "e2e4 g8f6 e4e5 d7d5 e5d6",
			"rnbqkb1r/ppp1pppp/3P1n2/8/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3"},
		{23, "8/P6k/8/8/8/8/6K1/8 w - - 0 1", "a8=Q Kg6 Qb8", "a7a8q h7g6 a8b8",
			"1Q6/8/6k1/8/8/8/6K1/8 b - - 2 2"},
		{28, board.StartFEN, "Nf3 Nf6 Nc3 Nc6 Nd4 Nd5 Ndb5", "g1f3 g8f6 b1c3 b8c6 f3d4 f6d5 d4b5",
			"r1bqkb1r/pppppppp/2n5/1N1n4/8/2N5/PPPPPPPP/R1BQKB1R b KQkq - 7 4"},
		{33, board.StartFEN, "c4 c5", "c2c4 c7c5", "rnbqkbnr/pp1ppppp/8/2p5/2P5/8/PP1PPPPP/RNBQKBNR w KQkq - 0 2"},
	}
	for i, w := range want {
		o := b.At(i)
		if o.Index != i || o.Line != w.line || o.File != "testdata/small.pgn" || o.RootFEN != w.root ||
			strings.Join(o.SAN, " ") != w.san || strings.Join(o.UCI, " ") != w.uci || o.FEN != w.fen {
			t.Errorf("opening %d:\n got %d %s:%d root %q\n  SAN %q UCI %q\n  FEN %q\nwant line %d root %q\n  SAN %q UCI %q\n  FEN %q",
				i, o.Index, o.File, o.Line, o.RootFEN, o.SAN, o.UCI, o.FEN, w.line, w.root, w.san, w.uci, w.fen)
		}
	}
	// A check is written with its mark whatever the book wrote.
	b2 := mustOpen(t, Options{File: writeFile(t, "c.pgn", "1. e4 e5 2. Bc4 Nc6 3. Bxf7 *\n")}, 0)
	if got := b2.At(0).SAN[4]; got != "Bxf7+" {
		t.Errorf("SAN of a check: %q, want Bxf7+", got)
	}
}

func TestCRLFBOMGzipMatchesPlain(t *testing.T) {
	plain := mustOpen(t, Options{File: "testdata/small.pgn"}, 0)
	gz := mustOpen(t, Options{File: "testdata/small_crlf.pgn.gz"}, 0)
	if gz.Name != "small_crlf.pgn" || gz.Size != plain.Size {
		t.Fatalf("gz book %q with %d openings, want small_crlf.pgn with %d", gz.Name, gz.Size, plain.Size)
	}
	for i := range plain.Openings() {
		p, g := plain.At(i), gz.At(i)
		g.File = p.File
		if !reflect.DeepEqual(p, g) {
			t.Errorf("opening %d differs:\n plain %+v\n gz    %+v", i, p, g)
		}
	}
	// A .gz file with an explicit format and a name that says nothing.
	data, err := os.ReadFile("testdata/small_crlf.pgn.gz")
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), "book.dat")
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if b := mustOpen(t, Options{File: p, Format: FormatPGN}, 0); b.Size != 7 {
		t.Errorf("gzip content sniffed: %d openings, want 7", b.Size)
	}
}

func TestOpenEPD(t *testing.T) {
	b := mustOpen(t, Options{File: "testdata/small_crlf.epd", Plies: 4}, 0)
	if b.Size != 4 {
		t.Fatalf("Size %d, want 4", b.Size)
	}
	want := []struct {
		line int
		fen  string
	}{
		{2, board.StartFEN},
		{4, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"}, // hmvc, fmvn
		{5, "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"},
		{6, "r1bq1rk1/pp1nppbp/3p1np1/8/2PNP3/2N5/PP2BPPP/R1BQ1RK1 w - - 4 9"},
	}
	for i, w := range want {
		o := b.At(i)
		if o.Line != w.line || o.FEN != w.fen || o.RootFEN != w.fen || len(o.UCI) != 0 || len(o.SAN) != 0 {
			t.Errorf("opening %d: line %d FEN %q root %q moves %v, want line %d FEN %q", i, o.Line, o.FEN, o.RootFEN, o.UCI, w.line, w.fen)
		}
	}
	if !b.At(0).StartPos() || b.At(1).StartPos() {
		t.Errorf("StartPos: %v %v, want true false", b.At(0).StartPos(), b.At(1).StartPos())
	}
}

func TestOpenZip(t *testing.T) {
	b := mustOpen(t, Options{File: "testdata/books.zip"}, 0)
	var got []string
	for _, o := range b.Openings() {
		got = append(got, o.File+":"+strconv.Itoa(o.Line)+" "+strings.Join(o.UCI, " "))
	}
	want := []string{
		"testdata/books.zip[a.epd]:1 ",
		"testdata/books.zip[a.epd]:2 ",
		"testdata/books.zip[sub/b.pgn]:1 e2e4 e7e5",
		"testdata/books.zip[sub/b.pgn]:5 d2d4 d7d5 c2c4",
	}
	if !reflect.DeepEqual(got, want) || !reflect.DeepEqual(indices(b), []int{0, 1, 2, 3}) {
		t.Errorf("zip openings\n got %q %v\nwant %q [0 1 2 3]", got, indices(b), want)
	}

	// An archive whose entry names give no format: an error, unless the
	// format is explicit.
	p := filepath.Join(t.TempDir(), "x.zip")
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	zw := zip.NewWriter(f)
	w, _ := zw.Create("positions.txt")
	w.Write([]byte(board.StartFEN + "\n"))
	zw.Close()
	f.Close()
	if _, err := Open(Options{File: p}, 0); err == nil || !strings.Contains(err.Error(), "no entry named") {
		t.Errorf("zip without book entries: %v", err)
	}
	if b := mustOpen(t, Options{File: p, Format: FormatEPD}, 0); b.Size != 1 || !b.At(0).StartPos() {
		t.Errorf("zip with format=epd: %d openings", b.Size)
	}
}

func TestErrors(t *testing.T) {
	bad := func(name, content string) string { return writeFile(t, name, content) }
	cases := []struct {
		name  string
		file  string
		opts  Options
		want  string // substring of the error
		line  int    // expected Error.Line, -1 when not an *Error
		plies int
	}{
		{"malformed EPD line", "testdata/bad_malformed.epd", Options{}, "bad_malformed.epd:3: malformed EPD line", 3, 0},
		{"illegal FEN", "testdata/bad_fen.epd", Options{}, "bad_fen.epd:2: illegal FEN: the side not to move is in check", 2, 0},
		{"illegal move", "testdata/bad_move.pgn", Options{}, "bad_move.pgn:10: opening 2, ply 3: illegal move Ke3", 10, 0},
		{"missing file", "testdata/no-such-book.epd", Options{}, "no-such-book.epd: no such file", -1, 0},
		{"unknown extension", bad("book.txt", board.StartFEN+"\n"), Options{}, "cannot tell the format", -1, 0},
		{"empty book", bad("e.epd", "\n# nothing\n\n"), Options{}, "the book has no openings", 0, 0},
		{"empty PGN", bad("e.pgn", "% nothing\n"), Options{}, "the book has no openings", 0, 0},
		{"two kings", bad("k.epd", board.StartFEN+"\n4k3/8/8/8/8/8/8/3KK3 w - - 0 1\n"), Options{}, ":2: illegal FEN: 2 white and 1 black kings", 2, 0},
		{"pawn on rank 8", bad("p.epd", "P3k3/8/8/8/8/8/8/4K3 w - - 0 1\n"), Options{}, ":1: illegal FEN: pawn on a8", 1, 0},
		{"castling without rook", bad("c.epd", "4k3/8/8/8/8/8/8/4K3 w K - 0 1\n"), Options{}, "castling right K without the king on e1 and a rook on h1", 1, 0},
		{"chess960 castling", bad("c.epd", "4k3/8/8/8/8/8/8/R3K2R w HA - 0 1\n"), Options{}, "Chess960 books are not supported", 1, 0},
		{"bad en passant", bad("e.epd", board.StartFEN[:len(board.StartFEN)-8]+" e3 0 1\n"), Options{}, "en-passant square e3 does not follow a double pawn push", 1, 0},
		{"bad side", bad("s.epd", "4k3/8/8/8/8/8/8/4K3 x - -\n"), Options{}, "side to move \"x\"", 1, 0},
		{"bad board", bad("b.epd", "4k3/8/8/8/8/8/8/4K4 w - -\n"), Options{}, "more than 8 squares", 1, 0},
		{"bad counter", bad("n.epd", "4k3/8/8/8/8/8/8/4K3 w - - 0 0\n"), Options{}, "move number \"0\"", 1, 0},
		{"bad operation", bad("o.epd", "4k3/8/8/8/8/8/8/4K3 w - - [1.0]\n"), Options{}, "malformed EPD operation", 1, 0},
		{"unterminated operand", bad("o.epd", "4k3/8/8/8/8/8/8/4K3 w - - id \"x;\n"), Options{}, "unterminated string", 1, 0},
		{"stalemate EPD", bad("s.epd", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\n"), Options{}, "opening 1 ends in stalemate", 1, 0},
		{"binary data", bad("z.epd", "\x00\x01\x02\n"), Options{}, "binary data", 1, 0},
		{"line too long", bad("l.epd", strings.Repeat("x", maxLine+10)), Options{}, "line longer than", 1, 0},
		{"unclosed comment", bad("u.pgn", "[Event \"x\"]\n\n1. e4 {never\nclosed e5 *\n"), Options{}, ":3: comment '{' not closed", 3, 0},
		{"unclosed variation", bad("v.pgn", "1. e4 (1. d4 d5 e5 *\n"), Options{}, ":1: variation '(' not closed", 1, 0},
		{"variation before tags", bad("v.pgn", "1. e4 (1. d4\n[Event \"x\"]\n1. e4 *\n"), Options{}, ":1: variation '(' not closed before the next tag pair (line 2)", 1, 0},
		{"unbalanced paren", bad("p.pgn", "1. e4 ) e5 *\n"), Options{}, ":1: unbalanced ')'", 1, 0},
		{"malformed tag", bad("t.pgn", "[Event \"x\"]\n[Site x]\n\n1. e4 *\n"), Options{}, ":2: malformed tag pair", 2, 0},
		{"unterminated tag", bad("t.pgn", "[Event \"x]\n1. e4 *\n"), Options{}, ":1: malformed tag pair \"[Event \\\"x]\": unterminated string", 1, 0},
		{"bad FEN tag", bad("f.pgn", "[Event \"x\"]\n[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n*\n"), Options{}, ":2: FEN tag: illegal FEN: 0 white and 0 black kings", 2, 0},
		{"variant", bad("v.pgn", "[Variant \"Chess960\"]\n\n1. e4 *\n"), Options{}, ":1: variant \"Chess960\" is not supported", 1, 0},
		{"malformed move", bad("m.pgn", "[Event \"x\"]\n\n1. e4 e5\n2. Nz9 *\n"), Options{}, ":4: malformed move \"Nz9\"", 4, 0},
		{"null move", bad("m.pgn", "1. e4 -- 2. d4 *\n"), Options{}, ":1: null move \"--\"", 1, 0},
		{"ambiguous move", bad("a.pgn", "1. Nf3 Nf6 2. Nc3 Nc6 3. Nd4 Nd5\n4. Nb5 *\n"), Options{}, ":2: opening 1, ply 7: ambiguous move Nb5", 2, 0},
		{"missing promotion piece", bad("q.pgn", "[FEN \"8/P6k/8/8/8/8/6K1/8 w - - 0 1\"]\n\n1. a8 *\n"), Options{}, ":3: opening 1, ply 1: illegal move a8", 3, 0},
		{"ends in mate", bad("m.pgn", "[Event \"fool\"]\n\n1. f3 e5 2. g4 Qh4# *\n"), Options{}, ":1: opening 1 ends in checkmate", 1, 0},
		{"movetext bracket", bad("b.pgn", "1. e4 ] e5 *\n"), Options{}, "unexpected ']'", 1, 0},
		{"built-in that does not exist", "builtin:nope.pgn", Options{}, "no such built-in book", -1, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			o := c.opts
			o.File = c.file
			o.Plies = c.plies
			_, err := Open(o, 0)
			if err == nil {
				t.Fatalf("Open: no error, want %q", c.want)
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Fatalf("Open: %v\nwant it to contain %q", err, c.want)
			}
			var be *Error
			if c.line >= 0 {
				if !errors.As(err, &be) || be.Line != c.line {
					t.Fatalf("Open: %#v, want an *Error at line %d", err, c.line)
				}
			}
			// Validate finds the same problem.
			if _, verr := Validate(o); verr == nil || verr.Error() != err.Error() {
				t.Errorf("Validate: %v, want %v", verr, err)
			}
		})
	}
	if _, err := Open(Options{File: "testdata/no-such-book.epd"}, 1); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing book: %v does not wrap fs.ErrNotExist", err)
	}
}

func TestOptionErrors(t *testing.T) {
	for _, o := range []Options{
		{},
		{File: "testdata/small.pgn", Format: "fen"},
		{File: "testdata/small.pgn", Order: "shuffle"},
		{File: "testdata/small.pgn", Plies: -1},
		{File: "testdata/small.pgn", Start: -3},
		{File: "testdata"},
	} {
		if _, err := Open(o, 1); err == nil {
			t.Errorf("Open(%+v): no error", o)
		}
	}
}

func TestPlies(t *testing.T) {
	b := mustOpen(t, Options{File: "testdata/small.pgn", Plies: 2}, 0)
	for _, o := range b.Openings() {
		if len(o.SAN) > 2 || len(o.UCI) != len(o.SAN) {
			t.Errorf("opening %d has %d plies with plies=2", o.Index, len(o.SAN))
		}
	}
	if got, want := b.At(2).FEN, "r4rk1/pppq1ppp/2npbn2/4p3/2B1P3/2NP1N2/PPPQ1PPP/2KR3R w - - 6 10"; got != want {
		t.Errorf("FEN after 2 plies: %q, want %q", got, want)
	}
	// After 1. e4 Nf6 2. e5 d5 White can take en passant: the FEN says so.
	b = mustOpen(t, Options{File: "testdata/small.pgn", Plies: 4}, 0)
	if got, want := b.At(3).FEN, "rnbqkb1r/ppp1pppp/5n2/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3"; got != want {
		t.Errorf("FEN with en passant: %q, want %q", got, want)
	}
	// Moves after the limit are not replayed: the illegal third ply of
	// bad_move.pgn's second game is only an error when it is played.
	if _, err := Open(Options{File: "testdata/bad_move.pgn", Plies: 2}, 0); err != nil {
		t.Errorf("plies=2 skips the illegal third ply: %v", err)
	}
	if _, err := Open(Options{File: "testdata/bad_move.pgn", Plies: 3}, 0); err == nil {
		t.Errorf("plies=3 plays the illegal third ply: no error")
	}
	// EPD books ignore plies.
	e := mustOpen(t, Options{File: "testdata/small_crlf.epd", Plies: 1}, 0)
	if e.At(3).FEN != "r1bq1rk1/pp1nppbp/3p1np1/8/2PNP3/2N5/PP2BPPP/R1BQ1RK1 w - - 4 9" {
		t.Errorf("plies changed an EPD opening: %q", e.At(3).FEN)
	}
}

func TestSequentialStartWraps(t *testing.T) {
	o := Options{File: "testdata/small.pgn", Start: 6}
	b := mustOpen(t, o, 4)
	if got, want := indices(b), []int{5, 6, 0, 1}; !reflect.DeepEqual(got, want) {
		t.Errorf("start=6, 4 openings of 7: %v, want %v", got, want)
	}
	if got := b.Resume(4); got != 3 {
		t.Errorf("Resume(4) = %d, want 3", got)
	}
	if got := b.Resume(2); got != 1 {
		t.Errorf("Resume(2) = %d, want 1", got)
	}
	// start beyond the end wraps too: start=9 is start=2.
	if got := indices(mustOpen(t, Options{File: "testdata/small.pgn", Start: 9}, 2)); !reflect.DeepEqual(got, []int{1, 2}) {
		t.Errorf("start=9: %v, want [1 2]", got)
	}
	// More rounds than openings: the book is held once and At cycles.
	all := mustOpen(t, o, 100)
	if all.Len() != 7 || all.At(7).Index != 5 || all.At(9).Index != 0 || all.At(100).Index != all.At(100%7).Index {
		t.Errorf("cycling: Len %d At(7) %d At(9) %d", all.Len(), all.At(7).Index, all.At(9).Index)
	}
	// Resuming: the openings after 3 played ones are those of start=Resume(3).
	rest := mustOpen(t, Options{File: o.File, Start: all.Resume(3)}, 4)
	for i := range 4 {
		if rest.At(i).Index != all.At(3+i).Index {
			t.Errorf("resumed opening %d: %d, want %d", i, rest.At(i).Index, all.At(3+i).Index)
		}
	}
}

func TestRandomOrder(t *testing.T) {
	o := Options{File: "testdata/small.pgn", Order: Random, Seed: 7}
	full := indices(mustOpen(t, o, 0))
	seen := map[int]bool{}
	for _, i := range full {
		seen[i] = true
	}
	if len(full) != 7 || len(seen) != 7 {
		t.Fatalf("random order over the whole book %v is not a permutation of 0..6", full)
	}
	if reflect.DeepEqual(full, []int{0, 1, 2, 3, 4, 5, 6}) {
		t.Errorf("random order %v is the file order", full)
	}
	// Deterministic for a seed, and start= applies after the shuffle.
	if again := indices(mustOpen(t, o, 0)); !reflect.DeepEqual(again, full) {
		t.Errorf("same seed, different order: %v then %v", full, again)
	}
	o.Start = 3
	if got := indices(mustOpen(t, o, 3)); !reflect.DeepEqual(got, full[2:5]) {
		t.Errorf("start=3 after the shuffle: %v, want %v", got, full[2:5])
	}
	o.Start = 6
	if got := indices(mustOpen(t, o, 3)); !reflect.DeepEqual(got, []int{full[5], full[6], full[0]}) {
		t.Errorf("start=6 wraps: %v, want %v", got, []int{full[5], full[6], full[0]})
	}

	// On a real book: 200 distinct openings, the same for the same seed,
	// different for another seed.
	big := Options{File: "builtin:2moves_v2.pgn.gz", Order: Random, Seed: 42}
	a := indices(mustOpen(t, big, 200))
	b := indices(mustOpen(t, big, 200))
	big.Seed = 43
	c := indices(mustOpen(t, big, 200))
	if !reflect.DeepEqual(a, b) || reflect.DeepEqual(a, c) {
		t.Errorf("seed 42 twice and seed 43 should give same, same, different:\n%v\n%v\n%v", a[:5], b[:5], c[:5])
	}
	distinct := map[int]bool{}
	for _, i := range a {
		distinct[i] = true
	}
	if len(distinct) != 200 {
		t.Errorf("200 random openings hold %d distinct ones", len(distinct))
	}
}

func TestBuiltinBooks(t *testing.T) {
	want := map[string]int{ // totals from the upstream books.json
		"builtin:2moves_v2.pgn.gz":          12092,
		"builtin:8moves_v3.pgn.gz":          34700,
		"builtin:UHO_4060_v4.first1000.epd": 1000,
		"builtin:startpos.epd":              1,
		"builtin:8mvs_+90_+99.epd.gz":       8533,
	}
	names := Builtin()
	if len(names) != len(want) {
		t.Fatalf("Builtin() = %v", names)
	}
	for _, name := range names {
		b := mustOpen(t, Options{File: name}, 1)
		if b.Size != want[name] {
			t.Errorf("%s: %d openings, want %d", name, b.Size, want[name])
		}
	}
	b := mustOpen(t, Options{File: DefaultBook}, 2)
	first := b.At(0)
	if b.Name != "8moves_v3.pgn" || len(first.SAN) != 16 ||
		strings.Join(first.SAN, " ") != "Nf3 d5 g3 c6 Bg2 Nf6 d3 Bg4 h3 Bh5 b3 e6 Bb2 Qa5+ Qd2 Qxd2+" {
		t.Errorf("default book %q, first opening %v", b.Name, first.SAN)
	}
	if b.At(1).Line != 13 {
		t.Errorf("second opening of the default book at line %d, want 13", b.At(1).Line)
	}
	// The shipped EPD books are legal all through. (Replaying every PGN book
	// costs seconds; TestParallelReplayIsDeterministic replays a seventh of
	// the 2-move book, and books/SOURCES.md records full Validate runs.)
	for _, name := range []string{"builtin:UHO_4060_v4.first1000.epd", "builtin:startpos.epd", "builtin:8mvs_+90_+99.epd.gz"} {
		if n, err := Validate(Options{File: name}); err != nil || n != want[name] {
			t.Errorf("Validate(%s) = %d, %v", name, n, err)
		}
	}
}

func TestUCIPosition(t *testing.T) {
	o := Opening{RootFEN: board.StartFEN, UCI: []string{"e2e4", "e7e5"}}
	if got := o.UCIPosition("g1f3"); got != "position startpos moves e2e4 e7e5 g1f3" {
		t.Errorf("UCIPosition: %q", got)
	}
	if got := (Opening{RootFEN: board.StartFEN}).UCIPosition(); got != "position startpos" {
		t.Errorf("UCIPosition without moves: %q", got)
	}
	f := "4k3/8/8/8/8/8/8/4K3 w - - 0 1"
	if got := (Opening{RootFEN: f}).UCIPosition("e1e2"); got != "position fen "+f+" moves e1e2" {
		t.Errorf("UCIPosition from a FEN: %q", got)
	}
}

// TestParallelReplayIsDeterministic checks that replaying on several
// goroutines gives the same openings as replaying in order, and that when
// several openings are illegal the error is always the first in the file.
func TestParallelReplayIsDeterministic(t *testing.T) {
	var b strings.Builder
	for i := range 60 {
		fmt.Fprintf(&b, "[Event \"%d\"]\n\n", i)
		switch i {
		case 23:
			b.WriteString("1. e4 e5 2. Ke3 *\n\n") // illegal, on line 4*23+3 = 95
		case 41:
			b.WriteString("1. d4 d5 2. Qd3 Qd3 *\n\n") // illegal too, later
		default:
			b.WriteString("1. e4 e5 2. Nf3 Nc6 *\n\n")
		}
	}
	p := writeFile(t, "many.pgn", b.String())
	src, err := openSource(Options{File: p})
	if err != nil {
		t.Fatal(err)
	}
	defer src.close()
	for range 20 {
		_, err := collectOn(4, src, 0, func(int) bool { return true }, 0, func(Opening) {})
		var be *Error
		if !errors.As(err, &be) || be.Line != 95 || !strings.Contains(be.Msg, "opening 24, ply 3: illegal move Ke3") {
			t.Fatalf("parallel replay error: %v, want line 95, opening 24", err)
		}
	}
	good, err := openSource(Options{File: "builtin:2moves_v2.pgn.gz"})
	if err != nil {
		t.Fatal(err)
	}
	defer good.close()
	wanted := func(i int) bool { return i%7 == 3 }
	seq, par := map[int]Opening{}, map[int]Opening{}
	n1, err1 := collectOn(1, good, 0, wanted, 0, func(o Opening) { seq[o.Index] = o })
	n2, err2 := collectOn(3, good, 0, wanted, 0, func(o Opening) { par[o.Index] = o })
	if err1 != nil || err2 != nil || n1 != 12092 || n2 != n1 || len(seq) != 1727 || !reflect.DeepEqual(seq, par) {
		t.Errorf("sequential %d %v %d, parallel %d %v %d openings: differ", n1, err1, len(seq), n2, err2, len(par))
	}
}

func TestShippedBooksMatchUpstream(t *testing.T) {
	want := map[string]string{
		"books/8moves_v3.pgn.gz":          "5835239f88cc2c7511b177c32392a69f3ede21819cf0616f80a7f907cd21d17e",
		"books/2moves_v2.pgn.gz":          "c70ba59a743c75cbf0b24fe5e8e330e518e4978382dedff6988c6082bedc3a46",
		"books/UHO_4060_v4.first1000.epd": "eb7b11bf574e8e4f7c38e9542763d7e1f28015919d2cea27371418069acadc37",
		"books/startpos.epd":              "6c47d197300802706c715ba25b5e03e3808b31bd18af918af0acaf3451f88af1",
		"books/8mvs_+90_+99.epd.gz":       "e4ccf9297520743bb44705908b510ae45f817a146418c7773aaf44bed2cf8428",
	}
	for name, sum := range want {
		f, err := builtinFS.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		var r io.Reader = f
		if strings.HasSuffix(name, ".gz") {
			gz, err := gzip.NewReader(f)
			if err != nil {
				t.Fatal(err)
			}
			r = gz
		}
		h := sha256.New()
		if _, err := io.Copy(h, r); err != nil {
			t.Fatal(err)
		}
		f.Close()
		if got := hex.EncodeToString(h.Sum(nil)); got != sum {
			t.Errorf("%s: content SHA-256 %s, want %s (upstream)", name, got, sum)
		}
	}
	for _, name := range []string{"books/LICENSE.CC0", "books/README.upstream.md", "books/SOURCES.md"} {
		if _, err := os.Stat(name); err != nil {
			t.Errorf("the licence and provenance files ship with the books: %v", err)
		}
	}
}
