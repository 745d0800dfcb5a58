package spsa

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// simGame plays one simulated game between parameter vectors a and b of an
// engine whose strength is −Σ((θ_i−opt_i)²/scale_i) Elo, with 30 % draws.
func simGame(rng *rand.Rand, a, b, opt []float64, scale float64) int {
	elo := func(th []float64) float64 {
		s := 0.0
		for i := range th {
			sc := scale
			if i == 2 {
				sc = scale / 8 // the third parameter has a narrower range
			}
			s -= (th[i] - opt[i]) * (th[i] - opt[i]) / sc
		}
		return s
	}
	e := 1 / (1 + math.Pow(10, -(elo(a)-elo(b))/400))
	win := math.Max(0, e-0.15)
	loss := math.Max(0, 1-e-0.15)
	u := rng.Float64()
	switch {
	case u < win:
		return 1
	case u < win+loss:
		return -1
	}
	return 0
}

func pair(rng *rand.Rand, p Perturbation, opt []float64, scale float64) Outcome {
	var o Outcome
	for range 2 {
		switch simGame(rng, p.Plus, p.Minus, opt, scale) {
		case 1:
			o.Wins++
		case -1:
			o.Losses++
		default:
			o.Draws++
		}
	}
	return o
}

// TestConvergesOnNoisyObjective: from a detuned start SPSA reaches a known
// optimum within tolerance on a noisy game-result objective, and batches
// (stale θ, as with concurrent workers) do the same.
func TestConvergesOnNoisyObjective(t *testing.T) {
	opt := []float64{120, 60, 35}
	for _, batch := range []int{1, 8} {
		cfg := Config{Iterations: 6000, Seed: 3, Params: []Param{
			{Name: "x", Start: 40, Min: 0, Max: 200, CEnd: 10, REnd: 0.006, Int: true},
			{Name: "y", Start: 150, Min: 0, Max: 200, CEnd: 10, REnd: 0.006, Int: true},
			{Name: "z", Start: 5, Min: 0, Max: 50, CEnd: 3, REnd: 0.01},
		}}
		tu, err := New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(7, 7))
		for !tu.Done() {
			var ps []Perturbation
			for i := 0; i < batch && tu.drawn < cfg.Iterations; i++ {
				ps = append(ps, tu.Next())
			}
			for _, p := range ps {
				if err := tu.Update(p, pair(rng, p, opt, 32)); err != nil {
					t.Fatal(err)
				}
			}
		}
		th := tu.Theta()
		for i, want := range opt {
			tol := 12.0
			if i == 2 {
				tol = 5
			}
			if math.Abs(th[i]-want) > tol {
				t.Errorf("batch %d: %s = %.1f, optimum %.0f (tolerance %.0f)", batch, cfg.Params[i].Name, th[i], want, tol)
			}
		}
		if st := tu.State(); st.Pairs != cfg.Iterations || st.Wins+st.Draws+st.Losses != 2*cfg.Iterations {
			t.Errorf("counts %+v", st)
		}
	}
}

// TestPerturbation: c_k, stochastic rounding with a shared R, clipping, and
// the schedule's end points (c_N = c_end).
func TestPerturbation(t *testing.T) {
	cfg := Config{Iterations: 100, Seed: 1, Params: []Param{
		{Name: "i", Start: 10.5, Min: 0, Max: 11, CEnd: 3, REnd: 0.002, Int: true},
		{Name: "f", Start: 1, Min: 0, Max: 2, CEnd: 0.5, REnd: 0.002},
	}}
	tu, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	var last Perturbation
	for k := 1; k <= 100; k++ {
		p := tu.Next()
		if p.K != k {
			t.Fatalf("K %d, want %d", p.K, k)
		}
		if p.Plus[0] != math.Trunc(p.Plus[0]) || p.Minus[0] != math.Trunc(p.Minus[0]) {
			t.Errorf("integer parameter played as %g/%g", p.Plus[0], p.Minus[0])
		}
		if p.Plus[0] > 11 || p.Minus[0] < 0 {
			t.Errorf("not clipped: %g/%g", p.Plus[0], p.Minus[0])
		}
		// One R for both sides: unclipped, the two values differ by the
		// rounded 2·c_k exactly (⌊a+R⌋−⌊b+R⌋ ∈ {⌊a−b⌋, ⌈a−b⌉}).
		if p.Plus[0] > 0 && p.Plus[0] < 11 && p.Minus[0] > 0 && p.Minus[0] < 11 {
			d := math.Abs(p.Plus[0] - p.Minus[0])
			if d != math.Floor(2*p.CK[0]) && d != math.Ceil(2*p.CK[0]) {
				t.Errorf("k=%d: |plus−minus| = %g for 2c_k = %g", k, d, 2*p.CK[0])
			}
		}
		if got := p.Plus[1] - p.Minus[1]; math.Abs(got-2*p.CK[1]*p.Delta[1]) > 1e-12 {
			t.Errorf("float parameter: plus−minus %g, want %g", got, 2*p.CK[1]*p.Delta[1])
		}
		if err := tu.Update(p, Outcome{Draws: 2}); err != nil {
			t.Fatal(err)
		}
		last = p
	}
	if math.Abs(last.CK[0]-3) > 1e-9 || math.Abs(last.CK[1]-0.5) > 1e-9 {
		t.Errorf("c_N = %v, want c_end", last.CK)
	}
	if th := tu.Theta(); th[0] != 10.5 || th[1] != 1 {
		t.Errorf("draws moved θ to %v", th)
	}
}

