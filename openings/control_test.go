package openings

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBookControlCharacters: a FEN or move with a control character is
// refused with the book's file and line and the character named (it would
// otherwise end the engine's position command early).
func TestBookControlCharacters(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		name, text, want string
	}{
		{"a.epd", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n" +
			"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq\x0b- 0 1\n",
			"a.epd:2: FEN: value contains a control character (U+000B)"},
		{"b.epd", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\x7f 0 1\n",
			"b.epd:1: FEN: value contains a control character (U+007F)"},
		{"c.pgn", "[Event \"x\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\x1b 0 1\"]\n\n1. e4 e5 *\n",
			"c.pgn:2: FEN tag: value contains a control character (U+001B)"},
		{"d.pgn", "[Event \"x\"]\n\n1. e4 e5\n2. Nf3\x01quit Nc6 *\n",
			"d.pgn:4: move: value contains a control character (U+0001)"},
		{"e.pgn", "[Event \"x\"]\n\n1. e4\u0085 e5 *\n",
			"e.pgn:3: move: value contains a control character (U+0085)"},
	} {
		path := filepath.Join(dir, c.name)
		if err := os.WriteFile(path, []byte(c.text), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := Validate(Options{File: path})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.name, err, c.want)
		}
	}
	// Comments and EPD operations are not sent: their text is free.
	path := filepath.Join(dir, "ok.pgn")
	os.WriteFile(path, []byte("[Event \"x\"]\n\n1. e4 {caf\x93 \x01} e5 *\n"), 0o644)
	if _, err := Validate(Options{File: path}); err != nil {
		t.Errorf("comment with control characters: %v", err)
	}
}
