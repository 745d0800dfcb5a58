package player

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"testing/iotest"
	"time"
)

func TestParseInfo(t *testing.T) {
	cases := []struct {
		line string
		ok   bool
		want Info
	}{
		{"info depth 6 seldepth 4 multipv 1 score cp 14 lowerbound nodes 1000 nps 250000 hashfull 0 tbhits 0 time 4 pv d7d5",
			true, Info{Depth: 6, SelDepth: 4, MultiPV: 1, Score: Score{ScoreCP, 14, BoundLower}, Nodes: 1000, NPS: 250000, Time: 4 * time.Millisecond, PV: "d7d5"}},
		{"info depth 4 score cp -15 time 1 nodes 979 nps 979000 pv g8f6 e4e5 f6e4 b1c3 ",
			true, Info{Depth: 4, Score: Score{ScoreCP, -15, BoundExact}, Time: time.Millisecond, Nodes: 979, NPS: 979000, PV: "g8f6 e4e5 f6e4 b1c3"}},
		{"info multipv 1 depth 12 seldepth 26 score cp -36 upperbound time 430 nodes 539575 pv e7e5 g1f3",
			true, Info{Depth: 12, SelDepth: 26, MultiPV: 1, Score: Score{ScoreCP, -36, BoundUpper}, Time: 430 * time.Millisecond, Nodes: 539575, PV: "e7e5 g1f3"}},
		{"info depth 20 score mate -3 pv e1e2 nodes 55", true, Info{Depth: 20, Score: Score{ScoreMate, -3, BoundExact}, PV: "e1e2", Nodes: 55}},
		{"info\tdepth 2\tscore mate 1", true, Info{Depth: 2, Score: Score{ScoreMate, 1, BoundExact}}},
		{"info nodes 1000 nps 1000000 time 1 hashfull 0", true, Info{Nodes: 1000, NPS: 1000000, Time: time.Millisecond}},
		{"info string NNUE evaluation using nn.nnue enabled depth 5", false, Info{}},
		{"info depth x score cp y nodes -- pv", true, Info{}},
		{"information depth 3", false, Info{}},
		{"info score wdl 1 2", false, Info{}},
		{"info currmove e2e4 currmovenumber 1", false, Info{}},
	}
	for _, c := range cases {
		var got Info
		ok := ParseInfo(c.line, &got)
		if c.line == "info depth x score cp y nodes -- pv" {
			ok = got != Info{} // nothing usable; must not panic
			if ok {
				t.Errorf("%q: parsed %+v from garbage", c.line, got)
			}
			continue
		}
		if ok != c.ok || got != c.want {
			t.Errorf("ParseInfo(%q) = %v, %+v; want %v, %+v", c.line, ok, got, c.ok, c.want)
		}
	}
	if n := testing.AllocsPerRun(100, func() {
		var i Info
		ParseInfo("info depth 6 seldepth 4 multipv 1 score cp 14 nodes 1000 nps 250000 time 4 pv d7d5 e2e4", &i)
	}); n != 0 {
		t.Errorf("ParseInfo allocates %v times", n)
	}
}

func TestParseBestMove(t *testing.T) {
	cases := []struct {
		line string
		ok   bool
		want bestMove
	}{
		{"bestmove e2e4", true, bestMove{move: "e2e4"}},
		{"bestmove e7e8q ponder a2a1n", true, bestMove{move: "e7e8q", ponder: "a2a1n"}},
		{"bestmove (none)", true, bestMove{none: true}},
		{"bestmove 0000", true, bestMove{none: true}},
		{"bestmove g8f6 ", true, bestMove{move: "g8f6"}},
		{"bestmove", false, bestMove{}},
		{"bestmove   ", false, bestMove{}},
		{"bestmovee e2e4", false, bestMove{}},
	}
	for _, c := range cases {
		got, ok := parseBestMove(c.line)
		if ok != c.ok || got != c.want {
			t.Errorf("parseBestMove(%q) = %+v, %v; want %+v, %v", c.line, got, ok, c.want, c.ok)
		}
	}
}