// TestUpdateUsesPlayedValues: a win moves θ by a_k·(θ+−θ−)/(2c_k²).
func TestUpdateUsesPlayedValues(t *testing.T) {
	cfg := Config{Iterations: 10, Params: []Param{{Name: "p", Start: 50, Min: 0, Max: 100, CEnd: 5, REnd: 0.01}}}
	tu, _ := New(cfg)
	p := tu.Next()
	p.Plus[0], p.Minus[0] = 60, 52 // as if rounding and clipping changed them
	if err := tu.Update(p, Outcome{Wins: 2}); err != nil {
		t.Fatal(err)
	}
	a := 0.01 * 25 * math.Pow(1+10, DefaultAlpha) / math.Pow(1+1, DefaultAlpha)
	want := 50 + a*2*8/(2*p.CK[0]*p.CK[0])
	if got := tu.Theta()[0]; math.Abs(got-want) > 1e-9 {
		t.Errorf("θ = %g, want %g", got, want)
	}
	if err := tu.Update(p, Outcome{}); err == nil {
		t.Error("an iteration updated twice")
	}
}

// TestRestoreContinuesIdentically: a tuner restored from a JSON checkpoint
// draws and updates exactly as the original.
func TestRestoreContinuesIdentically(t *testing.T) {
	cfg := Config{Iterations: 50, Seed: 9, Params: []Param{
		{Name: "a", Start: 10, Min: 0, Max: 20, CEnd: 2, REnd: 0.002, Int: true},
		{Name: "b", Start: 0.5, Min: 0, Max: 1, CEnd: 0.1, REnd: 0.002},
	}}
	run := func(tu *Tuner, from, to int) {
		rng := rand.New(rand.NewPCG(uint64(from), 1))
		for i := from; i < to; i++ {
			p := tu.Next()
			tu.Update(p, pair(rng, p, []float64{15, 0.8}, 1))
		}
	}
	a, _ := New(cfg)
	run(a, 0, 20)
	data, err := json.Marshal(a.State())
	if err != nil {
		t.Fatal(err)
	}
	run(a, 20, 50)

	b, _ := New(cfg)
	var s State
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatal(err)
	}
	if err := b.Restore(s); err != nil {
		t.Fatal(err)
	}
	run(b, 20, 50)
	if ja, jb := mustJSON(t, a.State()), mustJSON(t, b.State()); ja != jb {
		t.Errorf("restored run differs:\n%s\n%s", ja, jb)
	}
	if err := b.Restore(State{Theta: []float64{1}}); err == nil {
		t.Error("a checkpoint with the wrong parameter count was accepted")
	}
}

func mustJSON(t *testing.T, v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestValidate(t *testing.T) {
	ok := Param{Name: "p", Start: 5, Min: 0, Max: 10, CEnd: 1, REnd: 0.002}
	for _, c := range []struct {
		mod  func(*Config)
		want string
	}{
		{func(c *Config) { c.Params = nil }, "no parameters"},
		{func(c *Config) { c.Iterations = 0 }, "iterations"},
		{func(c *Config) { c.Params[0].Min = 10 }, "min 10 must be below max 10"},
		{func(c *Config) { c.Params[0].Start = 11 }, "value 11 outside [0, 10]"},
		{func(c *Config) { c.Params[0].CEnd = 0 }, "c_end"},
		{func(c *Config) { c.Params[0].REnd = -1 }, "r_end"},
		{func(c *Config) { c.Params = append(c.Params, c.Params[0]) }, "twice"},
		{func(c *Config) { c.Params[0].DeclaredIn, c.Params[0].Line, c.Params[0].Min = "spsa.yaml", 7, 20 }, "spsa.yaml:7: p"},
	} {
		cfg := Config{Iterations: 10, Params: []Param{ok}}
		c.mod(&cfg)
		if _, err := New(cfg); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("error %v, want %q", err, c.want)
		}
	}
}
