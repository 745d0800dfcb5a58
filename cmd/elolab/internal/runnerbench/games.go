package runnerbench

import (
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/elolab/elolab/results/pgn"
)

// gameSet is the games one runner wrote in one run, reduced to what the
// comparison needs.
//
// Matching rule: runners finish games in different orders and number
// rounds differently (fastchess gives both games of an opening one Round,
// elolab and cutechess-cli count games), so games are not matched by order
// or Round. They are grouped by a key — the start position (the first
// three FEN fields, board, side to move and castling, which every runner
// copies from the same EPD line; "startpos" without a FEN tag) and the
// White and Black names — and within a group the move lists are compared
// as multisets: two runners played the same games when every group holds
// the same move lists, whatever the order.
type gameSet struct {
	Games, Plies int
	byKey        map[string][]string // key → move lists (moves joined by spaces), sorted
}

// readGames reads a runner's PGN file.
func readGames(path string) (gameSet, error) {
	f, err := os.Open(path)
	if err != nil {
		return gameSet{}, err
	}
	defer f.Close()
	return parseGames(f, path)
}

// parseGames reads PGN text; name is for errors. A game the reader has to
// drop is an error: every game must be counted for the comparison to hold.
func parseGames(r io.Reader, name string) (gameSet, error) {
	s := gameSet{byKey: map[string][]string{}}
	pr := pgn.NewReader(r)
	for {
		g, err := pr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			var se *pgn.SyntaxError
			if errors.As(err, &se) {
				return s, fmt.Errorf("%s:%d: %s", name, se.Line, se.Msg)
			}
			return s, fmt.Errorf("%s: %w", name, err)
		}
		moves := make([]string, len(g.Moves))
		for i, m := range g.Moves {
			moves[i] = normalizeSAN(m)
		}
		s.Games++
		s.Plies += len(moves)
		k := gameKey(g)
		s.byKey[k] = append(s.byKey[k], strings.Join(moves, " "))
	}
	for _, l := range s.byKey {
		slices.Sort(l)
	}
	return s, nil
}

func gameKey(g *pgn.Game) string {
	start := "startpos"
	if fen, ok := g.Tag("FEN"); ok {
		if f := strings.Fields(fen); len(f) >= 3 {
			start = strings.Join(f[:3], " ")
		} else {
			start = fen
		}
	}
	w, _ := g.Tag("White")
	b, _ := g.Tag("Black")
	return start + "\x00" + w + "\x00" + b
}

// normalizeSAN drops what writers add to the same move differently: check
// and mate marks, annotation glyphs, and zeros for the castling O.
func normalizeSAN(m string) string {
	m = strings.TrimRight(m, "+#!?")
	switch m {
	case "0-0":
		return "O-O"
	case "0-0-0":
		return "O-O-O"
	}
	return m
}

// differing counts the games that have no identical partner in the other
// set: with M the games matched (per key, the size of the multiset
// intersection of the two groups' move lists), the larger of a's and b's
// unmatched games. 0 means identical games; one game changed, missing,
// added or played with the other colours counts 1.
func differing(a, b gameSet) int {
	m := 0
	for k, la := range a.byKey {
		m += common(la, b.byKey[k])
	}
	return max(a.Games-m, b.Games-m)
}

// common is the size of the multiset intersection of two sorted lists.
func common(a, b []string) int {
	n, i, j := 0, 0, 0
	for i < len(a) && j < len(b) {
		switch strings.Compare(a[i], b[j]) {
		case 0:
			n++
			i++
			j++
		case -1:
			i++
		default:
			j++
		}
	}
	return n
}
