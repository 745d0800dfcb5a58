package sprt

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
)

// reportName is how `elolab sprt` names the engine in the unbounded-Elo
// note: it has counts, not engine names.
const reportName = "the tested engine"

// Report is an SPRT applied to one set of counts, everything `elolab sprt`
// prints: the summary and LLR (through Block), the bounds, the verdict,
// fishtest's SPRT-corrected Elo and, optionally, the SPRT calculator. Text
// and JSON are rendered here so that the command only parses flags and
// writes. Build it with NewReport.
type Report struct {
	Test Test
	// WDL (W, D, L) and Ptnml (LL, LD, DD+WL, WD, WW) are the counts
	// given, nil when not. With both, the LLR and the Elo use the pairs
	// and the BayesElo drawelo comes from W,D,L, as in fishtest.
	WDL   *[3]int64
	Ptnml *[5]int64
	// Summary, Status and Corrected are set when there are counts.
	// Corrected is fishtest's SPRT_elo; at a 0 % or 100 % score its Elo
	// and the far end of its interval are NaN (unbounded).
	Summary   Summary
	Status    Status
	Corrected Analytics
	// Calc and TrueElo are the calculator (see AddCalculator), nil and
	// empty without one.
	Calc    *Calculator
	TrueElo []float64
}

// NewReport evaluates t on the counts given (either may be nil; with
// neither the report only describes the test).
func NewReport(t Test, wdl *[3]int64, ptnml *[5]int64) Report {
	r := Report{Test: t, WDL: wdl, Ptnml: ptnml}
	if wdl == nil && ptnml == nil {
		return r
	}
	tri := r.trinomial()
	res := tri
	if ptnml != nil {
		res = Pentanomial(ptnml[0], ptnml[1], ptnml[2], ptnml[3], ptnml[4])
	}
	r.Summary = Summarize(res)
	r.Status = t.Evaluate(res, tri)
	r.Corrected = t.Analytics(res, 0.05)
	if Unbounded(r.Summary.Score) != "" {
		// The median-unbiased Elo and the interval's far end are
		// unbounded too (Analytics stops its search at ±1000); the near
		// end is a real one-sided bound.
		r.Corrected.Elo = math.NaN()
		if r.Summary.Score <= 0 {
			r.Corrected.Lower = math.NaN()
		} else {
			r.Corrected.Upper = math.NaN()
		}
	}
	return r
}

// trinomial is the W,D,L counts, empty without them.
func (r *Report) trinomial() Results {
	if r.WDL == nil {
		return Results{}
	}
	return Trinomial(r.WDL[0], r.WDL[1], r.WDL[2])
}

func (r *Report) hasCounts() bool { return r.WDL != nil || r.Ptnml != nil }

// AddCalculator adds fishtest's SPRT calculator at the true logistic Elo
// differences trueElo. The draw ratio is drawRatio, or, with fromSample,
// the W,D,L draw ratio when the report has W,D,L counts with games.
func (r *Report) AddCalculator(trueElo []float64, drawRatio float64, fromSample bool, rmsBias float64) error {
	if tri := r.trinomial(); fromSample && tri.Games() > 0 {
		drawRatio = Summarize(tri).DrawRatio
	}
	c, err := NewCalculator(r.Test, drawRatio, rmsBias)
	if err != nil {
		return err
	}
	r.Calc, r.TrueElo = &c, trueElo
	return nil
}

// Lines renders the report as text; numbers that do not exist print as
// NA.
func (r Report) Lines() []string {
	t := r.Test
	out := []string{fmt.Sprintf("SPRT: %s model, H0 %.2f %s, H1 %.2f %s, alpha %.3g, beta %.3g, LLR bounds (%.2f, %.2f)",
		t.Model, t.Elo0, t.Model.Unit(), t.Elo1, t.Model.Unit(), t.Alpha, t.Beta, t.Lower, t.Upper)}
	if r.hasCounts() {
		out = append(out, r.countLines()...)
	}
	if r.Calc != nil {
		out = append(out, r.calcLines()...)
	}
	return out
}

// countLines are the block, the bounds, the verdict and the corrected Elo.
func (r *Report) countLines() []string {
	st, an := r.Status, r.Corrected
	blk := Block{Stats: r.Summary, SPRT: &st, Bare: true, NoteName: reportName, NoGames: r.WDL == nil, NoWL: true, Ptnml: r.Ptnml}
	if r.WDL != nil {
		blk.Wins, blk.Draws, blk.Losses = r.WDL[0], r.WDL[1], r.WDL[2]
	}
	out := blk.Lines()
	bounds := BoundsText(r.Test.Elo0, r.Test.Elo1)
	if r.Test.Model == BayesElo {
		out = append(out, fmt.Sprintf("Bounds: %s BayesElo = [%.2f, %.2f] logistic Elo at drawelo %.1f", bounds, st.LogisticElo0, st.LogisticElo1, st.DrawElo))
	} else {
		out = append(out, fmt.Sprintf("Bounds: %s %s", bounds, r.Test.Model.Unit()))
	}
	if !st.Exact {
		out = append(out, "Warning; the exact MLE does not exist for these bounds, LLR is fishtest's closed-form approximation")
	}
	if st.Verdict != Continue {
		out = append(out, CompletedLine(r.Test.Elo0, r.Test.Elo1, st.Verdict))
	} else {
		out = append(out, fmt.Sprintf("SPRT (%s) continues - no verdict yet", bounds))
	}
	f2 := func(x float64) string { return Num("%.2f", x) }
	return append(out,
		fmt.Sprintf("Verdict: %s (LLR >= %.2f accepts H1, LLR <= %.2f accepts H0)", st.Verdict, st.Upper, st.Lower),
		fmt.Sprintf("SPRT-corrected Elo (median-unbiased, fishtest): %s [%s, %s], LOS: %s %%",
			f2(an.Elo), f2(an.Lower), f2(an.Upper), f2(100*an.LOS)))
}

