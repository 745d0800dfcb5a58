package texel

import (
	"fmt"
	"math"
	"os"
)

// Score labels: a data line "FEN [result] score" carries, besides the
// game's result, an engine's score of the position (centipawns, White's
// side), as `elolab positions` writes them from the move comments of
// played games. A result says little about one position (the game went
// on for dozens of moves after it); a stronger engine's search score says
// much more, so the target of a labelled position can blend the two:
//
//	target = (1 − w)·result + w·sigmoid(Ks·score)
//
// w is score_weight (0: results only, as before); Ks maps the labelling
// engine's centipawns to an expected result on its own scale, fitted on
// the data by golden-section search against the results (or given as
// score_k), so an engine whose scores run larger than labrat's does not
// inflate labrat's weights. Lines without a score keep their result.

// ScoreLabels counts the data lines that carry a score label.
type ScoreLabels struct {
	Lines, Scored int
	K             float64 // Ks, fitted or given
	MSE           float64 // of sigmoid(Ks·score) against the results
}

// FitScoreK reads the first maxPositions data lines of files (0: all) and
// fits Ks on those that carry a score label. Errors name file:line.
func FitScoreK(files []string, maxPositions int) (ScoreLabels, error) {
	var res, sc []float64
	lines := 0
	for _, file := range files {
		if maxPositions > 0 && lines >= maxPositions {
			break
		}
		raw, err := os.ReadFile(file)
		if err != nil {
			return ScoreLabels{}, err
		}
		err = EachDataLine(file, raw, func(_ int, _, _ []byte, r, s float64) bool {
			lines++
			if !math.IsNaN(s) {
				res, sc = append(res, r), append(sc, s)
			}
			return maxPositions <= 0 || lines < maxPositions
		})
		if err != nil {
			return ScoreLabels{}, err
		}
	}
	out := ScoreLabels{Lines: lines, Scored: len(sc)}
	if len(sc) == 0 {
		return out, fmt.Errorf("%s: no line carries a score label (want \"FEN [result] score\" or an EPD ce operation)", files[0])
	}
	loss := func(k float64) float64 {
		sum := 0.0
		for i, s := range sc {
			e := expected(k, s) - res[i]
			sum += e * e
		}
		return sum / float64(len(sc))
	}
	out.K = GoldenSection(loss, kMin, kMax, kTol)
	out.MSE = loss(out.K)
	return out, nil
}

// blend is a line's training target: its result, or with a score label
// and a weight the blend above.
func blend(result, score, weight, k float64) float64 {
	if weight <= 0 || math.IsNaN(score) {
		return result
	}
	return (1-weight)*result + weight*expected(k, score)
}

// expected is the model's sigmoid: the expected result of a score of cp
// centipawns under K = k.
func expected(k, cp float64) float64 { return 1 / (1 + math.Exp(-scaleOf(k)*cp)) }
