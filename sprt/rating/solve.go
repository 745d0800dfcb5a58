package rating

import (
	"errors"
	"math"

	"gonum.org/v1/gonum/mat"
)

// maxNewton bounds the Newton iterations (they converge in a handful for
// any connected data; the bound only guarantees termination).
const maxNewton = 200

// solve maximizes the likelihood with player ref's rating fixed at 0 and
// returns the ratings shifted to the anchor or the pool average, the white
// advantage and the covariance of (ratings…, white advantage).
func solve(n int, pairs []pairing, ref int, opt Options, drawRate float64) ([]float64, float64, *mat.SymDense, error) {
	beta := opt.Scale.Beta()
	m := n - 1
	if opt.FitWhite {
		m++
	}
	pos := make([]int, n) // parameter index of each player, −1 for ref
	for k, p := 0, 0; k < n; k++ {
		if k == ref {
			pos[k] = -1
			continue
		}
		pos[k] = p
		p++
	}
	rating := func(theta []float64, k int) float64 {
		if pos[k] < 0 {
			return 0
		}
		return theta[pos[k]]
	}
	white := func(theta []float64) float64 {
		if opt.FitWhite {
			return theta[m-1]
		}
		return opt.WhiteAdvantage
	}
	expect := func(theta []float64, p pairing) float64 {
		return 1 / (1 + math.Exp(-beta*(rating(theta, p.w)-rating(theta, p.b)+white(theta))))
	}
	loglik := func(theta []float64) float64 {
		var l float64
		for _, p := range pairs {
			e := expect(theta, p)
			if p.points > 0 {
				l += p.points * math.Log(e)
			}
			if p.n-p.points > 0 {
				l += (p.n - p.points) * math.Log1p(-e)
			}
		}
		return l
	}
	// addOuter adds c·x·xᵀ for the design vector of pairing p.
	addOuter := func(a *mat.SymDense, p pairing, c float64) {
		idx := [3]int{pos[p.w], pos[p.b], -1}
		sign := [3]float64{1, -1, 1}
		if opt.FitWhite {
			idx[2] = m - 1
		}
		for i := 0; i < 3; i++ {
			for j := i; j < 3; j++ {
				if idx[i] < 0 || idx[j] < 0 {
					continue
				}
				v := c * sign[i] * sign[j]
				if idx[i] == idx[j] && i != j {
					v *= 2
				}
				a.SetSym(idx[i], idx[j], a.At(idx[i], idx[j])+v)
			}
		}
	}
	info := func(theta []float64, variance func(e float64) float64) *mat.SymDense {
		a := mat.NewSymDense(m, nil)
		for _, p := range pairs {
			e := expect(theta, p)
			addOuter(a, p, beta*beta*p.n*variance(e))
		}
		return a
	}
	bernoulli := func(e float64) float64 { return e * (1 - e) }

	theta := make([]float64, m)
	if m > 0 {
		cur := loglik(theta)
		converged := false
		for it := 0; it < maxNewton && !converged; it++ {
			g := make([]float64, m)
			for _, p := range pairs {
				r := beta * (p.points - p.n*expect(theta, p))
				if i := pos[p.w]; i >= 0 {
					g[i] += r
				}
				if i := pos[p.b]; i >= 0 {
					g[i] -= r
				}
				if opt.FitWhite {
					g[m-1] += r
				}
			}
			var chol mat.Cholesky
			if !chol.Factorize(info(theta, bernoulli)) {
				return nil, 0, nil, ErrNotConnected
			}
			var step mat.VecDense
			if err := chol.SolveVecTo(&step, mat.NewVecDense(m, g)); err != nil {
				return nil, 0, nil, err
			}
			// Damped Newton: the log-likelihood is concave, halve the step
			// until it does not decrease.
			next := make([]float64, m)
			for h, tries := 1.0, 0; tries < 60; h, tries = h/2, tries+1 {
				for i := range next {
					next[i] = theta[i] + h*step.AtVec(i)
				}
				if l := loglik(next); l >= cur-1e-12*math.Abs(cur) {
					cur = l
					break
				}
			}
			var maxStep float64
			for i := range theta {
				maxStep = math.Max(maxStep, math.Abs(next[i]-theta[i]))
			}
			copy(theta, next)
			converged = maxStep < 1e-10
		}
		if !converged {
			return nil, 0, nil, errors.New("rating: maximum likelihood did not converge")
		}
	}

	// Covariance of theta: sandwich I⁻¹ J I⁻¹.
	covTheta := mat.NewSymDense(max(m, 1), nil)
	if m > 0 {
		var chol mat.Cholesky
		if !chol.Factorize(info(theta, bernoulli)) {
			return nil, 0, nil, ErrNotConnected
		}
		var inv mat.SymDense
		if err := chol.InverseTo(&inv); err != nil {
			return nil, 0, nil, err
		}
		j := info(theta, func(e float64) float64 {
			d := math.Min(drawRate, 2*math.Min(e, 1-e))
			return e*(1-e) - d/4
		})
		var tmp, sand mat.Dense
		tmp.Mul(&inv, j)
		sand.Mul(&tmp, &inv)
		for a := 0; a < m; a++ {
			for b := a; b < m; b++ {
				covTheta.SetSym(a, b, (sand.At(a, b)+sand.At(b, a))/2)
			}
		}
	}

	// Map theta to the reported ratings (anchor or pool average) and the
	// white advantage: out = L·theta + const.
	lmap := mat.NewDense(n+1, max(m, 1), nil)
	for k := 0; k < n; k++ {
		if pos[k] >= 0 {
			lmap.Set(k, pos[k], 1)
		}
	}
	if opt.FitWhite {
		lmap.Set(n, m-1, 1)
	}
	r := make([]float64, n)
	for k := range r {
		r[k] = rating(theta, k)
	}
	if opt.Anchor != "" {
		for k := range r {
			r[k] += opt.AnchorRating
		}
	} else {
		var mean float64
		for _, v := range r {
			mean += v
		}
		mean /= float64(n)
		for k := range r {
			r[k] += opt.Average - mean
		}
		// P = I − 11ᵀ/n on the rating rows.
		for c := 0; c < max(m, 1); c++ {
			var colMean float64
			for k := 0; k < n; k++ {
				colMean += lmap.At(k, c)
			}
			colMean /= float64(n)
			for k := 0; k < n; k++ {
				lmap.Set(k, c, lmap.At(k, c)-colMean)
			}
		}
	}
	var lc, full mat.Dense
	lc.Mul(lmap, covTheta)
	full.Mul(&lc, lmap.T())
	cov := mat.NewSymDense(n+1, nil)
	for a := 0; a <= n; a++ {
		for b := a; b <= n; b++ {
			cov.SetSym(a, b, (full.At(a, b)+full.At(b, a))/2)
		}
	}
	return r, white(theta), cov, nil
}
