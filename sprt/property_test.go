package sprt

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestLLRMonotoneInScore: moving one outcome up one class (a loss to a
// draw, a draw to a win, or a pair up half a point) never lowers the LLR.
func TestLLRMonotoneInScore(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	tests := []Test{}
	for _, m := range []Model{Logistic, Normalized, BayesElo} {
		tst, err := NewTest(m, 0, 5, 0.05, 0.05)
		if err != nil {
			t.Fatal(err)
		}
		tests = append(tests, tst)
	}
	for trial := 0; trial < 400; trial++ {
		penta := trial%2 == 1
		k := 3
		if penta {
			k = 5
		}
		var c [5]int64
		for i := 0; i < k; i++ {
			c[i] = int64(rng.IntN(300))
		}
		from := rng.IntN(k - 1)
		if c[from] == 0 {
			c[from] = 1
		}
		r := Results{penta: penta, c: c}
		up := r
		up.c[from]--
		up.c[from+1]++
		for _, tst := range tests {
			// BayesElo bounds move with the drawelo of each sample; keep
			// it fixed to compare like with like.
			a := tst.Evaluate(r, r)
			b := tst.Evaluate(up, r)
			if b.LLR < a.LLR-1e-9 {
				t.Fatalf("%v %v: LLR %g -> %g after raising class %d (%v)", tst.Model, r, a.LLR, b.LLR, from, up)
			}
			if !Valid(a.LLR) || !Valid(b.LLR) {
				t.Fatalf("%v %v: non-finite LLR", tst.Model, r)
			}
		}
		sa, sb := Summarize(r), Summarize(up)
		if sb.Elo < sa.Elo-1e-9 || sb.LOS < sa.LOS-1e-9 {
			t.Fatalf("%v: Elo/LOS not monotone: %g/%g -> %g/%g", r, sa.Elo, sa.LOS, sb.Elo, sb.LOS)
		}
	}
}

// TestDegenerate pins the defined answers for data without variance or
// without games, and checks that nothing is NaN where a value exists.
func TestDegenerate(t *testing.T) {
	logi, _ := NewTest(Logistic, 0, 5, 0.05, 0.05)
	norm, _ := NewTest(Normalized, 0, 5, 0.05, 0.05)
	bayes, _ := NewTest(BayesElo, 0, 5, 0.05, 0.05)

	t.Run("zero games", func(t *testing.T) {
		for _, r := range []Results{{}, Pentanomial(0, 0, 0, 0, 0)} {
			s := Summarize(r)
			for name, x := range map[string]float64{"elo": s.Elo, "error": s.EloError, "nelo": s.NElo, "los": s.LOS, "draws": s.DrawRatio} {
				if !math.IsNaN(x) {
					t.Errorf("%v: %s = %g, want NaN (does not exist)", r, name, x)
				}
			}
			for _, tst := range []Test{logi, norm, bayes} {
				st := tst.Status(r)
				if st.LLR != 0 || st.Verdict != Continue {
					t.Errorf("%v %v: LLR %g verdict %v, want 0 continue", tst.Model, r, st.LLR, st.Verdict)
				}
			}
		}
	})
	t.Run("all draws", func(t *testing.T) {
		for _, r := range []Results{Trinomial(0, 500, 0), Pentanomial(0, 0, 250, 0, 0)} {
			s := Summarize(r)
			if s.Elo != 0 || s.NElo != 0 || math.Abs(s.LOS-0.5) > 1e-12 {
				t.Errorf("%v: elo %g nelo %g los %g, want 0 0 0.5", r, s.Elo, s.NElo, s.LOS)
			}
			if !(s.EloError > 0 && s.EloError < 1) || s.DrawRatio != 1 {
				t.Errorf("%v: error %g draw ratio %g", r, s.EloError, s.DrawRatio)
			}
			for _, tst := range []Test{logi, norm, bayes} {
				st := tst.Status(r)
				// A sure draw is exactly between H0 (0) and H1 (5): the LLR
				// leans to H0 and, with enough games, accepts it.
				if !Valid(st.LLR) || st.LLR >= 0 {
					t.Errorf("%v %v: LLR %g, want finite < 0", tst.Model, r, st.LLR)
				}
			}
		}
	})
	t.Run("no losses", func(t *testing.T) {
		r := Trinomial(30, 10, 0)
		s := Summarize(r)
		if !Valid(s.Elo) || s.Elo <= 0 || s.Elo > 1200 || !Valid(s.EloError) || !(s.LOS > 0.999) {
			t.Errorf("%+v", s)
		}
		if !math.IsNaN(s.PairsRatio) {
			t.Errorf("trinomial pairs ratio %g, want NaN", s.PairsRatio)
		}
		if st := logi.Status(Trinomial(300, 100, 0)); st.Verdict != AcceptH1 {
			t.Errorf("300-100-0 with [0,5]: %+v, want H1", st)
		}
		p := Pentanomial(0, 0, 3, 5, 9)
		if ps := Summarize(p); !math.IsNaN(ps.PairsRatio) || !Valid(ps.NElo) {
			t.Errorf("no lost pairs: pairs ratio %g (want NaN), nElo %g", ps.PairsRatio, ps.NElo)
		}
	})
	t.Run("single pair", func(t *testing.T) {
		for i := 0; i < 5; i++ {
			var c [5]int64
			c[i] = 1
			r := Results{penta: true, c: c}
			s := Summarize(r)
			// LL and WW are a 0 % and a 100 % score: no finite Elo.
			bounded := i != 0 && i != 4
			if Valid(s.Elo) != bounded || Valid(s.EloError) != bounded || Valid(s.NElo) != bounded || !Valid(s.LOS) || s.Games != 2 || s.Pairs != 1 {
				t.Errorf("%v: %+v", r, s)
			}
			for _, tst := range []Test{logi, norm, bayes} {
				if st := tst.Status(r); !Valid(st.LLR) || st.Verdict != Continue {
					t.Errorf("%v %v: %+v", tst.Model, r, st)
				}
			}
		}
	})
	t.Run("extreme bounds terminate", func(t *testing.T) {
		// fastchess issue 879: this loops forever on a NaN LLR there.
		r := Pentanomial(144, 3, 1, 0, 0)
		for _, m := range []Model{Logistic, Normalized, BayesElo} {
			tst, err := NewTest(m, -1500, -500, 0.05, 0.05)
			if err != nil {
				t.Fatal(err)
			}
			st := tst.Status(r)
			if !Valid(st.LLR) {
				t.Fatalf("%v: LLR %g", m, st.LLR)
			}
			a := tst.Analytics(r, 0.05)
			if !Valid(a.LLR) {
				t.Fatalf("%v analytics %+v", m, a)
			}
			t.Logf("%v: LLR %.4f verdict %v exact %v", m, st.LLR, st.Verdict, st.Exact)
		}
		tst, _ := NewTest(Logistic, -1500, -500, 0.05, 0.05)
		// The sample scores 0.84 %, about -830 Elo: between the bounds,
		// closer to H1 (-500) in score terms.
		if st := tst.Status(r); st.Verdict != AcceptH1 || !st.Exact {
			t.Errorf("logistic [-1500,-500] on %v: %+v, want exact H1", r, st)
		}
	})
	t.Run("invalid tests rejected", func(t *testing.T) {
		bad := [][4]float64{{5, 5, 0.05, 0.05}, {5, 0, 0.05, 0.05}, {0, 5, 0, 0.05}, {0, 5, 0.6, 0.5}, {0, 5000, 0.05, 0.05}, {math.NaN(), 5, 0.05, 0.05}}
		for _, b := range bad {
			if _, err := NewTest(Logistic, b[0], b[1], b[2], b[3]); err == nil {
				t.Errorf("NewTest(%v) accepted", b)
			}
		}
	})
}

func TestVerdictRule(t *testing.T) {
	tst, _ := NewTest(Logistic, 0, 5, 0.05, 0.05)
	cases := []struct {
		llr  float64
		want Verdict
	}{{tst.Upper, AcceptH1}, {tst.Upper - 1e-9, Continue}, {tst.Lower, AcceptH0}, {tst.Lower + 1e-9, Continue}, {0, Continue}}
	for _, c := range cases {
		if got := tst.Verdict(c.llr); got != c.want {
			t.Errorf("Verdict(%g) = %v, want %v", c.llr, got, c.want)
		}
	}
	if p := (Status{LLR: 2.97, Upper: 2.94, Lower: -2.94}).Percent(); math.Abs(p-101.02) > 0.01 {
		t.Errorf("percent %g", p)
	}
}

func TestTally(t *testing.T) {
	var tl Tally
	if err := tl.AddPair(Win, Loss); err != nil {
		t.Fatal(err)
	}
	_ = tl.AddPair(Draw, Draw)
	_ = tl.AddPair(Win, Draw)
	_ = tl.AddPair(Win, Win)
	_ = tl.AddPair(Loss, Loss)
	if got := tl.Pentanomial().Counts(); got[0] != 1 || got[1] != 0 || got[2] != 2 || got[3] != 1 || got[4] != 1 {
		t.Errorf("penta %v", got)
	}
	if w, d, l, _ := tl.Trinomial().WDL(); w != 4 || d != 3 || l != 3 {
		t.Errorf("wdl %d %d %d", w, d, l)
	}
	if tl.WLPairs() != 1 || !tl.Results().IsPenta() {
		t.Errorf("wl %d penta %v", tl.WLPairs(), tl.Results().IsPenta())
	}
	_ = tl.AddGame(Win)
	if tl.Results().IsPenta() || tl.Results().Games() != 11 {
		t.Errorf("after a lone game: %v", tl.Results())
	}
	if tl.AddGame(Outcome(7)) == nil || tl.AddPair(Win, Outcome(-1)) == nil {
		t.Error("invalid outcomes accepted")
	}
	if err := Trinomial(-1, 0, 0).Check(); err == nil {
		t.Error("negative count accepted")
	}
}

func TestCalculator(t *testing.T) {
	for _, m := range []Model{Logistic, Normalized, BayesElo} {
		tst, _ := NewTest(m, 0, 2, 0.05, 0.05)
		c, err := NewCalculator(tst, 0.6, 0)
		if err != nil {
			t.Fatal(err)
		}
		// Wald's identities: P(pass | elo0) = α, P(pass | elo1) = 1−β.
		p0, g0 := c.At(c.Elo0)
		p1, g1 := c.At(c.Elo1)
		if math.Abs(p0-0.05) > 1e-9 || math.Abs(p1-0.95) > 1e-9 {
			t.Errorf("%v: pass at bounds %g %g", m, p0, p1)
		}
		pm, gm := c.At((c.Elo0 + c.Elo1) / 2)
		if math.Abs(pm-0.5) > 1e-4 || !(gm > g0 && gm > g1) || !(g0 > 0) {
			t.Errorf("%v: midpoint pass %g games %g (bounds %g %g)", m, pm, gm, g0, g1)
		}
		prev := -1.0
		for e := -5.0; e <= 5; e += 0.5 {
			p, g := c.At(e)
			if p < prev || !Valid(g) || g <= 0 {
				t.Errorf("%v: at %g pass %g games %g", m, e, p, g)
			}
			prev = p
		}
	}
	// Logistic [0,5] at draw ratio 0.5: w² = (s1−s0)²/0.125, midpoint
	// games = −LA·LB / w² (the zero-drift limit).
	tst, _ := NewTest(Logistic, 0, 5, 0.05, 0.05)
	c, _ := NewCalculator(tst, 0.5, 0)
	ds := ScoreFromElo(5) - 0.5
	want := tst.Lower * -tst.Upper / (ds * ds / 0.125)
	if _, g := c.At(2.5); math.Abs(g-want)/want > 1e-4 {
		t.Errorf("games at midpoint %g, want %g", g, want)
	}
	if _, err := NewCalculator(tst, 1, 0); err == nil {
		t.Error("draw ratio 1 accepted")
	}
	if _, err := NewCalculator(tst, 0.9, 200); err == nil {
		t.Error("bias larger than the variance accepted")
	}
}
