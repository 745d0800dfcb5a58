package spsa

import (
	"encoding/json"
	"math"
	"slices"
	"strings"
	"testing"
)

// goldenConfig and goldenOutcome are the run whose in-order trajectory
// goldenTheta records.
func goldenConfig() Config {
	return Config{Iterations: 24, Seed: 11, Params: []Param{
		{Name: "i", Start: 10, Min: 0, Max: 20, CEnd: 2, REnd: 0.02, Int: true},
		{Name: "f", Start: 0.9, Min: 0, Max: 1, CEnd: 0.1, REnd: 0.05},
	}}
}

func goldenOutcome(k int) Outcome {
	return [4]Outcome{{Wins: 2}, {Wins: 1, Draws: 1}, {Draws: 1, Losses: 1}, {Losses: 2}}[k*7%4]
}

// goldenTheta is θ (as float64 bits) after each update of goldenConfig
// played in batches of 4, updates in iteration order, iteration k scoring
// goldenOutcome(k). It was printed by the tuner of commit 1901e83, which
// required updates in draw order: the in-order arithmetic is unchanged
// bit for bit. (f's θ+ is clipped at 1 in most iterations.)
var goldenTheta = [][2]uint64{
	{0x40245c89dc667132, 0x3fed7ce18a5ad616},
	{0x40248a1c23ea4ecb, 0x3fedd03219a02e4e},
	{0x40245e62c90fa6c6, 0x3fed820ff55b7634},
	{0x4024b20e3fc6897d, 0x3fee153665062516},
	{0x402461da70128236, 0x3feda3989a7da5b3},
	{0x40248866fc4ad12e, 0x3fedd98bd0cfe86c},
	{0x40246aababdf2ee5, 0x3feda60fdb35fbf9},
	{0x4024b285f4ffbcca, 0x3fed436578e5d462},
	{0x40246ce5a1dddb0e, 0x3fedb088f8113e30},
	{0x40244b171cd4ca8c, 0x3fede535f236b0d6},
	{0x40246bfb671cf1f4, 0x3fee182f75c6e61e},
	{0x40249f455b490ed7, 0x3fee7b0eabdfea60},
	{0x402460b21de56376, 0x3fee2e0815012a44},
	{0x40247928b78290fa, 0x3fee537a708b9ac6},
	{0x40249118e981f1f7, 0x3fee2f02c145e5ba},
	{0x40245678d8a6978e, 0x3fede7e1f0fe1c69},
	{0x4024287b9550201a, 0x3fed9a2a81efda3f},
	{0x402411ea1377b737, 0x3fed7429a256975e},
	{0x4024281527cf1cf1, 0x3fed995e35c6e144},
	{0x402453aa84b5503b, 0x3fed5073a8f2b7f0},
	{0x402428cb0c30615c, 0x3fed9fe3c88e1e41},
	{0x402413b14f41fb63, 0x3fed78e4ba6650d1},
	{0x4023fee90f9599f9, 0x3fed9f3523849c7f},
	{0x4023d5f34d063dd0, 0x3fedea8b8407d5dc},
}

func checkGolden(t *testing.T, k int, theta []float64) {
	t.Helper()
	want := goldenTheta[k-1]
	if math.Float64bits(theta[0]) != want[0] || math.Float64bits(theta[1]) != want[1] {
		t.Fatalf("iteration %d: θ %v, want %v %v", k, theta, math.Float64frombits(want[0]), math.Float64frombits(want[1]))
	}
}

// TestInOrderBitIdentical: in draw order the update is today's arithmetic
// to the bit (a_k from applied+1 = k).
func TestInOrderBitIdentical(t *testing.T) {
	tu, err := New(goldenConfig())
	if err != nil {
		t.Fatal(err)
	}
	for !tu.Done() {
		var ps []Perturbation
		for len(ps) < 4 && tu.Undrawn() > 0 {
			ps = append(ps, tu.Next())
		}
		for _, p := range ps {
			if err := tu.Update(p, goldenOutcome(p.K)); err != nil {
				t.Fatal(err)
			}
			checkGolden(t, p.K, tu.Theta())
		}
	}
}

// wantStep is θ_i after an update of p with outcome o applied as update
// number n (a_n), from θ_i before: the documented formula.
func wantStep(tu *Tuner, i, n int, before float64, p Perturbation, o Outcome) float64 {
	cfg := tu.Config()
	ak := tu.a[i] / math.Pow(cfg.A+float64(n), cfg.Alpha)
	ck := p.CK[i]
	return clamp(before+ak*float64(o.Wins-o.Losses)*(p.Plus[i]-p.Minus[i])/(2*ck*ck), cfg.Params[i].Min, cfg.Params[i].Max)
}

