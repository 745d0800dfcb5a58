package sprt

import (
	"math"

	"gonum.org/v1/gonum/stat/distuv"
)

// NEloPerT converts a t-value (score excess over its standard deviation)
// into normalized Elo: 800/ln 10, fishtest's nelo_divided_by_nt.
const NEloPerT = 800 / math.Ln10

// scoreClamp is fishtest's clamp in elo(): a score of 0 or 1 would give an
// infinite Elo, so estimates saturate at about ±1200.
const scoreClamp = 1e-3

// EloFromScore is the logistic Elo difference (400·log10 scale) that gives
// the expected score s, with s clamped to [0.001, 0.999] as fishtest does.
// NaN in gives NaN out.
func EloFromScore(s float64) float64 {
	if math.IsNaN(s) {
		return math.NaN()
	}
	s = math.Min(math.Max(s, scoreClamp), 1-scoreClamp)
	return -400*math.Log10(1/s-1) + 0 // + 0 turns -0 into 0 for printing
}

// ScoreFromElo is the expected score of a logistic Elo difference
// (fishtest's L).
func ScoreFromElo(elo float64) float64 {
	return 1 / (1 + math.Pow(10, -elo/400))
}

// Phi is the standard normal CDF.
func Phi(x float64) float64 { return distuv.UnitNormal.CDF(x) }

// PhiInv is the standard normal quantile function.
func PhiInv(p float64) float64 { return distuv.UnitNormal.Quantile(p) }

// Valid reports whether x is a number that exists (not NaN, not ±Inf).
func Valid(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }

// BayesEloToProbs gives the loss, draw and win probabilities of the BayesElo
// model for a BayesElo difference and a drawelo.
func BayesEloToProbs(belo, drawelo float64) (loss, draw, win float64) {
	win = 1 / (1 + math.Pow(10, (-belo+drawelo)/400))
	loss = 1 / (1 + math.Pow(10, (belo+drawelo)/400))
	return loss, 1 - win - loss, win
}

// ProbsToBayesElo inverts BayesEloToProbs: the BayesElo difference and the
// drawelo of loss and win probabilities (both in (0, 1)).
func ProbsToBayesElo(loss, win float64) (belo, drawelo float64) {
	belo = 200 * math.Log10(win/loss*(1-loss)/(1-win))
	drawelo = 200 * math.Log10((1-loss)/loss*(1-win)/win)
	return belo, drawelo
}

// BayesEloToElo converts a BayesElo difference to logistic Elo at the given
// drawelo (fishtest's bayeselo_to_elo).
func BayesEloToElo(belo, drawelo float64) float64 {
	_, d, w := BayesEloToProbs(belo, drawelo)
	return EloFromScore(w + d/2)
}

// DrawEloFromDrawRatio is the drawelo for which two equal players draw with
// probability d (0 <= d < 1).
func DrawEloFromDrawRatio(d float64) float64 {
	return 400 * math.Log10((1+d)/(1-d))
}
