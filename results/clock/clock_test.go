package clock

import (
	"bytes"
	"encoding/json"
	"io"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/elolab/elolab/results/pgn"
)

// tcOf reads "base+inc" and "moves/base" in whole seconds or tenths, all
// the tests need (cmd/elolab passes match/tc's parser).
func tcOf(tag string) (TC, bool) {
	var tc TC
	if i := strings.IndexByte(tag, '/'); i >= 0 {
		tc.Moves = int(secs(tag[:i]) / time.Second)
		tag = tag[i+1:]
	}
	base, inc, _ := strings.Cut(tag, "+")
	tc.Base, tc.Inc = secs(base), secs(inc)
	return tc, tc.Base > 0
}

func secs(s string) time.Duration {
	d, err := time.ParseDuration(s + "s")
	if err != nil {
		return 0
	}
	return d
}

func build(t *testing.T, text string, opt Options) Profile {
	t.Helper()
	if opt.TimeControl == nil {
		opt.TimeControl = tcOf
	}
	b, err := New(opt)
	if err != nil {
		t.Fatal(err)
	}
	rd := pgn.NewReader(strings.NewReader(text))
	rd.KeepComments = true
	for {
		g, err := rd.Read()
		if err == io.EOF {
			return b.Profile()
		}
		if err != nil {
			t.Fatal(err)
		}
		if err := b.Add(g); err != nil {
			t.Fatal(err)
		}
	}
}

// A 2+0.02 game, two book moves each, then A spends 0.9, 0.5, 0.3 and
// 0.4 s and B 0.1 s a move: A's fourth move oversteps its clock and A
// loses on time.
const game1 = `[White "A"]
[Black "B"]
[Result "0-1"]
[TimeControl "2+0.02"]
[Termination "time forfeit"]

1. e4 {book} e5 {book} 2. Nf3 {book} Nc6 {book} 3. Bb5 {+0.30/10 0.9s}
a6 {-0.20/9 0.1s} 4. Ba4 {+0.25/11 0.5s} Nf6 {-0.1/9 0.1s} 5. O-O {+0.2/12 0.3s}
Be7 {-0.1/9 0.1s} 6. Re1 {+0.2/8 0.4s, the flag fell} 0-1
`

func TestProfileRebuildsTheClock(t *testing.T) {
	p := build(t, game1, Options{})
	if p.Games != 1 || len(p.Engines) != 2 {
		t.Fatalf("%+v", p)
	}
	a, b := p.Engines[0], p.Engines[1]
	if a.Name != "A" || a.Moves != 4 || a.TimeLosses != 1 || a.Points != 0 || b.TimeLosses != 0 || b.Points != 1 || a.Clocked != 1 {
		t.Errorf("totals %+v %+v", a, b)
	}
	// A: 2 → 1.1 (+0.02) → 1.12 − 0.5 = 0.62 (+0.02) → 0.64 − 0.3 = 0.34
	// (+0.02) → 0.36 − 0.4 = −0.04: the lowest clock.
	if a.Lowest != -40*time.Millisecond {
		t.Errorf("lowest %v, want -0.04 s", a.Lowest)
	}
	// Clocks before A's moves: 2, 1.12, 0.64, 0.36 → rows 0.2-0.5 (0.36),
	// 0.5-1 (0.64), 1-2 (1.12) and 2-5 (2: a row holds its lower edge).
	var labels []string
	for _, r := range a.ByClock {
		labels = append(labels, r.Label)
	}
	if got, want := strings.Join(labels, " "), "0.2-0.5 0.5-1 1-2 2-5"; got != want {
		t.Errorf("clock rows %q, want %q", got, want)
	}
	if r := a.ByClock[0]; r.Moves != 1 || r.Time != 400*time.Millisecond || r.Depth != 8 || r.Games != 1 || r.Score() != 0 {
		t.Errorf("low row %+v", r)
	}
	// Move rows: all four moves are in moves 1-10, at a mean clock of
	// (2 + 1.12 + 0.64 + 0.36) / 4 = 1.03 s.
	if len(a.ByMove) != 1 || a.ByMove[0].Label != "1-10" || a.ByMove[0].Moves != 4 || a.ByMove[0].Clock != 1030*time.Millisecond ||
		a.ByMove[0].Time != 525*time.Millisecond || a.ByMove[0].Depth != 10.25 {
		t.Errorf("move rows %+v", a.ByMove)
	}
	// B: 2 → 1.92 → 1.84 before its third move; all in 1-2 but the first.
	if len(b.ByClock) != 2 || b.ByClock[0].Moves != 2 || b.ByClock[1].Moves != 1 || b.Lowest != 1740*time.Millisecond {
		t.Errorf("B %+v lowest %v", b.ByClock, b.Lowest)
	}
}

