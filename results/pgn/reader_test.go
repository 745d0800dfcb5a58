package pgn

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func readAll(t testing.TB, r io.Reader) []*Game {
	t.Helper()
	var out []*Game
	rd := NewReader(r)
	for i := 0; ; i++ {
		g, err := rd.Read()
		if errors.Is(err, io.EOF) {
			return out
		}
		if err != nil {
			t.Fatal(err)
		}
		if i > 1_000_000 {
			t.Fatal("reader does not stop")
		}
		out = append(out, g)
	}
}

func readFile(t *testing.T, name string) []*Game {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "parser_cases", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	return readAll(t, f)
}

func tag(g *Game, name string) string {
	v, _ := g.Tag(name)
	return v
}

// TestParserCases: fastchess's parser test files, with what each one must
// give.
func TestParserCases(t *testing.T) {
	type want struct {
		games  int
		result []string // Result() of each game
		moves  []int    // main-line moves of each game
		check  func(t *testing.T, gs []*Game)
	}
	cases := map[string]want{
		"backslash_header.pgn": {1, []string{"1-0"}, []int{95}, func(t *testing.T, gs []*Game) {
			if v := tag(gs[0], "Event"); v != `Tournament \` {
				t.Errorf("Event %q", v)
			}
		}},
		"basic.pgn":      {1, []string{"1/2-1/2"}, []int{130}, nil},
		"black2move.pgn": {1, []string{"*"}, []int{3}, nil},
		"book.pgn":       {1, []string{"1/2-1/2"}, []int{16}, nil},
		"castling.pgn":   {1, []string{"1/2-1/2"}, []int{6}, nil},
		"newline.pgn":    {1, []string{"1/2-1/2"}, []int{6}, nil},
		"no_moves.pgn":   {1, []string{"1/2-1/2"}, []int{0}, nil},
		"corrupted.pgn":  {1, []string{"1/2-1/2"}, []int{125}, nil},
		"multiple.pgn":   {4, []string{"1/2-1/2", "1-0", "1/2-1/2", "1/2-1/2"}, []int{130, 84, 176, 142}, nil},
		"skip.pgn":       {2, []string{"1/2-1/2", "1/2-1/2"}, []int{130, 130}, nil},
		"variations.pgn": {1, []string{"1/2-1/2"}, []int{108}, nil},
		"no_result.pgn":  {1, []string{"*"}, []int{0}, nil},
		"threefold_repetition.pgn": {1, []string{"*"}, []int{9}, func(t *testing.T, gs []*Game) {
			if gs[0].Termination != "" {
				t.Errorf("termination %q", gs[0].Termination)
			}
		}},
		"comment_before_moves.pgn": {1, []string{"0-1"}, []int{139}, func(t *testing.T, gs []*Game) {
			if gs[0].Moves[0] != "e4" || tag(gs[0], "Site") != "ø" {
				t.Errorf("first move %q site %q", gs[0].Moves[0], tag(gs[0], "Site"))
			}
		}},
		"empty_body.pgn": {2, []string{"*", "0-1"}, []int{0, 252}, func(t *testing.T, gs []*Game) {
			if gs[1].Line != 10 || tag(gs[1], "Termination") != "adjudication" {
				t.Errorf("second game line %d", gs[1].Line)
			}
		}},
		"no_moves_but_comment_followed_by_termination_marker.pgn": {2, []string{"0-1", "0-1"}, []int{0, 0}, nil},
		"no_moves_but_game_termination.pgn":                       {1, []string{"0-1"}, []int{0}, nil},
		// The Result tag wins over a contradicting movetext marker.
		"no_moves_but_game_termination_2.pgn": {1, []string{"0-1"}, []int{0}, func(t *testing.T, gs []*Game) {
			if gs[0].Termination != "1/2-1/2" {
				t.Errorf("termination %q", gs[0].Termination)
			}
		}},
		"no_moves_but_game_termination_3.pgn":          {1, []string{"0-1"}, []int{0}, nil},
		"no_moves_but_game_termination_multiple.pgn":   {2, []string{"0-1", "0-1"}, []int{0, 126}, nil},
		"no_moves_but_game_termination_multiple_2.pgn": {3, []string{"1/2-1/2", "1/2-1/2", "1/2-1/2"}, []int{0, 0, 0}, nil},
		"no_moves_two_games.pgn":                       {2, []string{"*", "*"}, []int{0, 0}, nil},
		"non_ascii.pgn": {1, []string{"1-0"}, []int{20}, func(t *testing.T, gs []*Game) {
			if tag(gs[0], "Black") != "Владимир Петров" || tag(gs[0], "White") != "José María" {
				t.Errorf("names %q %q", tag(gs[0], "White"), tag(gs[0], "Black"))
			}
		}},
		"square_bracket_in_header.pgn": {1, []string{"1/2-1/2"}, []int{130}, func(t *testing.T, gs []*Game) {
			if tag(gs[0], "Event") != "Batch 10: s20red4c4_t3 vs master[!important]" ||
				tag(gs[0], "Variation") != "closing ] opening" || tag(gs[0], "White") != `New-cfe8"dsadsa"ce842c` {
				t.Errorf("tags %+v", gs[0].Tags[:6])
			}
		}},
		"unescaped_quote_header.pgn": {1, []string{"*"}, []int{20}, func(t *testing.T, gs []*Game) {
			if tag(gs[0], "White") != `Smith, John "The King"` || tag(gs[0], "Site") != `Club "Victory"` {
				t.Errorf("tags %+v", gs[0].Tags)
			}
		}},
	}
	files, _ := filepath.Glob("testdata/parser_cases/*.pgn")
	if len(files) != len(cases) {
		t.Errorf("%d files, %d cases", len(files), len(cases))
	}
	for name, w := range cases {
		t.Run(name, func(t *testing.T) {
			gs := readFile(t, name)
			if len(gs) != w.games {
				t.Fatalf("%d games, want %d", len(gs), w.games)
			}
			for i, g := range gs {
				if g.Result() != w.result[i] || len(g.Moves) != w.moves[i] {
					t.Errorf("game %d: result %q moves %d, want %q %d", i, g.Result(), len(g.Moves), w.result[i], w.moves[i])
				}
				for _, m := range g.Moves {
					if m == "" || strings.ContainsAny(m, "{}();$ ") || strings.HasSuffix(m, ".") {
						t.Errorf("game %d: bad move token %q", i, m)
					}
				}
			}
			if w.check != nil {
				w.check(t, gs)
			}
		})
	}
}

func TestCRLFBOMAndEscapes(t *testing.T) {
	in := "\uFEFF[Event \"x\"]\r\n[White \"A\"]\r\n[Black \"B\"]\r\n[Result \"1-0\"]\r\n\r\n" +
		"% escaped line (1. e4\r\n1. e4 {multi\r\nline ( comment} e5 ; rest ( of line\r\n2. Nf3 $1 (2. f4 {x} exf4 (2... d5)) 2... Nc6 3. Bb5!? 1-0\r\n" +
		"\r\n[Event \"y\"]\r\n[White \"B\"]\r\n[Black \"A\"]\r\n[Result \"½-½\"]\r\n\r\n1. d4 d5 *\r\n"
	gs := readAll(t, strings.NewReader(in))
	if len(gs) != 2 {
		t.Fatalf("%d games", len(gs))
	}
	if tag(gs[0], "Event") != "x" || strings.Join(gs[0].Moves, " ") != "e4 e5 Nf3 Nc6 Bb5!?" || gs[0].Result() != "1-0" {
		t.Errorf("game 1: %q %q %q", tag(gs[0], "Event"), gs[0].Moves, gs[0].Result())
	}
	if gs[1].Result() != "1/2-1/2" || gs[1].Termination != "*" || gs[1].Line != 11 {
		t.Errorf("game 2: %q %q line %d", gs[1].Result(), gs[1].Termination, gs[1].Line)
	}
}

// An unterminated comment must not swallow the next games.
func TestUnterminatedComment(t *testing.T) {
	in := "[White \"A\"]\n[Black \"B\"]\n\n1. e4 {oops never closed\n2. d4\n\n[White \"C\"]\n[Black \"D\"]\n[Result \"0-1\"]\n\n1. e4 0-1\n"
	gs := readAll(t, strings.NewReader(in))
	if len(gs) != 2 || tag(gs[1], "White") != "C" || gs[1].Result() != "0-1" || gs[0].Result() != "*" {
		t.Fatalf("%d games: %+v", len(gs), gs)
	}
}

func TestEmptyAndGarbage(t *testing.T) {
	if gs := readAll(t, strings.NewReader("")); len(gs) != 0 {
		t.Errorf("empty input gave %d games", len(gs))
	}
	if gs := readAll(t, strings.NewReader("\n\n  \n")); len(gs) != 0 {
		t.Errorf("blank input gave %d games", len(gs))
	}
	gs := readAll(t, strings.NewReader("[\n]]]\n[ \"\n\xff 1-0"))
	if len(gs) == 0 || gs[len(gs)-1].Termination != "1-0" {
		t.Errorf("garbage: %+v", gs)
	}
	// A NUL byte is binary data: an error at its line, not a game.
	rd := NewReader(strings.NewReader("[White \"A\"]\n\n1. e4\n\x00 1-0\n"))
	var err error
	for err == nil {
		_, err = rd.Read()
	}
	if !errors.Is(err, ErrBinary) || rd.Line() != 4 {
		t.Errorf("NUL byte: %v at line %d", err, rd.Line())
	}
}

type failReader struct{ n int }

func (f *failReader) Read(p []byte) (int, error) {
	if f.n == 0 {
		return 0, errors.New("disk on fire")
	}
	f.n = 0
	return copy(p, "[White \"A\"]\n"), nil
}

func TestReadError(t *testing.T) {
	rd := NewReader(&failReader{n: 1})
	g, err := rd.Read()
	if err != nil || tag(g, "White") != "A" {
		t.Fatalf("first read: %v %v", g, err)
	}
	if _, err := rd.Read(); err == nil || errors.Is(err, io.EOF) {
		t.Fatalf("want the underlying error, got %v", err)
	}
}

// Comments kept: a variation's comment and a ';' comment are no move's, a
// comment after the result is not read, a comment broken across lines
// is one, and two after one move are joined.
func TestReaderComments(t *testing.T) {
	text := "[A \"b\"]\n\n1. e4 (1. d4 {no} d5) {yes} e5 ; not this {either}\n2. Nf3 {+0.31/12\n   0.52s} {more} 1-0 {after}\n" +
		"[White \"C\"]\n\n{before} 1. d4 {open\n\n[White \"D\"]\n\n1. c4 {x} *\n"
	rd := NewReader(strings.NewReader(text))
	rd.KeepComments = true
	var got []string
	for {
		g, err := rd.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, strings.Join(g.Comments, "|"))
	}
	want := []string{"yes||+0.31/12 0.52s; more", "", "x"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("comments\n%q\nwant\n%q", got, want)
	}
	// Off, nothing is kept.
	g, err := NewReader(strings.NewReader(text)).Read()
	if err != nil || g.Comments != nil || len(g.Moves) != 3 {
		t.Errorf("without KeepComments: %q %v", g.Comments, err)
	}
}

func TestParseEval(t *testing.T) {
	ok := map[string]Eval{
		"+0.31/12 0.52s":          {Score: Score{CP: 31}, Depth: 12, Time: 520 * time.Millisecond},
		"-1.05/7 1s":              {Score: Score{CP: -105}, Depth: 7, Time: time.Second},
		"0.00/1 0.005s":           {Depth: 1, Time: 5 * time.Millisecond},
		"+M5/30 0.1s":             {Score: Score{Mate: 5}, Depth: 30, Time: 100 * time.Millisecond},
		"-M3/9 0s":                {Score: Score{Mate: -3}, Depth: 9},
		"+0.10/3 0.2s, (x) y":     {Score: Score{CP: 10}, Depth: 3, Time: 200 * time.Millisecond},
		"+0.24/13 0.123s; n=1000": {Score: Score{CP: 24}, Depth: 13, Time: 123 * time.Millisecond},
	}
	for c, want := range ok {
		if got, good := ParseEval(c); !good || got != want {
			t.Errorf("ParseEval(%q) = %+v %v, want %+v", c, got, good, want)
		}
	}
	for _, c := range []string{"book", "book, +0.1/2 0.1s", "", "+0.31/12", "0.52s", "+0.31/x 1s", "+0.31/12 1",
		"+-0.3/1 1s", "M/2 1s", "+M0/2 1s", "+0.31/12 -1s", "+0.31/12 NaNs", "+0.31/12 1e9s", "+.5/1 1s", "+0.31/-1 1s", "a b c"} {
		if e, good := ParseEval(c); good {
			t.Errorf("ParseEval(%q) = %+v, want no reading", c, e)
		}
	}
	if !IsBook("book") || !IsBook("book, opening choice") || IsBook("bookish") || IsBook("+0.1/2 0.1s") {
		t.Error("IsBook")
	}
}

// A comment is kept to maxComment bytes, however long it runs.
func TestReaderCommentCut(t *testing.T) {
	long := strings.Repeat("word ", 3*maxComment/5/10)
	text := "[White \"a\"]\n\n1. e4 {" + strings.Repeat(long+"\n", 10) + "} 1-0\n"
	rd := NewReader(strings.NewReader(text))
	rd.KeepComments = true
	g, err := rd.Read()
	if err != nil || len(g.Comments) != 1 || len(g.Comments[0]) >= maxComment || len(g.Comments[0]) < maxComment/2 {
		t.Fatalf("%v: a comment of %d bytes kept", err, len(g.Comments[0]))
	}
}

// WhiteScore reads the three decided results (the Result tag, else the
// movetext's marker) and nothing else; Players trims the tags and refuses
// a missing, empty or repeated player.
func TestWhiteScoreAndPlayers(t *testing.T) {
	for _, c := range []struct {
		tags, term  string
		score       float64
		decided     bool
		white, errs string
	}{
		{`[White " A "] [Black "B"] [Result "1-0"]`, "", 1, true, "A", ""},
		{`[White "A"] [Black "B"] [Result "½-½"]`, "", 0.5, true, "A", ""},
		{`[White "A"] [Black "B"] [Result "*"]`, "0-1", 0, true, "A", ""},
		{`[White "A"] [Black "B"] [Result "*"]`, "*", 0, false, "A", ""},
		{`[White "A"] [Black "B"]`, "", 0, false, "A", ""},
		{`[White ""] [Black "B"] [Result "1-0"]`, "", 1, true, "", "no White or Black tag"},
		{`[Black "B"]`, "", 0, false, "", "no White or Black tag"},
		{`[White "A"] [Black " A"]`, "", 0, false, "", "White and Black are the same player"},
	} {
		text := strings.NewReplacer("] ", "]\n").Replace(c.tags) + "\n\n1. e4 " + c.term + "\n"
		g, err := NewReader(strings.NewReader(text)).Read()
		if err != nil {
			t.Fatalf("%s: %v", c.tags, err)
		}
		if s, ok := g.WhiteScore(); s != c.score || ok != c.decided {
			t.Errorf("%s %s: WhiteScore %v, %v; want %v, %v", c.tags, c.term, s, ok, c.score, c.decided)
		}
		w, b, err := g.Players()
		switch {
		case c.errs == "" && (err != nil || w != c.white || b != "B"):
			t.Errorf("%s: Players %q, %q, %v", c.tags, w, b, err)
		case c.errs != "" && (err == nil || err.Error() != c.errs):
			t.Errorf("%s: Players error %v, want %q", c.tags, err, c.errs)
		}
	}
}
