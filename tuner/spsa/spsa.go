// Package spsa owns the SPSA tuner: the fishtest/OpenBench algorithm
// (simultaneous perturbation stochastic approximation over engine
// parameters by self-play game pairs), its checkpointable state, and the
// driver that plays θ+cΔ against θ−cΔ with the match runner's engines.
//
// # Algorithm
//
// For N iterations (one iteration is one game pair: the same opening, the
// colours swapped), with α = 0.602, γ = 0.101, A = N/10 by default and per
// parameter c_end and r_end:
//
//	c   = c_end · N^γ            c_k = c / k^γ
//	a   = r_end · c_end² · (A+N)^α  a_k = a / (A+k)^α
//
// Iteration k draws Δ ∈ {−1, +1}ⁿ and plays θ+ = θ + c_k·Δ against
// θ− = θ − c_k·Δ. Integer parameters are rounded stochastically with one
// random number R shared by both sides (⌊x + R⌋) and every value is clipped
// to [min, max]. With result = wins − losses of θ+ in the pair, the update
// uses the values actually played:
//
//	θ_i += a_k · result · (θ+_i − θ−_i) / (2·c_k²)
//
// which is fishtest's θ_i += (a_k/c_k²)·c_k·result·Δ_i when nothing was
// rounded or clipped. θ itself stays real-valued and is clipped to
// [min, max].
//
// Iterations are drawn in batches from the θ at the start of the batch (as
// fishtest's workers do) and their updates applied in iteration order, so
// a run with fixed-node games and a fixed seed gives the same θ at any
// concurrency; the state after a batch (θ, iteration, RNG, game counts) is
// what is checkpointed.
package spsa

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
)

// Defaults of the fishtest algorithm.
const (
	DefaultAlpha = 0.602
	DefaultGamma = 0.101
	DefaultREnd  = 0.002
	// DefaultAFraction: A is 10 % of the iterations.
	DefaultAFraction = 0.1
)

// Param is one tuned parameter.
type Param struct {
	Name       string
	Start      float64 // the value the run started from
	Min, Max   float64
	CEnd, REnd float64
	Int        bool // rounded stochastically when played
	// DeclaredIn and Line say where the parameter was declared (for
	// errors); zero values when unknown.
	DeclaredIn string
	Line       int
}

// Config configures a Tuner.
type Config struct {
	Params     []Param
	Iterations int     // N: game pairs in the whole run
	Alpha      float64 // default 0.602
	Gamma      float64 // default 0.101
	A          float64 // default N/10
	Seed       uint64
}

// Validate checks the configuration; errors name the parameter.
func (c *Config) Validate() error {
	if len(c.Params) == 0 {
		return errors.New("spsa: no parameters to tune")
	}
	if c.Iterations <= 0 {
		return fmt.Errorf("spsa: iterations %d: want at least 1", c.Iterations)
	}
	if c.Alpha < 0 || c.Gamma < 0 || c.A < 0 {
		return fmt.Errorf("spsa: alpha %g, gamma %g, A %g: want non-negative values", c.Alpha, c.Gamma, c.A)
	}
	seen := map[string]bool{}
	for _, p := range c.Params {
		where := p.Name
		if p.DeclaredIn != "" && p.Line > 0 {
			where = fmt.Sprintf("%s:%d: %s", p.DeclaredIn, p.Line, p.Name)
		}
		switch {
		case p.Name == "":
			return errors.New("spsa: a parameter without a name")
		case seen[p.Name]:
			return fmt.Errorf("spsa: %s: listed twice", where)
		case !(p.Min < p.Max):
			return fmt.Errorf("spsa: %s: min %g must be below max %g", where, p.Min, p.Max)
		case p.Start < p.Min || p.Start > p.Max || math.IsNaN(p.Start):
			return fmt.Errorf("spsa: %s: value %g outside [%g, %g]", where, p.Start, p.Min, p.Max)
		case !(p.CEnd > 0):
			return fmt.Errorf("spsa: %s: c_end %g must be positive", where, p.CEnd)
		case !(p.REnd > 0):
			return fmt.Errorf("spsa: %s: r_end %g must be positive", where, p.REnd)
		}
		seen[p.Name] = true
	}
	return nil
}

// State is everything a run needs to continue: it is what a checkpoint
// stores (as JSON).
type State struct {
	Iteration int       `json:"iteration"` // iterations completed (and updates applied)
	Theta     []float64 `json:"theta"`     // in Config.Params order
	RNG       []byte    `json:"rng"`       // PCG state after the draws of the completed iterations
	Pairs     int       `json:"pairs"`
	Wins      int       `json:"wins"` // of θ+ over every pair
	Draws     int       `json:"draws"`
	Losses    int       `json:"losses"`
}

// Tuner runs the algorithm. It is not safe for concurrent use: one
// goroutine draws and updates, workers only play.
type Tuner struct {
	cfg   Config
	c, a  []float64 // per parameter
	st    State
	rng   *rand.PCG
	drawn int // iterations drawn (≥ st.Iteration)
}

