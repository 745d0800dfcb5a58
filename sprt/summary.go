package sprt

import (
	"encoding/json"
	"math"
)

// Summary is the Elo picture of one match (fastchess's result block).
// Values that do not exist are NaN (JSON null): all estimates when there
// are no games, the Elo and nElo estimates and their errors at a 0 % or
// 100 % score (see Unbounded), PairsRatio when no pair was lost.
type Summary struct {
	Penta bool  // computed from pentanomial counts
	Games int64 // games (2·pairs for pentanomial)
	Pairs int64 // pairs (0 for trinomial)
	// Points is the tested engine's score in game points, Score the same
	// per game (0..1).
	Points, Score float64
	// Elo is fishtest's logistic Elo estimate with its symmetric 95 %
	// half-width EloError and the asymmetric interval [EloLower, EloUpper].
	Elo, EloError, EloLower, EloUpper float64
	// NElo is normalized Elo; NEloError the 95 % half-width as fishtest
	// computes it (asymptotic variance of the t-value).
	NElo, NEloError float64
	// LOS is the likelihood of superiority, a fraction 0..1.
	LOS float64
	// DrawRatio is drawn games / games for trinomial results and, as in
	// fastchess, pairs scoring 1 / pairs for pentanomial results.
	DrawRatio float64
	// PairsRatio is (WD+WW)/(LL+LD), pentanomial only.
	PairsRatio float64
}

// z95 is the two-sided 95 % normal quantile (1.959964…), used by both
// fishtest's Elo and nElo intervals.
var z95 = PhiInv(0.975)

// Summarize computes the Elo summary of r the way fishtest does.
func Summarize(r Results) Summary {
	nan := math.NaN()
	s := Summary{Penta: r.penta, Games: r.Games(), Pairs: r.Pairs(), Points: r.Points(),
		Score: nan, Elo: nan, EloError: nan, EloLower: nan, EloUpper: nan,
		NElo: nan, NEloError: nan, LOS: nan, DrawRatio: nan, PairsRatio: nan}
	if r.penta {
		lose := r.c[0] + r.c[1]
		if lose > 0 {
			s.PairsRatio = float64(r.c[3]+r.c[4]) / float64(lose)
		}
	}
	if s.Games == 0 {
		return s
	}
	s.Score = s.Points / float64(s.Games)
	if r.penta {
		s.DrawRatio = float64(r.c[2]) / float64(r.Samples())
	} else {
		s.DrawRatio = float64(r.c[1]) / float64(r.Samples())
	}

	d := toPDF(r)
	// Per-game statistics (fishtest stat_util.stats): a pair counts as two
	// games and its variance is spread over them.
	mu, v := meanVar(d.k, &d.a, &d.p) // per-sample score in 0..1
	games := d.n
	perGameVar := v
	if r.penta {
		games = 2 * d.n
		perGameVar = 2 * v
	}
	se := math.Sqrt(perGameVar / games)
	lo := mu + PhiInv(0.025)*se
	hi := mu + PhiInv(0.975)*se
	s.Elo = EloFromScore(mu)
	s.EloLower = EloFromScore(lo)
	s.EloUpper = EloFromScore(hi)
	s.EloError = (s.EloUpper - s.EloLower) / 2
	if se > 0 {
		s.LOS = Phi((mu - 0.5) / se)
	}

	// Normalized Elo: t = (mu-0.5)/sigma of one sample (game or pair);
	// for pairs nElo is per game, hence the 1/√2.
	_, _, skew, exkurt := d.moments()
	sigma := math.Sqrt(v)
	scale := NEloPerT
	if r.penta {
		scale /= math.Sqrt2
	}
	if sigma > 0 {
		t := (mu - 0.5) / sigma
		s.NElo = scale * t
		// Asymptotic variance of the sample t-value.
		varT := 1 - t*skew + 0.25*t*t*(exkurt+2)
		s.NEloError = scale * z95 * math.Sqrt(varT/d.n)
	}
	if Unbounded(s.Score) != "" {
		// The finite numbers above come only from the 0.001
		// regularization of empty classes (-1199.83 Elo at 0 %); the
		// real estimate is unbounded. LOS and the LLR stay meaningful.
		s.Elo, s.EloError, s.EloLower, s.EloUpper, s.NElo, s.NEloError = nan, nan, nan, nan, nan, nan
	}
	return s
}

// RankElo is the Elo a standings table sorts by: Elo, +Inf at a 100 %
// score (above every finite Elo), -Inf at 0 %, NaN with no games (last).
func (s Summary) RankElo() float64 {
	switch {
	case Unbounded(s.Score) == "":
		return s.Elo
	case s.Score >= 1:
		return math.Inf(1)
	}
	return math.Inf(-1)
}

// MarshalJSON writes NaN and infinities as null.
func (s Summary) MarshalJSON() ([]byte, error) {
	m := map[string]any{
		"penta": s.Penta, "games": s.Games, "points": s.Points,
		"score": num(s.Score), "elo": num(s.Elo), "elo_error": num(s.EloError),
		"elo_lower": num(s.EloLower), "elo_upper": num(s.EloUpper),
		"nelo": num(s.NElo), "nelo_error": num(s.NEloError), "los": num(s.LOS),
		"draw_ratio": num(s.DrawRatio),
	}
	if s.Penta {
		m["pairs"] = s.Pairs
		m["pairs_ratio"] = num(s.PairsRatio)
	}
	return json.Marshal(m)
}

// num maps values that do not exist to nil (JSON null).
func num(x float64) any {
	if !Valid(x) {
		return nil
	}
	return x
}
