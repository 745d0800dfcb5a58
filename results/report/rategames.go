package report

import (
	"fmt"
	"strings"

	"github.com/elolab/elolab/results/pgn"
	"github.com/elolab/elolab/sprt/rating"
)

// RatedGames are the games of PGN files that can be rated (`elolab rate`),
// and the ones skipped, each as "file:line (reason)".
type RatedGames struct {
	Games   []rating.Game
	Skipped []string
}

// ReadRatedGames reads the decided games of the PGN files (gzipped or
// not). Games without a result, damaged games (a pgn.SyntaxError) and
// games whose White and Black tags are missing or equal are skipped; a
// file that cannot be opened or read (binary data) is an error naming
// file:line.
func ReadRatedGames(files []string) (RatedGames, error) {
	var out RatedGames
	// A damaged game is skipped like a game without a result.
	err := pgn.ReadFiles(files, false, out.add, pgn.NoteDamaged(&out.Skipped))
	if err != nil {
		return RatedGames{}, err
	}
	return out, nil
}

func (g *RatedGames) add(name string, game *pgn.Game) {
	s, ok := game.WhiteScore()
	if !ok {
		g.Skipped = append(g.Skipped, pgn.SkipNote(name, game.Line, "no result"))
		return
	}
	white, black, err := game.Players()
	if err != nil {
		g.Skipped = append(g.Skipped, pgn.SkipNote(name, game.Line, err.Error()))
		return
	}
	g.Games = append(g.Games, rating.Game{White: white, Black: black, WhiteScore: s})
}

// Warning names the first five skipped games and counts the rest:
// "Warning; skipped 7 games: a.pgn:12 (no result), …, and 2 more"; ""
// when none was skipped.
func (g RatedGames) Warning() string { return SkipWarning(g.Skipped) }

// SkipWarning is the warning of a command that skipped games (each
// "file:line (reason)"): the first five named, the rest counted; "" for
// none.
func SkipWarning(skipped []string) string {
	if len(skipped) == 0 {
		return ""
	}
	show := skipped[:min(5, len(skipped))]
	more := ""
	if len(skipped) > len(show) {
		more = fmt.Sprintf(", and %d more", len(skipped)-len(show))
	}
	return fmt.Sprintf("Warning; skipped %d games: %s%s", len(skipped), strings.Join(show, ", "), more)
}
