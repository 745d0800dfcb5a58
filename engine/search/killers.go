package search

import (
	"github.com/elolab/elolab/engine/board"
	"github.com/elolab/elolab/engine/params"
)

// Killer moves: the last two quiet moves that caused a cutoff at this ply
// are tried right after the captures.
var killersEnabled = params.Bool("killers.enabled", true, "search", "killer moves (two per ply)")

func (s *Searcher) updateKillers(m board.Move, ply int) {
	if !s.P.Bool(killersEnabled) {
		return
	}
	k := &s.killers[ply]
	if k[0] != m {
		k[1], k[0] = k[0], m
	}
}
