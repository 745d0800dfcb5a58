package search

import "github.com/elolab/elolab/engine/params"

// Late move pruning (MadChess 2.0 build 044): near the horizon, quiet moves
// beyond a move count are skipped; history ordering has put them last
// because they are unlikely to cut off. The count grows with depth.
var (
	lmpEnabled = params.Bool("lmp.enabled", true, "search", "late move pruning of quiet moves near the horizon")
	lmpDepth   = params.Int("lmp.depth", 4, 1, 10, 1, "search", "deepest remaining depth where late moves are pruned")
	lmpBase    = params.Int("lmp.base", 3, 1, 20, 1, "search", "quiet moves always searched at depth 1")
	lmpScale   = params.Int("lmp.scale", 2, 0, 10, 1, "search", "extra quiet moves searched per depth² ")
)

// lateMoveLimit is the number of quiet moves searched before the rest are
// pruned (0: no pruning at this node). A worsening node (improving.go)
// keeps only improving.lmppct percent of them.
func (s *Searcher) lateMoveLimit(depth int, inCheck, pvNode, worsening bool) int {
	p := s.P
	if !p.Bool(lmpEnabled) || inCheck || pvNode || depth > p.Int(lmpDepth) {
		return 0
	}
	n := p.Int(lmpBase) + p.Int(lmpScale)*depth*depth
	if worsening {
		n = max(1, n*p.Int(improvingLMP)/100)
	}
	return n
}
