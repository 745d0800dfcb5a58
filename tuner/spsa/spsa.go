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
// Each iteration carries what its update needs — k, c_k, Δ and the values
// played, all fixed when it is drawn from the θ of that moment — while
// a_k comes from the number of updates applied so far (k = applied+1).
// An update may therefore arrive in any order, fishtest's way.
//
// # Reproducibility
//
// A local run draws its iterations in batches from the θ at the start of
// the batch (as fishtest's workers do) and applies their updates in
// iteration order, where "applied+1" is the iteration's own k: a run with
// fixed-node games and a fixed seed gives bit for bit the same θ at any
// concurrency, and the state after a batch (θ, updates applied, RNG, game
// counts) is what is checkpointed. An asynchronous run (Runner.InFlight,
// for remote executors) keeps several chunks in play and applies each
// update when its result arrives: θ depends on the order of arrival, so
// such a run is not reproducible, though every iteration is still applied
// exactly once and its state can be checkpointed after every update.
package spsa

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
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
	Iteration int       `json:"iteration"` // updates applied
	Theta     []float64 `json:"theta"`     // in Config.Params order
	RNG       []byte    `json:"rng"`       // PCG state after every draw so far
	Pairs     int       `json:"pairs"`
	Wins      int       `json:"wins"` // of θ+ over every pair
	Draws     int       `json:"draws"`
	Losses    int       `json:"losses"`
	// InFlight lists, in increasing order, the iterations drawn but not
	// yet applied when the state was taken (a state taken mid-batch, or
	// during an asynchronous run). Their games are not in the state: a
	// restored tuner draws them again, with the same k, from the restored
	// θ. Empty between the batches of a local run, so such checkpoints
	// are the same JSON as before the field existed.
	InFlight []int `json:"in_flight,omitempty"`
}

