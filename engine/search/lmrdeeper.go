package search

import "github.com/elolab/elolab/engine/params"

// Deeper and shallower re-searches after a reduction (Stockfish's
// doDeeperSearch and doShallowerSearch): a late move whose reduced search
// beat alpha is searched again, and how its reduced score compares with
// the best score of the node so far sets the depth of that second look.
// A move that beat the best by a wide margin is likely the new best move
// and gets one ply more than its unreduced depth; one that barely reached
// it gets one ply less, which saves the re-search where the reduction
// alone already left it a ply short. The margin grows with depth, as the
// scores of deeper searches spread wider.
//
// Off: −5.8 ± 18.9 Elo in 600 self-play games at 1+0.01 (2026-11-30,
// LOS 27 %), and WAC 286, 286, 286 at 200 ms where the defaults solved
// 287, 287, 287; with the shallower half off (lmr.shallower.margin 0)
// WAC 288, 288, and against Ethereal 12 148.5 of 500 points where the
// defaults scored 149.5 on the same openings (2026-11-30, evening).
var (
	lmrDeeper          = params.Bool("lmr.deeper", false, "search", "re-search a reduced move that beat alpha one ply deeper when it beat the node's best by lmr.deeper.margin, one ply shallower when it barely did")
	lmrDeeperMargin    = params.Int("lmr.deeper.margin", 43, 0, 200, 10, "search", "centipawns over the node's best score for the deeper re-search")
	lmrDeeperSlope     = params.Int("lmr.deeper.slope", 2, 0, 10, 1, "search", "centipawns more margin per ply of depth")
	lmrShallowerMargin = params.Int("lmr.shallower.margin", 9, 0, 100, 5, "search", "a reduced score below the node's best plus this is re-searched one ply shallower")
)

// researchDepth is the depth of the re-search of a reduced move whose
// reduced score sc beat alpha, at a node whose best score so far is best
// and whose moves are searched to newDepth unreduced.
func (s *Searcher) researchDepth(sc, best, newDepth int) int {
	p := s.P
	if !p.Bool(lmrDeeper) {
		return newDepth
	}
	switch {
	case sc > best+p.Int(lmrDeeperMargin)+p.Int(lmrDeeperSlope)*newDepth:
		return newDepth + 1
	case sc < best+p.Int(lmrShallowerMargin):
		return newDepth - 1
	}
	return newDepth
}
