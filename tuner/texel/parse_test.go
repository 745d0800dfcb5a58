package texel

import (
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/elolab/elolab/engine/board"
	"github.com/elolab/elolab/engine/params"
)

func TestParseLine(t *testing.T) {
	const kiwi = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -"
	blackKiwi := strings.Replace(kiwi, " w ", " b ", 1)
	none := math.NaN()
	cases := []struct {
		line          string
		fen           string
		result, score float64
	}{
		{kiwi + ` c9 "1-0";`, kiwi, 1, none},
		{kiwi + ` c9 "0-1"; id "s1g2";`, kiwi, 0, none},
		{kiwi + ` id "a;b"; c9 "1/2-1/2";`, kiwi, 0.5, none},
		{kiwi + ` c9 1-0`, kiwi, 1, none},
		{kiwi + " 0 1 c9 \"1-0\";\r\n", kiwi + " 0 1", 1, none},
		{kiwi + ` 3 17 [0.5]`, kiwi + " 3 17", 0.5, none},
		{kiwi + ` [1.0]`, kiwi, 1, none},
		{kiwi + ` [0.0] -35`, kiwi, 0, -35},
		{kiwi + ` [0.5] +12.5`, kiwi, 0.5, 12.5},
		{kiwi + "\t[0]", kiwi, 0, none},
		// ce is from the side to move's view; the label is White's.
		{kiwi + ` 0 1 c9 "1-0"; ce 35; id "g1";`, kiwi + " 0 1", 1, 35},
		{blackKiwi + ` 0 1 c9 "1-0"; ce 35; id "g1";`, blackKiwi + " 0 1", 1, -35},
		{blackKiwi + ` ce -120; c9 "0-1";`, blackKiwi, 0, 120},
	}
	same := func(a, b float64) bool { return a == b || math.IsNaN(a) && math.IsNaN(b) }
	for _, c := range cases {
		fen, r, s, err := ParseLine([]byte(c.line))
		if err != nil {
			t.Errorf("%q: %v", c.line, err)
			continue
		}
		if string(fen) != c.fen || r != c.result || !same(s, c.score) {
			t.Errorf("%q: got %q %v %v, want %q %v %v", c.line, fen, r, s, c.fen, c.result, c.score)
		}
	}
	for _, bad := range []struct{ line, want string }{
		{"8/8/8/8 w", "want at least 4 FEN fields"},
		{kiwi, "no result"},
		{kiwi + ` id "x";`, "no result"},
		{kiwi + ` c9 "2-0";`, `bad result c9 "2-0"`},
		{kiwi + ` c9 "1-0"; c9 "0-1";`, "c9 given twice"},
		{kiwi + ` c9 "1-0`, "unterminated string"},
		{kiwi + ` [0.7]`, "bad result [0.7]"},
		{kiwi + ` [1.0`, "missing ]"},
		{kiwi + ` [1.0] 12 13`, "after the result"},
		{kiwi + ` 5 c9 "1-0";`, "opcode starts with a letter"},
		{kiwi + ` [1.0] 1e9`, "after the result"},
		{kiwi + ` [1.0] 100001`, "score label"},
		{kiwi + ` c9 "1-0"; ce 3x;`, `ce "3x"`},
		{kiwi + ` c9 "1-0"; ce -200000;`, "within ±100000"},
		{kiwi + ` c9 "1-0"; ce 1; ce 2;`, "ce given twice"},
	} {
		_, _, _, err := ParseLine([]byte(bad.line))
		if err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("%q: error %v, want %q", bad.line, err, bad.want)
		}
	}
}

