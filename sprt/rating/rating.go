// Package rating owns multi-player ratings from game results, Ordo-style:
// maximum-likelihood logistic ratings relative to the pool average or an
// anchor, an optional (fixed or fitted) white advantage, the standard
// deviation of every rating and of every difference, and CFS (confidence
// for superiority) between neighbours and head to head.
//
// Method. Each game's white score s (1, ½, 0) is modelled as having
// expectation E = 1/(1+exp(−β(Rw − Rb + A))) and the ratings maximize
// Σ s·ln E + (1−s)·ln(1−E), whose optimum gives every player an expected
// score equal to the actual one — the condition Ordo solves. β sets the
// scale: ln 10/400 for standard Elo, ln(0.76/0.24)/202 for Ordo's default
// (202 points = 76 %).
//
// SD method: covariance, not simulation. The covariance of the ratings is
// the sandwich H⁻¹JH⁻¹ of the log-likelihood's Hessian H (game variance
// E(1−E)) and the information J with the draw-adjusted game variance
// E(1−E) − D/4 (D = the sample's draw rate, capped so that W, L ≥ 0).
// It is deterministic, so tables are reproducible without a seed.
//
// Players with a 100 % or 0 % score have no finite ML rating; they are
// listed without one (Rated false) and their games are left out of the
// fit, repeatedly until no such player remains. Results that still do not
// tie every player to every other in both directions are an error.
package rating

import (
	"errors"
	"fmt"
	"math"
	"sort"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/stat/distuv"
)

// Scale is the rating scale.
type Scale int

// Rating scales.
const (
	// Elo is the standard logistic Elo scale (400·log10).
	Elo Scale = iota
	// Ordo is Ordo's default scale: 202 points = 76 % expected score.
	Ordo
)

// Beta is the logistic slope of the scale per rating point.
func (s Scale) Beta() float64 {
	if s == Ordo {
		return math.Log(0.76/0.24) / 202
	}
	return math.Ln10 / 400
}

func (s Scale) String() string {
	if s == Ordo {
		return "ordo"
	}
	return "elo"
}

// Describe is a one-line description of the scale for table headers.
func (s Scale) Describe() string {
	if s == Ordo {
		return "Ordo scale (202 points = 76 %)"
	}
	return "logistic Elo scale (400·log10: 400 points = 10:1 odds)"
}

// SDMethod names how standard deviations are computed, for output.
const SDMethod = "covariance (sandwich of the likelihood Hessian with draw-adjusted game variance), no simulation"

// Game is one game: White's score is 1, 0.5 or 0.
type Game struct {
	White, Black string
	WhiteScore   float64
}

// Options configure Rate. The zero value rates on the Elo scale with pool
// average 0 and no white advantage.
type Options struct {
	Scale   Scale
	Average float64 // pool average when there is no anchor
	// Anchor, when not empty, is fixed at AnchorRating instead of fixing
	// the pool average.
	Anchor       string
	AnchorRating float64
	// WhiteAdvantage is a fixed white advantage in rating points; with
	// FitWhite it is estimated from the games instead.
	WhiteAdvantage float64
	FitWhite       bool
	// Confidence of the Error columns (default 0.95).
	Confidence float64
}

// Player is one row of the table.
type Player struct {
	Name   string
	Rated  bool    // false for 100 % / 0 % scores (see package doc)
	Rating float64 // NaN when not rated
	SD     float64 // standard deviation of Rating (0 for the anchor)
	Error  float64 // SD times the confidence quantile (1.96 for 95 %)
	// CFS is the confidence (0..1) that this player is stronger than the
	// next rated player in the table, NaN for the last one.
	CFS                  float64
	Games                int
	Wins, Draws, Losses  int
	Points               float64
	OppAvg               float64 // average rating of the rated opponents faced, per game
	index                int     // position in the fit, −1 when not rated
	h2h                  map[int]*HeadToHead
	unratedPerfectReason string
}

// Score is the fraction of points scored (0..1), NaN without games.
func (p Player) Score() float64 {
	if p.Games == 0 {
		return math.NaN()
	}
	return p.Points / float64(p.Games)
}

