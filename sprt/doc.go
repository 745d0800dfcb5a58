// Package sprt owns the lab's match statistics for one engine against
// another: Elo, normalized Elo (nElo) and their 95 % intervals, LOS, draw
// and pairs ratios from trinomial (W/D/L) or pentanomial (game-pair) counts;
// the generalized SPRT log-likelihood ratio for the logistic, normalized and
// BayesElo models with its bounds and verdict; fishtest's SPRT calculator
// (pass probability and expected games for a true Elo); and the
// median-unbiased Elo estimate of a finished SPRT.
//
// The numbers follow fishtest (server/fishtest/stats) because that is what
// engine authors trust: zero counts are regularized to 1e-3 before any
// estimate, and the LLR is the exact GSPRT with constrained maximum
// likelihood, not the Brownian approximation. Tests document where
// fastchess, cutechess and OpenBench differ.
//
// Counts are kept in ascending score order everywhere: trinomial
// [L, D, W] and pentanomial [LL, LD, DD+WL, WD, WW] (pair scores 0, ½, 1,
// 1½, 2), from the tested engine's point of view.
//
// A float64 result that does not exist (for example the Elo of zero games)
// is NaN in Go values and null in their JSON encoding; use Valid to test.
// Multi-player ratings (Ordo-style) live in the sub-package rating.
package sprt
