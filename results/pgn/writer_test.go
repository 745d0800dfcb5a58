package pgn

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

var update = flag.Bool("update", false, "rewrite the golden files")

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file:\n--- got\n%s\n--- want\n%s", name, got, want)
	}
}

func sampleRecords() []*Record {
	cest := time.FixedZone("CEST", 2*3600)
	start := time.Date(2025, 6, 19, 13, 28, 18, 0, cest)
	ruy := []string{"e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5", "Bb3", "d6",
		"c3", "O-O", "h3", "Nb8", "d4", "Nbd7", "c4", "c6", "cxb5", "axb5", "Nc3", "Bb7", "Bg5", "b4", "Nb1", "h6",
		"Bh4", "c5", "dxe5", "Nxe4", "Bxe7", "Qxe7", "exd6", "Qf6", "Nbd2", "Nxd6", "Nc4", "Nxc4", "Bxc4", "Nb6",
		"Ne5", "Rae8", "Bxf7+", "Rxf7", "Nxf7", "Rxe1+", "Qxe1", "Kxf7", "Qe3", "Qg5", "Qxg5", "hxg5", "b3", "Ke6",
		"a3", "Kd6", "axb4", "cxb4", "Ra5", "Nd5", "f3", "Bc8", "Kf2", "Bf5", "Ra7", "g6", "Ra6+", "Kc5", "Ke1", "Nf4",
		"g3", "Nxh3", "Kd2", "Kb5", "Rd6", "Kc5", "Ra6", "Nf2", "g4", "Bd3", "Re6"}
	var moves []Move
	for i, san := range ruy {
		m := Move{SAN: san}
		switch {
		case i < 8:
			m.Book = true
		default:
			cp := (i%7 - 3) * 23
			m.Eval = &Eval{Score: Score{CP: cp}, Depth: 8 + i%9, Time: time.Duration(37*i+5) * time.Millisecond}
		}
		moves = append(moves, m)
	}
	moves[len(moves)-1].Eval.Score = Score{Mate: -3}
	moves[len(moves)-2].Eval.Score = Score{Mate: 5}
	moves[len(moves)-3].Comment = "a comment with {braces} inside"
	long := &Record{Event: `labrat "futility" A\B`, Site: "elolab", Round: "12.2", White: "labrat-futility", Black: "labrat-base",
		Result: "0-1", Start: start, End: start.Add(43*time.Second + 510*time.Millisecond), TimeControl: "10+0.1",
		Termination: TerminationTag("White loses on time (12ms overrun)"), Opening: "8moves_v3.pgn#17", Moves: moves,
		ResultComment: "White loses on time (12ms overrun)", Extra: []Tag{{"Variant", "Standard"}}}
	short := &Record{White: "stockfish", Black: "labrat", Result: "1/2-1/2",
		FEN:   "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
		Moves: []Move{{SAN: "Bb5", Eval: &Eval{Score: Score{CP: 31}, Depth: 12, Time: 520 * time.Millisecond}}, {SAN: "Nf6", Eval: &Eval{Depth: 1}}}}
	black := &Record{White: "x", Black: "y", Result: "*", FEN: "4k3/8/8/8/8/8/4P3/4K3 b - - 0 41",
		Moves: []Move{{SAN: "Kd7"}, {SAN: "e4"}, {SAN: "Ke6"}}, ResultComment: "Game interrupted", Termination: TerminationTag("Game interrupted")}
	return []*Record{long, short, black}
}

