// Package texel owns Texel tuning of labrat's evaluation weights: reading
// labelled positions (EPD with c9 results, or [1.0]/[0.5]/[0.0] after a
// FEN, each optionally with a score label: EPD ce, or a number after the
// bracket), storing each position's evaluation as sparse coefficients of
// the tuned weights, fitting the sigmoid's scaling constant K, minimising
// the mean squared error of sigmoid(K·eval) against the game results, or
// against their blend with the score labels (scorelabel.go), with Adam,
// and writing the rounded weights as a labrat parameter file.
//
// # Model
//
// labrat's evaluation is linear in its weights apart from two scaling
// terms (material trades, drawn endgames), and eval.Evaluator.TraceEval
// reports every weight's coefficient. Each position is traced once, at the
// start values; its score from White's side is stored as
//
//	s = offset + Σ coef_j · w_j       (j over the tuned weights)
//
// where offset is the engine's full score minus the tuned weights' part:
// the untuned weights, tempo when it is not tuned (tuned, its coefficient is
// ±1 for the side to move), integer rounding, and the two scaling terms at
// their start-value contribution. The model therefore equals the engine at
// the start point and its gradient is exact; it departs from the engine only
// through the scaling terms, which do not follow the weights as they move.
// Parameters that enter no position (search parameters, the scaling
// percentages, terms that never occur in the data) have no coefficient and
// keep their values.
//
// # Storage and speed
//
// Coefficients are float32 and parameter indices uint16 in flat slices
// with a start offset per position (Dataset): a datagen position has about
// 36 non-zero coefficients over the 432 integer eval weights once White's
// and Black's cancel, so a million positions take about 230 MB. Loss and gradient passes (Model) split the
// positions among goroutines started once; a full-gradient epoch allocates
// nothing and streams through the data once.
//
// # Tuning
//
// K is fitted on the training set by golden-section search over [0, 10]
// (unless given), then Adam (β1 0.9, β2 0.999) steps over the whole
// training set per epoch or over mini-batches of a fixed shuffle, each step
// projected onto the parameters' [min, max]. The hold-out set is chosen by
// a hash of each line and the seed, so the split does not depend on line
// order. The result is rounded to integers and clipped.
package texel
