package sprt

import "math"

// brownian is a Brownian motion with drift mu and variance sigma2 per unit
// time, started at 0 and absorbed at a < 0 < b.
type brownian struct{ a, b, mu, sigma2 float64 }

// outcomeCDF is the probability that at time T the process has been
// absorbed at a, or is still running below y (y in [a, b]): the
// probability of an outcome worse than ending at y. Two evaluations are
// used, as in fishtest: the eigenfunction series when it converges fast,
// otherwise Siegmund's reflection approximation.
func (bm brownian) outcomeCDF(T, y float64) float64 {
	gamma := bm.mu / bm.sigma2
	A := bm.b - bm.a
	var r float64
	if bm.sigma2*T/(A*A) < 1e-2 || math.Abs(gamma*A) > 15 {
		r = bm.reflection(T, y)
	} else {
		r = bm.series(T, y)
	}
	return math.Max(0, math.Min(1, r))
}

func (bm brownian) series(T, y float64) float64 {
	A := bm.b - bm.a
	x := -bm.a
	y -= bm.a
	gamma := bm.mu / bm.sigma2
	lam := func(n float64) float64 {
		return (n*math.Pi/A)*(n*math.Pi/A)*bm.sigma2/2 + bm.mu*bm.mu/bm.sigma2/2
	}
	l1 := lam(1)
	t0 := math.Exp(-l1*T - x*gamma + y*gamma)
	var sum float64
	for n := 1.0; n <= 100000; n++ {
		t1 := math.Exp(-(lam(n) - l1) * T)
		// Primitive of the n-th eigenfunction times the drift factor.
		u := (2*A*gamma*math.Sin(math.Pi*n*y/A) - 2*math.Pi*n*math.Cos(math.Pi*n*y/A)) /
			(A*A*gamma*gamma + math.Pi*math.Pi*n*n)
		sum += t1 * u * math.Sin(n*math.Pi*x/A)
		if math.Abs(t0*t1*u) <= 1e-9 {
			break
		}
	}
	var pre float64 // probability of ending at a (T → ∞)
	switch {
	case gamma*A > 30:
		pre = math.Exp(-2 * gamma * x)
	case math.Abs(gamma*A) < 1e-8:
		pre = (A - x) / A
	default:
		pre = (1 - math.Exp(2*gamma*(A-x))) / (1 - math.Exp(2*gamma*A))
	}
	return pre + t0*sum
}

func (bm brownian) reflection(T, y float64) float64 {
	den := math.Sqrt(T * bm.sigma2)
	off := bm.mu * T
	gamma := bm.mu / bm.sigma2
	z := (y - off) / den
	za := (-y + off + 2*bm.a) / den
	zb := (y - off - 2*bm.b) / den
	// exp(2γc)·Φ(zc), with the Mills-ratio tail when exp would overflow.
	term := func(c, zc float64) float64 {
		if gamma*c >= 5 {
			return -math.Exp(-zc*zc/2+2*gamma*c) / math.Sqrt(2*math.Pi) * (1/zc - 1/(zc*zc*zc))
		}
		return math.Exp(2*gamma*c) * Phi(zc)
	}
	return Phi(z) + term(bm.a, za) - term(bm.b, zb)
}

// Analytics is fishtest's estimate after an SPRT (stat_util.SPRT_elo):
// stopping on a bound biases the plain Elo estimate, so Elo here is the
// median-unbiased estimate, [Lower, Upper] its confidence interval and LOS
// the matching likelihood of superiority, all in logistic Elo and derived
// from the Brownian model of the LLR. LLR is the exact LLR.
type Analytics struct {
	Elo, Lower, Upper, LOS, LLR float64
}

// Analytics computes the post-SPRT estimate at confidence 1−p (fishtest
// uses p = 0.05). Without games every value but LLR is NaN.
func (t Test) Analytics(r Results, p float64) Analytics {
	st := t.Status(r)
	nan := math.NaN()
	out := Analytics{Elo: nan, Lower: nan, Upper: nan, LOS: nan, LLR: st.LLR}
	if r.Samples() == 0 || !(p > 0 && p < 1) {
		return out
	}
	d := toPDF(r)
	mean, v := meanVar(d.k, &d.a, &d.p)
	if !(v > 0) {
		return out
	}
	var s0, s1, elo0, elo1 float64
	switch t.Model {
	case Normalized:
		sigmaPG := math.Sqrt(v) // per-game σ of the score
		if r.penta {
			sigmaPG = math.Sqrt(2 * v)
		}
		s0 = t.Elo0/NEloPerT*sigmaPG + 0.5
		s1 = t.Elo1/NEloPerT*sigmaPG + 0.5
		elo0, elo1 = EloFromScore(s0), EloFromScore(s1)
	default:
		elo0, elo1 = st.LogisticElo0, st.LogisticElo1
		s0, s1 = ScoreFromElo(elo0), ScoreFromElo(elo1)
	}
	// Drift and variance per sample of the LLR when the true mean score is
	// s; the sample variance v stands in for the true one.
	drift := func(s float64) (mu, sigma2 float64) {
		return (s - (s0+s1)/2) * (s1 - s0) / v, (s1 - s0) * (s1 - s0) / v
	}
	muLLR, _ := drift(mean)
	llr := d.n * muLLR
	T := d.n
	if slope := llr / d.n; llr < t.Lower {
		T, llr = t.Lower/slope, t.Lower
	} else if llr > t.Upper {
		T, llr = t.Upper/slope, t.Upper
	}
	prob := func(elo float64) float64 {
		s := ScoreFromElo(elo)
		mu, s2 := drift(s)
		return brownian{a: t.Lower, b: t.Upper, mu: mu, sigma2: s2}.outcomeCDF(T, llr)
	}
	// The Elo at which an outcome worse than the observed one has
	// probability 1−q; the probability falls as the true Elo rises.
	bound := func(q float64) float64 {
		f := func(e float64) float64 { return prob(e) - (1 - q) }
		avg, delta := (elo0+elo1)/2, elo1-elo0
		if !(delta > 0) {
			return math.NaN()
		}
		for k := 30.0; k < 1e9; k *= 2 {
			lo, hi := math.Max(avg-k*delta, -1000), math.Min(avg+k*delta, 1000)
			flo, fhi := f(lo), f(hi)
			if flo*fhi <= 0 {
				return bisect(f, lo, hi, flo)
			}
			if lo <= -1000 && hi >= 1000 {
				if flo > 0 {
					return hi
				}
				return lo
			}
		}
		return math.NaN()
	}
	out.Elo = bound(0.5)
	out.Lower = bound(p / 2)
	out.Upper = bound(1 - p/2)
	out.LOS = prob(0)
	return out
}

// bisect finds a root of f in [lo, hi] given f(lo) and a sign change; it
// stops after maxSolverIter halvings or at 1e-12 width.
func bisect(f func(float64) float64, lo, hi, flo float64) float64 {
	for i := 0; i < maxSolverIter && hi-lo > 1e-12; i++ {
		mid := lo + (hi-lo)/2
		fm := f(mid)
		if fm == 0 {
			return mid
		}
		if (fm > 0) == (flo > 0) {
			lo, flo = mid, fm
		} else {
			hi = mid
		}
	}
	return lo + (hi-lo)/2
}