func TestParseOption(t *testing.T) {
	cases := []struct {
		line string
		want Option
	}{
		{"option name Skill Level type spin default 20 min 0 max 20", Option{Name: "Skill Level", Type: "spin", Default: "20", Min: 0, Max: 20}},
		{"option name Ponder type check default false", Option{Name: "Ponder", Type: "check", Default: "false"}},
		{"option name Style type combo default Normal var Solid var Normal var Risky", Option{Name: "Style", Type: "combo", Default: "Normal", Vars: []string{"Solid", "Normal", "Risky"}}},
		{"option name Clear Hash type button", Option{Name: "Clear Hash", Type: "button"}},
		{"option name EvalFile type string default nn-ad9b42354671.nnue", Option{Name: "EvalFile", Type: "string", Default: "nn-ad9b42354671.nnue"}},
		{"option name Book File type string default <empty>", Option{Name: "Book File", Type: "string"}},
	}
	for _, c := range cases {
		got, ok := ParseOption(c.line)
		if !ok || got.Name != c.want.Name || got.Type != c.want.Type || got.Default != c.want.Default ||
			got.Min != c.want.Min || got.Max != c.want.Max || strings.Join(got.Vars, "|") != strings.Join(c.want.Vars, "|") {
			t.Errorf("ParseOption(%q) = %+v, %v; want %+v", c.line, got, ok, c.want)
		}
	}
	for _, bad := range []string{"option name type spin", "option name X", "option Hash type spin", "id name x"} {
		if o, ok := ParseOption(bad); ok {
			t.Errorf("ParseOption(%q) = %+v, want failure", bad, o)
		}
	}
}

func TestCheckOptionValue(t *testing.T) {
	spin := Option{Name: "Hash", Type: "spin", Min: 1, Max: 1024}
	combo := Option{Name: "Style", Type: "combo", Vars: []string{"Solid", "Normal"}}
	check := Option{Name: "Ponder", Type: "check"}
	ok := []struct {
		o       Option
		in, out string
	}{{spin, "16", "16"}, {spin, " 1024", "1024"}, {combo, "solid", "Solid"}, {check, "TRUE", "true"}, {check, "0", "false"}}
	for _, c := range ok {
		if got, err := checkOptionValue(c.o, c.in); err != nil || got != c.out {
			t.Errorf("%s=%q: %q, %v; want %q", c.o.Name, c.in, got, err, c.out)
		}
	}
	bad := []struct {
		o  Option
		in string
	}{{spin, "0"}, {spin, "2000"}, {spin, "ten"}, {combo, "Wild"}, {check, "maybe"}}
	for _, c := range bad {
		if _, err := checkOptionValue(c.o, c.in); err == nil || !strings.Contains(err.Error(), c.o.Name) {
			t.Errorf("%s=%q: error %v, want one naming the option", c.o.Name, c.in, err)
		}
	}
}

func TestScoreString(t *testing.T) {
	cases := map[Score]string{
		{ScoreCP, 31, 0}: "+0.31", {ScoreCP, -100, 0}: "-1.00", {ScoreCP, 0, 0}: "+0.00", {ScoreCP, -5, 0}: "-0.05",
		{ScoreCP, 1234, 0}: "+12.34", {ScoreMate, 5, 0}: "+M5", {ScoreMate, -3, 0}: "-M3", {}: "",
	}
	for s, want := range cases {
		if got := s.String(); got != want {
			t.Errorf("%+v: %q, want %q", s, got, want)
		}
	}
}

func TestParseFeatures(t *testing.T) {
	got := parseFeatures(`feature ping=1 myname="Fairy-Max 5.0b" option="Resign Threshold -spin 800 200 1200" done=0`)
	want := []feature{{"ping", "1"}, {"myname", "Fairy-Max 5.0b"}, {"option", "Resign Threshold -spin 800 200 1200"}, {"done", "0"}}
	if len(got) != len(want) {
		t.Fatalf("got %+v", got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("feature %d: %+v, want %+v", i, got[i], want[i])
		}
	}
	if got := parseFeatures(`feature a=1 b="unterminated`); len(got) != 1 {
		t.Errorf("unterminated: %+v", got)
	}
	if got := parseFeatures(`feature =1`); len(got) != 0 {
		t.Errorf("no name: %+v", got)
	}
}

func TestParseXBOption(t *testing.T) {
	cases := []struct {
		in   string
		want Option
	}{
		{"Resign Threshold -spin 800 200 1200", Option{Name: "Resign Threshold", Type: "spin", Default: "800", Min: 200, Max: 1200}},
		{"Resign -check 0", Option{Name: "Resign", Type: "check", Default: "0"}},
		{"Makruk rules -combo makruk /// Cambodian /// *Ai-wok", Option{Name: "Makruk rules", Type: "combo", Default: "Ai-wok", Vars: []string{"makruk", "Cambodian", "Ai-wok"}}},
		{"Dummy String Example -string happy birthday!", Option{Name: "Dummy String Example", Type: "string", Default: "happy birthday!"}},
		{"Clear Hash -button", Option{Name: "Clear Hash", Type: "button"}},
		{"Multi-PV Margin -spin 0 0 1000", Option{Name: "Multi-PV Margin", Type: "spin", Default: "0", Max: 1000}},
	}
	for _, c := range cases {
		got, ok := parseXBOption(c.in)
		if !ok || got.Name != c.want.Name || got.Type != c.want.Type || got.Default != c.want.Default ||
			got.Min != c.want.Min || got.Max != c.want.Max || strings.Join(got.Vars, "|") != strings.Join(c.want.Vars, "|") {
			t.Errorf("parseXBOption(%q) = %+v, %v; want %+v", c.in, got, ok, c.want)
		}
	}
	if _, ok := parseXBOption("NoType"); ok {
		t.Error("option without type accepted")
	}
}

