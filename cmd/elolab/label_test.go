package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

const labelData = `r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - c9 "1-0"; id "s1g0";
rnbqkb1r/pppp1ppp/5n2/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR w KQkq - c9 "0-1"; id "s1g1";
8/8/8/4k3/8/8/4P3/4K3 b - - c9 "1/2-1/2"; id "s1g2";
`

func TestLabel(t *testing.T) {
	in := writeFile(t, "in.epd", labelData)
	out := filepath.Join(t.TempDir(), "out.epd")
	bin := testEngine(t)
	o, errOut, code := run(t, "label", in, "-o", out, "-engine", "cmd="+bin, "-nodes", "100", "-concurrency", "2")
	if code != 0 || !strings.Contains(o, "labelled 3 positions of "+in+" to "+out+" (left out: 0 mates or beyond ±2000; 0 already there)") {
		t.Fatalf("exit %d %s\n%s", code, errOut, o)
	}
	o, errOut, code = run(t, "label", in, "-o", out, "-engine", "cmd="+bin, "-nodes", "100")
	if code != 0 || !strings.Contains(o, "labelled 0 positions") || !strings.Contains(o, "3 already there") {
		t.Fatalf("again: exit %d %s\n%s", code, errOut, o)
	}
	// An engine that dies: exit 1, what is done is kept and named.
	out2 := filepath.Join(t.TempDir(), "out2.epd")
	_, errOut, code = run(t, "label", in, "-o", out2, "-engine", "cmd="+bin, "args=-mode crash -at 2", "-nodes", "100")
	if code != 1 || !strings.Contains(errOut, in+":2: engine:") || !strings.Contains(errOut, "1 of 3 positions in "+out2+"; run again to go on") {
		t.Errorf("crash: exit %d %s", code, errOut)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{in, "-engine", "cmd=" + bin, "-nodes", "100"}, "give -o OUT.epd"},
		{[]string{in, "-o", out2, "-engine", "cmd=" + bin}, "give -nodes N, -depth N or -movetime MS"},
		{[]string{"-o", out2, "-engine", "cmd=" + bin, "-nodes", "1"}, "give the input"},
		{[]string{in, "-o", out2, "-engine", "cmd=" + bin, "-nodes", "1", "-max-score", "0"}, `-max-score "0": want a positive number`},
		{[]string{in, "-o", out2, "-engine", "cmd=" + bin, "-nodes", "1", "-max-score", "100001"}, "max score 100001: want at most 100000"},
		{[]string{in, "-o", out2, "-engine", "cmd=" + bin, "-nodes", "1", "-o"}, "-o: missing value"},
		{[]string{in, in, "-o", out2, "-engine", "cmd=" + bin, "-nodes", "1"}, "one input file"},
		{[]string{writeFile(t, "bad.epd", "8/8/8/4k3/8/8/4P3/4K3 b - - c9 \"2-0\";\n"), "-o", out2, "-engine", "cmd=" + bin, "-nodes", "1"}, "bad.epd:1: bad result"},
		{[]string{in, "-o", out2, "-engine", "cmd=/nonexistent/engine", "-nodes", "1"}, "label: "},
	} {
		_, errOut, code := run(t, append([]string{"label"}, c.args...)...)
		if code != 2 || !strings.Contains(errOut, c.want) {
			t.Errorf("%q: exit %d %s, want 2 and %q", c.args, code, errOut, c.want)
		}
	}
}

// Stockfish's labels are the side to move's: a queen up is a large plus
// for the side that has it, whoever moves.
func TestLabelStockfishSides(t *testing.T) {
	if _, err := os.Stat("/usr/games/stockfish"); err != nil {
		t.Skip("/usr/games/stockfish not installed (apt-get install stockfish)")
	}
	in := writeFile(t, "q.epd", `4k3/8/8/8/8/8/3Q4/4K3 w - - c9 "1-0"; id "w";
4k3/8/8/8/8/8/3Q4/4K3 b - - c9 "1-0"; id "b";
`)
	out := filepath.Join(t.TempDir(), "q-sf.epd")
	o, errOut, code := run(t, "label", in, "-o", out, "-engine", "cmd=/usr/games/stockfish", "option.Threads=1", "-depth", "6", "-max-score", "100000")
	if code != 0 {
		t.Fatalf("exit %d %s\n%s", code, errOut, o)
	}
	raw, _ := os.ReadFile(out)
	ce := regexp.MustCompile(`id "(\w)"; ce (-?\d+);`).FindAllStringSubmatch(string(raw), -1)
	if len(ce) != 2 {
		t.Fatalf("labels:\n%s", raw)
	}
	for _, m := range ce {
		v, _ := strconv.Atoi(m[2])
		if m[1] == "w" && v < 500 || m[1] == "b" && v > -500 {
			t.Errorf("%s to move: ce %d, want a queen's worth for White", m[1], v)
		}
	}
}
