package sprt

import "math"

// regularizeEps replaces zero counts before any estimate, as fishtest's
// LLRcalc.regularize does, so that logs and MLEs stay finite.
const regularizeEps = 1e-3

// pdf is an empirical distribution of a per-sample score: values a (0..1,
// ascending) with probabilities p, built from regularized counts. n is the
// (regularized) number of samples. Fixed arrays keep it allocation-free.
type pdf struct {
	k    int
	a, p [5]float64
	n    float64
}

func toPDF(r Results) pdf {
	var d pdf
	d.k = r.Len()
	var c [5]float64
	for i := 0; i < d.k; i++ {
		c[i] = float64(r.c[i])
		if c[i] == 0 {
			c[i] = regularizeEps
		}
		d.n += c[i]
	}
	for i := 0; i < d.k; i++ {
		d.a[i] = float64(i) / float64(d.k-1)
		d.p[i] = c[i] / d.n
	}
	return d
}

// meanVar returns the expectation and variance of a distribution given by
// values a and weights p (weights summing to one).
func meanVar(k int, a, p *[5]float64) (mu, v float64) {
	for i := 0; i < k; i++ {
		mu += p[i] * a[i]
	}
	for i := 0; i < k; i++ {
		d := a[i] - mu
		v += p[i] * d * d
	}
	return mu, v
}

// moments returns mean, variance, skewness and excess kurtosis.
func (d *pdf) moments() (mu, v, skew, exkurt float64) {
	mu, v = meanVar(d.k, &d.a, &d.p)
	var m3, m4 float64
	for i := 0; i < d.k; i++ {
		x := d.a[i] - mu
		m3 += d.p[i] * x * x * x
		m4 += d.p[i] * x * x * x * x
	}
	return mu, v, m3 / math.Pow(v, 1.5), m4/(v*v) - 3
}

// Moments returns what every estimate here is built from, fishtest's
// results_to_pdf: the regularized number of samples n (games, or pairs for
// pentanomial results) and the mean and variance of the per-sample score
// scaled to 0..1 (a pair's score is its points / 2).
func Moments(r Results) (n, mean, variance float64) {
	d := toPDF(r)
	mean, variance = meanVar(d.k, &d.a, &d.p)
	return d.n, mean, variance
}
