package search

import "github.com/elolab/elolab/engine/params"

// The hash table's PV flag (after Stockfish's ttPv): an entry remembers
// whether its node was searched as a PV node, and a node that is one now or
// was one before (its entry says so) keeps the flag when it stores. Lines
// that were the principal variation in an earlier iteration are the ones a
// fail-high or fail-low at the root comes back to; at such a node that is
// not a PV node now, late moves are reduced lmr.ttpv plies less, so a
// refutation the last iteration's PV depended on is not pushed over the
// horizon. Off, no entry is marked and the search is unchanged.
var (
	ttPvEnabled = params.Bool("ttpv.enabled", false, "search", "mark hash entries of PV nodes and reduce late moves less at nodes that were on the PV")
	ttPvLess    = params.Int("lmr.ttpv", 1, 0, 3, 1, "search", "plies less reduction for late moves at a non-PV node whose hash entry was a PV node's (ttpv.enabled)")
)

// ttPv is whether the node at hand counts as a PV node for the flag: it is
// one now, or its hash entry was stored by one.
func (s *Searcher) ttPv(pvNode bool, hit ttHit, found bool) bool {
	return s.P.Bool(ttPvEnabled) && (pvNode || (found && hit.pv))
}

// ttPvReduction is the change of a late move's reduction at a node whose
// flag is set while it is not a PV node now (PV nodes have their own).
func (s *Searcher) ttPvReduction(fr *frame, pvNode bool) int {
	if !fr.ttPv || pvNode {
		return 0
	}
	return -s.P.Int(ttPvLess)
}
