package texel

import (
	"math"
	"runtime"
)

// The model: position i's predicted result is sigmoid(K·s_i), with s_i its
// score from White's side in centipawns and
//
//	sigmoid(K·s) = 1 / (1 + 10^(-K·s/400)),
//
// and the loss is the mean squared error against the results. Its gradient
// with respect to weight j is exact:
//
//	∂E/∂w_j = (2/N) Σ_i (p_i − r_i) · p_i(1 − p_i) · (K·ln10/400) · c_ij.

// Model evaluates the loss and the gradient over a Dataset with a fixed
// set of goroutines, started once, so that an epoch allocates nothing. A
// Model is used by one goroutine at a time; Close stops its goroutines.
type Model struct {
	threads int
	jobs    []chan job
	done    chan struct{}
	parts   []part
}

// Job kinds.
const (
	jobLoss = iota
	jobGrad
	jobScores
	jobScoreLoss
)

type job struct {
	kind   int
	d      *Dataset
	w      []float64
	scores []float32
	scale  float64
	lo, hi int
	part   *part
}

// part is one goroutine's share of a result.
type part struct {
	grad []float64
	loss float64
	_    [56]byte // keep neighbouring parts off one cache line
}

// NewModel starts threads goroutines (0: one per CPU) for n parameters.
func NewModel(threads, n int) *Model {
	if threads <= 0 {
		threads = runtime.NumCPU()
	}
	m := &Model{threads: threads, done: make(chan struct{}, threads), parts: make([]part, threads)}
	for i := range m.parts {
		m.parts[i].grad = make([]float64, n)
	}
	m.jobs = make([]chan job, threads-1)
	for i := range m.jobs {
		m.jobs[i] = make(chan job, 1)
		go func(c chan job) {
			for j := range c {
				j.do()
				m.done <- struct{}{}
			}
		}(m.jobs[i])
	}
	return m
}

// Close stops the model's goroutines.
func (m *Model) Close() {
	for _, c := range m.jobs {
		close(c)
	}
	m.jobs = nil
}

// Threads is the number of goroutines sharing the work.
func (m *Model) Threads() int { return m.threads }

// run splits [j.lo, j.hi) into one contiguous share per goroutine, works
// on the first share itself and waits for the others.
func (m *Model) run(j job) {
	n := j.hi - j.lo
	t := m.shares(n)
	first := j
	lo := j.lo
	for i := 0; i < t; i++ {
		hi := j.lo + n*(i+1)/t
		jj := j
		jj.lo, jj.hi, jj.part = lo, hi, &m.parts[i]
		if i == 0 {
			first = jj
		} else {
			m.jobs[i-1] <- jj
		}
		lo = hi
	}
	first.do()
	m.wait(t - 1)
}

// shares is the number of goroutines used for n positions: small ranges
// are not worth a hand-off.
func (m *Model) shares(n int) int { return min(m.threads, max(n/256, 1)) }

func (m *Model) wait(n int) {
	for range n {
		<-m.done
	}
}

// scaleOf converts K into the factor of the natural exponent.
func scaleOf(k float64) float64 { return k * math.Ln10 / 400 }

// do runs one share.
func (j *job) do() {
	p := j.part
	p.loss = 0
	switch j.kind {
	case jobLoss:
		p.loss = lossRange(j.d, j.w, j.scale, j.lo, j.hi)
	case jobGrad:
		clear(p.grad)
		p.loss = gradRange(j.d, j.w, j.scale, j.lo, j.hi, p.grad)
	case jobScores:
		scoreRange(j.d, j.w, j.lo, j.hi, j.scores)
	case jobScoreLoss:
		d, s := j.d, j.scores
		sum := 0.0
		for i := j.lo; i < j.hi; i++ {
			e := 1/(1+math.Exp(-j.scale*float64(s[i]))) - float64(d.Result[i])
			sum += e * e
		}
		p.loss = sum
	}
}

// dot is position i's score: Offset + Σ coef·w.
func dot(d *Dataset, w []float64, i int) float64 {
	a, b := d.Start[i], d.Start[i+1]
	idx, coef := d.Idx[a:b], d.Coef[a:b]
	coef = coef[:len(idx)]
	s := float64(d.Offset[i])
	for k, j := range idx {
		s += float64(coef[k]) * w[j]
	}
	return s
}

func lossRange(d *Dataset, w []float64, scale float64, lo, hi int) float64 {
	sum := 0.0
	for i := lo; i < hi; i++ {
		e := 1/(1+math.Exp(-scale*dot(d, w, i))) - float64(d.Result[i])
		sum += e * e
	}
	return sum
}

// gradRange adds Σ (p−r)·p(1−p)·c_ij to grad[j] and returns Σ (p−r)².
func gradRange(d *Dataset, w []float64, scale float64, lo, hi int, grad []float64) float64 {
	sum := 0.0
	for i := lo; i < hi; i++ {
		a, b := d.Start[i], d.Start[i+1]
		idx, coef := d.Idx[a:b], d.Coef[a:b]
		coef = coef[:len(idx)]
		s := float64(d.Offset[i])
		for k, j := range idx {
			s += float64(coef[k]) * w[j]
		}
		p := 1 / (1 + math.Exp(-scale*s))
		e := p - float64(d.Result[i])
		sum += e * e
		g := e * p * (1 - p)
		for k, j := range idx {
			grad[j] += g * float64(coef[k])
		}
	}
	return sum
}

func scoreRange(d *Dataset, w []float64, lo, hi int, out []float32) {
	for i := lo; i < hi; i++ {
		out[i] = float32(dot(d, w, i))
	}
}

// Loss is the mean squared error over positions [lo, hi) of d.
func (m *Model) Loss(d *Dataset, w []float64, k float64, lo, hi int) float64 {
	if hi <= lo {
		return 0
	}
	m.run(job{kind: jobLoss, d: d, w: w, scale: scaleOf(k), lo: lo, hi: hi})
	return m.sumLoss(hi - lo)
}

// Gradient stores in grad the gradient of the mean squared error over
// positions [lo, hi) of d with respect to w, and returns that error.
func (m *Model) Gradient(d *Dataset, w []float64, k float64, lo, hi int, grad []float64) float64 {
	clear(grad)
	if hi <= lo {
		return 0
	}
	m.run(job{kind: jobGrad, d: d, w: w, scale: scaleOf(k), lo: lo, hi: hi})
	t := m.shares(hi - lo)
	f := 2 * scaleOf(k) / float64(hi-lo)
	for i := range t {
		for j, g := range m.parts[i].grad {
			grad[j] += f * g
		}
	}
	return m.sumLoss(hi - lo)
}

// Scores stores every position's score under w in out.
func (m *Model) Scores(d *Dataset, w []float64, out []float32) {
	if d.Len() > 0 {
		m.run(job{kind: jobScores, d: d, w: w, scores: out, lo: 0, hi: d.Len()})
	}
}

// ScoreLoss is the mean squared error of precomputed scores at K = k.
func (m *Model) ScoreLoss(d *Dataset, scores []float32, k float64) float64 {
	if d.Len() == 0 {
		return 0
	}
	m.run(job{kind: jobScoreLoss, d: d, scores: scores, scale: scaleOf(k), lo: 0, hi: d.Len()})
	return m.sumLoss(d.Len())
}

// sumLoss adds the shares' squared errors of the last run over n positions.
func (m *Model) sumLoss(n int) float64 {
	t := m.shares(n)
	sum := 0.0
	for i := range t {
		sum += m.parts[i].loss
	}
	return sum / float64(n)
}
