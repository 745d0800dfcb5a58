package runnerbench

import (
	"fmt"
	"strings"
	"testing"
)

const fenA = "r1bq1rk1/pp1nppbp/3p1np1/8/2PNP3/2N5/PP2BPPP/R1BQ1RK1 w - - 4 9"
const fenB = "r2qk2r/pppn1ppp/3bpn2/7b/2BP4/2N1PN1P/PP3PP1/R1BQ1RK1 w kq - 1 9"

type pgnGame struct {
	round, white, black, fen, moves string
}

func pgnText(games ...pgnGame) string {
	var b strings.Builder
	for _, g := range games {
		fmt.Fprintf(&b, "[Event \"x\"]\n[Round %q]\n[White %q]\n[Black %q]\n[Result \"*\"]\n", g.round, g.white, g.black)
		if g.fen != "" {
			fmt.Fprintf(&b, "[SetUp \"1\"]\n[FEN %q]\n", g.fen)
		}
		fmt.Fprintf(&b, "\n%s *\n\n", g.moves)
	}
	return b.String()
}

func mustParse(t *testing.T, text string) gameSet {
	t.Helper()
	s, err := parseGames(strings.NewReader(text), "t.pgn")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestCompareGames(t *testing.T) {
	// fastchess-style: both games of an opening in one Round, in play
	// order, with check marks and comments.
	fast := mustParse(t, pgnText(
		pgnGame{"1", "a", "b", fenA, "9. Be3 {+1.32/6 0.002s} Nc5 10. Qd2+ Ne6"},
		pgnGame{"1", "b", "a", fenA, "9. Be3 Nc5 10. f3 Ne6"},
		pgnGame{"2", "a", "b", fenB, "9. O-O-O Bg6 10. g4 h6#"},
		pgnGame{"2", "b", "a", fenB, "9. a3 a6"},
	))
	if fast.Games != 4 || fast.Plies != 14 {
		t.Fatalf("games %d plies %d, want 4 and 14", fast.Games, fast.Plies)
	}
	// elolab-style: another finishing order, other Round numbers,
	// other counters in the FEN, no check marks, 0-0-0 castling.
	elo := mustParse(t, pgnText(
		pgnGame{"4", "b", "a", strings.Replace(fenB, "1 9", "0 1", 1), "9. a3 a6"},
		pgnGame{"1", "a", "b", fenA, "9. Be3 Nc5 10. Qd2 Ne6"},
		pgnGame{"3", "a", "b", fenB, "9. 0-0-0 Bg6 10. g4 h6"},
		pgnGame{"2", "b", "a", fenA, "9. Be3 Nc5 10. f3 Ne6"},
	))
	if n := differing(fast, elo); n != 0 {
		t.Errorf("identical games: %d differ", n)
	}
	if n := differing(elo, fast); n != 0 {
		t.Errorf("identical games (other way): %d differ", n)
	}

	// One move changed in one game.
	one := mustParse(t, pgnText(
		pgnGame{"1", "a", "b", fenA, "9. Be3 Nc5 10. Qd2 Ne6"},
		pgnGame{"1", "b", "a", fenA, "9. Be3 Nc5 10. f4 Ne6"},
		pgnGame{"2", "a", "b", fenB, "9. O-O-O Bg6 10. g4 h6"},
		pgnGame{"2", "b", "a", fenB, "9. a3 a6"},
	))
	if n := differing(fast, one); n != 1 {
		t.Errorf("one game differs: counted %d", n)
	}
	// Colours swapped in one game: the same moves under other names.
	swapped := mustParse(t, pgnText(
		pgnGame{"1", "b", "a", fenA, "9. Be3 Nc5 10. Qd2 Ne6"},
		pgnGame{"1", "b", "a", fenA, "9. Be3 Nc5 10. f3 Ne6"},
		pgnGame{"2", "a", "b", fenB, "9. O-O-O Bg6 10. g4 h6"},
		pgnGame{"2", "b", "a", fenB, "9. a3 a6"},
	))
	if n := differing(fast, swapped); n != 1 {
		t.Errorf("one game with other colours: counted %d", n)
	}
	// A game missing, and an extra one from another opening.
	missing := mustParse(t, pgnText(
		pgnGame{"1", "a", "b", fenA, "9. Be3 Nc5 10. Qd2 Ne6"},
		pgnGame{"1", "b", "a", fenA, "9. Be3 Nc5 10. f3 Ne6"},
		pgnGame{"2", "a", "b", fenB, "9. O-O-O Bg6 10. g4 h6"},
	))
	if n := differing(fast, missing); n != 1 {
		t.Errorf("one game missing: counted %d", n)
	}
	extra := mustParse(t, pgnText(
		pgnGame{"1", "a", "b", fenA, "9. Be3 Nc5 10. Qd2 Ne6"},
		pgnGame{"1", "b", "a", fenA, "9. Be3 Nc5 10. f3 Ne6"},
		pgnGame{"2", "a", "b", fenB, "9. O-O-O Bg6 10. g4 h6"},
		pgnGame{"2", "b", "a", fenB, "9. a3 a6"},
		pgnGame{"3", "a", "b", "", "1. e4 e5"},
	))
	if n := differing(fast, extra); n != 1 {
		t.Errorf("one extra game: counted %d", n)
	}
}

// Two games of the same opening and colours (a book with a repeated line)
// are compared as a multiset, whatever order they finished in.
func TestCompareGamesMultiset(t *testing.T) {
	a := mustParse(t, pgnText(pgnGame{"1", "a", "b", "", "1. e4 e5"}, pgnGame{"2", "a", "b", "", "1. d4 d5"}, pgnGame{"3", "a", "b", "", "1. e4 e5"}))
	b := mustParse(t, pgnText(pgnGame{"1", "a", "b", "", "1. e4 e5"}, pgnGame{"2", "a", "b", "", "1. e4 e5"}, pgnGame{"3", "a", "b", "", "1. d4 d5"}))
	c := mustParse(t, pgnText(pgnGame{"1", "a", "b", "", "1. e4 e5"}, pgnGame{"2", "a", "b", "", "1. d4 d5"}, pgnGame{"3", "a", "b", "", "1. d4 d5"}))
	if n := differing(a, b); n != 0 {
		t.Errorf("same multiset: %d differ", n)
	}
	if n := differing(a, c); n != 1 {
		t.Errorf("one game other: %d differ", n)
	}
}

func TestParseGamesRejectsADroppedGame(t *testing.T) {
	_, err := parseGames(strings.NewReader("[White \"a\"]\n\n1. e4 } e5 *\n"), "x.pgn")
	if err == nil || !strings.HasPrefix(err.Error(), "x.pgn:") {
		t.Fatalf("error %v, want one naming x.pgn:LINE", err)
	}
}

func TestTable(t *testing.T) {
	runs := []RunResult{
		{Run: 1, Runner: "elolab", WallS: 9, RunnerCPUS: 1.2, EnginesCPUS: 17, Games: 100, Plies: 12052, GamesPerS: 100.0 / 9, RunnerUSPerPly: 99.6, LimitShare: 0.944},
		{Run: 1, Runner: "fastchess", WallS: 10, RunnerCPUS: 1.0, EnginesCPUS: 18, Games: 100, Plies: 12052, GamesPerS: 10, RunnerUSPerPly: 83, LimitShare: 0.9},
		{Run: 2, Runner: "fastchess", WallS: 12, RunnerCPUS: 1.1, EnginesCPUS: 18.4, Games: 100, Plies: 12052, GamesPerS: 100.0 / 12, RunnerUSPerPly: 91.3, LimitShare: 0.766},
		{Run: 2, Runner: "elolab", WallS: 8, RunnerCPUS: 1.3, EnginesCPUS: 16, Games: 100, Plies: 12052, GamesPerS: 12.5, RunnerUSPerPly: 107.9, LimitShare: 1},
	}
	got := table(summarize(runs), 2)
	want := `medians of 2 runs:
runner     games/s  wall s  runner CPU s  µs/ply  engines CPU s  plies  limit %  games/s vs fastchess  runner CPU vs fastchess
elolab       11.81    8.50          1.25   103.8          16.50  12052     97.2                 1.29x                    1.19x
fastchess     9.17   11.00          1.05    87.2          18.20  12052     83.3                 1.00x                    1.00x
`
	if got != want {
		t.Errorf("table:\n%s\nwant:\n%s", got, want)
	}
	// Without fastchess: no ratio columns.
	got = table(summarize(runs[:1]), 1)
	want = `medians of 1 run:
runner  games/s  wall s  runner CPU s  µs/ply  engines CPU s  plies  limit %
elolab    11.11    9.00          1.20    99.6          17.00  12052     94.4
`
	if got != want {
		t.Errorf("table without fastchess:\n%s\nwant:\n%s", got, want)
	}
	// fastchess's runner CPU below a tick: no CPU ratio.
	zero := []RunResult{runs[0], runs[1]}
	zero[1].RunnerCPUS = 0
	got = table(summarize(zero), 1)
	want = `medians of 1 run:
runner     games/s  wall s  runner CPU s  µs/ply  engines CPU s  plies  limit %  games/s vs fastchess  runner CPU vs fastchess
elolab       11.11    9.00          1.20    99.6          17.00  12052     94.4                 1.11x                      n/a
fastchess    10.00   10.00          0.00    83.0          18.00  12052     90.0                 1.00x                      n/a
`
	if got != want {
		t.Errorf("table with a zero runner CPU:\n%s\nwant:\n%s", got, want)
	}
	if got, want := runLine(runs[1], 3), "run 1/3  fastchess      wall 10.00 s  games/s 10.00  runner CPU 1.00 s  engines CPU 18.00 s  plies 12052  limit 90.0 %"; got != want {
		t.Errorf("runLine:\n got %s\nwant %s", got, want)
	}
}