func TestWriterGolden(t *testing.T) {
	var buf bytes.Buffer
	w := NewWriter(&buf)
	for _, r := range sampleRecords() {
		if err := w.Write(r); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if w.Games() != 3 {
		t.Fatalf("Games() = %d", w.Games())
	}
	golden(t, "writer.golden", buf.Bytes())
	for i, line := range strings.Split(buf.String(), "\n") {
		if len(line) > lineWidth {
			t.Errorf("line %d has %d characters: %q", i+1, len(line), line)
		}
	}
}

// TestWriterRoundTrip: what the writer writes, the reader reads back with
// the same tags, moves and result.
func TestWriterRoundTrip(t *testing.T) {
	recs := sampleRecords()
	var buf bytes.Buffer
	w := NewWriter(&buf)
	for _, r := range recs {
		if err := w.Write(r); err != nil {
			t.Fatal(err)
		}
	}
	w.Flush()
	games := readAll(t, &buf)
	if len(games) != len(recs) {
		t.Fatalf("read %d games, wrote %d", len(games), len(recs))
	}
	for i, g := range games {
		r := recs[i]
		if !reflect.DeepEqual(g.Tags, r.Tags()) {
			t.Errorf("game %d tags:\n got %v\nwant %v", i, g.Tags, r.Tags())
		}
		var sans []string
		for _, m := range r.Moves {
			sans = append(sans, m.SAN)
		}
		if !reflect.DeepEqual(g.Moves, sans) {
			t.Errorf("game %d moves:\n got %v\nwant %v", i, g.Moves, sans)
		}
		if g.Result() != r.Result || g.Termination != r.Result {
			t.Errorf("game %d result %q / %q, want %q", i, g.Result(), g.Termination, r.Result)
		}
	}
	if v, _ := games[0].Tag("Event"); v != `labrat "futility" A\B` {
		t.Errorf("escaped Event read back as %q", v)
	}
	if v, _ := games[0].Tag("PlyCount"); v != "85" {
		t.Errorf("PlyCount %q", v)
	}
	if v, _ := games[0].Tag("GameDuration"); v != "00:00:44" {
		t.Errorf("GameDuration %q", v)
	}
	if _, ok := games[0].Tag("FEN"); ok {
		t.Error("FEN tag for the initial position")
	}
	if v, _ := games[1].Tag("SetUp"); v != "1" {
		t.Errorf("SetUp %q", v)
	}
}

func TestWriterComments(t *testing.T) {
	cases := map[string]Move{
		"{book}":                 {SAN: "e4", Book: true},
		"{+0.31/12 0.52s}":       {SAN: "e4", Eval: &Eval{Score: Score{CP: 31}, Depth: 12, Time: 520 * time.Millisecond}},
		"{-1.05/7 1s}":           {SAN: "e4", Eval: &Eval{Score: Score{CP: -105}, Depth: 7, Time: time.Second}},
		"{0.00/1 0.005s}":        {SAN: "e4", Eval: &Eval{Depth: 1, Time: 5 * time.Millisecond}},
		"{+M5/30 0.1s}":          {SAN: "e4", Eval: &Eval{Score: Score{Mate: 5}, Depth: 30, Time: 100 * time.Millisecond}},
		"{-M3/9 0s}":             {SAN: "e4", Eval: &Eval{Score: Score{Mate: -3}, Depth: 9}},
		"{+0.10/3 0.2s, (x) y}":  {SAN: "e4", Eval: &Eval{Score: Score{CP: 10}, Depth: 3, Time: 200 * time.Millisecond}, Comment: "{x} y"},
		"e4 1-0":                 {SAN: "e4"},
		"{book, opening choice}": {SAN: "e4", Book: true, Comment: "opening choice"},
	}
	for want, m := range cases {
		s, err := Format(&Record{White: "a", Black: "b", Result: "1-0", Moves: []Move{m}})
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(s, want) {
			t.Errorf("want %q in\n%s", want, s)
		}
	}
}

func TestWriterRejects(t *testing.T) {
	bad := []*Record{
		{White: "a", Black: "b", Result: "2-0"},
		{White: "", Black: "b", Result: "1-0"},
		{White: "a", Black: "b", Result: "1-0", FEN: "not a fen"},
		{White: "a", Black: "b", Result: "1-0", FEN: "8/8/8/8/8/8/8/8 x - - 0 1"},
		{White: "a", Black: "b", Result: "1-0", FEN: "8/8/8/8/8/8/8/8 w - - 0 zero"},
		{White: "a", Black: "b", Result: "1-0", Moves: []Move{{SAN: "e4 e5"}}},
		{White: "a", Black: "b", Result: "1-0", Moves: []Move{{SAN: ""}}},
		{White: "a", Black: "b", Result: "1-0", Extra: []Tag{{Name: "Bad Name", Value: "x"}}},
	}
	for i, r := range bad {
		if _, err := Format(r); err == nil {
			t.Errorf("record %d accepted", i)
		}
	}
}

func TestTerminationTag(t *testing.T) {
	cases := map[string]string{
		"White mates": "normal", "Black mates": "normal", "Draw by 3-fold repetition": "normal",
		"Draw by fifty moves rule": "normal", "Draw by stalemate": "normal",
		"Draw by insufficient mating material": "normal", "Draw by adjudication": "adjudication",
		"labrat wins by adjudication": "adjudication", "labrat loses on time (12ms overrun)": "time forfeit",
		"labrat makes an illegal move": "illegal move", "labrat disconnects": "abandoned",
		"labrat's connection stalls": "abandoned", "Game interrupted": "unterminated", "": "",
	}
	for in, want := range cases {
		if got := TerminationTag(in); got != want {
			t.Errorf("TerminationTag(%q) = %q, want %q", in, got, want)
		}
	}
	if d := FormatDuration(3*time.Hour + 2*time.Minute + 1500*time.Millisecond); d != "03:02:02" {
		t.Errorf("FormatDuration %s", d)
	}
}
