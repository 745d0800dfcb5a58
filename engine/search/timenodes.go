package search

import (
	"github.com/elolab/elolab/engine/board"
	"github.com/elolab/elolab/engine/params"
)

// Node share (after Ethereal's and Stockfish's time management): the share
// of the search's nodes spent below the best root move says how contested
// the choice is. A best move that took nine nodes in ten has no rival
// worth the clock, and the search stops early; one that took a third
// fought the others all along, and the search goes on. The soft limit
// (already scaled by the best move's stability, timeman.go) is multiplied
// by base − slope × share percent, at least min percent, never beyond the
// hard limit. Ethereal 12's factor is 240 − 200 × share, at least 50. A
// fixed move time is never scaled.
var (
	tmNodesEnabled = params.Bool("time.nodes.enabled", false, "time", "scale the soft limit by the share of nodes the best root move took")
	tmNodesBase    = params.Int("time.nodes.base", 240, 100, 400, 10, "time", "soft limit (% of the planned) for a best move that took no nodes")
	tmNodesSlope   = params.Int("time.nodes.slope", 200, 0, 400, 10, "time", "percentage points less for a best move that took every node")
	tmNodesMin     = params.Int("time.nodes.min", 50, 10, 100, 5, "time", "least soft limit (% of the planned) from the node share")
)

// rootIndex is a root move's slot in rootNodes: its from and to squares
// (the four promotions of one pawn share one, which only sums their nodes).
func rootIndex(m board.Move) int { return int(m & 4095) }

// nodeSharePct is the node share's factor (percent) for best after an
// iteration; 100 when switched off or before any node was counted.
func (s *Searcher) nodeSharePct(best board.Move) int {
	p := s.P
	if !p.Bool(tmNodesEnabled) || s.nodes == 0 {
		return 100
	}
	share := int(s.rootNodes[rootIndex(best)] * 1000 / s.nodes) // permille
	return max(p.Int(tmNodesMin), p.Int(tmNodesBase)-p.Int(tmNodesSlope)*share/1000)
}
