package rating

import (
	"math"
	"sort"

	"gonum.org/v1/gonum/stat/distuv"
)

// sortAndLink orders the players (rated by rating, then 100 % scores, then
// the rest, then 0 % scores), re-indexes the head-to-head records and fills
// the neighbour CFS.
func (t *Table) sortAndLink() {
	group := func(p Player) int {
		switch {
		case p.Rated:
			return 1
		case p.Games > 0 && p.Points == float64(p.Games):
			return 0
		case p.Points == 0:
			return 3
		}
		return 2
	}
	order := make([]int, len(t.Players))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool {
		pa, pb := t.Players[order[a]], t.Players[order[b]]
		if ga, gb := group(pa), group(pb); ga != gb {
			return ga < gb
		}
		if pa.Rated && pa.Rating != pb.Rating {
			return pa.Rating > pb.Rating
		}
		return pa.Name < pb.Name
	})
	newPos := make([]int, len(order))
	for n, o := range order {
		newPos[o] = n
	}
	sorted := make([]Player, len(order))
	for n, o := range order {
		p := t.Players[o]
		h := make(map[int]*HeadToHead, len(p.h2h))
		for opp, rec := range p.h2h {
			rec.Opponent = newPos[opp]
			h[newPos[opp]] = rec
		}
		p.h2h = h
		sorted[n] = p
	}
	t.Players = sorted
	var rated []int
	for i, p := range t.Players {
		if p.Rated {
			rated = append(rated, i)
		}
	}
	for k := 0; k+1 < len(rated); k++ {
		t.Players[rated[k]].CFS = t.CFS(rated[k], rated[k+1])
	}
	for i := range t.Players {
		for _, h := range t.Players[i].h2h {
			h.Diff, h.SD, h.CFS = math.NaN(), math.NaN(), math.NaN()
			if t.Players[i].Rated && t.Players[h.Opponent].Rated {
				h.Diff = t.Players[i].Rating - t.Players[h.Opponent].Rating
				h.SD = t.DiffSD(i, h.Opponent)
				h.CFS = t.CFS(i, h.Opponent)
			}
		}
	}
}

// DiffSD is the standard deviation of Rating(i) − Rating(j) (table
// positions), NaN unless both are rated. It does not depend on whether the
// pool average or an anchor is fixed.
func (t *Table) DiffSD(i, j int) float64 {
	a, b := t.Players[i].index, t.Players[j].index
	if a < 0 || b < 0 {
		return math.NaN()
	}
	v := t.cov.At(a, a) + t.cov.At(b, b) - 2*t.cov.At(a, b)
	return math.Sqrt(math.Max(0, v))
}

// CFS is the confidence (0..1) that player i is stronger than player j:
// Φ(diff/SD(diff)). NaN unless both are rated.
func (t *Table) CFS(i, j int) float64 {
	sd := t.DiffSD(i, j)
	if math.IsNaN(sd) {
		return math.NaN()
	}
	d := t.Players[i].Rating - t.Players[j].Rating
	if sd == 0 {
		switch {
		case d > 0:
			return 1
		case d < 0:
			return 0
		}
		return 0.5
	}
	return distuv.UnitNormal.CDF(d / sd)
}

// HeadToHead lists player i's records against each opponent, strongest
// opponent first.
func (t *Table) HeadToHead(i int) []HeadToHead {
	var out []HeadToHead
	for _, h := range t.Players[i].h2h {
		out = append(out, *h)
	}
	sort.Slice(out, func(a, b int) bool { return out[a].Opponent < out[b].Opponent })
	return out
}

// ErrorZ is the normal quantile that turns an SD into the Error column at
// the given two-sided confidence (1.96 for 0.95).
func ErrorZ(confidence float64) float64 {
	return distuv.UnitNormal.Quantile(0.5 + confidence/2)
}