// calcLines are the calculator's header and table.
func (r *Report) calcLines() []string {
	c := r.Calc
	out := []string{fmt.Sprintf("SPRT calculator (fishtest): draw ratio %.2f %%, RMS bias %.2f Elo, bounds [%.2f, %.2f] logistic Elo",
		100*c.DrawRatio, c.RMSBias, c.Elo0, c.Elo1), "    Elo     Pass  Expected games"}
	for _, e := range r.TrueElo {
		p, g := c.At(e)
		out = append(out, fmt.Sprintf("%7.2f  %6.2f%%  %14.0f", e, 100*p, g))
	}
	return out
}

// MarshalJSON writes the report as one object; values that do not exist
// are null.
func (r Report) MarshalJSON() ([]byte, error) {
	t := r.Test
	out := map[string]any{
		"model": t.Model.String(), "elo0": t.Elo0, "elo1": t.Elo1, "alpha": t.Alpha, "beta": t.Beta,
		"lower_bound": t.Lower, "upper_bound": t.Upper, "unit": t.Model.Unit(),
	}
	if r.hasCounts() {
		r.countJSON(out)
	}
	if c := r.Calc; c != nil {
		var rows []map[string]any
		for _, e := range r.TrueElo {
			p, g := c.At(e)
			rows = append(rows, map[string]any{"elo": e, "pass_probability": num(p), "expected_games": num(g)})
		}
		out["calculator"] = map[string]any{"draw_ratio": c.DrawRatio, "rms_bias": c.RMSBias,
			"logistic_elo0": c.Elo0, "logistic_elo1": c.Elo1, "rows": rows}
	}
	return json.Marshal(out)
}

// countJSON adds the counts' fields to out.
func (r *Report) countJSON(out map[string]any) {
	s, st, an := r.Summary, r.Status, r.Corrected
	out["games"] = s.Games
	out["draw_ratio_definition"] = "drawn games / games"
	if r.Ptnml != nil {
		out["pairs"] = s.Pairs
		out["penta"] = r.Ptnml[:]
		out["pairs_ratio"] = num(s.PairsRatio)
		out["draw_ratio_definition"] = "pairs scoring 1 / pairs"
	}
	if r.WDL != nil {
		out["wins"], out["draws"], out["losses"] = r.WDL[0], r.WDL[1], r.WDL[2]
	}
	for k, v := range map[string]float64{
		"points": s.Points, "score": s.Score, "elo": s.Elo, "elo_error": s.EloError, "elo_lower": s.EloLower,
		"elo_upper": s.EloUpper, "nelo": s.NElo, "nelo_error": s.NEloError, "los": s.LOS,
		"draw_ratio": s.DrawRatio, "llr": st.LLR, "llr_percent": st.Percent(),
		"logistic_elo0": st.LogisticElo0, "logistic_elo1": st.LogisticElo1, "drawelo": st.DrawElo,
	} {
		out[k] = num(v)
	}
	out["verdict"] = st.Verdict.String()
	out["llr_exact"] = st.Exact
	out["sprt_elo"] = map[string]any{"elo": num(an.Elo), "lower": num(an.Lower), "upper": num(an.Upper), "los": num(an.LOS),
		"method": "fishtest SPRT_elo: median-unbiased after stopping, logistic Elo"}
	if note := UnboundedNote(reportName, s.Score); note != "" {
		out["elo_note"] = note
	}
}

// PairsMatch tells whether W,D,L and pair counts (LL, LD, DD+WL, WD, WW)
// can describe the same games, and why not. With k of the DD+WL pairs
// being win-loss pairs, the pairs imply W = 2·WW + WD + k,
// L = 2·LL + LD + k, D = LD + WD + 2·(DD+WL − k).
func PairsMatch(wdl [3]int64, ptnml [5]int64) error {
	w, d, l := wdl[0], wdl[1], wdl[2]
	ll, ld, dd, wd, ww := ptnml[0], ptnml[1], ptnml[2], ptnml[3], ptnml[4]
	pairs := ll + ld + dd + wd + ww
	if games := w + d + l; games != 2*pairs {
		return fmt.Errorf("%d games, but %d pairs are %d games", games, pairs, 2*pairs)
	}
	if 2*w+d != ld+2*dd+3*wd+4*ww {
		return fmt.Errorf("%.1f points, but the pairs score %.1f", float64(w)+float64(d)/2, float64(ld+2*dd+3*wd+4*ww)/2)
	}
	if k := w - 2*ww - wd; k < 0 || k > dd {
		return fmt.Errorf("%d wins do not fit the pairs (they hold %d to %d wins)", w, 2*ww+wd, 2*ww+wd+dd)
	}
	return nil
}

// Write prints r as its text lines or, with asJSON, as one indented JSON
// object.
func (r Report) Write(w io.Writer, asJSON bool) error {
	if asJSON {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		if err := enc.Encode(r); err != nil {
			return fmt.Errorf("writing JSON: %v", err)
		}
		return nil
	}
	for _, l := range r.Lines() {
		if _, err := fmt.Fprintln(w, l); err != nil {
			return fmt.Errorf("writing output: %v", err)
		}
	}
	return nil
}
