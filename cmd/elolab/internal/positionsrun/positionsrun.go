// Package positionsrun feeds played games to tuner/gamepos for elolab
// positions: it reads PGN files or a run of a results store (tuner does
// not depend on results) and turns each game, with the scores in its move
// comments, into a gamepos.Game.
package positionsrun

import (
	"context"
	"errors"
	"fmt"

	"github.com/elolab/elolab/results/pgn"
	"github.com/elolab/elolab/results/store"
	"github.com/elolab/elolab/tuner/gamepos"
)

// Files adds the games of PGN files (gzipped or not) to x, each with the
// id "file:line". Games it cannot use are skipped and named "file:line
// (reason)": damaged games (a '}' outside a comment), games without both
// players, with a bad FEN or an illegal move. A file that cannot be
// opened or read on is an error naming file:line.
func Files(x *gamepos.Writer, files []string) ([]string, error) {
	var skipped []string
	err := pgn.ReadFiles(files, true, adder(x, &skipped), pgn.NoteDamaged(&skipped))
	return skipped, err
}

// Run adds the games of a run of a results store, read as `elolab
// export` writes them, each with the id "name:line"; name stands for the
// run in ids and in skipped games.
func Run(ctx context.Context, x *gamepos.Writer, st *store.Store, runID int64, name string) ([]string, error) {
	var skipped []string
	err := st.EachPGN(ctx, runID, name, true, adder(x, &skipped), pgn.NoteDamaged(&skipped))
	return skipped, err
}

func adder(x *gamepos.Writer, skipped *[]string) func(string, *pgn.Game) {
	return func(name string, g *pgn.Game) {
		msg := ""
		if pg, err := convert(g); err != nil {
			msg = err.Error()
		} else {
			var ge *gamepos.GameError
			if err := x.Add(pg, fmt.Sprintf("%s:%d", name, g.Line)); errors.As(err, &ge) {
				msg = ge.Msg
			}
		}
		if msg != "" {
			*skipped = append(*skipped, pgn.SkipNote(name, g.Line, msg))
		}
	}
}

// convert reads a game with its comments (pgn.Reader.KeepComments).
func convert(g *pgn.Game) (*gamepos.Game, error) {
	if err := g.CheckComments(); err != nil {
		return nil, err
	}
	out := &gamepos.Game{Result: g.Result(), Line: g.Line, Moves: make([]gamepos.Move, len(g.Moves))}
	if _, decided := g.WhiteScore(); decided {
		var err error
		if out.White, out.Black, err = g.Players(); err != nil {
			return nil, err
		}
	}
	out.FEN, _ = g.Tag("FEN")
	for i, san := range g.Moves {
		m := gamepos.Move{SAN: san}
		if ev, ok := pgn.ParseEval(g.Comments[i]); ok {
			m.Scored, m.Mate, m.CP = true, ev.Score.Mate != 0, ev.Score.CP
		}
		out.Moves[i] = m
	}
	return out, nil
}
