package search

import "github.com/elolab/elolab/engine/params"

// Mate-distance pruning: a node can never score better than mating at once
// nor worse than being mated at once, so the window shrinks to that range.
var mdpEnabled = params.Bool("mdp.enabled", true, "search", "mate-distance pruning")

func mateDistance(alpha, beta, ply int) (int, int) {
	return max(alpha, -Mate+ply), min(beta, Mate-ply-1)
}
