package store

import (
	"context"
	"errors"
	"io"

	"github.com/elolab/elolab/results/pgn"
)

// EachPGN reads a run's games as ExportPGN writes them, with pgn.Each:
// commands that read games (elolab clock, elolab positions) take a run of
// a store as they take a PGN file. name stands for the run in errors and
// in the calls.
func (s *Store) EachPGN(ctx context.Context, runID int64, name string, keepComments bool,
	game func(name string, g *pgn.Game), damaged func(name string, e *pgn.SyntaxError)) error {
	pr, pw := io.Pipe()
	go func() {
		_, err := s.ExportPGN(ctx, runID, pw)
		pw.CloseWithError(err)
	}()
	err := pgn.Each(pr, name, keepComments, game, damaged)
	pr.CloseWithError(errors.New("store: reading stopped")) // ends the export if reading did
	return err
}
