package main

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/elolab/elolab/sprt"
)

func init() { subcommands = append(subcommands, newSprtCmd) }

const sprtLong = `Compute Elo, nElo, LOS and the SPRT log-likelihood ratio and verdict
from match counts, as fishtest does (exact GSPRT, zero counts regularized to
0.001), and optionally fishtest's SPRT calculator.

Counts (from the tested engine's point of view):
  --wdl W,D,L              wins, draws, losses
  --penta LL,LD,DD,WD,WW   game pairs by pair score 0, 1/2, 1, 3/2, 2:
                           LL = lost both, LD = lost one and drew one,
                           DD = two draws or a win and a loss (WL),
                           WD = won one and drew one, WW = won both.
                           This is fastchess's Ptnml(0-2) order.
Both may be given: the LLR then uses the pairs and the BayesElo model takes
its drawelo from W,D,L.

Models (--model): logistic (Elo, 400·log10), normalized (nElo) and bayeselo
(BayesElo bounds converted to logistic Elo with the sample's drawelo, as
fishtest does). Bounds: lower = ln(beta/(1-alpha)), upper = ln((1-beta)/alpha);
LLR >= upper accepts H1, LLR <= lower accepts H0, otherwise continue.

With --true-elo the calculator prints the pass probability and expected
number of games for those true logistic Elo differences, given --draw-ratio
(default: the sample's, or 0.5) and --rms-bias.

Values that do not exist print as n/a (text) or null (JSON), never NaN; at
a 0 % or 100 % score the Elo is unbounded and a line says so. NaN, infinite
or out-of-range flag values are refused, and --wdl with --penta must
describe the same games (2 games per pair, the same points).`

type sprtFlags struct {
	wdl, penta   string
	elo0, elo1   float64
	alpha, beta  float64
	model        string
	json         bool
	trueElo      []float64
	drawRatio    float64
	rmsBias      float64
	drawRatioSet bool
}

