package work

import (
	"errors"

	"github.com/elolab/elolab/match/game"
)

// GameResult is one played game: the game record (moves with scores and
// times, result, termination, incidents — time losses, crashes, stalls,
// illegal moves — from which results/ writes the PGN text) and, for a
// game that could not be played, the error as text.
type GameResult struct {
	game.Record
	// Err shadows Record.Err (an error value does not travel): the
	// reason a game could not be played, "" otherwise.
	Err string `json:"err,omitempty"`
}

// ResultOf wraps a record; the record's own Err is kept for callers in
// this process (errors.Is), and copied as text.
func ResultOf(r *game.Record) GameResult {
	g := GameResult{Record: *r}
	if r.Err != nil {
		g.Err = r.Err.Error()
	}
	return g
}

// Rec returns the game record, with Record.Err restored from the text
// when the result travelled as JSON.
func (g *GameResult) Rec() *game.Record {
	r := g.Record
	if r.Err == nil && g.Err != "" {
		r.Err = errors.New(g.Err)
	}
	return &r
}

// PairResult is what one pair of a batch produced.
type PairResult struct {
	Pair int `json:"pair"` // index into Batch.Pairs
	Slot int `json:"slot"` // Pair.Slot
	// Games are in Pair.Games order. A game interrupted by a cancelled
	// batch has Result game.Unfinished.
	Games []GameResult `json:"games"`
}

// Finished reports whether every game of the pair has a result.
func (p *PairResult) Finished() bool {
	for i := range p.Games {
		if !p.Games[i].Rec().Finished() {
			return false
		}
	}
	return len(p.Games) > 0
}
