package clock

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/elolab/elolab/results/pgn"
)

// FuzzProfile: no PGN text panics the builder, and every profile adds
// up: the move rows hold every timed move, the clock rows no more, and
// no row holds more games than were read.
func FuzzProfile(f *testing.F) {
	f.Add(game1)
	f.Add(strings.Replace(game1, `"2+0.02"`, `"3/1"`, 1))
	f.Add(strings.Replace(game1, `[Black "B"]`, `[Black "A"]`, 1))
	f.Add("[White \"a\"]\n[Black \"b\"]\n[FEN \"8/8/8/8/8/8/8/8 b - - 0 99999\"]\n[Result \"1-0\"]\n\n1... e4 {+M1/0 99s} 1-0\n")
	f.Fuzz(func(t *testing.T, s string) {
		if msg := profileChecked(s); msg != "" {
			t.Fatal(msg)
		}
	})
}

func profileChecked(s string) string {
	b, err := New(Options{TimeControl: tcOf})
	if err != nil {
		return err.Error()
	}
	rd := pgn.NewReader(strings.NewReader(s))
	rd.KeepComments = true
	for i := 0; i <= len(s); i++ {
		g, err := rd.Read()
		var se *pgn.SyntaxError
		if errors.As(err, &se) {
			continue
		}
		if err != nil {
			break
		}
		var ge *GameError
		if err := b.Add(g); err != nil && !errors.As(err, &ge) {
			return "not a GameError: " + err.Error()
		}
	}
	p := b.Profile()
	for _, e := range p.Engines {
		moves, clocked := 0, 0
		for _, r := range e.ByMove {
			moves += r.Moves
			if r.Games > p.Games || r.Moves <= 0 {
				return fmt.Sprintf("%s: move row %+v of %d games", e.Name, r, p.Games)
			}
		}
		for _, r := range e.ByClock {
			clocked += r.Moves
			if r.Games > e.Clocked {
				return fmt.Sprintf("%s: clock row %+v of %d clocked games", e.Name, r, e.Clocked)
			}
		}
		if moves != e.Moves || clocked > moves || e.Games > p.Games || e.Clocked > e.Games {
			return fmt.Sprintf("%s: %d moves in rows, %d counted, %d on the clock; %d games of %d", e.Name, moves, e.Moves, clocked, e.Games, p.Games)
		}
	}
	return ""
}
