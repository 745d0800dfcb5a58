package search

import "github.com/elolab/elolab/engine/params"

// Mate-threat extension: when the null move's reduced search (nullmove.go)
// finds that passing here loses to a mate, the opponent threatens mate and
// only the moves that parry it hold the node. A search at the usual depth
// can push the parry, or the counter-attack that outruns it, beyond its
// horizon, so the node is searched one ply deeper (Donninger's threat
// extension, as in Crafty and Fruit). The null move is tried only where
// the evaluation already beats beta, so this costs nothing at most nodes;
// like the singular extension, it stops at twice the iteration's depth.
//
// nullmove.matethreat.plies bounds the threat by its length. At any length
// (2026-12-04) it won WAC positions (291 at 600,000 nodes where the engine
// without it solves 288) and lost 15.5 of 800 points against Ethereal 12
// on the same openings. With mates in one only (plies 2), the parry of a
// threat the null move sees at once, it solves 291, 293 and 294 at
// 500,000, 600,000 and 700,000 nodes (286, 288, 289 without) and scored
// 15 of 600 points more than the engine without it against Ethereal 12, in
// one gauntlet on the same openings (2026-12-06, README): the default since.
var (
	mateThreatExt   = params.Bool("nullmove.matethreat", true, "search", "extend a node one ply when the null move's search finds a mate against it")
	mateThreatPlies = params.Int("nullmove.matethreat.plies", 2, 2, 128, 2, "search", "longest mate, in plies from the node with the null move counted, that marks a mate threat")
)

// isMateThreat reports whether sc, the null move's failed-low score at the
// node at ply, is a mate against the node within nullmove.matethreat.plies
// plies (the null move and the mating line).
func (s *Searcher) isMateThreat(sc, ply int) bool {
	return sc <= -mateBand && Mate+sc-ply <= s.P.Int(mateThreatPlies)
}

// mateThreatExtension is the extra depth for the node at ply whose null
// move found a mate against it (threat).
func (s *Searcher) mateThreatExtension(ply int, threat bool) int {
	if !threat || !s.P.Bool(mateThreatExt) || ply >= 2*s.rootDepth {
		return 0
	}
	return 1
}