func FuzzParseTexelLine(f *testing.F) {
	for _, s := range []string{
		`rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - c9 "1/2-1/2";`,
		`r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 [1.0] 35`,
		`8/8/8/8/8/8/8/K1k5 b - - c9 "0-1"; id "s1g2";`,
		`8/8/8/8/8/8/8/K1k5 b - - 0 1 c9 0-1`,
		`x y z w [0.5]`,
		`8/8/8/8/8/8/8/K1k5 b - - 0 1 c9 "1-0"; ce -35; id "r1p2g0";`,
		`a b c d e; f "g;h"; c9 "1-0"`,
	} {
		f.Add([]byte(s))
	}
	pos := board.NewPosition()
	f.Fuzz(func(t *testing.T, line []byte) {
		fen, r, s, err := ParseLine(line)
		if err != nil {
			if fen != nil {
				t.Fatalf("error %v with a FEN %q", err, fen)
			}
			return
		}
		if r != 0 && r != 0.5 && r != 1 {
			t.Fatalf("result %v", r)
		}
		if !math.IsNaN(s) && !(math.Abs(s) <= MaxScoreLabel) {
			t.Fatalf("score label %v", s)
		}
		// Fields are separated by spaces and tabs only (other control
		// characters stay inside a field, for SetFEN to refuse).
		fields := strings.FieldsFunc(string(fen), func(r rune) bool { return r == ' ' || r == '\t' })
		if n := len(fields); n != 4 && n != 6 {
			t.Fatalf("FEN %q has %d fields", fen, n)
		}
		_ = pos.SetFEN(string(fen)) // must not panic on whatever the fields hold
	})
}

func writeData(t *testing.T, name, content string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func tunedDefs(t *testing.T, items ...string) []*params.Def {
	t.Helper()
	var out []*params.Def
	for _, s := range items {
		it, err := ResolveItem(s)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, it.Defs...)
	}
	return out
}

func TestLoadErrorsNameFileAndLine(t *testing.T) {
	tuned := tunedDefs(t, "eval.material")
	good := `rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - c9 "1/2-1/2";` + "\n"
	for _, c := range []struct{ content, want string }{
		{"", "no positions"},
		{"\n  \n# only a comment\n", "no positions"},
		{good + "\n" + `rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - c9 "3-0";` + "\n", `:3: bad result c9 "3-0"`},
		{good + good + `rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - c9 "1-0";` + "\n", `:3: invalid FEN`},
		{good + "8/8/8/8/8/8/8/8 w - - [1.0]\n", ":2: invalid FEN"},
	} {
		path := writeData(t, "d.epd", c.content)
		_, err := Load(LoadOptions{Files: []string{path}, Tuned: tuned})
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), path) {
			t.Errorf("%q: error %v, want %s%s", c.content, err, path, c.want)
		}
	}
	if _, err := Load(LoadOptions{Files: []string{"/nonexistent/x.epd"}, Tuned: tuned}); err == nil || !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
}

// TestLoadReproducesTheEngine: at the start values, the stored model gives
// the engine's own score for every position, whichever weights are tuned.
func TestLoadReproducesTheEngine(t *testing.T) {
	var b strings.Builder
	fens := []string{
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -",
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq -",
		"8/8/4k3/8/8/3KN3/8/8 w - -", // drawn-endgame scaling
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -",
		"6k1/5p1p/2bP2pb/4p3/2P5/1p1pNPPP/1P1Q1BK1/1q6 b - -",
	}
	for i, f := range fens {
		b.WriteString(f + ` c9 "` + []string{"1-0", "0-1", "1/2-1/2"}[i%3] + `";` + "\n")
	}
	path := writeData(t, "d.epd", b.String())
	p := params.NewValues()
	for _, sel := range [][]string{{"eval.material"}, {"eval.pst", "eval.tempo"}, {"eval"}} {
		d, err := Load(LoadOptions{Files: []string{path}, Tuned: tunedDefs(t, sel...), Start: p})
		if err != nil {
			t.Fatal(err)
		}
		if d.Train.Len() != len(fens) || d.Holdout.Len() != 0 {
			t.Fatalf("%d training positions", d.Train.Len())
		}
		m := NewModel(1, len(d.Tuned))
		scores := make([]float32, d.Train.Len())
		m.Scores(&d.Train, d.Start, scores)
		m.Close()
		s := newSearcherEval(p)
		for i, f := range fens {
			want := s(f)
			if diff := float64(scores[i]) - want; diff > 1e-3 || diff < -1e-3 {
				t.Errorf("%v: %s: model %v, engine %v", sel, f, scores[i], want)
			}
		}
	}
}