func TestParseXBLine(t *testing.T) {
	cases := []struct {
		line string
		kind xbKind
		arg  string
		info Info
	}{
		{"move e2e4", xbMove, "e2e4", Info{}},
		{"move Nf3", xbMove, "Nf3", Info{}},
		{" 6      2       28     224418 c2c4 d7d6 d2d4", xbThinking, "", Info{Depth: 6, Score: Score{Kind: ScoreCP, Value: 2}, Time: 280 * time.Millisecond, Nodes: 224418, PV: "c2c4 d7d6 d2d4"}},
		{"12& -35 100 5000 14 50000 0\te7e5 g1f3", xbThinking, "", Info{Depth: 12, Score: Score{Kind: ScoreCP, Value: -35}, Time: time.Second, Nodes: 5000, SelDepth: 14, NPS: 50000, PV: "e7e5 g1f3"}},
		{"9 100003 5 70 d1h5", xbThinking, "", Info{Depth: 9, Score: Score{Kind: ScoreMate, Value: 3}, Time: 50 * time.Millisecond, Nodes: 70, PV: "d1h5"}},
		{"9 -100002 5 70", xbThinking, "", Info{Depth: 9, Score: Score{Kind: ScoreMate, Value: -2}, Time: 50 * time.Millisecond, Nodes: 70}},
		{"1-0 {White mates}", xbResult, "1-0 {White mates}", Info{}},
		{"1/2-1/2 {Stalemate}", xbResult, "1/2-1/2 {Stalemate}", Info{}},
		{"0-1", xbResult, "0-1", Info{}},
		{"resign", xbResign, "", Info{}},
		{"offer draw", xbDrawOffer, "", Info{}},
		{"Illegal move: e2e5", xbIllegal, "Illegal move: e2e5", Info{}},
		{"Illegal move (no piece): e2e5", xbIllegal, "Illegal move (no piece): e2e5", Info{}},
		{"Error (unknown command): usermove", xbError, "Error (unknown command): usermove", Info{}},
		{"pong 7", xbPong, "7", Info{}},
		{"feature done=1", xbFeature, "", Info{}},
		{"# times @ 3251887", xbOther, "", Info{}},
		{"tellics say     Fairy-Max 5.0b", xbOther, "", Info{}},
		{"1-0x", xbOther, "", Info{}},
		{"12 abc 3 4 e2e4", xbOther, "", Info{}},
		{"move", xbOther, "", Info{}},
	}
	for _, c := range cases {
		var info Info
		k, arg := parseXBLine(c.line, &info)
		if k != c.kind || arg != c.arg || (k == xbThinking && info != c.info) {
			t.Errorf("parseXBLine(%q) = %v, %q, %+v; want %v, %q, %+v", c.line, k, arg, info, c.kind, c.arg, c.info)
		}
	}
}

func TestFmtLevel(t *testing.T) {
	cases := map[TimeControl]string{
		{Base: 10 * time.Second, Inc: 100 * time.Millisecond}:     "level 0 0:10 0.1",
		{Moves: 40, Base: 60 * time.Second, Inc: 0}:               "level 40 1 0",
		{Base: 90 * time.Second, Inc: 2 * time.Second}:            "level 0 1:30 2",
		{Base: 500 * time.Millisecond, Inc: 5 * time.Millisecond}: "level 0 0:01 0.005",
	}
	for tc, want := range cases {
		if got := fmtLevel(tc); got != want {
			t.Errorf("fmtLevel(%+v) = %q, want %q", tc, got, want)
		}
	}
}

