package search

import (
	"github.com/elolab/elolab/engine/board"
	"github.com/elolab/elolab/engine/params"
)

// A noisy hash move: when the best move stored for a node is a capture or
// a promotion, the node's quiet moves are unlikely to be better than it, so
// late quiet moves are reduced one ply more (Stockfish's ttCapture).
var lmrTTNoisy = params.Bool("lmr.ttnoisy", false, "search", "reduce quiet moves one ply more when the hash move is a capture or promotion")

// ttNoisyReduction is the extra reduction of a quiet move at a node whose
// hash move is ttMove.
func (s *Searcher) ttNoisyReduction(ttMove board.Move) int {
	if ttMove != board.NoMove && !ttMove.IsQuiet() && s.P.Bool(lmrTTNoisy) {
		return 1
	}
	return 0
}
