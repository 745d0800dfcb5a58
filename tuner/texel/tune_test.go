package texel

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/elolab/elolab/engine/board"
	"github.com/elolab/elolab/engine/eval"
	"github.com/elolab/elolab/engine/params"
)

// newSearcherEval returns White's evaluation of a FEN under p.
func newSearcherEval(p *params.Values) func(string) float64 {
	e := eval.New(p)
	e.Prepare()
	return func(fen string) float64 {
		pos, err := board.ParseFEN(fen)
		if err != nil {
			panic(err)
		}
		s := float64(e.Evaluate(pos))
		if pos.SideToMove() == board.Black {
			s = -s
		}
		return s
	}
}

func sigmoid(k, s float64) float64 { return 1 / (1 + math.Pow(10, -k*s/400)) }

// synthetic builds n positions over nParams weights: each position has a
// few random coefficients (like piece counts and tapered square weights)
// and an offset; its score under truth gives its result through the
// sigmoid, either exactly (soft labels) or drawn as 1/0.5/0 outcomes.
func synthetic(n, nParams int, truth []float64, k float64, seed uint64, drawn bool) *Dataset {
	r := rand.New(rand.NewPCG(seed, 1))
	d := &Dataset{}
	idx := make([]uint16, 0, nParams)
	coef := make([]float32, 0, nParams)
	for range n {
		idx, coef = idx[:0], coef[:0]
		s := r.NormFloat64() * 50
		off := s
		for j := range nParams {
			if r.IntN(3) == 0 {
				continue
			}
			c := float32(r.IntN(5)-2) + float32(r.Float64())
			idx = append(idx, uint16(j))
			coef = append(coef, c)
			s += float64(c) * truth[j]
		}
		res := sigmoid(k, s)
		if drawn {
			u := r.Float64()
			switch {
			case u < res*res: // win
				res = 1
			case u < 1-(1-res)*(1-res): // draw, keeping the expectation res
				res = 0.5
			default:
				res = 0
			}
		}
		d.Add(res, off, idx, coef)
	}
	return d
}

// TestFitKRecoversK: outcomes drawn with expectation sigmoid(K·s) give
// back K.
func TestFitKRecoversK(t *testing.T) {
	truth := []float64{30, -20, 55, 10}
	for _, k := range []float64{0.6, 2.5} {
		d := synthetic(100000, len(truth), truth, k, 7, true)
		m := NewModel(2, len(truth))
		got, mse := m.FitK(d, truth)
		m.Close()
		if math.Abs(got-k) > 0.04*k {
			t.Errorf("K %v: fitted %v (mse %v)", k, got, mse)
		}
	}
}

func TestGoldenSection(t *testing.T) {
	x := GoldenSection(func(x float64) float64 { return (x - 2.345) * (x - 2.345) }, 0, 10, 1e-6)
	if math.Abs(x-2.345) > 1e-5 {
		t.Errorf("minimum at %v, want 2.345", x)
	}
}

// TestGradientIsExact: the analytic gradient equals central finite
// differences of the loss.
func TestGradientIsExact(t *testing.T) {
	const n = 12
	truth := make([]float64, n)
	r := rand.New(rand.NewPCG(1, 2))
	for j := range truth {
		truth[j] = r.NormFloat64() * 40
	}
	d := synthetic(3000, n, truth, 1.1, 3, true)
	w := make([]float64, n)
	for j := range w {
		w[j] = truth[j] + r.NormFloat64()*20
	}
	for _, threads := range []int{1, 3} {
		m := NewModel(threads, n)
		grad := make([]float64, n)
		lo, hi := 100, 2900
		m.Gradient(d, w, 1.1, lo, hi, grad)
		for j := range w {
			const h = 1e-3
			w0 := w[j]
			w[j] = w0 + h
			up := m.Loss(d, w, 1.1, lo, hi)
			w[j] = w0 - h
			down := m.Loss(d, w, 1.1, lo, hi)
			w[j] = w0
			fd := (up - down) / (2 * h)
			if math.Abs(fd-grad[j]) > 1e-4*math.Abs(fd)+1e-12 {
				t.Errorf("threads %d, weight %d: gradient %g, finite difference %g", threads, j, grad[j], fd)
			}
		}
		m.Close()
	}
}