func TestProfileMovesPerPeriodAndBlackFirst(t *testing.T) {
	// 2 moves in 1 s: each side's clock gets 1 s more after its second
	// move. Black moves first from a FEN at move 12.
	text := `[White "A"]
[Black "B"]
[Result "1/2-1/2"]
[FEN "4k3/8/8/8/8/8/8/4K3 b - - 0 12"]
[TimeControl "2/1"]

12... Kd7 {0.00/5 0.6s} 13. Kd2 {0.00/5 0.2s} Ke7 {0.00/5 0.3s} 14. Ke2 {0.00/5 0.2s}
Kd7 {0.00/5 0.5s} 1/2-1/2
`
	p := build(t, text, Options{})
	b := p.Engines[1]
	if b.Name != "B" || b.Points != 0.5 {
		t.Fatalf("%+v", p.Engines)
	}
	// B: 1 → 0.4 → 0.1 (+1 after its second move) → 1.1 before its third.
	if got := b.ByClock; len(got) != 2 || got[0].Label != "0.2-0.5" || got[0].Moves != 1 || got[1].Label != "1-2" || got[1].Moves != 2 || b.Lowest != 100*time.Millisecond {
		t.Errorf("B's clock rows %+v, lowest %v", got, b.Lowest)
	}
	if got := b.ByMove; len(got) != 1 || got[0].Label != "11-20" || got[0].Moves != 3 {
		t.Errorf("B's move rows %+v", got)
	}
}

func TestProfileWithoutAClockOrATime(t *testing.T) {
	text := strings.Replace(game1, `[TimeControl "2+0.02"]`, `[TimeControl "0.1/move"]`, 1) +
		"\n" + strings.Replace(game1, "{-0.1/9 0.1s} 5.", "{no time here} 5.", 1) +
		"\n[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1. e4 {+0.1/1 0.1s} *\n"
	p := build(t, text, Options{TimeControl: func(tag string) (TC, bool) {
		if strings.HasSuffix(tag, "/move") {
			return TC{}, false
		}
		return tcOf(tag)
	}})
	if p.Games != 2 || p.Skipped != 1 {
		t.Fatalf("games %d skipped %d", p.Games, p.Skipped)
	}
	a, b := p.Engines[0], p.Engines[1]
	if a.Clocked != 1 || a.Moves != 8 || b.Unread != 1 || b.Moves != 5 {
		t.Errorf("A %+v\nB %+v", a, b)
	}
	// B's clock is known for its first move of the second game only (the
	// unread comment hides the rest).
	n := 0
	for _, r := range b.ByClock {
		n += r.Moves
	}
	if n != 1 {
		t.Errorf("B's clock rows hold %d moves, want 1: %+v", n, b.ByClock)
	}
}

func TestProfileErrors(t *testing.T) {
	if _, err := New(Options{Edges: []time.Duration{time.Second, time.Second}}); err == nil {
		t.Error("edges that do not ascend")
	}
	b, _ := New(Options{})
	g := &pgn.Game{Moves: []string{"e4"}, Line: 7}
	if err := b.Add(g); err == nil || !strings.Contains(err.Error(), "line 7") {
		t.Errorf("a game read without comments: %v", err)
	}
	g = &pgn.Game{Tags: []pgn.Tag{{Name: "White", Value: "A"}, {Name: "Result", Value: "1-0"}, {Name: "FEN", Value: "x y"}}, Line: 3}
	if err := b.Add(g); err == nil || !strings.Contains(err.Error(), "line 3") {
		t.Errorf("a bad FEN: %v", err)
	}
}

