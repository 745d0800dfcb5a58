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
// corrhist.nonpawn adds two more tables, one per colour, keyed by the
// side to move and that colour's pieces other than pawns (king included;
// Stockfish's non-pawn correction): a knight on a poor square or a king
// walked into a bad spot is wrong the same way whatever the pawns do.
// Each table learns what the others leave: an update moves each of the
// node's entries by the same step, the update's weight times the error
// left after their summed correction, so the pawn table alone learns what
// it learnt before (to the rounding) and three tables do not learn one
// error three times.
//
// corrhist.qs lets quiescence stand pat on the corrected evaluation too,
// as Stockfish does (it learns nothing there: a quiescence node's score
// is its captures', which the evaluation is not meant to see).
//
// Entries are int16 in 1/corrGrain of a centipawn, so a small weight still
// moves an entry; the limit keeps the largest correction within int16.
// The tables have room for the largest size at Searcher creation: a
// smaller corrhist.sizelog2 uses a prefix of them, so no size ever
// allocates.
var (
	corrEnabled    = params.Bool("corrhist.enabled", false, "search", "correct the static evaluation by a pawn-structure history of search results")
	corrSizeLog2   = params.Int("corrhist.sizelog2", 14, 8, corrMaxLog2, 1, "search", "correction history: log2 of the entries per side to move")
	corrWeightCap  = params.Int("corrhist.weightcap", 16, 1, 128, 2, "search", "correction history: largest weight of one update (depth+1, out of 256)")
	corrLimit      = params.Int("corrhist.limit", 64, 4, corrMaxLimit, 4, "search", "correction history: largest correction (cp)")
	corrScale      = params.Int("corrhist.scale", 100, 10, 200, 10, "search", "correction history: percent of the stored correction applied to the evaluation")
	corrNonPawn    = params.Bool("corrhist.nonpawn", false, "search", "correction history: also a table per colour keyed by its pieces other than pawns")
	corrNonPawnPct = params.Int("corrhist.nonpawnpct", 100, 0, 200, 10, "search", "correction history: percent of a non-pawn table's entry in the correction")
	corrQS         = params.Bool("corrhist.qs", false, "search", "correction history: quiescence stands pat on the corrected evaluation too")
)

const (
	corrMaxLog2  = 16
	corrGrain    = 256 // entry units per centipawn
	corrWeights  = 256 // an update's weight is out of this
	corrMaxLimit = 127 // cp: corrMaxLimit*corrGrain fits an int16
)

// corrTable is indexed by side to move and a key's low bits: the pawn
// key's, or one colour's non-pawn key's.
type corrTable [2][1 << corrMaxLog2]int16

// corrSet is a node's entries: the pawn table's (nil when the feature is
// off) and the non-pawn tables' of White and Black (nil unless
// corrhist.nonpawn).
type corrSet struct {
	pawn    *int16
	nonPawn [2]*int16
}

// corrEntries returns pos's entries.
func (s *Searcher) corrEntries(pos *board.Position) corrSet {
	if !s.P.Bool(corrEnabled) {
		return corrSet{}
	}
	mask := uint64(1)<<s.P.Int(corrSizeLog2) - 1
	stm := pos.SideToMove()
	cs := corrSet{pawn: &s.corr[stm][pos.PawnKey()&mask]}
	if s.P.Bool(corrNonPawn) {
		for c := range cs.nonPawn {
			cs.nonPawn[c] = &s.corrNP[c][stm][pos.NonPawnKey(board.Color(c))&mask]
		}
	}
	return cs
}

// corrTotal is the set's correction in entry units, before corrhist.scale,
// within the limit.
func (s *Searcher) corrTotal(cs corrSet) int {
	v := int(*cs.pawn)
	if cs.nonPawn[0] != nil {
		pct := s.P.Int(corrNonPawnPct)
		v += (int(*cs.nonPawn[0]) + int(*cs.nonPawn[1])) * pct / 100
	}
	limit := s.P.Int(corrLimit) * corrGrain
	return max(-limit, min(v, limit))
}

// correctEval returns the raw evaluation plus the set's correction (no
// entries: raw unchanged), kept inside the normal score range so that a
// corrected evaluation is never taken for a mate.
func (s *Searcher) correctEval(raw int, cs corrSet) int {
	if cs.pawn == nil {
		return raw
	}
	v := raw + s.corrTotal(cs)*s.P.Int(corrScale)/(100*corrGrain)
	return max(-mateBand+1, min(v, mateBand-1))
}

// updateCorrection folds a searched node's result into its entries: score
// with its bound, from a search of depth, whose evaluation was raw before
// correction and eval after. A bound that does not say on which side of
// the evaluation the true score lies (a fail high at or below it, a fail
// low at or above it) teaches nothing, and neither do mate scores.
func (s *Searcher) updateCorrection(cs corrSet, score, bound, depth, raw, eval int) {
	if cs.pawn == nil || isMate(score) ||
		(bound == boundLower && score <= eval) || (bound == boundUpper && score >= eval) {
		return
	}
	w := min(depth+1, s.P.Int(corrWeightCap))
	limit := s.P.Int(corrLimit) * corrGrain
	step := ((score-raw)*corrGrain - s.corrTotal(cs)) * w / corrWeights
	for _, e := range [3]*int16{cs.pawn, cs.nonPawn[0], cs.nonPawn[1]} {
		if e != nil {
			*e = int16(max(-limit, min(int(*e)+step, limit)))
		}
	}
}
