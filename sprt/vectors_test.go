package sprt

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"strings"
	"testing"

	"gonum.org/v1/gonum/stat/distuv"
)

type vectorFile struct {
	Vectors []vector `json:"vectors"`
}

type vector struct {
	ID        string                     `json:"id"`
	Input     map[string]json.RawMessage `json:"input"`
	Expected  map[string]json.RawMessage `json:"expected"`
	Tolerance struct {
		Abs float64 `json:"abs"`
	} `json:"tolerance"`
	Source struct {
		Tool string `json:"tool"`
	} `json:"source"`
}

func loadVectors(t *testing.T) []vector {
	t.Helper()
	raw, err := os.ReadFile("testdata/reference_vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	var f vectorFile
	if err := json.Unmarshal(raw, &f); err != nil {
		t.Fatal(err)
	}
	return f.Vectors
}

func (v vector) inNum(t *testing.T, key string) float64 {
	t.Helper()
	var x float64
	if err := json.Unmarshal(v.Input[key], &x); err != nil {
		t.Fatalf("%s: input %s: %v", v.ID, key, err)
	}
	return x
}

func (v vector) inInts(t *testing.T, key string) []int64 {
	t.Helper()
	var x []int64
	if err := json.Unmarshal(v.Input[key], &x); err != nil {
		t.Fatalf("%s: input %s: %v", v.ID, key, err)
	}
	return x
}

// results builds the vector's counts: pentanomial when it has them.
func (v vector) results(t *testing.T) Results {
	t.Helper()
	for _, k := range []string{"pentanomial_LL_LD_DDWL_WD_WW", "pentanomial"} {
		if _, ok := v.Input[k]; ok {
			c := v.inInts(t, k)
			return Pentanomial(c[0], c[1], c[2], c[3], c[4])
		}
	}
	return Trinomial(int64(v.inNum(t, "wins")), int64(v.inNum(t, "draws")), int64(v.inNum(t, "losses")))
}

// check compares got with the expected value under key within tolerance.
func (v vector) check(t *testing.T, key string, got float64) {
	t.Helper()
	raw, ok := v.Expected[key]
	if !ok {
		t.Fatalf("%s: no expected %q", v.ID, key)
	}
	var want float64
	if err := json.Unmarshal(raw, &want); err != nil {
		t.Fatalf("%s: expected %s: %v", v.ID, key, err)
	}
	if !(math.Abs(got-want) <= v.Tolerance.Abs) {
		t.Errorf("%s: %s = %.15g, want %.15g (tol %g, diff %.3g)", v.ID, key, got, want, v.Tolerance.Abs, got-want)
	}
}

func (v vector) checkString(t *testing.T, key, got string) {
	t.Helper()
	var want string
	if err := json.Unmarshal(v.Expected[key], &want); err != nil {
		t.Fatalf("%s: expected %s: %v", v.ID, key, err)
	}
	if got != want {
		t.Errorf("%s: %s = %q, want %q", v.ID, key, got, want)
	}
}

// The cutechess Φ⁻¹: sqrt(2)·erfinv(2p−1) with Winitzki's closed-form
// erfinv approximation (cutechess's errorMargin uses it, hence its 0.14 %
// narrower intervals: Φ⁻¹(0.975) ≈ 1.9571619 instead of 1.9599640).
func cutechessPhiInv(p float64) float64 {
	x := 2*p - 1
	a := 8 * (math.Pi - 3) / (3 * math.Pi * (4 - math.Pi))
	y := math.Log(1 - x*x)
	z := 2/(math.Pi*a) + y/2
	return math.Sqrt2 * math.Copysign(math.Sqrt(math.Sqrt(z*z-y/a)-z), x)
}

// cutechessLLR is cutechess's Sprt::status: +0.5 pseudo-count per class,
// drawelo from the sample, logistic bounds scaled to BayesElo by
// 4x/(1+x)² (x = 10^(−drawelo/400)), then the BayesElo likelihood ratio.
// Built from this package's BayesElo conversions.
func cutechessLLR(w, d, l int64, elo0, elo1 float64) float64 {
	W, D, L := float64(w)+0.5, float64(d)+0.5, float64(l)+0.5
	n := W + D + L
	_, de := ProbsToBayesElo(L/n, W/n)
	x := math.Pow(10, -de/400)
	scale := 4 * x / ((1 + x) * (1 + x))
	l0, d0, w0 := BayesEloToProbs(elo0/scale, de)
	l1, d1, w1 := BayesEloToProbs(elo1/scale, de)
	return W*math.Log(w1/w0) + D*math.Log(d1/d0) + L*math.Log(l1/l0)
}

// TestReferenceVectors reproduces every vector of the reference file.
// Fishtest values come straight from this package's defaults; the other
// tools' values are reproduced from the same building blocks plus the
// documented difference of that tool, so each check also pins the
// difference.
func TestReferenceVectors(t *testing.T) {
	vs := loadVectors(t)
	if len(vs) != 63 {
		t.Fatalf("want 63 vectors, file has %d", len(vs))
	}
	for _, v := range vs {
		t.Run(v.ID, func(t *testing.T) { checkVector(t, v) })
	}
}

func checkVector(t *testing.T, v vector) {
	kind := v.ID
	if i := strings.IndexByte(v.ID, '.'); i >= 0 && !strings.HasPrefix(v.ID, "sprt_bounds") {
		kind = v.ID[i+1:]
	}
	tool := v.Source.Tool
	switch {
	case kind == "logistic_elo_from_score":
		var in []float64
		_ = json.Unmarshal(v.Input["scores"], &in)
		var want []float64
		_ = json.Unmarshal(v.Expected["elo"], &want)
		for i, s := range in {
			if got := EloFromScore(s); math.Abs(got-want[i]) > v.Tolerance.Abs {
				t.Errorf("EloFromScore(%g) = %.15g, want %.15g", s, got, want[i])
			}
		}
	case kind == "logistic_score_from_elo":
		var in, want []float64
		_ = json.Unmarshal(v.Input["elo"], &in)
		_ = json.Unmarshal(v.Expected["score"], &want)
		for i, e := range in {
			if got := ScoreFromElo(e); math.Abs(got-want[i]) > v.Tolerance.Abs {
				t.Errorf("ScoreFromElo(%g) = %.15g, want %.15g", e, got, want[i])
			}
		}
	case kind == "fishtest_get_elo":
		r := v.results(t)
		s := Summarize(r)
		n, mu, vv := Moments(r)
		v.check(t, "elo", s.Elo)
		v.check(t, "elo95", s.EloError)
		v.check(t, "los", s.LOS)
		v.check(t, "score_mu", mu)
		if r.IsPenta() {
			v.check(t, "var_stat_util", 2*vv) // per-game variance
			v.check(t, "games", 2*n)
		} else {
			v.check(t, "var_per_game", vv)
			v.check(t, "games_regularized", n)
		}
	case kind == "fishtest_nelo3":
		r := v.results(t)
		s := Summarize(r)
		d := toPDF(r)
		_, _, skew, exkurt := d.moments()
		v.check(t, "nelo", s.NElo)
		v.check(t, "nelo_lower", s.NElo-s.NEloError)
		v.check(t, "nelo_upper", s.NElo+s.NEloError)
		v.check(t, "draw_ratio", s.DrawRatio)
		v.check(t, "skewness", skew)
		v.check(t, "excess_kurtosis", exkurt)
	case kind == "fishtest_nelo5":
		r := v.results(t)
		s := Summarize(r)
		_, mu, vv := Moments(r)
		v.check(t, "nelo", s.NElo)
		v.check(t, "nelo95_delta", s.NEloError)
		v.check(t, "pairs_ratio", s.PairsRatio)
		v.check(t, "mu_pair_score_0to1", mu)
		v.check(t, "var_pair_score_0to1", vv)
	case kind == "openbench_elo":
		// OpenBench: same estimate, Student-t quantiles with N−1 degrees
		// of freedom instead of normal ones.
		r := v.results(t)
		n, mu, vv := Moments(r)
		st := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: n - 1}
		se := math.Sqrt(vv / n)
		lo := EloFromScore(mu + st.Quantile(0.025)*se)
		hi := EloFromScore(mu + st.Quantile(0.975)*se)
		s := Summarize(r)
		v.check(t, "elo", s.Elo)
		v.check(t, "lower", lo)
		v.check(t, "upper", hi)
		if _, ok := v.Expected["plus_minus_displayed"]; ok {
			// OpenBench displays the upper half-width.
			v.check(t, "plus_minus_displayed", hi-s.Elo)
		}
		if !(s.EloError < (hi-lo)/2) {
			t.Errorf("normal interval %g should be narrower than Student-t %g", s.EloError, (hi-lo)/2)
		}
	case kind == "fastchess_elo_wdl" || kind == "fastchess_elo_penta":
		// fastchess agrees with fishtest on Elo, error and LOS; its nElo
		// error ignores the t-value's sampling variance: z·(800/ln10)/√N
		// (per pair: /√2).
		r := v.results(t)
		s := Summarize(r)
		n, _, _ := Moments(r)
		neloErr := NEloPerT * PhiInv(0.975) / math.Sqrt(n)
		if r.IsPenta() {
			neloErr /= math.Sqrt2
		}
		v.check(t, "diff", s.Elo)
		v.check(t, "error", s.EloError)
		v.check(t, "nelo", s.NElo)
		v.check(t, "nelo_error", neloErr)
		v.check(t, "score", s.Score)
		v.checkString(t, "los", fmt.Sprintf("%.2f %%", 100*s.LOS))
		if !r.IsPenta() {
			v.check(t, "drawRatio", 100*s.DrawRatio)
		}
		if math.Abs(neloErr-s.NEloError) < 1e-12 {
			t.Errorf("fastchess and fishtest nElo errors should differ")
		}
	case kind == "cutechess_elo":
		// cutechess: fishtest's interval with an approximate Φ⁻¹; LOS from
		// wins and losses only (draws ignored).
		r := v.results(t)
		s := Summarize(r)
		n, mu, vv := Moments(r)
		se := math.Sqrt(vv / n)
		margin := (EloFromScore(mu+cutechessPhiInv(0.975)*se) - EloFromScore(mu+cutechessPhiInv(0.025)*se)) / 2
		w, _, l, _ := r.WDL()
		los := 100 * (0.5 + 0.5*math.Erf(float64(w-l)/math.Sqrt(2*float64(w+l))))
		v.check(t, "diff", s.Elo)
		v.check(t, "errorMargin", margin)
		v.check(t, "LOS", los)
		v.check(t, "drawRatio", s.DrawRatio)
		v.check(t, "pointRatio", s.Score)
		if math.Abs(margin-s.EloError) < 1e-3 {
			t.Errorf("cutechess margin %g should differ from fishtest %g", margin, s.EloError)
		}
	case strings.HasPrefix(kind, "sprt_bounds"):
		lo, up := Bounds(v.inNum(t, "alpha"), v.inNum(t, "beta"))
		v.check(t, "lower_bound", lo)
		v.check(t, "upper_bound", up)
	case strings.HasPrefix(kind, "llr_logistic_alt2"):
		v.check(t, "llr", LLRLogisticApprox(v.inNum(t, "elo0"), v.inNum(t, "elo1"), v.results(t)))
	case strings.HasPrefix(kind, "llr_logistic"):
		llr, exact := LLRLogistic(v.inNum(t, "elo0"), v.inNum(t, "elo1"), v.results(t))
		if !exact {
			t.Error("LLR not exact")
		}
		v.check(t, "llr", llr)
	case strings.HasPrefix(kind, "llr_normalized_alt"):
		v.check(t, "llr", LLRNormalizedApprox(v.inNum(t, "nelo0"), v.inNum(t, "nelo1"), v.results(t)))
	case strings.HasPrefix(kind, "llr_normalized"), strings.HasPrefix(kind, "openbench_pentanomial_sprt"):
		// OpenBench's pentanomial SPRT is fishtest's normalized GSPRT.
		llr, exact := LLRNormalized(v.inNum(t, "nelo0"), v.inNum(t, "nelo1"), v.results(t))
		if !exact {
			t.Error("LLR not exact")
		}
		v.check(t, "llr", llr)
	case strings.HasPrefix(kind, "llr_bayeselo_legacy"):
		v.check(t, "llr", LLRBayesEloLegacy(v.inNum(t, "belo0"), v.inNum(t, "belo1"), v.results(t)))
	case strings.HasPrefix(kind, "openbench_trinomial_sprt"):
		// OpenBench's trinomial SPRT is the legacy BayesElo ratio.
		v.check(t, "llr", LLRBayesEloLegacy(v.inNum(t, "elo0"), v.inNum(t, "elo1"), v.results(t)))
	case strings.HasPrefix(kind, "fishtest_update_sprt_bayeselo"):
		tst, err := NewTest(BayesElo, v.inNum(t, "elo0"), v.inNum(t, "elo1"), v.inNum(t, "alpha"), v.inNum(t, "beta"))
		if err != nil {
			t.Fatal(err)
		}
		st := tst.Status(v.results(t))
		v.check(t, "llr", st.LLR)
		if st.Verdict != Continue {
			t.Errorf("verdict %v, want continue", st.Verdict)
		}
		// The legacy ratio on the same counts is a different number.
		if legacy := LLRBayesEloLegacy(tst.Elo0, tst.Elo1, v.results(t)); math.Abs(legacy-st.LLR) < 1e-4 {
			t.Errorf("legacy %g and current %g BayesElo LLR should differ", legacy, st.LLR)
		}
	case strings.HasPrefix(kind, "fastchess_sprt"):
		// fastchess solves the MLE to 1e-3 only; our exact LLR is within
		// the vector's tolerance. Its "bayesian" model is fishtest's
		// current BayesElo.
		m, err := ParseModel(mustString(t, v.Input["model"]))
		if err != nil {
			t.Fatal(err)
		}
		tst, err := NewTest(m, v.inNum(t, "elo0"), v.inNum(t, "elo1"), 0.05, 0.05)
		if err != nil {
			t.Fatal(err)
		}
		st := tst.Status(v.results(t))
		if v.ID == "P1_fishtest.fastchess_sprt5_logistic_0_5" {
			// Documented difference: fastchess stops its MLE root search at
			// theta_epsilon = 1e-3 and lands 1.06e-3 away from fishtest's
			// exact -38.514408473 (P1_fishtest.llr_logistic_0_5, which we
			// match to 1e-9), just outside this vector's 1e-3. We keep the
			// exact value and pin the size of fastchess's error instead.
			var want float64
			_ = json.Unmarshal(v.Expected["llr"], &want)
			if d := math.Abs(st.LLR - want); d < 1e-3 || d > 1.1e-3 {
				t.Errorf("LLR %.9g vs fastchess %.9g: difference %.3g, documented as 1.06e-3", st.LLR, want, d)
			}
		} else {
			v.check(t, "llr", st.LLR)
		}
		v.check(t, "lower", st.Lower)
		v.check(t, "upper", st.Upper)
		fc := map[Verdict]float64{AcceptH0: 0, AcceptH1: 1, Continue: 2}
		v.check(t, "result", fc[st.Verdict])
	case strings.HasPrefix(kind, "cutechess_sprt") || strings.HasPrefix(kind, "cutechess_unit_test"):
		alpha, beta := 0.05, 0.05
		if _, ok := v.Input["alpha"]; ok {
			alpha, beta = v.inNum(t, "alpha"), v.inNum(t, "beta")
		}
		tst, err := NewTest(Logistic, v.inNum(t, "elo0"), v.inNum(t, "elo1"), alpha, beta)
		if err != nil {
			t.Fatal(err)
		}
		r := v.results(t)
		w, d, l, _ := r.WDL()
		llr := cutechessLLR(w, d, l, tst.Elo0, tst.Elo1)
		v.check(t, "llr", llr)
		v.check(t, "lBound", tst.Lower)
		v.check(t, "uBound", tst.Upper)
		cc := map[Verdict]float64{Continue: 0, AcceptH0: 1, AcceptH1: 2}
		v.check(t, "result", cc[tst.Verdict(llr)])
		// Our exact logistic GSPRT on the same data: same sign, not equal
		// (cutechess's pseudo-counts and BayesElo model differ).
		exact := tst.Status(r).LLR
		if exact*llr <= 0 || exact == llr {
			t.Errorf("cutechess %g vs logistic GSPRT %g: expected a different value of the same sign", llr, exact)
		}
	case strings.HasPrefix(kind, "fishtest_SPRT_elo"):
		var model string
		_ = json.Unmarshal(v.Input["elo_model"], &model)
		m, err := ParseModel(model)
		if err != nil {
			t.Fatal(err)
		}
		tst, err := NewTest(m, v.inNum(t, "elo0"), v.inNum(t, "elo1"), v.inNum(t, "alpha"), v.inNum(t, "beta"))
		if err != nil {
			t.Fatal(err)
		}
		a := tst.Analytics(v.results(t), v.inNum(t, "p"))
		var ci []float64
		_ = json.Unmarshal(v.Expected["ci"], &ci)
		v.check(t, "a", tst.Lower)
		v.check(t, "b", tst.Upper)
		v.check(t, "elo", a.Elo)
		v.check(t, "LOS", a.LOS)
		v.check(t, "LLR", a.LLR)
		if math.Abs(a.Lower-ci[0]) > v.Tolerance.Abs || math.Abs(a.Upper-ci[1]) > v.Tolerance.Abs {
			t.Errorf("ci = [%g, %g], want %v", a.Lower, a.Upper, ci)
		}
	case tool == "ordo":
		t.Skip("checked by sprt/rating TestOrdoFourPlayers")
	default:
		t.Fatalf("no checker for vector %s (%s)", v.ID, kind)
	}
}

func mustString(t *testing.T, raw json.RawMessage) string {
	t.Helper()
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		t.Fatal(err)
	}
	return s
}
