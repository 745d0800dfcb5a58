package pgn

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// readBounded reads every game of s in a goroutine and fails the test when
// that does not end within the limit (the reader used to spin forever on a
// stray '}'). Errors are collected; reading stops at io.EOF or when the
// same error comes back twice (a fatal error is sticky).
func readBounded(t *testing.T, s []byte) (games []*Game, errs []error) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		rd := NewReader(bytes.NewReader(s))
		var prev error
		for i := 0; i <= len(s)+2; i++ {
			g, err := rd.Read()
			if errors.Is(err, io.EOF) {
				return
			}
			if err != nil {
				if err == prev {
					return
				}
				prev = err
				errs = append(errs, err)
				continue
			}
			games = append(games, g)
		}
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatalf("reading %d bytes did not finish in 10 s: the reader loops", len(s))
	}
	return games, errs
}

const twoGames = "[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n" +
	"[White \"B\"]\n[Black \"A\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n"

// A '}' outside a comment drops its game with an error naming the line,
// and the other games are still read.
func TestStrayBraceEnds(t *testing.T) {
	if gs, errs := readBounded(t, []byte("}")); len(gs) != 0 || len(errs) != 1 || !strings.Contains(errs[0].Error(), "line 1: unexpected '}'") {
		t.Errorf("lone '}': games %d, errors %v", len(gs), errs)
	}
	spliced := strings.Replace(twoGames, "2. Qh5", "2. Qh5 } }}", 1)
	gs, errs := readBounded(t, []byte(spliced))
	if len(gs) != 1 || gs[0].Result() != "0-1" || len(errs) != 1 || !strings.Contains(errs[0].Error(), "line 5: unexpected '}'") {
		t.Errorf("spliced '}': games %d, errors %v", len(gs), errs)
	}
}

// Random bytes (which hold '}' and control characters) must end, with an
// error, not spin.
func TestRandomBytesEnd(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for n := range 20 {
		b := make([]byte, 64+n*97)
		for i := range b {
			b[i] = byte(rng.UintN(256))
		}
		if _, errs := readBounded(t, b); len(errs) == 0 {
			t.Errorf("%d random bytes read without an error", len(b))
		}
	}
	// A real file with binary garbage spliced in: an error naming the line.
	b := []byte(strings.Replace(twoGames, "3. Bc4", "3. Bc4 \x00\x93}\x01", 1))
	_, errs := readBounded(t, b)
	if len(errs) == 0 || !strings.Contains(errs[len(errs)-1].Error(), "binary data") {
		t.Errorf("spliced binary: %v", errs)
	}
	rd := NewReader(bytes.NewReader(b))
	for {
		if _, err := rd.Read(); err != nil {
			if rd.Line() != 5 {
				t.Errorf("binary error at line %d, want 5 (%v)", rd.Line(), err)
			}
			break
		}
	}
}

// A gzipped PGN is read as the PGN it holds.
func TestGzipInput(t *testing.T) {
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	zw.Write([]byte(twoGames))
	zw.Close()
	gs, errs := readBounded(t, buf.Bytes())
	if len(errs) != 0 || len(gs) != 2 || gs[0].Result() != "1-0" || gs[1].Result() != "0-1" || len(gs[1].Moves) != 4 {
		t.Fatalf("gzip: %d games, errors %v", len(gs), errs)
	}
	// Truncated: the games before the damage, then an error.
	_, errs = readBounded(t, buf.Bytes()[:buf.Len()-10])
	if len(errs) == 0 || !strings.Contains(errs[0].Error(), "gzip") {
		t.Errorf("truncated gzip: %v", errs)
	}
}

// A ';' comment after a game's result (as in every TCEC file), or a '{'
// comment after it, is not a game.
func TestCommentAfterResult(t *testing.T) {
	tcec := strings.ReplaceAll(twoGames, "1-0\n\n", "1-0\n; TCEC Season 26 - Superfinal, game 1\n\n")
	tcec += "; end of file comment\n{ and a\n\n block comment }\n"
	gs, errs := readBounded(t, []byte(tcec))
	if len(gs) != 2 || len(errs) != 0 {
		t.Fatalf("%d games, errors %v", len(gs), errs)
	}
	for _, g := range gs {
		if g.Result() == "*" || len(g.Moves) == 0 {
			t.Errorf("game at line %d: result %s, %d moves", g.Line, g.Result(), len(g.Moves))
		}
	}
	// Comments on the result's line; a second game right after the first.
	gs, errs = readBounded(t, []byte("1. e4 e5 1-0 {White\nresigns} ; yes\n; more\n1. d4 0-1 ; a\n1. c4 * {x}\n"))
	if len(gs) != 3 || len(errs) != 0 || gs[1].Result() != "0-1" || gs[1].Line != 4 || gs[2].Termination != "*" {
		t.Fatalf("%d games, errors %v", len(gs), errs)
	}
}

// Every parser case still ends quickly (the fuzz seeds in one place).
func TestParserCasesEnd(t *testing.T) {
	files, _ := filepath.Glob("testdata/parser_cases/*.pgn")
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		readBounded(t, b)
	}
}
