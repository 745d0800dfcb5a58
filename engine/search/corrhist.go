package search

import (
	"github.com/elolab/elolab/engine/board"
	"github.com/elolab/elolab/engine/params"
)

// Correction history: the static evaluation is wrong in a way that depends
// on the pawn structure (a blocked centre, a weak pawn the evaluation does
// not see), and the search finds out. After each node the difference
// between its searched score and its raw evaluation is folded into a
// moving average kept per side to move and pawn-structure hash, and the
// static evaluation the pruning decisions read (razoring, reverse
// futility, null move, futility, improving) is the raw one plus that
// average. The transposition table keeps the raw evaluation, so the
// correction is always the table's current one.
//
// Entries are int16 in 1/corrGrain of a centipawn, so a small weight still
// moves an entry; the limit keeps the largest correction within int16.
// The table has room for the largest size at Searcher creation: a smaller
// corrhist.sizelog2 uses a prefix of it, so no size ever allocates.
var (
	corrEnabled   = params.Bool("corrhist.enabled", false, "search", "correct the static evaluation by a pawn-structure history of search results")
	corrSizeLog2  = params.Int("corrhist.sizelog2", 14, 8, corrMaxLog2, 1, "search", "correction history: log2 of the entries per side to move")
	corrWeightCap = params.Int("corrhist.weightcap", 16, 1, 128, 2, "search", "correction history: largest weight of one update (depth+1, out of 256)")
	corrLimit     = params.Int("corrhist.limit", 64, 4, corrMaxLimit, 4, "search", "correction history: largest correction (cp)")
	corrScale     = params.Int("corrhist.scale", 100, 10, 200, 10, "search", "correction history: percent of the stored correction applied to the evaluation")
)

const (
	corrMaxLog2  = 16
	corrGrain    = 256 // entry units per centipawn
	corrWeights  = 256 // an update's weight is out of this
	corrMaxLimit = 127 // cp: corrMaxLimit*corrGrain fits an int16
)

// corrTable is indexed by side to move and the pawn key's low bits.
type corrTable [2][1 << corrMaxLog2]int16

// corrEntry is the entry of pos, or nil when the feature is off.
func (s *Searcher) corrEntry(pos *board.Position) *int16 {
	if !s.P.Bool(corrEnabled) {
		return nil
	}
	mask := uint64(1)<<s.P.Int(corrSizeLog2) - 1
	return &s.corr[pos.SideToMove()][pos.PawnKey()&mask]
}

// correctEval returns the raw evaluation plus the correction of entry
// (nil: raw unchanged), kept inside the normal score range so that a
// corrected evaluation is never taken for a mate.
func (s *Searcher) correctEval(raw int, entry *int16) int {
	if entry == nil {
		return raw
	}
	v := raw + int(*entry)*s.P.Int(corrScale)/(100*corrGrain)
	return max(-mateBand+1, min(v, mateBand-1))
}

// updateCorrection folds a searched node's result into its entry: score
// with its bound, from a search of depth, whose evaluation was raw before
// correction and eval after. A bound that does not say on which side of
// the evaluation the true score lies (a fail high at or below it, a fail
// low at or above it) teaches nothing, and neither do mate scores.
func (s *Searcher) updateCorrection(entry *int16, score, bound, depth, raw, eval int) {
	if entry == nil || score >= mateBand || score <= -mateBand ||
		(bound == boundLower && score <= eval) || (bound == boundUpper && score >= eval) {
		return
	}
	w := min(depth+1, s.P.Int(corrWeightCap))
	limit := s.P.Int(corrLimit) * corrGrain
	v := (int(*entry)*(corrWeights-w) + (score-raw)*corrGrain*w) / corrWeights
	*entry = int16(max(-limit, min(v, limit)))
}
