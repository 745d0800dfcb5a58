package pgn

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// fuzzLimit is how long one input may take. Inputs are small; only a loop
// that does not advance (the reader once spun on a stray '}') comes near.
const fuzzLimit = 2 * time.Second

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
	// Inputs that used to hang: a '}' outside a comment, alone, after a
	// result, spliced into a game; binary bytes; a gzipped PGN.
	f.Add("}")
	f.Add("1. e4 1-0 }\n")
	f.Add(strings.Replace(twoGames, "2. Qh5", "2. Qh5 }}", 1))
	f.Add("\x8b\x1f}\x00\xff{;\n}(")
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte(twoGames))
	zw.Close()
	f.Add(gz.String())
	// Comments after a result make no game.
	f.Add("1. e4 1-0 {x\n} ; y\n; z\n")
	f.Fuzz(func(t *testing.T, s string) {
		done := make(chan string, 1)
		go func() { done <- readChecked(s) }()
		select {
		case msg := <-done:
			if msg != "" {
				t.Fatal(msg)
			}
		case <-time.After(fuzzLimit):
			t.Fatalf("reading %d bytes took over %v: the reader loops", len(s), fuzzLimit)
		}
	})
}

// readChecked reads all of s and says what is wrong, or "".
func readChecked(s string) string {
	// Every game or dropped game takes at least one byte of text; a
	// gzipped input has as many bytes as it decompresses to.
	limit := len(s) + 1
	if zr, err := gzip.NewReader(strings.NewReader(s)); err == nil {
		n, _ := io.Copy(io.Discard, io.LimitReader(zr, 1<<26))
		limit += int(n)
	}
	rd := NewReader(strings.NewReader(s))
	rd.KeepComments = true
	for i := 0; i <= limit; i++ {
		g, err := rd.Read()
		if errors.Is(err, io.EOF) {
			return ""
		}
		var se *SyntaxError
		if errors.As(err, &se) {
			if se.Line < 1 || se.Line > rd.Line() {
				return "syntax error line out of range: " + se.Error()
			}
			continue // one game dropped, reading goes on
		}
		if err != nil {
			return ""
		}
		if g.Line < 1 {
			return "game line < 1"
		}
		if len(g.Comments) != len(g.Moves) {
			return fmt.Sprintf("%d comments for %d moves", len(g.Comments), len(g.Moves))
		}
		for _, c := range g.Comments {
			if msg := evalRoundTrip(c); msg != "" {
				return msg
			}
		}
		switch g.Result() {
		case "1-0", "0-1", "1/2-1/2", "*":
		default:
			return "result " + g.Result()
		}
	}
	return "more games than bytes"
}

// evalRoundTrip: a comment ParseEval reads, written back as the writer
// writes it, reads as the same evaluation (the time to the writer's
// millisecond).
func evalRoundTrip(c string) string {
	e, ok := ParseEval(c)
	if !ok {
		return ""
	}
	if e.Depth < 0 || e.Time < 0 {
		return fmt.Sprintf("comment %q: negative depth or time %+v", c, e)
	}
	m := Move{SAN: "e4", Eval: &e}
	back, ok := ParseEval(m.comment())
	want := e
	want.Time = e.Time.Round(time.Millisecond)
	if !ok || back != want {
		return fmt.Sprintf("comment %q read as %+v, written as %q, read back as %+v (%v)", c, e, m.comment(), back, ok)
	}
	return ""
}
