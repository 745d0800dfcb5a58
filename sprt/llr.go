package sprt

import "math"

// maxSolverIter bounds every iterative solver in this package, so that no
// input (NaN, extreme bounds, all draws) can make a caller loop forever.
const maxSolverIter = 200

// secular solves the secular equation Σ pᵢbᵢ/(1+x·bᵢ) = 0 for x on the
// interval where every 1+x·bᵢ > 0. It is the Lagrange condition of the
// multinomial MLE under a linear constraint (fishtest's secular()). The
// left side decreases strictly from +∞ to −∞ on that interval, so a
// Newton iteration guarded by bisection always converges. ok is false when
// the b values do not straddle zero (no constrained MLE exists).
func secular(k int, b, p *[5]float64) (x float64, ok bool) {
	bmin, bmax := math.Inf(1), math.Inf(-1)
	for i := 0; i < k; i++ {
		if p[i] <= 0 {
			continue
		}
		bmin = math.Min(bmin, b[i])
		bmax = math.Max(bmax, b[i])
	}
	if !(bmin < 0 && bmax > 0) {
		return 0, false
	}
	lo, hi := -1/bmax, -1/bmin
	x = 0
	for it := 0; it < maxSolverIter; it++ {
		var f, df float64
		inside := true
		for i := 0; i < k; i++ {
			den := 1 + x*b[i]
			if den <= 0 {
				inside = false
				break
			}
			q := b[i] / den
			f += p[i] * q
			df -= p[i] * q * q
		}
		if !inside {
			// Rounding put x on the edge: step back into the interval.
			x = lo + (hi-lo)/2
			continue
		}
		if f == 0 {
			return x, true
		}
		if f > 0 {
			lo = x
		} else {
			hi = x
		}
		next := x - f/df
		if !(next > lo && next < hi) {
			next = lo + (hi-lo)/2
		}
		if math.Abs(next-x) <= 1e-15*math.Max(1, math.Abs(x)) || hi-lo <= 1e-15*math.Max(1, math.Abs(x)) {
			return next, true
		}
		x = next
	}
	return x, true
}

// llrExpected is the per-sample GSPRT log-likelihood ratio of mean s1
// against mean s0 (fishtest LLR with statistic "expectation"): the
// multinomial MLE under "mean = s" is pᵢ/(1+x(aᵢ−s)).
func llrExpected(d *pdf, s0, s1 float64) (float64, bool) {
	var b0, b1 [5]float64
	for i := 0; i < d.k; i++ {
		b0[i] = d.a[i] - s0
		b1[i] = d.a[i] - s1
	}
	x0, ok0 := secular(d.k, &b0, &d.p)
	x1, ok1 := secular(d.k, &b1, &d.p)
	if !ok0 || !ok1 {
		return math.NaN(), false
	}
	var sum float64
	for i := 0; i < d.k; i++ {
		sum += d.p[i] * (math.Log1p(x0*b0[i]) - math.Log1p(x1*b1[i]))
	}
	return sum, true
}

// mleTValue fills q with the MLE of the distribution whose t-value
// (mean−ref)/σ equals t, by fishtest's fixed point (at most 10 rounds,
// starting from the uniform distribution).
func mleTValue(d *pdf, ref, t float64, q *[5]float64) bool {
	for i := 0; i < d.k; i++ {
		q[i] = 1 / float64(d.k)
	}
	for round := 0; round < 10; round++ {
		mu, v := meanVar(d.k, &d.a, q)
		sigma := math.Sqrt(v)
		if !(sigma > 0) {
			return false
		}
		var b [5]float64
		for i := 0; i < d.k; i++ {
			z := (mu - d.a[i]) / sigma
			b[i] = d.a[i] - ref - t*sigma*(1+z*z)/2
		}
		x, ok := secular(d.k, &b, &d.p)
		if !ok {
			return false
		}
		var change float64
		for i := 0; i < d.k; i++ {
			n := d.p[i] / (1 + x*b[i])
			change = math.Max(change, math.Abs(n-q[i]))
			q[i] = n
		}
		if change < 1e-9 {
			break
		}
	}
	return true
}

// LLRLogistic is the exact GSPRT log-likelihood ratio of logistic Elo elo1
// against elo0 (fishtest's LLR_logistic). Zero samples give 0. exact is
// false when a bound is so extreme that its score rounds to 0 or 1 and the
// always-defined Brownian approximation LLRLogisticApprox is returned.
func LLRLogistic(elo0, elo1 float64, r Results) (llr float64, exact bool) {
	if r.Samples() == 0 {
		return 0, true
	}
	d := toPDF(r)
	l, ok := llrExpected(&d, ScoreFromElo(elo0), ScoreFromElo(elo1))
	if !ok {
		return LLRLogisticApprox(elo0, elo1, r), false
	}
	return d.n * l, true
}