// Reason explains why a player is not rated ("" when rated).
func (p Player) Reason() string { return p.unratedPerfectReason }

// HeadToHead is one player's record against one opponent.
type HeadToHead struct {
	Opponent            int // index into Table.Players
	Games               int
	Wins, Draws, Losses int
	Points              float64
	// Diff is the player's rating minus the opponent's, SD its standard
	// deviation and CFS = Φ(Diff/SD); NaN unless both are rated.
	Diff, SD, CFS float64
}

// Table is the result of Rate. Players are sorted by rating (unrated
// players last, 100 % before 0 %).
type Table struct {
	Players        []Player
	Scale          Scale
	Anchor         string
	Average        float64
	WhiteAdvantage float64
	WhiteSD        float64 // 0 when the advantage is fixed
	FitWhite       bool
	DrawRate       float64
	Confidence     float64
	cov            *mat.SymDense // covariance of the rated players (fit order)
}

// ErrNotConnected is returned when the results do not determine finite
// ratings for every remaining player.
var ErrNotConnected = errors.New("rating: results do not tie all players together in both directions")

type pairing struct {
	w, b   int // fit indices
	n      float64
	points float64 // white's points
}

// Rate computes the ratings table of games.
func Rate(games []Game, opt Options) (*Table, error) {
	if opt.Confidence == 0 {
		opt.Confidence = 0.95
	}
	if !(opt.Confidence > 0 && opt.Confidence < 1) {
		return nil, fmt.Errorf("rating: confidence %g outside (0, 1)", opt.Confidence)
	}
	idx := map[string]int{}
	var players []Player
	id := func(name string) int {
		if i, ok := idx[name]; ok {
			return i
		}
		idx[name] = len(players)
		players = append(players, Player{Name: name, h2h: map[int]*HeadToHead{}})
		return len(players) - 1
	}
	var draws, total float64
	for _, g := range games {
		if g.WhiteScore != 0 && g.WhiteScore != 0.5 && g.WhiteScore != 1 {
			return nil, fmt.Errorf("rating: white score %g in %s vs %s (want 1, 0.5 or 0)", g.WhiteScore, g.White, g.Black)
		}
		if g.White == g.Black {
			return nil, fmt.Errorf("rating: %s plays itself", g.White)
		}
		w, b := id(g.White), id(g.Black)
		record(&players[w], w, b, g.WhiteScore)
		record(&players[b], b, w, 1-g.WhiteScore)
		total++
		if g.WhiteScore == 0.5 {
			draws++
		}
	}
	if len(players) == 0 {
		return nil, errors.New("rating: no games")
	}
	if opt.Anchor != "" {
		if _, ok := idx[opt.Anchor]; !ok {
			return nil, fmt.Errorf("rating: anchor %q played no game", opt.Anchor)
		}
	}

	// Leave out perfect and zero scores until none remains.
	active := make([]bool, len(players))
	for i := range active {
		active[i] = true
	}
	for changed := true; changed; {
		changed = false
		for i := range players {
			if !active[i] {
				continue
			}
			var n int
			var pts float64
			for opp, h := range players[i].h2h {
				if active[opp] {
					n += h.Games
					pts += h.Points
				}
			}
			switch {
			case n == 0:
				players[i].unratedPerfectReason = "no games against rated players"
			case pts == float64(n):
				players[i].unratedPerfectReason = "100 % score: the maximum-likelihood rating is +infinity"
			case pts == 0:
				players[i].unratedPerfectReason = "0 % score: the maximum-likelihood rating is -infinity"
			default:
				continue
			}
			active[i] = false
			changed = true
		}
	}
	if opt.Anchor != "" && !active[idx[opt.Anchor]] {
		return nil, fmt.Errorf("rating: anchor %q cannot be rated: %s", opt.Anchor, players[idx[opt.Anchor]].unratedPerfectReason)
	}
	var fit []int // fit index -> player index
	for i := range players {
		players[i].index = -1
		players[i].Rating, players[i].SD, players[i].Error, players[i].CFS = math.NaN(), math.NaN(), math.NaN(), math.NaN()
		if active[i] {
			players[i].index = len(fit)
			fit = append(fit, i)
		}
	}
	t := &Table{Scale: opt.Scale, Anchor: opt.Anchor, Average: opt.Average, WhiteAdvantage: opt.WhiteAdvantage,
		FitWhite: opt.FitWhite, Confidence: opt.Confidence, DrawRate: draws / total}
	if len(fit) > 0 {
		if err := connected(players, fit); err != nil {
			return nil, err
		}
		var pairs []pairing
		agg := map[[2]int]*pairing{}
		for _, g := range games {
			w, b := idx[g.White], idx[g.Black]
			if !active[w] || !active[b] {
				continue
			}
			k := [2]int{players[w].index, players[b].index}
			p, ok := agg[k]
			if !ok {
				p = &pairing{w: k[0], b: k[1]}
				agg[k] = p
			}
			p.n++
			p.points += g.WhiteScore
		}
		for _, p := range agg {
			pairs = append(pairs, *p)
		}
		sort.Slice(pairs, func(i, j int) bool {
			if pairs[i].w != pairs[j].w {
				return pairs[i].w < pairs[j].w
			}
			return pairs[i].b < pairs[j].b
		})
		ref := 0
		if opt.Anchor != "" {
			ref = players[idx[opt.Anchor]].index
		}
		r, white, cov, err := solve(len(fit), pairs, ref, opt, t.DrawRate)
		if err != nil {
			return nil, err
		}
		t.cov = cov
		t.WhiteAdvantage = white
		if opt.FitWhite {
			t.WhiteSD = math.Sqrt(cov.At(len(fit), len(fit)))
		}
		z := distuv.UnitNormal.Quantile(0.5 + opt.Confidence/2)
		for k, pi := range fit {
			players[pi].Rated = true
			players[pi].Rating = r[k]
			players[pi].SD = math.Sqrt(math.Max(0, cov.At(k, k)))
			players[pi].Error = z * players[pi].SD
		}
	}
	for i := range players {
		var sum float64
		var n int
		// Sum in opponent order, not map order: the same games must give
		// the same table to the last bit.
		for opp := range players {
			if h := players[i].h2h[opp]; h != nil && players[opp].Rated {
				sum += players[opp].Rating * float64(h.Games)
				n += h.Games
			}
		}
		players[i].OppAvg = math.NaN()
		if n > 0 {
			players[i].OppAvg = sum / float64(n)
		}
	}
	t.Players = players
	t.sortAndLink()
	return t, nil
}

