package label

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/elolab/elolab/match/enginetest"
	"github.com/elolab/elolab/match/player"
	"github.com/elolab/elolab/match/suite"
	"github.com/elolab/elolab/tuner/texel"
)

var testEngine string

func TestMain(m *testing.M) { enginetest.Main(m, &testEngine) }

// data is a Texel data file of datagen's form, with a comment, a blank
// line and a line already labelled (its label is replaced).
const data = `# labrat self-play
r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - c9 "1-0"; id "s1g0";
r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - c9 "1-0"; id "s1g0";

rnbqkb1r/pppp1ppp/5n2/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR w KQkq - c9 "0-1"; ce 999; id "s1g1";
rnbqkb1r/pppp1ppp/5n2/4p3/2B1P3/2N5/PPPP1PPP/R1BQK1NR b KQkq - c9 "1/2-1/2"; id "s1g1";
8/8/8/4k3/8/8/4P3/4K3 w - - c9 "1-0"; id "s1g2";
8/8/8/4k3/8/8/4P3/4K3 b - - c9 "1/2-1/2"; id "s1g2";
`

func write(t *testing.T, name, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func config(mode string, at string) Config {
	return Config{Search: suite.Config{Engine: player.Config{Cmd: testEngine, Args: enginetest.Args(mode, "-at", at)}, Nodes: 100, Concurrency: 2}}
}

// dataLines are the data lines of data, in order.
func dataLines() []string {
	var out []string
	for _, l := range strings.Split(data, "\n") {
		if l != "" && l[0] != '#' {
			out = append(out, l)
		}
	}
	return out
}

// check asserts that out is in's data lines, in order, each labelled
// (within the test engine's ±30) or left out by a comment naming it.
func check(t *testing.T, out string) []string {
	t.Helper()
	raw, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Split(strings.TrimSuffix(string(raw), "\n"), "\n")
	want := dataLines()
	if len(got) != len(want) {
		t.Fatalf("%d lines, want %d:\n%s", len(got), len(want), raw)
	}
	for i, l := range got {
		fen, _, _, _ := texel.ParseLine([]byte(want[i]))
		if strings.HasPrefix(l, "# left out") {
			if !strings.HasSuffix(l, string(fen)) {
				t.Errorf("line %d: %q does not name %q", i+1, l, fen)
			}
			continue
		}
		gotFEN, _, score, err := texel.ParseLine([]byte(l))
		if err != nil || string(gotFEN) != string(fen) || !(score >= -30 && score <= 30) {
			t.Errorf("line %d: %q (%v), want %q labelled within ±30", i+1, l, err, fen)
		}
		if strings.Count(l, " ce ") != 1 || !strings.Contains(l, ` id "s1g`) {
			t.Errorf("line %d: %q: want one ce and the id kept", i+1, l)
		}
	}
	return got
}

func TestRunLabelsInOrder(t *testing.T) {
	in := write(t, "in.epd", data)
	out := filepath.Join(t.TempDir(), "out.epd")
	c, err := Run(context.Background(), config("ok", "0"), in, out)
	if err != nil || c.Positions != 6 || c.Labelled != 6 || c.Decided != 0 || c.Resumed != 0 {
		t.Fatalf("%+v, %v", c, err)
	}
	check(t, out)
	// Run again: nothing left to do, nothing changes.
	before, _ := os.ReadFile(out)
	c, err = Run(context.Background(), config("ok", "0"), in, out)
	after, _ := os.ReadFile(out)
	if err != nil || c.Resumed != 6 || c.Labelled != 0 || string(before) != string(after) {
		t.Fatalf("second run: %+v, %v", c, err)
	}
}

func TestRunLeavesOutDecided(t *testing.T) {
	in := write(t, "in.epd", data)
	out := filepath.Join(t.TempDir(), "out.epd")
	cfg := config("ok", "0")
	cfg.MaxScore = 1 // the test engine's scores run from −30 to 30
	c, err := Run(context.Background(), cfg, in, out)
	if err != nil || c.Labelled+c.Decided != 6 || c.Decided == 0 {
		t.Fatalf("%+v, %v", c, err)
	}
	lines := check(t, out)
	comments := 0
	for _, l := range lines {
		if strings.HasPrefix(l, "# left out, score ") {
			comments++
		}
	}
	if comments != c.Decided {
		t.Errorf("%d comments, %d left out", comments, c.Decided)
	}
}

// An engine that dies stops the run at its position (named by the
// input's file:line); the lines before it stay, and running again
// resumes there, also after a write cut short.
func TestRunResumesAfterFailure(t *testing.T) {
	in := write(t, "in.epd", data)
	out := filepath.Join(t.TempDir(), "out.epd")
	cfg := config("crash", "3")
	cfg.Search.Concurrency = 1
	c, err := Run(context.Background(), cfg, in, out)
	if err == nil || !strings.Contains(err.Error(), in+":5: engine:") || c.Labelled != 2 {
		t.Fatalf("%+v, %v; want a failure at %s:5 after 2 labels", c, err, in)
	}
	raw, _ := os.ReadFile(out)
	if n := strings.Count(string(raw), "\n"); n != 2 {
		t.Fatalf("%d lines kept, want 2:\n%s", n, raw)
	}
	// A run killed while writing its third line.
	if err := os.WriteFile(out, append(raw, "rnbqkb1r/pppp1ppp/5n2/4p3/4P3/2N5/PPPP"...), 0o644); err != nil {
		t.Fatal(err)
	}
	c, err = Run(context.Background(), config("ok", "0"), in, out)
	if err != nil || c.Resumed != 2 || c.Labelled != 4 {
		t.Fatalf("resumed: %+v, %v", c, err)
	}
	got := check(t, out)
	for i, l := range strings.Split(strings.TrimSuffix(string(raw), "\n"), "\n") {
		if got[i] != l {
			t.Errorf("line %d changed on resume: %q, was %q", i+1, got[i], l)
		}
	}
}

func TestRunRefusesInputAsOutput(t *testing.T) {
	in := write(t, "in.epd", data)
	if _, err := Run(context.Background(), config("ok", "0"), in, in); err == nil || !strings.Contains(err.Error(), "is the input") {
		t.Errorf("output = input: %v", err)
	}
	if raw, _ := os.ReadFile(in); string(raw) != data {
		t.Error("the input changed")
	}
}

func TestRunBadInput(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct{ text, want string }{
		{"# nothing\n\n", "no data lines"},
		{data + "8/8/8/4k3/8/8/4P3/4K3 w - -\n", "in.epd:9: no result"},
		{"8/8/8/4k3/8/8/4P3/4K3 w - - c9 \"1-0\";\n9/8/8/8/8/8/8/8 w - - c9 \"1-0\";\n", "in.epd:2: "},
		{"8/8/8/4k3/8/8/4P3/4K3 w - - c9 \"1-0\"; ce 1e9;\n", "in.epd:1: ce"},
	} {
		in := filepath.Join(dir, "in.epd")
		os.WriteFile(in, []byte(c.text), 0o644)
		_, err := Run(context.Background(), config("ok", "0"), in, filepath.Join(dir, "out.epd"))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q", c.text, err, c.want)
		}
	}
	if _, err := Run(context.Background(), config("ok", "0"), filepath.Join(dir, "missing.epd"), filepath.Join(dir, "out.epd")); err == nil {
		t.Error("missing input: no error")
	}
}

// An output that holds other positions is not appended to.
func TestRunRefusesOtherOutput(t *testing.T) {
	in := write(t, "in.epd", data)
	for _, c := range []struct{ out, want string }{
		{"8/8/8/8/8/8/8/K1k5 w - - c9 \"1-0\"; ce 3;\n", "out.epd:1: not the label of input line 2"},
		{strings.Repeat("x\n", 7), "more than the 6 positions"},
		// The input's own first line: the position, but no label.
		{dataLines()[0] + "\n", "out.epd:1: not the label of input line 2"},
	} {
		out := write(t, "out.epd", c.out)
		_, err := Run(context.Background(), config("ok", "0"), in, out)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("output %q: %v, want %q", c.out, err, c.want)
		}
		if raw, _ := os.ReadFile(out); string(raw) != c.out {
			t.Errorf("output %q changed to %q", c.out, raw)
		}
	}
}
