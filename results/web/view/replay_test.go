package view

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// readGames splits a PGN file elolab wrote into the text of each game (the
// store keeps each game's text apart; Replay gets one).
func readGames(t testing.TB, name string) []string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	parts := strings.Split(string(b), "\n\n[Event ")
	for i := 1; i < len(parts); i++ {
		parts[i] = "[Event " + parts[i]
	}
	return parts
}

func tag(g *Game, name string) string {
	for _, t := range g.Tags {
		if t[0] == name {
			return t[1]
		}
	}
	return ""
}

func TestReplayElolabGames(t *testing.T) {
	for _, name := range []string{"futility-ab.pgn", "uho-book.pgn"} {
		for i, text := range readGames(t, name) {
			g, err := Replay(text)
			if err != nil {
				t.Fatalf("%s game %d: %v", name, i+1, err)
			}
			// elolab's own PlyCount tag says how many plies were played.
			if n, _ := strconv.Atoi(tag(g, "PlyCount")); n != len(g.Plies) || n == 0 {
				t.Errorf("%s game %d: %d plies replayed, PlyCount %q", name, i+1, len(g.Plies), tag(g, "PlyCount"))
			}
			if g.Result != tag(g, "Result") || g.White != tag(g, "White") || g.Black != tag(g, "Black") || g.Termination != "adjudication" {
				t.Errorf("%s game %d: header %q %q %q %q", name, i+1, g.White, g.Black, g.Result, g.Termination)
			}
			if event := map[string]string{"futility-ab.pgn": "elolab futility-ab", "uho-book.pgn": "elolab futility-epd"}[name]; g.Tags[0] != [2]string{"Event", event} {
				t.Errorf("%s game %d: first tag %q", name, i+1, g.Tags[0])
			}
			for j, p := range g.Plies {
				if p.SAN == "" || len(p.UCI) < 4 || p.Comment == "" {
					t.Errorf("%s game %d ply %d: %+v", name, i+1, j+1, p)
				}
				if _, err := parseFEN(p.FEN); err != nil {
					t.Errorf("%s game %d ply %d: %v", name, i+1, j+1, err)
				}
			}
			last := g.Plies[len(g.Plies)-1].Comment
			if !strings.HasSuffix(last, "wins by adjudication") || !strings.Contains(last, "; ") {
				t.Errorf("%s game %d: last comment %q, want the engine's and the adjudication's", name, i+1, last)
			}
		}
	}

	// From the initial position, through the 8moves book: 16 book plies.
	g, err := Replay(readGames(t, "futility-ab.pgn")[0])
	if err != nil {
		t.Fatal(err)
	}
	if g.StartFEN != initial {
		t.Errorf("start %q, want the initial position", g.StartFEN)
	}
	book := 0
	for _, p := range g.Plies {
		if p.Comment == "book" {
			book++
		}
	}
	if book != 16 {
		t.Errorf("%d book plies, want 16", book)
	}
	// 1. c4 c6 2. d4 d5: no en-passant square (no pawn can take on d6).
	want := []Ply{
		{"c4", "c2c4", "rnbqkbnr/pppppppp/8/8/2P5/8/PP1PPPPP/RNBQKBNR b KQkq - 0 1", "book"},
		{"c6", "c7c6", "rnbqkbnr/pp1ppppp/2p5/8/2P5/8/PP1PPPPP/RNBQKBNR w KQkq - 0 2", "book"},
		{"d4", "d2d4", "rnbqkbnr/pp1ppppp/2p5/8/2PP4/8/PP2PPPP/RNBQKBNR b KQkq - 0 2", "book"},
		{"d5", "d7d5", "rnbqkbnr/pp2pppp/2p5/3p4/2PP4/8/PP2PPPP/RNBQKBNR w KQkq - 0 3", "book"},
	}
	for i, w := range want {
		if g.Plies[i] != w {
			t.Errorf("ply %d: %+v, want %+v", i+1, g.Plies[i], w)
		}
	}
	// 9. O-O: castling in UCI is the king's move.
	if p := g.Plies[16]; p.SAN != "O-O" || p.UCI != "e1g1" || p.Comment != "+0.05/4 0.005s" {
		t.Errorf("ply 17: %+v, want O-O e1g1 with the engine's comment", p)
	}

	// From a FEN tag (a book position), White to move at move 9.
	g, err = Replay(readGames(t, "uho-book.pgn")[0])
	if err != nil {
		t.Fatal(err)
	}
	if g.StartFEN != "r1bqkb1r/pp1nnpp1/4p2p/2ppP3/3P1P2/2P1B3/PP1N2PP/R2QKBNR w KQkq - 3 9" {
		t.Errorf("start %q, want the FEN tag", g.StartFEN)
	}
	want = []Ply{
		{"Ngf3", "g1f3", "r1bqkb1r/pp1nnpp1/4p2p/2ppP3/3P1P2/2P1BN2/PP1N2PP/R2QKB1R b KQkq - 4 9", "-0.18/4 0.01s"},
		{"c4", "c5c4", "r1bqkb1r/pp1nnpp1/4p2p/3pP3/2pP1P2/2P1BN2/PP1N2PP/R2QKB1R w KQkq - 0 10", "+0.09/5 0.005s"},
	}
	for i, w := range want {
		if g.Plies[i] != w {
			t.Errorf("book game ply %d: %+v, want %+v", i+1, g.Plies[i], w)
		}
	}
}