// New validates cfg and starts at the parameters' Start values.
func New(cfg Config) (*Tuner, error) {
	if cfg.Alpha == 0 {
		cfg.Alpha = DefaultAlpha
	}
	if cfg.Gamma == 0 {
		cfg.Gamma = DefaultGamma
	}
	if cfg.A == 0 {
		cfg.A = DefaultAFraction * float64(cfg.Iterations)
	}
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	t := &Tuner{cfg: cfg, rng: rand.NewPCG(cfg.Seed, 0x5d5a_5e15_ca11_ab1e)}
	n := float64(cfg.Iterations)
	for _, p := range cfg.Params {
		t.c = append(t.c, p.CEnd*math.Pow(n, cfg.Gamma))
		t.a = append(t.a, p.REnd*p.CEnd*p.CEnd*math.Pow(cfg.A+n, cfg.Alpha))
		t.st.Theta = append(t.st.Theta, p.Start)
	}
	return t, nil
}

// Config returns the configuration with defaults filled in.
func (t *Tuner) Config() Config { return t.cfg }

// State returns a copy of the state. Call it between batches (when every
// drawn iteration has been updated).
func (t *Tuner) State() State {
	s := t.st
	s.Theta = append([]float64(nil), t.st.Theta...)
	s.RNG, _ = t.rng.MarshalBinary()
	return s
}

// Restore continues from a checkpointed state.
func (t *Tuner) Restore(s State) error {
	if len(s.Theta) != len(t.cfg.Params) {
		return fmt.Errorf("spsa: checkpoint has %d parameters, the run %d", len(s.Theta), len(t.cfg.Params))
	}
	if s.Iteration < 0 || s.Iteration > t.cfg.Iterations {
		return fmt.Errorf("spsa: checkpoint at iteration %d of %d", s.Iteration, t.cfg.Iterations)
	}
	rng := &rand.PCG{}
	if err := rng.UnmarshalBinary(s.RNG); err != nil {
		return fmt.Errorf("spsa: checkpoint RNG state: %w", err)
	}
	t.st = s
	t.st.Theta = append([]float64(nil), s.Theta...)
	t.rng = rng
	t.drawn = s.Iteration
	return nil
}

// Iteration is the number of iterations completed.
func (t *Tuner) Iteration() int { return t.st.Iteration }

// Done reports whether every iteration has been drawn and updated.
func (t *Tuner) Done() bool { return t.st.Iteration >= t.cfg.Iterations }

// Theta returns a copy of θ.
func (t *Tuner) Theta() []float64 { return append([]float64(nil), t.st.Theta...) }

// Rounded returns θ as the engine would be configured at the end: integer
// parameters rounded to the nearest integer.
func (t *Tuner) Rounded() []float64 {
	out := t.Theta()
	for i, p := range t.cfg.Params {
		if p.Int {
			out[i] = math.Round(out[i])
		}
	}
	return out
}

// Perturbation is one drawn iteration: the two parameter vectors to play.
type Perturbation struct {
	K           int       // 1-based iteration number
	CK          []float64 // c_k per parameter
	Delta       []float64 // ±1
	Plus, Minus []float64 // the values played (rounded, clipped)
}

func (t *Tuner) float() float64 { return float64(t.rng.Uint64()>>11) / (1 << 53) }

// Next draws the next iteration from the current θ. It panics when every
// iteration has been drawn.
func (t *Tuner) Next() Perturbation {
	if t.drawn >= t.cfg.Iterations {
		panic("spsa: Next after the last iteration")
	}
	t.drawn++
	k := float64(t.drawn)
	n := len(t.cfg.Params)
	p := Perturbation{K: t.drawn, CK: make([]float64, n), Delta: make([]float64, n),
		Plus: make([]float64, n), Minus: make([]float64, n)}
	for i, par := range t.cfg.Params {
		ck := t.c[i] / math.Pow(k, t.cfg.Gamma)
		d := 1.0
		if t.rng.Uint64()&1 == 1 {
			d = -1
		}
		plus, minus := t.st.Theta[i]+ck*d, t.st.Theta[i]-ck*d
		if par.Int {
			r := t.float() // one R for both sides
			plus, minus = math.Floor(plus+r), math.Floor(minus+r)
		}
		p.CK[i], p.Delta[i] = ck, d
		p.Plus[i] = clamp(plus, par.Min, par.Max)
		p.Minus[i] = clamp(minus, par.Min, par.Max)
	}
	return p
}

// Outcome is what θ+ scored in one iteration's games.
type Outcome struct{ Wins, Draws, Losses int }

// Update applies one iteration's result. Iterations must be updated in
// the order they were drawn.
func (t *Tuner) Update(p Perturbation, o Outcome) error {
	if p.K != t.st.Iteration+1 {
		return fmt.Errorf("spsa: update of iteration %d after %d (updates must follow the draws' order)", p.K, t.st.Iteration)
	}
	result := float64(o.Wins - o.Losses)
	k := float64(p.K)
	for i, par := range t.cfg.Params {
		ak := t.a[i] / math.Pow(t.cfg.A+k, t.cfg.Alpha)
		ck := p.CK[i]
		t.st.Theta[i] = clamp(t.st.Theta[i]+ak*result*(p.Plus[i]-p.Minus[i])/(2*ck*ck), par.Min, par.Max)
	}
	t.st.Iteration++
	t.st.Pairs++
	t.st.Wins += o.Wins
	t.st.Draws += o.Draws
	t.st.Losses += o.Losses
	return nil
}

func clamp(x, lo, hi float64) float64 { return math.Max(lo, math.Min(hi, x)) }
