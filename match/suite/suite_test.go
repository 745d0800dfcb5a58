package suite

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/elolab/elolab/match/enginetest"
	"github.com/elolab/elolab/match/player"
)

func TestReadWAC(t *testing.T) {
	ps, err := ReadFile("suites/wac.epd")
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) != 300 {
		t.Fatalf("%d positions", len(ps))
	}
	if p := ps[0]; p.ID != "WAC.001" || p.BM[0] != "g3g6" || p.BMSAN[0] != "Qg6" {
		t.Errorf("%+v", p)
	}
	am := 0
	for _, p := range ps {
		am += len(p.AM)
		if len(p.BM)+len(p.AM) == 0 {
			t.Errorf("%s: no move", p.ID)
		}
	}
	if am == 0 {
		t.Error("WAC has an am position")
	}
}

func TestReadErrors(t *testing.T) {
	for text, want := range map[string]string{
		"8/8/8/8/8/8/8/K6k w - - bm Qg6;\n":                           "s.epd:1: bm:",
		"\n# comment\nnot a fen\n":                                    "s.epd:3:",
		"8/8/8/8/8/8/8/K6k w - - id \"x\";\n":                         "no bm or am",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e9;": "bm:",
		"": "no positions",
	} {
		_, err := Read(strings.NewReader(text), "s.epd")
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %q", text, err, want)
		}
	}
	// CRLF and several bm moves.
	ps, err := Read(strings.NewReader("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - bm O-O O-O-O; am Ra8+; id \"two\";\r\n"), "s.epd")
	if err != nil || len(ps[0].BM) != 2 || ps[0].AM[0] != "a1a8" || ps[0].ID != "two" {
		t.Fatalf("%+v %v", ps, err)
	}
}

func TestRunTestEngine(t *testing.T) {
	dir := t.TempDir()
	bin, err := enginetest.Build(dir)
	if err != nil {
		t.Fatal(err)
	}
	ps, _ := ReadFile("suites/wac.epd")
	ps = ps[:8]
	var lines []string
	n, err := Run(context.Background(), Config{Engine: player.Config{Cmd: bin, Args: enginetest.Args("crash", "-at", "3")},
		MoveTime: 20 * time.Millisecond, Concurrency: 2}, ps, func(o Outcome) { lines = append(lines, o.Line()) })
	if err != nil {
		t.Fatal(err)
	}
	if len(lines) != 8 || n > 8 {
		t.Fatalf("%d lines, %d solved", len(lines), n)
	}
	for i, l := range lines {
		if !strings.HasPrefix(l, fmt.Sprintf("WAC.%03d: ", i+1)) {
			t.Errorf("line %d: %q (order)", i, l)
		}
	}
	t.Log(strings.Join(lines, "\n"))
}

func TestRunStockfish(t *testing.T) {
	if _, err := os.Stat("/usr/games/stockfish"); err != nil {
		t.Skip("/usr/games/stockfish not installed (apt-get install stockfish)")
	}
	ps, _ := ReadFile("suites/wac.epd")
	n, err := Run(context.Background(), Config{Engine: player.Config{Cmd: "/usr/games/stockfish"}, MoveTime: 100 * time.Millisecond, Concurrency: 2}, ps[:10], nil)
	if err != nil || n < 7 {
		t.Fatalf("solved %d/10, %v", n, err)
	}
}

func TestBuiltin(t *testing.T) {
	ps, err := Open("builtin:wac.epd")
	if err != nil || len(ps) != 300 {
		t.Fatalf("builtin:wac.epd: %d positions, %v", len(ps), err)
	}
	if _, err := Open("builtin:nope.epd"); err == nil || !strings.Contains(err.Error(), "builtin:wac.epd") {
		t.Errorf("missing builtin suite: %v", err)
	}
}