// TestUpdateAnyOrder: updates applied in reverse draw order are all
// accepted, a_k counts the updates applied (not the iteration), c_k and
// the values come from the perturbation; an iteration updated twice or
// never drawn is an error naming it.
func TestUpdateAnyOrder(t *testing.T) {
	tu, _ := New(goldenConfig())
	var ps []Perturbation
	for range 6 {
		ps = append(ps, tu.Next())
	}
	for n := 1; n <= 6; n++ {
		p := ps[6-n]
		before := tu.Theta()
		if err := tu.Update(p, Outcome{Wins: 2}); err != nil {
			t.Fatal(err)
		}
		for i, got := range tu.Theta() {
			if want := wantStep(tu, i, n, before[i], p, Outcome{Wins: 2}); got != want {
				t.Errorf("update %d (iteration %d): θ_%d = %v, want %v (a_%d)", n, p.K, i, got, want, n)
			}
		}
	}
	if st := tu.State(); st.Iteration != 6 || st.Wins != 12 || len(st.InFlight) != 0 {
		t.Errorf("state %+v", st)
	}
	for _, c := range []struct {
		k    int
		want string
	}{{3, "iteration 3: updated twice"}, {7, "iteration 7: updated but never drawn"}, {0, "iteration 0: updated but never drawn"}} {
		p := ps[0]
		p.K = c.k
		if err := tu.Update(p, Outcome{}); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("update of iteration %d: %v, want %q", c.k, err, c.want)
		}
	}
}

// TestRestoreInFlight: a state taken with draws in flight lists them;
// restored, they are drawn again first (same k, hence c_k) and then the
// run continues after the last drawn iteration; every iteration is
// applied once.
func TestRestoreInFlight(t *testing.T) {
	cfg := goldenConfig()
	cfg.Iterations = 8
	a, _ := New(cfg)
	var ps []Perturbation
	for range 5 {
		ps = append(ps, a.Next())
	}
	for _, k := range []int{4, 2} {
		if err := a.Update(ps[k-1], Outcome{Wins: 1, Draws: 1}); err != nil {
			t.Fatal(err)
		}
	}
	st := a.State()
	if st.Iteration != 2 || !slices.Equal(st.InFlight, []int{1, 3, 5}) {
		t.Fatalf("state: iteration %d, in flight %v; want 2, [1 3 5]", st.Iteration, st.InFlight)
	}
	data, _ := json.Marshal(st)
	var s State
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatal(err)
	}
	b, _ := New(cfg)
	if err := b.Restore(s); err != nil {
		t.Fatal(err)
	}
	if b.Undrawn() != 6 || b.Iteration() != 2 {
		t.Errorf("restored: %d undrawn, %d applied; want 6, 2", b.Undrawn(), b.Iteration())
	}
	if err := b.Update(ps[2], Outcome{}); err == nil || !strings.Contains(err.Error(), "iteration 3: updated but never drawn") {
		t.Errorf("update of an in-flight iteration before it is drawn again: %v", err)
	}
	if err := b.Update(ps[1], Outcome{}); err == nil || !strings.Contains(err.Error(), "iteration 2: updated twice") {
		t.Errorf("update of an applied iteration: %v", err)
	}
	// A state taken now still lists them: they are not lost by a second
	// interruption before they are drawn again.
	if again := b.State(); !slices.Equal(again.InFlight, []int{1, 3, 5}) {
		t.Errorf("restored state in flight %v", again.InFlight)
	}
	var ks []int
	for b.Undrawn() > 0 {
		p := b.Next()
		if math.Abs(p.CK[0]-ps[0].CK[0]*math.Pow(1/float64(p.K), b.Config().Gamma)) > 1e-12 {
			t.Errorf("iteration %d: c_k %v", p.K, p.CK[0])
		}
		ks = append(ks, p.K)
		if err := b.Update(p, Outcome{Draws: 2}); err != nil {
			t.Fatal(err)
		}
	}
	if !slices.Equal(ks, []int{1, 3, 5, 6, 7, 8}) || !b.Done() || b.State().Pairs != 8 {
		t.Errorf("drawn after restore %v, done %v, pairs %d", ks, b.Done(), b.State().Pairs)
	}
	for _, bad := range [][]int{{0}, {9}, {3, 3}, {5, 1}, {1, 3, 5, 6, 7, 8, 2}} {
		s2 := s
		s2.InFlight = bad
		if err := b.Restore(s2); err == nil {
			t.Errorf("in flight %v restored", bad)
		}
	}
}

// TestStateBetweenBatches: with nothing in flight the state's JSON has
// no in_flight key (checkpoints of local runs are unchanged).
func TestStateBetweenBatches(t *testing.T) {
	tu, _ := New(goldenConfig())
	p := tu.Next()
	if err := tu.Update(p, Outcome{}); err != nil {
		t.Fatal(err)
	}
	if j := mustJSON(t, tu.State()); strings.Contains(j, "in_flight") {
		t.Errorf("state %s", j)
	}
}
