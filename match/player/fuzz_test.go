package player

import (
	"bytes"
	"errors"
	"io"
	"os"
	"strings"
	"testing"
	"testing/iotest"
)

func FuzzParseInfo(f *testing.F) {
	for _, s := range []string{
		"info depth 6 seldepth 4 multipv 1 score cp 14 lowerbound nodes 1000 nps 250000 hashfull 0 tbhits 0 time 4 pv d7d5",
		"info depth 20 score mate -3 pv e1e2 nodes 55", "info string hello", "info nodes 1000 nps 1000000 time 1",
		"info score cp", "info pv", "info depth 99999999999999999999", "info score mate -0 upperbound",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		var info Info
		ok := ParseInfo(line, &info)
		if !ok && info.Score.Kind != ScoreNone && !strings.HasPrefix(line, "info") {
			t.Fatalf("score from a non-info line %q", line)
		}
		if info.PV != "" && !strings.Contains(line, info.PV) {
			t.Fatalf("PV %q not in %q", info.PV, line)
		}
		if info.Time < 0 {
			t.Fatalf("negative time from %q", line)
		}
		_ = info.Score.String()
		parseBestMove(line)
	})
}

func FuzzParseOption(f *testing.F) {
	for _, s := range []string{
		"option name Skill Level type spin default 20 min 0 max 20",
		"option name Style type combo default Normal var Solid var Normal var Risky",
		"option name Book File type string default <empty>", "option name type type type", "option name X type",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		o, ok := ParseOption(line)
		if ok && (o.Name == "" || o.Type == "") {
			t.Fatalf("%q: %+v", line, o)
		}
		if ok {
			checkOptionValue(o, o.Default)
		}
	})
}

func FuzzParseXBoardLine(f *testing.F) {
	for _, s := range []string{
		"move e2e4", " 6      2       28     224418 c2c4 d7d6 d2d4", "12& -35 100 5000 14 50000 0\te7e5 g1f3",
		"9 100003 5 70 d1h5", "1-0 {White mates}", "1/2-1/2", "resign", "offer draw", "Illegal move: e2e5",
		"pong 7", `feature ping=1 myname="Fairy-Max 5.0b" option="Resign Threshold -spin 800 200 1200" done=0`,
		`feature option="Makruk rules -combo makruk /// Cambodian /// *Ai-wok"`, "feature a=\"", "1 -100000 0 0",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		var info Info
		k, arg := parseXBLine(line, &info)
		if k == xbMove && (arg == "" || strings.ContainsAny(arg, " \t")) {
			t.Fatalf("move %q from %q", arg, line)
		}
		if k == xbThinking && (info.Time < 0 || info.Depth < 0) {
			t.Fatalf("%q: %+v", line, info)
		}
		for _, ft := range parseFeatures(line) {
			if ft.name == "" || strings.ContainsAny(ft.name, " \t=\"") {
				t.Fatalf("feature name %q from %q", ft.name, line)
			}
			if ft.name == "option" {
				if o, ok := parseXBOption(ft.value); ok && o.Name == "" {
					t.Fatalf("unnamed option from %q", line)
				}
			}
		}
		if o, ok := parseXBOption(line); ok && o.Name == "" {
			t.Fatalf("unnamed option from %q", line)
		}
	})
}

// FuzzLineReader compares the capped line reader with a plain split.
func FuzzLineReader(f *testing.F) {
	f.Add([]byte("uciok\r\nreadyok\nbestmove e2e4"), uint16(8), uint8(3))
	f.Add([]byte(strings.Repeat("x", 300)+"\n\n\r\nabc"), uint16(17), uint8(0))
	f.Add([]byte("\n"), uint16(1), uint8(1))
	f.Fuzz(func(t *testing.T, data []byte, max uint16, mode uint8) {
		m := int(max)%512 + 1
		var want [][]byte
		if len(data) > 0 {
			parts := bytes.Split(data, []byte("\n"))
			if len(parts[len(parts)-1]) == 0 {
				parts = parts[:len(parts)-1]
			}
			for _, p := range parts {
				if len(p) > m {
					p = p[:m]
				} else {
					p = bytes.TrimSuffix(p, []byte("\r"))
				}
				want = append(want, p)
			}
		}
		r := bytes.NewReader(data)
		var lr *lineReader
		switch mode % 4 {
		case 0:
			lr = newLineReader(r, m)
		case 1:
			lr = newLineReader(iotest.OneByteReader(r), m)
		case 2:
			lr = newLineReader(iotest.HalfReader(r), m)
		default:
			lr = newLineReader(&deadlineReader{r: iotest.HalfReader(r)}, m)
		}
		for i := 0; ; i++ {
			l, _, err := lr.next()
			if errors.Is(err, os.ErrDeadlineExceeded) {
				i-- // a missed deadline is not the end: read on
				continue
			}
			if err != nil {
				if i != len(want) {
					t.Fatalf("%d lines, want %d", i, len(want))
				}
				return
			}
			if i >= len(want) || !bytes.Equal(l, want[i]) {
				t.Fatalf("line %d = %q, want %q", i, l, want)
			}
		}
	})
}

// deadlineReader fails every other Read with a deadline error, as a read
// of the engine's pipe does when recv's deadline passes or a context is
// cancelled.
type deadlineReader struct {
	r    io.Reader
	fail bool
}

func (d *deadlineReader) Read(b []byte) (int, error) {
	d.fail = !d.fail
	if d.fail {
		return 0, os.ErrDeadlineExceeded
	}
	return d.r.Read(b)
}
