package search

import "github.com/elolab/elolab/engine/params"

// Late move pruning (MadChess 2.0 build 044): near the horizon, quiet moves
// beyond a move count are skipped; history ordering has put them last
// because they are unlikely to cut off. The count grows with depth.
// Depth 8 and 3 + depth² moves (with futility.moonfish.depth 6, against
// 4, 3 + 2·depth² and 2): +35.5 ± 25.5 Elo in 403 games at 1+0.01
// (2026-11-24, README "labrat's strength").
var (
	lmpEnabled = params.Bool("lmp.enabled", true, "search", "late move pruning of quiet moves near the horizon")
	lmpDepth   = params.Int("lmp.depth", 8, 1, 10, 1, "search", "deepest remaining depth where late moves are pruned")
	lmpBase    = params.Int("lmp.base", 3, 1, 20, 1, "search", "quiet moves always searched at depth 1")
	lmpScale   = params.Int("lmp.scale", 1, 0, 10, 1, "search", "extra quiet moves searched per depth² ")
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
