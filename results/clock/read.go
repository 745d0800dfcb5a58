package clock

import (
	"context"
	"errors"

	"github.com/elolab/elolab/results/pgn"
	"github.com/elolab/elolab/results/store"
)

// Files profiles the games of PGN files (gzipped or not). Games it
// cannot use are skipped and named "file:line (reason)": damaged games
// (a '}' outside a comment), and games without both players or with a
// bad FEN. A file that cannot be opened or read on is an error naming
// file:line.
func Files(files []string, opt Options) (Profile, []string, error) {
	b, err := New(opt)
	if err != nil {
		return Profile{}, nil, err
	}
	var skipped []string
	err = pgn.ReadFiles(files, true, b.adder(&skipped), pgn.NoteDamaged(&skipped))
	return b.Profile(), skipped, err
}

// Run profiles the games of a run of a results store, read as `elolab
// export` writes them; name stands for the run in skipped games.
func Run(ctx context.Context, st *store.Store, runID int64, name string, opt Options) (Profile, []string, error) {
	b, err := New(opt)
	if err != nil {
		return Profile{}, nil, err
	}
	var skipped []string
	err = st.EachPGN(ctx, runID, name, true, b.adder(&skipped), pgn.NoteDamaged(&skipped))
	return b.Profile(), skipped, err
}

func (b *Builder) adder(skipped *[]string) func(string, *pgn.Game) {
	return func(name string, g *pgn.Game) {
		var ge *GameError
		if err := b.Add(g); errors.As(err, &ge) {
			*skipped = append(*skipped, pgn.SkipNote(name, ge.Line, ge.Msg))
		}
	}
}
