package work

import (
	"context"
	"fmt"
	"testing"

	"github.com/elolab/elolab/match/game"
)

// Every move of a game in play reaches Report.Move between Started and
// Game, in order, and the last position is the record's final one.
func TestMoveEvents(t *testing.T) {
	l := &Local{Concurrency: 2}
	defer l.Close()
	b := Batch{Engines: []Engine{testEng("a", "random"), testEng("b", "random")},
		Game: game.Config{Adjudication: game.Adjudication{MaxMoves: 20}}, Pairs: pairs(0, 2)}
	type key struct{ p, g int }
	started, ended := map[key]bool{}, map[key]bool{}
	last := map[key]MoveEvent{}
	var errs []string
	err := l.Play(context.Background(), b, Report{
		Started: func(p, g int) { started[key{p, g}] = true },
		Move: func(p, g int, m MoveEvent) {
			k := key{p, g}
			if !started[k] || ended[k] {
				errs = append(errs, fmt.Sprintf("move of game %v outside its game", k))
			}
			if m.Ply != last[k].Ply+1 || m.FEN == "" || len(m.UCI) < 4 {
				errs = append(errs, fmt.Sprintf("game %v: move %+v after ply %d", k, m, last[k].Ply))
			}
			last[k] = m
		},
		Game: func(p, g int, r *GameResult) {
			k := key{p, g}
			ended[k] = true
			if n := len(r.Moves); n == 0 || last[k].Ply != n || last[k].FEN != r.FinalFEN || last[k].UCI != r.Moves[n-1].UCI {
				errs = append(errs, fmt.Sprintf("game %v: %d moves, final %q; last event %+v", k, n, r.FinalFEN, last[k]))
			}
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(ended) != 4 || len(errs) > 0 {
		t.Fatalf("%d games ended; %v", len(ended), errs)
	}
}