// tValues converts normalized-Elo bounds to per-sample t-values: a pair's
// t-value is √2 times the per-game one.
func tValues(nelo0, nelo1 float64, penta bool) (t0, t1 float64) {
	t0, t1 = nelo0/NEloPerT, nelo1/NEloPerT
	if penta {
		t0, t1 = t0*math.Sqrt2, t1*math.Sqrt2
	}
	return t0, t1
}

// LLRNormalized is the exact GSPRT log-likelihood ratio of normalized Elo
// nelo1 against nelo0 (fishtest's LLR_normalized). When a hypothesis has
// no constrained MLE (normalized bounds of hundreds of nElo) it returns the
// closed-form LLRNormalizedApprox instead and exact is false.
func LLRNormalized(nelo0, nelo1 float64, r Results) (llr float64, exact bool) {
	if r.Samples() == 0 {
		return 0, true
	}
	d := toPDF(r)
	t0, t1 := tValues(nelo0, nelo1, r.penta)
	var q0, q1 [5]float64
	if !mleTValue(&d, 0.5, t0, &q0) || !mleTValue(&d, 0.5, t1, &q1) {
		return LLRNormalizedApprox(nelo0, nelo1, r), false
	}
	var sum float64
	for i := 0; i < d.k; i++ {
		sum += d.p[i] * (math.Log(q1[i]) - math.Log(q0[i]))
	}
	return d.n * sum, true
}

// LLRLogisticApprox is fishtest's Brownian approximation LLR_alt2·N:
// N·(s1−s0)(2μ−s0−s1)/(2σ²). Zero variance gives 0.
func LLRLogisticApprox(elo0, elo1 float64, r Results) float64 {
	if r.Samples() == 0 {
		return 0
	}
	d := toPDF(r)
	mu, v := meanVar(d.k, &d.a, &d.p)
	s0, s1 := ScoreFromElo(elo0), ScoreFromElo(elo1)
	return d.n * (s1 - s0) * (2*mu - s0 - s1) / (2 * v)
}

// LLRNormalizedApprox is fishtest's LLR_normalized_alt, the Gaussian
// approximation (N/2)·ln((1+(t−t0)²)/(1+(t−t1)²)) with t the per-game
// t-value and N the number of games (a pair counts as two games with the
// pair's t-value divided by √2).
func LLRNormalizedApprox(nelo0, nelo1 float64, r Results) float64 {
	if r.Samples() == 0 {
		return 0
	}
	d := toPDF(r)
	mu, v := meanVar(d.k, &d.a, &d.p)
	t := (mu - 0.5) / math.Sqrt(v)
	n := d.n
	if r.penta {
		t /= math.Sqrt2
		n *= 2
	}
	t0, t1 := tValues(nelo0, nelo1, false)
	return n / 2 * math.Log((1+(t-t0)*(t-t0))/(1+(t-t1)*(t-t1)))
}

// DrawElo estimates the BayesElo drawelo from trinomial counts (zero counts
// regularized), fishtest's draw_elo_calc. Pentanomial results are first
// turned into game counts by treating the middle pairs as two draws; pass
// trinomial counts for fishtest's exact value.
func DrawElo(r Results) float64 {
	c := r.c
	if r.penta {
		c = [5]int64{2*r.c[0] + r.c[1], r.c[1] + 2*r.c[2] + r.c[3], r.c[3] + 2*r.c[4]}
	}
	l, d, w := float64(c[0]), float64(c[1]), float64(c[2])
	if l == 0 {
		l = regularizeEps
	}
	if d == 0 {
		d = regularizeEps
	}
	if w == 0 {
		w = regularizeEps
	}
	n := l + d + w
	_, de := ProbsToBayesElo(l/n, w/n)
	return de
}

// LLRBayesEloLegacy is the old fishtest/cutechess-2013 SPRT (fishtest's
// LLRlegacy, OpenBench's TrinomialSPRT): a plain likelihood ratio of the
// BayesElo model with drawelo estimated from the sample, on regularized
// trinomial counts. It is kept to reproduce those tools; the BayesElo model
// of Test uses fishtest's current method (bounds converted to logistic Elo,
// exact GSPRT).
func LLRBayesEloLegacy(belo0, belo1 float64, r Results) float64 {
	if r.penta || r.Samples() == 0 {
		return 0
	}
	var c [3]float64
	var n float64
	for i := 0; i < 3; i++ {
		c[i] = float64(r.c[i])
		if c[i] == 0 {
			c[i] = regularizeEps
		}
		n += c[i]
	}
	_, drawelo := ProbsToBayesElo(c[0]/n, c[2]/n)
	l0, d0, w0 := BayesEloToProbs(belo0, drawelo)
	l1, d1, w1 := BayesEloToProbs(belo1, drawelo)
	return c[0]*math.Log(l1/l0) + c[1]*math.Log(d1/d0) + c[2]*math.Log(w1/w0)
}
