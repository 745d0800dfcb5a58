package pgn

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzReadPGN: the reader must not panic or loop on any input, every game
// it returns must be consistent, and reading must make progress.
func FuzzReadPGN(f *testing.F) {
	files, _ := filepath.Glob("testdata/parser_cases/*.pgn")
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err == nil && len(b) < 4096 {
			f.Add(string(b))
		}
	}
	f.Add("[A \"\\\"]\n{\n(\n;\n1-0")
	f.Fuzz(func(t *testing.T, s string) {
		rd := NewReader(strings.NewReader(s))
		for i := 0; i <= len(s)+1; i++ {
			g, err := rd.Read()
			if errors.Is(err, io.EOF) {
				return
			}
			if err != nil {
				return
			}
			if g.Line < 1 {
				t.Fatalf("game line %d", g.Line)
			}
			switch g.Result() {
			case "1-0", "0-1", "1/2-1/2", "*":
			default:
				t.Fatalf("result %q", g.Result())
			}
		}
		t.Fatal("more games than lines")
	})
}