func TestAppendEdit(t *testing.T) {
	e := &XBoard{features: map[string]string{}}
	b, err := e.appendEdit(nil, "4k3/8/8/3p4/4P3/8/8/4K2R b K - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	want := "a2a3\nedit\n#\nPe4\nKe1\nRh1\nc\nKe8\nPd5\n.\n"
	if string(b) != want {
		t.Errorf("got %q, want %q", b, want)
	}
	if _, err := e.appendEdit(nil, "4k3/8/8/3X4/8/8/8/4K3 w - - 0 1"); err == nil {
		t.Error("bad piece accepted")
	}
}

func TestWhiteToMove(t *testing.T) {
	if !whiteToMove("", 0) || whiteToMove("", 1) || whiteToMove("8/8/8/8/8/8/8/K6k b - - 0 1", 0) || !whiteToMove("8/8/8/8/8/8/8/K6k b - - 0 1", 1) {
		t.Error("whiteToMove wrong")
	}
}

func readAll(lr *lineReader) (lines []string, truncs []bool, err error) {
	for {
		l, tr, err := lr.next()
		if err != nil {
			return lines, truncs, err
		}
		lines = append(lines, string(l))
		truncs = append(truncs, tr)
	}
}

func TestLineReader(t *testing.T) {
	long := strings.Repeat("y", 3*readBufSize+17)
	in := "uciok\r\n\nreadyok\n" + long + "\nbestmove e2e4\n" + strings.Repeat("z", 40) + "\nlast"
	for _, max := range []int{10, 64, 1 << 20} {
		for name, r := range map[string]func() io.Reader{
			"whole": func() io.Reader { return strings.NewReader(in) },
			"bytes": func() io.Reader { return iotest.OneByteReader(strings.NewReader(in)) },
			"half":  func() io.Reader { return iotest.HalfReader(strings.NewReader(in)) },
		} {
			lr := newLineReader(r(), max)
			lines, truncs, err := readAll(lr)
			if err != io.EOF {
				t.Fatalf("max %d %s: err %v", max, name, err)
			}
			cut := func(s string) (string, bool) {
				if len(s) > max {
					return s[:max], true
				}
				return s, false
			}
			var want []string
			var wantTr []bool
			for _, s := range []string{"uciok", "", "readyok", long, "bestmove e2e4", strings.Repeat("z", 40), "last"} {
				c, tr := cut(s)
				want = append(want, c)
				wantTr = append(wantTr, tr)
			}
			if strings.Join(lines, "\n") != strings.Join(want, "\n") {
				t.Errorf("max %d %s: lines differ (%d vs %d lines)", max, name, len(lines), len(want))
			}
			for i := range wantTr {
				if i < len(truncs) && truncs[i] != wantTr[i] {
					t.Errorf("max %d %s: line %d truncated=%v", max, name, i, truncs[i])
				}
			}
		}
	}
}

// TestLineReaderHuge checks that a 64 MiB line costs at most max bytes.
func TestLineReaderHuge(t *testing.T) {
	const size = 64 << 20
	r := io.MultiReader(strings.NewReader("info "), io.LimitReader(zeros{}, size), strings.NewReader("\nbestmove a2a3\n"))
	lr := newLineReader(r, 1<<20)
	l, tr, err := lr.next()
	if err != nil || !tr || len(l) != 1<<20 || !bytes.HasPrefix(l, []byte("info ")) {
		t.Fatalf("long line: %d bytes, truncated %v, %v", len(l), tr, err)
	}
	l, tr, err = lr.next()
	if err != nil || tr || string(l) != "bestmove a2a3" {
		t.Fatalf("next line %q %v %v", l, tr, err)
	}
	if cap(lr.long) > 2*readBufSize {
		t.Errorf("kept a %d byte buffer", cap(lr.long))
	}
}

type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = '0'
	}
	return len(p), nil
}

func TestDeadline(t *testing.T) {
	c := Config{}
	c.setDefaults()
	cases := []struct {
		lim   Limits
		white bool
		d     time.Duration
		k     Kind
	}{
		{Limits{WTime: 5 * time.Second, BTime: 3 * time.Second}, true, 5*time.Second + c.TimeoutGrace, KindTimeout},
		{Limits{WTime: 5 * time.Second, BTime: 3 * time.Second}, false, 3*time.Second + c.TimeoutGrace, KindTimeout},
		{Limits{WTime: -time.Second, BTime: 3 * time.Second}, true, c.TimeoutGrace, KindTimeout},
		{Limits{MoveTime: time.Second, Nodes: 5}, true, time.Second + c.TimeoutGrace, KindTimeout},
		{Limits{Nodes: 5}, true, c.StallTimeout, KindStall},
		{Limits{Depth: 5, Timeout: time.Second}, true, time.Second, KindStall},
		{Limits{Infinite: true}, true, 0, KindStall},
	}
	for _, tc := range cases {
		d, k := tc.lim.deadline(&c, tc.white)
		if d != tc.d || k != tc.k {
			t.Errorf("%+v white=%v: %v %v, want %v %v", tc.lim, tc.white, d, k, tc.d, tc.k)
		}
	}
}

func TestErrorKinds(t *testing.T) {
	err := error(&Error{Engine: "sf", Op: "go", Kind: KindTimeout, Err: errors.New("no bestmove within 1s")})
	if !errors.Is(err, ErrTimeout) || errors.Is(err, ErrStall) || KindOf(err) != KindTimeout || KindOf(nil) != KindNone {
		t.Error("kind matching")
	}
	if err.Error() != `engine "sf": go: timeout: no bestmove within 1s` {
		t.Errorf("%q", err)
	}
	if KindOf(fmt.Errorf("wrapped: %w", err)) != KindTimeout || KindOf(errors.New("x")) != KindProtocol {
		t.Error("KindOf")
	}
}
