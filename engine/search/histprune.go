package search

import (
	"github.com/elolab/elolab/engine/board"
	"github.com/elolab/elolab/engine/params"
)

// History pruning: near the horizon, a quiet move whose history and
// continuation scores (the picker's own ordering score) are deep in the
// negative has failed to cut off in this context many times; it is skipped
// like a late move. Killers and the counter-move are kept: their score is
// their slot, not their history.
var (
	histPruneEnabled = params.Bool("histprune.enabled", false, "search", "prune quiet moves with a bad history near the horizon")
	histPruneDepth   = params.Int("histprune.depth", 3, 1, 8, 1, "search", "deepest remaining depth where history pruning applies")
	histPruneMargin  = params.Int("histprune.margin", 1500, 200, 12000, 200, "search", "a quiet is pruned below -margin × depth of history")
)

func (s *Searcher) historyPrunable(depth int, fr *frame, mp *picker, us board.Color, m board.Move, givesCheck bool) bool {
	p := s.P
	if !p.Bool(histPruneEnabled) || depth > p.Int(histPruneDepth) || givesCheck ||
		m == mp.k1 || m == mp.k2 || m == mp.counter {
		return false
	}
	sc := s.quietScore(fr, us, m, s.pos.PieceAt(m.From()), p.Bool(historyEnabled))
	return int(sc) < -p.Int(histPruneMargin)*depth
}
