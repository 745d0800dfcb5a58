package texel

import (
	"context"
	"math"
	"math/rand/v2"
	"time"

	"github.com/elolab/elolab/engine/params"
)

// GoldenSection returns the minimiser of f on [a, b] to within tol,
// assuming f is unimodal there. (gonum's optimisers are multivariate; a
// one-dimensional bracketed search is a few lines.)
func GoldenSection(f func(float64) float64, a, b, tol float64) float64 {
	invPhi := (math.Sqrt(5) - 1) / 2
	c, d := b-invPhi*(b-a), a+invPhi*(b-a)
	fc, fd := f(c), f(d)
	for i := 0; i < 200 && b-a > tol; i++ {
		if fc <= fd {
			b, d, fd = d, c, fc
			c = b - invPhi*(b-a)
			fc = f(c)
		} else {
			a, c, fc = c, d, fd
			d = a + invPhi*(b-a)
			fd = f(d)
		}
	}
	return (a + b) / 2
}

// K search interval and tolerance.
const (
	kMin, kMax = 0.0, 10.0
	kTol       = 1e-4
)

// FitK returns the K in [0, 10] that minimises the mean squared error of
// d under weights w, by golden-section search over precomputed scores,
// and that error.
func (m *Model) FitK(d *Dataset, w []float64) (k, mse float64) {
	scores := make([]float32, d.Len())
	m.Scores(d, w, scores)
	k = GoldenSection(func(k float64) float64 { return m.ScoreLoss(d, scores, k) }, kMin, kMax, kTol)
	return k, m.ScoreLoss(d, scores, k)
}

// Options of Tune.
type Options struct {
	Epochs       int
	LearningRate float64 // Adam step size, in centipawns
	Batch        int     // positions per Adam step; 0: the whole training set
	K            float64 // 0: fitted on the training set at the start values
	L2           float64 // penalty L2·Σ(w − start)² added to the error (0: none)
	Seed         uint64  // order of the mini-batches
	Threads      int     // 0: one per CPU
	// Epoch, if not nil, is called after every epoch (and once before the
	// first, with N = 0 and the start errors).
	Epoch func(Epoch)
}

// Epoch reports one pass over the training set.
type Epoch struct {
	N       int
	K       float64
	Train   float64 // mean squared error over the training set (during the epoch for mini-batches)
	Holdout float64 // after the epoch; NaN without hold-out positions
	Elapsed time.Duration
}

// Errors are training and hold-out mean squared errors.
type Errors struct{ Train, Holdout float64 }

// Result is the outcome of Tune.
type Result struct {
	K           float64
	KFitted     bool
	Start       Errors    // at the start values
	Final       Errors    // with the rounded, clipped integer values
	Epochs      int       // epochs completed
	Weights     []float64 // the kept epoch's continuous weights, by tuned parameter
	Values      []int     // Weights rounded and clipped to each parameter's range
	Interrupted bool      // ctx was cancelled: the result is the last completed epoch's
	// Kept is the epoch whose weights Weights holds: the one with the
	// lowest hold-out error (0: the start values), so that over-fitting
	// late epochs are not written; without hold-out positions, the last.
	Kept int
	// KeptHoldout and LastHoldout are the hold-out errors of the
	// continuous weights after epochs Kept and Epochs (NaN without
	// hold-out positions).
	KeptHoldout, LastHoldout float64
}

// Adam's moment decay rates and its denominator guard (gradients of the
// mean squared error per centipawn are small: 1e-7 for rare terms).
const (
	beta1, beta2 = 0.9, 0.999
	adamEps      = 1e-10
)