// TestTuneRecoversTrueWeights: with soft labels generated from known
// weights, Adam from a distant start finds them (to the rounding), and the
// hold-out error falls.
func TestTuneRecoversTrueWeights(t *testing.T) {
	defs := tunedDefs(t, "eval.material.knight.mg", "eval.material.knight.eg", "eval.material.bishop.mg",
		"eval.mobility.knight.mg", "eval.mobility.bishop.eg", "eval.bishoppair.mg", "eval.bishoppair.eg",
		"eval.pst.knight.d4.mg", "eval.pst.knight.d4.eg")
	truth := []float64{290, 260, 380, 9, 1, 60, 20, -10, 45}
	data := &Data{
		Train:   *synthetic(8000, len(defs), truth, 1.0, 11, false),
		Holdout: *synthetic(2000, len(defs), truth, 1.0, 12, false),
		Tuned:   defs,
		Start:   make([]float64, len(defs)),
		Occurs:  make([]int, len(defs)),
	}
	for j, d := range defs {
		data.Start[j] = float64(d.Default)
	}
	for _, batch := range []int{0, 2048} {
		d := *data
		d.Start = append([]float64(nil), data.Start...)
		res := Tune(context.Background(), &d, Options{Epochs: 400, LearningRate: 2, K: 1, Batch: batch, Threads: 2, Seed: 5})
		for j := range truth {
			if math.Abs(res.Weights[j]-truth[j]) > 1 {
				t.Errorf("batch %d: %s: %.2f, want %.0f", batch, defs[j].Name, res.Weights[j], truth[j])
			}
		}
		if !(res.Final.Holdout < res.Start.Holdout/100) {
			t.Errorf("batch %d: hold-out MSE %g -> %g", batch, res.Start.Holdout, res.Final.Holdout)
		}
	}
}

// TestEpochAllocs: a full-gradient epoch allocates nothing.
func TestEpochAllocs(t *testing.T) {
	const n = 50
	truth := make([]float64, n)
	d := synthetic(20000, n, truth, 1, 1, true)
	m := NewModel(2, n)
	defer m.Close()
	w, grad := make([]float64, n), make([]float64, n)
	if a := testing.AllocsPerRun(10, func() { m.Gradient(d, w, 1, 0, d.Len(), grad) }); a != 0 {
		t.Errorf("gradient epoch allocates %v times", a)
	}
	if a := testing.AllocsPerRun(10, func() { m.Loss(d, w, 1, 0, d.Len()) }); a != 0 {
		t.Errorf("loss pass allocates %v times", a)
	}
}

// BenchmarkEpoch: one full-gradient epoch over 1 M synthetic positions
// shaped like labrat's data (datagen positions traced for the 432 integer
// eval weights have 36–39 non-zero coefficients each; 40 here).
func BenchmarkEpoch(b *testing.B) {
	const n, nParams, perPos = 1_000_000, 432, 40
	r := rand.New(rand.NewPCG(1, 1))
	d := &Dataset{}
	idx := make([]uint16, perPos)
	coef := make([]float32, perPos)
	for range n {
		base := r.IntN(nParams - perPos*6)
		for k := range idx {
			idx[k] = uint16(base + k*6 + r.IntN(6))
			coef[k] = float32(r.IntN(3)-1) + float32(r.Float64())
		}
		d.Add(float64(r.IntN(3))/2, r.NormFloat64()*100, idx, coef)
	}
	w := make([]float64, nParams)
	for j := range w {
		w[j] = r.NormFloat64() * 30
	}
	grad := make([]float64, nParams)
	m := NewModel(0, nParams)
	defer m.Close()
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		m.Gradient(d, w, 1.2, 0, d.Len(), grad)
	}
}