func TestReplayNotation(t *testing.T) {
	// Black to move first, a comment broken across lines, a variation
	// and NAGs (ignored), a game comment before the first move (no
	// ply's), several comments on one move, castling, promotion, en
	// passant with its square in the FEN only when a capture is possible.
	text := `[Event "?"]
[White "x"]
[Black "y"]
[Result "1-0"]
[FEN "4k3/P7/8/8/1p6/8/P7/4K2R b K - 0 40"]
[SetUp "1"]
[Termination "normal"]

{a game comment} 40... Kd7 {+0.10/3
0.2s} 41. O-O $1 (41. a8=Q Kc7) Kc6 {a} {b} 42. a8=Q+ Kc5 43. a4 bxa3 44. Qc8+
1-0
`
	g, err := Replay(text)
	if err != nil {
		t.Fatal(err)
	}
	want := []Ply{
		{"Kd7", "e8d7", "8/P2k4/8/8/1p6/8/P7/4K2R w K - 1 41", "+0.10/3 0.2s"},
		{"O-O", "e1g1", "8/P2k4/8/8/1p6/8/P7/5RK1 b - - 2 41", ""},
		{"Kc6", "d7c6", "8/P7/2k5/8/1p6/8/P7/5RK1 w - - 3 42", "a; b"},
		{"a8=Q+", "a7a8q", "Q7/8/2k5/8/1p6/8/P7/5RK1 b - - 0 42", ""},
		{"Kc5", "c6c5", "Q7/8/8/2k5/1p6/8/P7/5RK1 w - - 1 43", ""},
		{"a4", "a2a4", "Q7/8/8/2k5/Pp6/8/8/5RK1 b - a3 0 43", ""},
		{"bxa3", "b4a3", "Q7/8/8/2k5/8/p7/8/5RK1 w - - 0 44", ""},
		{"Qc8+", "a8c8", "2Q5/8/8/2k5/8/p7/8/5RK1 b - - 1 44", ""},
	}
	if len(g.Plies) != len(want) {
		t.Fatalf("%d plies, want %d: %+v", len(g.Plies), len(want), g.Plies)
	}
	for i, w := range want {
		if g.Plies[i] != w {
			t.Errorf("ply %d: %+v, want %+v", i+1, g.Plies[i], w)
		}
	}
	if g.Termination != "normal" || g.Result != "1-0" || g.White != "x" || len(g.Tags) != 7 {
		t.Errorf("header: %+v", g)
	}
	// Castling with zeros and a promotion without "=" are read too.
	g, err = Replay("[FEN \"4k3/P7/8/8/8/8/8/4K2R w K - 0 1\"]\n\n1. 0-0 Kd7 2. a8Q *\n")
	if err != nil {
		t.Fatal(err)
	}
	if g.Plies[0].UCI != "e1g1" || g.Plies[2].UCI != "a7a8q" || g.Result != "*" {
		t.Errorf("plies %+v", g.Plies)
	}
}

func TestReplayErrors(t *testing.T) {
	game := "[White \"a\"]\n[Black \"b\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n"
	for _, tc := range []struct {
		name, text, want string
	}{
		{"empty", "", "no game"},
		{"two games", game + "\n" + game, "more than one game"},
		{"illegal move", strings.Replace(game, "Nf3", "Nf4", 1), "ply 3 (2. Nf4): not a legal move"},
		{"black's illegal move", strings.Replace(game, "Nc6", "Nc5", 1), "ply 4 (2... Nc5)"},
		{"move after the end", "[FEN \"7k/8/6K1/8/8/8/8/R7 w - - 0 1\"]\n\n1. Ra8# Kg7 1-0\n", "ply 2 (1... Kg7)"},
		{"ambiguous", "[FEN \"4k3/8/8/8/8/8/8/N1N1K3 w - - 0 1\"]\n\n1. Nb3 *\n", "ply 1 (1. Nb3)"},
		{"bad FEN tag", "[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0\"]\n\n1. e4 *\n", "tag FEN"},
		{"bad FEN field", "[FEN \"4k3/8/8/8/8/8/8/4K3 x - - 0 1\"]\n\n1. Ke2 *\n", "field 2 (side to move)"},
		{"stray brace", "[White \"a\"]\n\n1. e4 } e5 *\n", "outside a comment"},
		{"binary", "[White \"a\"]\n\n1. e4\x00 *\n", "binary"},
		{"garbage move", strings.Replace(game, "e5", "e5e6e7", 1), "ply 2"},
	} {
		_, err := Replay(tc.text)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one containing %q", tc.name, err, tc.want)
		}
	}
}

// FuzzReplay: no input panics (Replay turns a panic of notnil/chess into
// an error; one in this package's own code is a bug the message shows),
// and a replayed game has a legal FEN after every ply.
func FuzzReplay(f *testing.F) {
	for _, name := range []string{"futility-ab.pgn", "uho-book.pgn"} {
		f.Add(readGames(f, name)[0])
	}
	f.Add("[FEN \"4k3/P7/8/8/8/8/8/4K2R w K - 0 1\"]\n\n1. 0-0 {a} Kd7 (1... Kf7 {b}) 2. a8Q ; c\n*\n")
	f.Add("1. e4 {x\n[A \"b\"]\n} e5 *")
	f.Fuzz(func(t *testing.T, text string) {
		g, err := Replay(text)
		if err != nil {
			if strings.Contains(err.Error(), "cannot be replayed") {
				t.Fatalf("Replay(%q) panicked: %v", text, err)
			}
			return
		}
		for i, p := range g.Plies {
			if _, err := parseFEN(p.FEN); err != nil {
				t.Fatalf("Replay(%q): ply %d: %v", text, i+1, err)
			}
		}
	})
}

// BenchmarkReplay replays the longest stored game (230 plies).
func BenchmarkReplay(b *testing.B) {
	text := readGames(b, "futility-ab.pgn")[2]
	for b.Loop() {
		if _, err := Replay(text); err != nil {
			b.Fatal(err)
		}
	}
}