func newSprtCmd() *cobra.Command {
	var f sprtFlags
	cmd := &cobra.Command{
		Use:   "sprt (--wdl W,D,L | --penta LL,LD,DD,WD,WW) [--elo0 X --elo1 Y --alpha A --beta B --model M] [--json]",
		Short: "Elo, nElo, LOS and SPRT verdict from W/D/L or pentanomial counts",
		Long:  sprtLong,
		Args:  cobra.NoArgs,
		Example: `  elolab sprt --wdl 100,220,80 --elo0 0 --elo1 5
  elolab sprt --penta 10789,19328,33806,19402,10543 --elo0 0 --elo1 2 --model normalized --json
  elolab sprt --elo0 0 --elo1 2 --model normalized --true-elo -1,0,1,2,3 --draw-ratio 0.6`,
		RunE: func(cmd *cobra.Command, _ []string) error {
			f.drawRatioSet = cmd.Flags().Changed("draw-ratio")
			return runSprt(cmd.OutOrStdout(), f)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&f.wdl, "wdl", "", "trinomial counts W,D,L")
	fl.StringVar(&f.penta, "penta", "", "pentanomial counts LL,LD,DD,WD,WW (pair scores 0, ½, 1, 1½, 2)")
	fl.Float64Var(&f.elo0, "elo0", 0, "H0 bound, in the model's unit")
	fl.Float64Var(&f.elo1, "elo1", 5, "H1 bound, in the model's unit")
	fl.Float64Var(&f.alpha, "alpha", 0.05, "false positive rate")
	fl.Float64Var(&f.beta, "beta", 0.05, "false negative rate")
	fl.StringVar(&f.model, "model", "logistic", "Elo model of the bounds: logistic, normalized or bayeselo")
	fl.BoolVar(&f.json, "json", false, "print one JSON object")
	fl.Float64SliceVar(&f.trueElo, "true-elo", nil, "calculator: true logistic Elo differences (comma-separated)")
	fl.Float64Var(&f.drawRatio, "draw-ratio", 0.5, "calculator: draw ratio between equal engines (default: the sample's W,D,L draw ratio, else 0.5)")
	fl.Float64Var(&f.rmsBias, "rms-bias", 0, "calculator: RMS bias of the openings in Elo")
	return cmd
}

// parseCounts reads n comma-separated non-negative integers, optionally in
// brackets as fastchess prints them ("[3, 0, 22, 15, 58]").
func parseCounts(flag, s string, n int) ([]int64, error) {
	t := strings.TrimSpace(s)
	t = strings.TrimSuffix(strings.TrimPrefix(t, "["), "]")
	parts := strings.Split(t, ",")
	if len(parts) != n {
		return nil, fmt.Errorf("--%s: want %d comma-separated counts, got %d in %q", flag, n, len(parts), s)
	}
	out := make([]int64, n)
	var total int64
	for i, p := range parts {
		v, err := strconv.ParseInt(strings.TrimSpace(p), 10, 64)
		if err != nil || v < 0 {
			return nil, fmt.Errorf("--%s: count %d (%q) is not a non-negative integer", flag, i+1, strings.TrimSpace(p))
		}
		// Keep totals (and twice the pairs) far from int64 overflow.
		if v > 1<<50 || total+v > 1<<50 {
			return nil, fmt.Errorf("--%s: counts too large", flag)
		}
		total += v
		out[i] = v
	}
	return out, nil
}

// checkRange refuses NaN, infinities and values outside [lo, hi] for a
// flag: they would only come back as NaN in the output.
func checkRange(flag string, v, lo, hi float64) error {
	if !sprt.Valid(v) || v < lo || v > hi {
		return usageErrorf("--%s: want a number in [%g, %g], got %g", flag, lo, hi, v)
	}
	return nil
}

// checkSprtFlags checks every number flag before anything is computed.
func checkSprtFlags(f sprtFlags) error {
	const m = sprt.MaxAbsElo
	checks := []struct {
		flag    string
		v       float64
		lo, hi  float64
		exclude bool // the bounds themselves are refused
	}{
		{"elo0", f.elo0, -m, m, false}, {"elo1", f.elo1, -m, m, false},
		{"alpha", f.alpha, 0, 1, true}, {"beta", f.beta, 0, 1, true},
		{"draw-ratio", f.drawRatio, 0, 1, false}, {"rms-bias", f.rmsBias, 0, m, false},
	}
	for _, c := range checks {
		if err := checkRange(c.flag, c.v, c.lo, c.hi); err != nil {
			return err
		}
		if c.exclude && (c.v == c.lo || c.v == c.hi) {
			return usageErrorf("--%s: %g must be strictly between %g and %g", c.flag, c.v, c.lo, c.hi)
		}
	}
	for _, e := range f.trueElo {
		if err := checkRange("true-elo", e, -m, m); err != nil {
			return err
		}
	}
	return nil
}

// checkWDLPenta refuses --wdl and --penta that cannot describe the same
// games. With k of the DD+WL pairs being win-loss pairs, the pairs imply
// W = 2·WW + WD + k, L = 2·LL + LD + k, D = LD + WD + 2·(DD+WL − k).
func checkWDLPenta(wdl, penta []int64) error {
	w, d, l := wdl[0], wdl[1], wdl[2]
	ll, ld, dd, wd, ww := penta[0], penta[1], penta[2], penta[3], penta[4]
	pairs := ll + ld + dd + wd + ww
	fail := func(format string, args ...any) error {
		return usageErrorf("--wdl %d,%d,%d and --penta %d,%d,%d,%d,%d disagree: %s", w, d, l, ll, ld, dd, wd, ww, fmt.Sprintf(format, args...))
	}
	if games := w + d + l; games != 2*pairs {
		return fail("%d games, but %d pairs are %d games", games, pairs, 2*pairs)
	}
	if 2*w+d != ld+2*dd+3*wd+4*ww {
		return fail("%.1f points, but the pairs score %.1f", float64(w)+float64(d)/2, float64(ld+2*dd+3*wd+4*ww)/2)
	}
	if k := w - 2*ww - wd; k < 0 || k > dd {
		return fail("%d wins do not fit the pairs (they hold %d to %d wins)", w, 2*ww+wd, 2*ww+wd+dd)
	}
	return nil
}

func runSprt(w io.Writer, f sprtFlags) error {
	if err := checkSprtFlags(f); err != nil {
		return err
	}
	model, err := sprt.ParseModel(f.model)
	if err != nil {
		return usageErrorf("--model: %v", err)
	}
	test, err := sprt.NewTest(model, f.elo0, f.elo1, f.alpha, f.beta)
	if err != nil {
		return usageErrorf("--elo0/--elo1/--alpha/--beta: %v", strings.TrimPrefix(err.Error(), "sprt: "))
	}
	var tri, penta sprt.Results
	var triC, pentaC []int64
	haveTri, havePenta := f.wdl != "", f.penta != ""
	if haveTri {
		if triC, err = parseCounts("wdl", f.wdl, 3); err != nil {
			return usageErrorf("%v", err)
		}
		tri = sprt.Trinomial(triC[0], triC[1], triC[2])
	}
	if havePenta {
		if pentaC, err = parseCounts("penta", f.penta, 5); err != nil {
			return usageErrorf("%v", err)
		}
		penta = sprt.Pentanomial(pentaC[0], pentaC[1], pentaC[2], pentaC[3], pentaC[4])
	}
	if haveTri && havePenta {
		if err := checkWDLPenta(triC, pentaC); err != nil {
			return err
		}
	}
	if !haveTri && !havePenta && len(f.trueElo) == 0 {
		return usageErrorf("give --wdl W,D,L or --penta LL,LD,DD,WD,WW (or --true-elo for the calculator)")
	}
	if havePenta && model == sprt.BayesElo && !haveTri {
		return usageErrorf("--model bayeselo with --penta needs --wdl too (the drawelo comes from W,D,L)")
	}
	out := map[string]any{
		"model": model.String(), "elo0": f.elo0, "elo1": f.elo1, "alpha": f.alpha, "beta": f.beta,
		"lower_bound": test.Lower, "upper_bound": test.Upper, "unit": model.Unit(),
	}
	var text []string
	bounds := fmt.Sprintf("[%.2f, %.2f]", f.elo0, f.elo1)
	text = append(text, fmt.Sprintf("SPRT: %s model, H0 %.2f %s, H1 %.2f %s, alpha %.3g, beta %.3g, LLR bounds (%.2f, %.2f)",
		model, f.elo0, model.Unit(), f.elo1, model.Unit(), f.alpha, f.beta, test.Lower, test.Upper))

	if haveTri || havePenta {
		r := tri
		if havePenta {
			r = penta
		}
		s := sprt.Summarize(r)
		st := test.Evaluate(r, tri)
		an := test.Analytics(r, 0.05)
		if sprt.Unbounded(s.Score) != "" {
			// The median-unbiased Elo and the interval's far end are
			// unbounded too (Analytics stops its search at ±1000); the
			// near end is a real one-sided bound.
			an.Elo = math.NaN()
			if s.Score <= 0 {
				an.Lower = math.NaN()
			} else {
				an.Upper = math.NaN()
			}
		}
		out["games"] = s.Games
		if havePenta {
			out["pairs"] = s.Pairs
			out["penta"] = penta.Counts()
			out["pairs_ratio"] = jnum(s.PairsRatio)
		}
		if haveTri {
			wn, dn, ln, _ := tri.WDL()
			out["wins"], out["draws"], out["losses"] = wn, dn, ln
		}
		for k, v := range map[string]float64{
			"points": s.Points, "score": s.Score, "elo": s.Elo, "elo_error": s.EloError, "elo_lower": s.EloLower,
			"elo_upper": s.EloUpper, "nelo": s.NElo, "nelo_error": s.NEloError, "los": s.LOS,
			"draw_ratio": s.DrawRatio, "llr": st.LLR, "llr_percent": st.Percent(),
			"logistic_elo0": st.LogisticElo0, "logistic_elo1": st.LogisticElo1, "drawelo": st.DrawElo,
		} {
			out[k] = jnum(v)
		}
		if havePenta {
			out["draw_ratio_definition"] = "pairs scoring 1 / pairs"
		} else {
			out["draw_ratio_definition"] = "drawn games / games"
		}
		out["verdict"] = st.Verdict.String()
		out["llr_exact"] = st.Exact
		out["sprt_elo"] = map[string]any{"elo": jnum(an.Elo), "lower": jnum(an.Lower), "upper": jnum(an.Upper), "los": jnum(an.LOS),
			"method": "fishtest SPRT_elo: median-unbiased after stopping, logistic Elo"}

		text = append(text, fmt.Sprintf("Elo: %s +/- %s, nElo: %s +/- %s", f2(s.Elo), f2(s.EloError), f2(s.NElo), f2(s.NEloError)))
		if note := sprt.UnboundedNote("the tested engine", s.Score); note != "" {
			text = append(text, note)
			out["elo_note"] = note
		}
		los := fmt.Sprintf("LOS: %s %%, DrawRatio: %s %%", f2(100*s.LOS), f2(100*s.DrawRatio))
		if havePenta {
			los += ", PairsRatio: " + f2(s.PairsRatio)
		}
		text = append(text, los)
		if haveTri {
			wn, dn, ln, _ := tri.WDL()
			text = append(text, fmt.Sprintf("Games: %d, Wins: %d, Losses: %d, Draws: %d, Points: %.1f (%s %%)",
				tri.Games(), wn, ln, dn, tri.Points(), f2(100*sprt.Summarize(tri).Score)))
		}
		if havePenta {
			c := penta.Counts()
			text = append(text, fmt.Sprintf("Ptnml(0-2): [%d, %d, %d, %d, %d]", c[0], c[1], c[2], c[3], c[4]))
			text = append(text, fmt.Sprintf("Pairs: %d, Games: %d, Points: %.1f (%s %%); DrawRatio counts pairs scoring 1",
				s.Pairs, s.Games, s.Points, f2(100*s.Score)))
		}
		text = append(text, fmt.Sprintf("LLR: %.2f (%.1f%%) (%.2f, %.2f) %s", st.LLR, st.Percent(), st.Lower, st.Upper, bounds))
		switch model {
		case sprt.BayesElo:
			text = append(text, fmt.Sprintf("Bounds: %s BayesElo = [%.2f, %.2f] logistic Elo at drawelo %.1f", bounds, st.LogisticElo0, st.LogisticElo1, st.DrawElo))
		default:
			text = append(text, fmt.Sprintf("Bounds: %s %s", bounds, model.Unit()))
		}
		if !st.Exact {
			text = append(text, "Warning; the exact MLE does not exist for these bounds, LLR is fishtest's closed-form approximation")
		}
		if st.Verdict != sprt.Continue {
			text = append(text, fmt.Sprintf("SPRT (%s) completed - %s was accepted", bounds, st.Verdict))
		} else {
			text = append(text, fmt.Sprintf("SPRT (%s) continues - no verdict yet", bounds))
		}
		text = append(text, fmt.Sprintf("Verdict: %s (LLR >= %.2f accepts H1, LLR <= %.2f accepts H0)", st.Verdict, st.Upper, st.Lower))
		text = append(text, fmt.Sprintf("SPRT-corrected Elo (median-unbiased, fishtest): %s [%s, %s], LOS: %s %%",
			f2(an.Elo), f2(an.Lower), f2(an.Upper), f2(100*an.LOS)))
	}

	if len(f.trueElo) > 0 {
		dr := f.drawRatio
		if !f.drawRatioSet && haveTri && tri.Games() > 0 {
			dr = sprt.Summarize(tri).DrawRatio
		}
		calc, err := sprt.NewCalculator(test, dr, f.rmsBias)
		if err != nil {
			return usageErrorf("--draw-ratio/--rms-bias: %v", strings.TrimPrefix(err.Error(), "sprt: "))
		}
		var rows []map[string]any
		text = append(text, fmt.Sprintf("SPRT calculator (fishtest): draw ratio %.2f %%, RMS bias %.2f Elo, bounds [%.2f, %.2f] logistic Elo",
			100*dr, f.rmsBias, calc.Elo0, calc.Elo1))
		text = append(text, "    Elo     Pass  Expected games")
		for _, e := range f.trueElo {
			p, g := calc.At(e)
			rows = append(rows, map[string]any{"elo": e, "pass_probability": jnum(p), "expected_games": jnum(g)})
			text = append(text, fmt.Sprintf("%7.2f  %6.2f%%  %14.0f", e, 100*p, g))
		}
		out["calculator"] = map[string]any{"draw_ratio": dr, "rms_bias": f.rmsBias,
			"logistic_elo0": calc.Elo0, "logistic_elo1": calc.Elo1, "rows": rows}
	}

	if f.json {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		if err := enc.Encode(out); err != nil {
			return failuref("writing JSON: %v", err)
		}
		return nil
	}
	for _, l := range text {
		if _, err := fmt.Fprintln(w, l); err != nil {
			return failuref("writing output: %v", err)
		}
	}
	return nil
}

// jnum maps values that do not exist to JSON null.
func jnum(x float64) any {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return nil
	}
	return x
}

// f2 prints two decimals, n/a for values that do not exist.
func f2(x float64) string { return sprt.Num("%.2f", x) }