// Tuner runs the algorithm. It is not safe for concurrent use: one
// goroutine at a time draws and updates (the Runner serialises them),
// workers only play.
type Tuner struct {
	cfg  Config
	c, a []float64 // per parameter
	st   State
	rng  *rand.PCG
	// drawn counts the iteration numbers handed out (1..drawn), redraw
	// included; each is applied (st.Iteration of them), pending (drawn,
	// result awaited) or in redraw (drawn before a Restore, to be drawn
	// again). So st.Iteration + len(pending) + len(redraw) = drawn.
	drawn   int
	pending map[int]bool
	redraw  []int // increasing
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
	t := &Tuner{cfg: cfg, rng: rand.NewPCG(cfg.Seed, 0x5d5a_5e15_ca11_ab1e), pending: map[int]bool{}}
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

// State returns a copy of the state. It may be taken at any time: the
// iterations drawn and not yet applied are listed in InFlight.
func (t *Tuner) State() State {
	s := t.st
	s.Theta = append([]float64(nil), t.st.Theta...)
	s.RNG, _ = t.rng.MarshalBinary()
	s.InFlight = nil
	for k := range t.pending {
		s.InFlight = append(s.InFlight, k)
	}
	s.InFlight = append(s.InFlight, t.redraw...)
	slices.Sort(s.InFlight)
	return s
}

// Restore continues from a checkpointed state. The state's in-flight
// iterations were never applied and their games are lost with the
// process that played them: Next draws them again first (same k, so the
// same c_k and opening, but Δ and rounding from the restored RNG and θ
// from the restored θ), then continues after the last drawn iteration.
func (t *Tuner) Restore(s State) error {
	n := t.cfg.Iterations
	if len(s.Theta) != len(t.cfg.Params) {
		return fmt.Errorf("spsa: checkpoint has %d parameters, the run %d", len(s.Theta), len(t.cfg.Params))
	}
	if s.Iteration < 0 || s.Iteration+len(s.InFlight) > n {
		return fmt.Errorf("spsa: checkpoint at iteration %d with %d in flight, of %d", s.Iteration, len(s.InFlight), n)
	}
	for i, k := range s.InFlight {
		if k < 1 || k > n || (i > 0 && k <= s.InFlight[i-1]) {
			return fmt.Errorf("spsa: checkpoint: in-flight iteration %d: want increasing iterations in 1..%d", k, n)
		}
	}
	rng := &rand.PCG{}
	if err := rng.UnmarshalBinary(s.RNG); err != nil {
		return fmt.Errorf("spsa: checkpoint RNG state: %w", err)
	}
	t.st = s
	t.st.Theta = append([]float64(nil), s.Theta...)
	t.st.InFlight = nil
	t.rng = rng
	t.redraw = append([]int(nil), s.InFlight...)
	t.pending = map[int]bool{}
	t.drawn = s.Iteration + len(s.InFlight)
	return nil
}

// Iteration is the number of updates applied.
func (t *Tuner) Iteration() int { return t.st.Iteration }

// Done reports whether every iteration has been drawn and updated.
func (t *Tuner) Done() bool { return t.st.Iteration >= t.cfg.Iterations }

// Undrawn is the number of iterations Next can still draw.
func (t *Tuner) Undrawn() int { return t.cfg.Iterations - t.drawn + len(t.redraw) }

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

// stranded is the error of a tuner that is not done but has nothing left
// to draw: iterations drawn outside the runner were never updated.
func (t *Tuner) stranded() error {
	return fmt.Errorf("spsa: %d of %d iterations applied, the others drawn but never updated: %v",
		t.st.Iteration, t.cfg.Iterations, t.State().InFlight)
}

// Perturbation is one drawn iteration: the two parameter vectors to play.
type Perturbation struct {
	K           int       // 1-based iteration number
	CK          []float64 // c_k per parameter
	Delta       []float64 // ±1
	Plus, Minus []float64 // the values played (rounded, clipped)
}

func (t *Tuner) float() float64 { return float64(t.rng.Uint64()>>11) / (1 << 53) }

// Next draws the next iteration from the current θ: an in-flight
// iteration of a restored state first, then the one after the last
// drawn. It panics when Undrawn is 0.
func (t *Tuner) Next() Perturbation {
	var kk int
	switch {
	case len(t.redraw) > 0:
		kk, t.redraw = t.redraw[0], t.redraw[1:]
	case t.drawn < t.cfg.Iterations:
		t.drawn++
		kk = t.drawn
	default:
		panic("spsa: Next after the last iteration")
	}
	t.pending[kk] = true
	k := float64(kk)
	n := len(t.cfg.Params)
	p := Perturbation{K: kk, CK: make([]float64, n), Delta: make([]float64, n),
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

// Update applies the result of a drawn iteration, in any order: c_k and
// the values played come from p (as drawn), a_k from the number of
// updates applied before this one (k = applied+1). Applied in the order
// drawn, that k is p.K. An iteration that is not in flight — never
// drawn, or already applied — is an error naming it.
func (t *Tuner) Update(p Perturbation, o Outcome) error {
	if !t.pending[p.K] {
		if p.K >= 1 && p.K <= t.drawn && !slices.Contains(t.redraw, p.K) {
			return fmt.Errorf("spsa: iteration %d: updated twice", p.K)
		}
		return fmt.Errorf("spsa: iteration %d: updated but never drawn", p.K)
	}
	if n := len(t.cfg.Params); len(p.CK) != n || len(p.Plus) != n || len(p.Minus) != n {
		return fmt.Errorf("spsa: iteration %d: perturbation of %d parameters, the run has %d", p.K, len(p.CK), n)
	}
	delete(t.pending, p.K)
	result := float64(o.Wins - o.Losses)
	k := float64(t.st.Iteration + 1)
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

// Schedule is parameter i's perturbation c_k and learning rate
// r_k = a_k / c_k² at iteration k (1-based): c_1 and r_1 are where a run
// starts, c_N = c_end and r_N = r_end where it ends.
func (t *Tuner) Schedule(i, k int) (c, r float64) {
	c = t.c[i] / math.Pow(float64(k), t.cfg.Gamma)
	a := t.a[i] / math.Pow(t.cfg.A+float64(k), t.cfg.Alpha)
	return c, a / (c * c)
}