func TestProfileWriters(t *testing.T) {
	p := build(t, game1, Options{})
	var text, csv, js bytes.Buffer
	if err := p.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Clock profile of 1 games", "A: 1 games (1 with a clock), 4 timed moves, 1 time losses, score 0.0 %, lowest clock -0.04 s",
		"0.2-0.5      1          0.400    8.0  +0.20", "1-10      4          0.525   10.2  +0.24      1.030"} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("text lacks %q:\n%s", want, text.String())
		}
	}
	if err := p.WriteCSV(&csv); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(csv.String(), "A,clock,0.2-0.5,1,0.4,8.00,0.36,1,0.0000,0.200\n") {
		t.Errorf("csv:\n%s", csv.String())
	}
	if err := p.WriteJSON(&js); err != nil {
		t.Fatal(err)
	}
	var back struct {
		Engines []struct {
			Name    string  `json:"name"`
			Lowest  float64 `json:"lowest_clock_s"`
			ByClock []struct {
				Row string `json:"row"`
			} `json:"by_clock"`
			ByMove []struct {
				Eval float64 `json:"eval"`
			} `json:"by_move"`
		} `json:"engines"`
	}
	if err := json.Unmarshal(js.Bytes(), &back); err != nil || len(back.Engines) != 2 || back.Engines[0].Lowest != -0.04 || back.Engines[0].ByClock[0].Row != "0.2-0.5" ||
		math.Abs(back.Engines[0].ByMove[0].Eval-0.2375) > 1e-9 {
		t.Errorf("json %v:\n%s", err, js.String())
	}
}

// A side that oversteps inside a time margin plays on with a negative
// clock: its next move counts at that clock, in the lowest row and in the
// move row's mean.
func TestProfileNegativeClock(t *testing.T) {
	text := `[White "A"]
[Black "B"]
[Result "1-0"]
[TimeControl "1"]

1. e4 {+0.10/5 1.05s} e5 {-0.10/5 0.1s} 2. Nf3 {+0.10/5 0.01s} Nc6 {-0.10/5 0.1s} 1-0
`
	a := build(t, text, Options{}).Engines[0]
	if a.Lowest != -60*time.Millisecond || len(a.ByClock) != 2 || a.ByClock[0].Label != "< 0.1" || a.ByClock[0].Clocks != 1 ||
		a.ByMove[0].Clocks != 2 || a.ByMove[0].Clock != 475*time.Millisecond {
		t.Errorf("lowest %v, clock rows %+v, move rows %+v", a.Lowest, a.ByClock, a.ByMove)
	}
}

// Each row's eval is the mean of the engine's own scores in pawns, each
// within ±EvalCap: a mate or a won game's +7.50 counts as +5, so that a
// few decided games do not swamp the games still in play.
func TestProfileEval(t *testing.T) {
	p := build(t, game1, Options{})
	a, b := p.Engines[0], p.Engines[1]
	// A: +0.30, +0.25, +0.2, +0.2; B: -0.20, -0.1, -0.1.
	if got := a.ByMove[0].Eval; math.Abs(got-0.2375) > 1e-9 {
		t.Errorf("A's eval %v, want 0.2375", got)
	}
	if got := b.ByMove[0].Eval; math.Abs(got+0.4/3) > 1e-9 {
		t.Errorf("B's eval %v, want -0.1333", got)
	}
	text := `[White "A"]
[Black "B"]
[Result "1-0"]
[TimeControl "60"]

1. e4 {+7.50/5 0.1s} e5 {-M3/5 0.1s} 2. Nf3 {+M2/5 0.1s} Nc6 {-0.50/5 0.1s} 1-0
`
	p = build(t, text, Options{})
	a, b = p.Engines[0], p.Engines[1]
	if a.ByMove[0].Eval != EvalCap || a.ByClock[0].Eval != EvalCap {
		t.Errorf("A's capped eval %v and %v, want %v", a.ByMove[0].Eval, a.ByClock[0].Eval, float64(EvalCap))
	}
	if got := b.ByMove[0].Eval; got != -2.75 {
		t.Errorf("B's eval %v, want (-5 - 0.5) / 2", got)
	}
}