// Tune minimises the mean squared error of d.Train over the tuned weights
// with Adam (projected onto each parameter's range after every step),
// starting from d.Start, and rounds the result to integers. With o.L2 > 0
// the objective also has L2·Σ(w − start)², which holds back weights the
// data says little about (rare squares and terms); the errors reported
// are the plain mean squared errors. With hold-out positions it keeps the
// epoch with the lowest hold-out error (Result.Kept), not the last. With
// mini-batches it shuffles d.Train once. It stops early, with the last
// completed epoch's weights, when ctx is cancelled.
func Tune(ctx context.Context, d *Data, o Options) *Result {
	n := len(d.Tuned)
	m := NewModel(o.Threads, n)
	defer m.Close()
	res := &Result{K: o.K}
	w := append([]float64(nil), d.Start...)
	if res.K <= 0 {
		res.K, res.Start.Train = m.FitK(&d.Train, w)
		res.KFitted = true
	} else {
		res.Start.Train = m.Loss(&d.Train, w, res.K, 0, d.Train.Len())
	}
	res.Start.Holdout = holdoutLoss(m, d, w, res.K)
	res.KeptHoldout, res.LastHoldout = res.Start.Holdout, res.Start.Holdout
	kept := append([]float64(nil), w...)
	if o.Epoch != nil {
		o.Epoch(Epoch{K: res.K, Train: res.Start.Train, Holdout: res.Start.Holdout})
	}

	lo, hi := make([]float64, n), make([]float64, n)
	for j, def := range d.Tuned {
		lo[j], hi[j] = float64(def.Min), float64(def.Max)
	}
	grad, mom, vel := make([]float64, n), make([]float64, n), make([]float64, n)
	N := d.Train.Len()
	batch := o.Batch
	if batch <= 0 || batch > N {
		batch = N
	}
	batches := (N + batch - 1) / batch
	order := make([]int, batches)
	for i := range order {
		order[i] = i
	}
	var rng *rand.Rand
	if batches > 1 {
		d.Train.Shuffle(o.Seed)
		rng = rand.New(rand.NewPCG(o.Seed, 0xba7c4))
	}
	step := 0
	for epoch := 1; epoch <= o.Epochs; epoch++ {
		if ctx.Err() != nil {
			res.Interrupted = true
			break
		}
		start := time.Now()
		if rng != nil {
			rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		}
		sum := 0.0
		for _, b := range order {
			a, z := b*batch, min((b+1)*batch, N)
			sum += m.Gradient(&d.Train, w, res.K, a, z, grad) * float64(z-a)
			if o.L2 > 0 {
				for j := range grad {
					grad[j] += 2 * o.L2 * (w[j] - d.Start[j])
				}
			}
			step++
			adamStep(w, grad, mom, vel, lo, hi, o.LearningRate, step)
		}
		res.Epochs = epoch
		res.LastHoldout = holdoutLoss(m, d, w, res.K)
		// Without hold-out positions every epoch is kept (NaN compares
		// false, so the test is written to keep on NaN).
		if !(res.LastHoldout >= res.KeptHoldout) {
			res.Kept, res.KeptHoldout = epoch, res.LastHoldout
			copy(kept, w)
		}
		if o.Epoch != nil {
			o.Epoch(Epoch{N: epoch, K: res.K, Train: sum / float64(N), Holdout: res.LastHoldout, Elapsed: time.Since(start)})
		}
	}
	w = kept
	res.Weights = w
	res.Values = make([]int, n)
	rounded := make([]float64, n)
	for j := range w {
		v := math.Round(w[j])
		v = math.Max(lo[j], math.Min(hi[j], v))
		res.Values[j] = int(v)
		rounded[j] = v
	}
	res.Final.Train = m.Loss(&d.Train, rounded, res.K, 0, d.Train.Len())
	res.Final.Holdout = holdoutLoss(m, d, rounded, res.K)
	return res
}

// adamStep moves w against grad by Adam's rule and clips it to [lo, hi].
func adamStep(w, grad, mom, vel, lo, hi []float64, lr float64, t int) {
	c1 := 1 - math.Pow(beta1, float64(t))
	c2 := 1 - math.Pow(beta2, float64(t))
	for j, g := range grad {
		mom[j] = beta1*mom[j] + (1-beta1)*g
		vel[j] = beta2*vel[j] + (1-beta2)*g*g
		x := w[j] - lr*(mom[j]/c1)/(math.Sqrt(vel[j]/c2)+adamEps)
		w[j] = math.Max(lo[j], math.Min(hi[j], x))
	}
}

func holdoutLoss(m *Model, d *Data, w []float64, k float64) float64 {
	if d.Holdout.Len() == 0 {
		return math.NaN()
	}
	return m.Loss(&d.Holdout, w, k, 0, d.Holdout.Len())
}

// Apply returns start with the tuned parameters set to res.Values.
func Apply(start *params.Values, tuned []*params.Def, res *Result) (*params.Values, error) {
	v := start.Clone()
	for j, d := range tuned {
		if err := v.SetInt(d, res.Values[j]); err != nil {
			return nil, err
		}
	}
	return v, nil
}