func record(p *Player, self, opp int, score float64) {
	_ = self
	h, ok := p.h2h[opp]
	if !ok {
		h = &HeadToHead{Opponent: opp}
		p.h2h[opp] = h
	}
	h.Games++
	h.Points += score
	p.Games++
	p.Points += score
	switch score {
	case 1:
		h.Wins++
		p.Wins++
	case 0.5:
		h.Draws++
		p.Draws++
	default:
		h.Losses++
		p.Losses++
	}
}

// connected checks that the "scored at least a draw against" graph of the
// rated players is strongly connected: otherwise some group's ratings
// would run off to infinity relative to the others.
func connected(players []Player, fit []int) error {
	n := len(fit)
	reach := func(forward bool) []bool {
		seen := make([]bool, n)
		stack := []int{0}
		seen[0] = true
		for len(stack) > 0 {
			k := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for opp, h := range players[fit[k]].h2h {
				o := players[opp].index
				if o < 0 || seen[o] {
					continue
				}
				// forward: k scored against o; backward: o scored against k.
				ok := h.Points > 0
				if !forward {
					ok = h.Points < float64(h.Games)
				}
				if ok {
					seen[o] = true
					stack = append(stack, o)
				}
			}
		}
		return seen
	}
	f, b := reach(true), reach(false)
	for k := 0; k < n; k++ {
		if !f[k] || !b[k] {
			return fmt.Errorf("%w (for example %s and %s)", ErrNotConnected, players[fit[0]].Name, players[fit[k]].Name)
		}
	}
	return nil
}
