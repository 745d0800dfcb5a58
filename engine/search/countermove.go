package search

import (
	"github.com/elolab/elolab/engine/board"
	"github.com/elolab/elolab/engine/params"
)

// Counter-move heuristic: the quiet move that last refuted the opponent's
// previous move (indexed by that move's piece and destination) is tried
// after the killers.
var counterEnabled = params.Bool("countermove.enabled", true, "search", "counter-move heuristic")

func (s *Searcher) counterMove(ply int) board.Move {
	if ply == 0 || !s.P.Bool(counterEnabled) {
		return board.NoMove
	}
	prev := &s.stack[ply-1]
	if prev.move == board.NoMove {
		return board.NoMove
	}
	return s.counter[prev.moved&15][prev.move.To()]
}

func (s *Searcher) updateCounter(m board.Move, ply int) {
	if ply == 0 || !s.P.Bool(counterEnabled) {
		return
	}
	prev := &s.stack[ply-1]
	if prev.move != board.NoMove {
		s.counter[prev.moved&15][prev.move.To()] = m
	}
}
