package main

import (
	"fmt"
	"io"
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

// parseCounts reads --FLAG's n counts (sprt.ParseCounts); errors name the flag.
func parseCounts(flag, s string, n int) ([]int64, error) {
	c, err := sprt.ParseCounts(s, n)
	if err != nil {
		return nil, fmt.Errorf("--%s: %v", flag, err)
	}
	return c, nil
}

// parseSprtCounts reads --wdl and --penta (nil when not given) and
// refuses pairs that cannot be the same games as W,D,L.
func parseSprtCounts(f sprtFlags) (wdl *[3]int64, penta *[5]int64, err error) {
	if f.wdl != "" {
		c, err := parseCounts("wdl", f.wdl, 3)
		if err != nil {
			return nil, nil, usageErrorf("%v", err)
		}
		wdl = (*[3]int64)(c)
	}
	if f.penta != "" {
		c, err := parseCounts("penta", f.penta, 5)
		if err != nil {
			return nil, nil, usageErrorf("%v", err)
		}
		penta = (*[5]int64)(c)
	}
	if wdl != nil && penta != nil {
		if err := sprt.PairsMatch(*wdl, *penta); err != nil {
			return nil, nil, usageErrorf("--wdl %d,%d,%d and --penta %d,%d,%d,%d,%d disagree: %v",
				wdl[0], wdl[1], wdl[2], penta[0], penta[1], penta[2], penta[3], penta[4], err)
		}
	}
	return wdl, penta, nil
}

func runSprt(w io.Writer, f sprtFlags) error {
	in := sprt.Inputs{Elo0: f.elo0, Elo1: f.elo1, Alpha: f.alpha, Beta: f.beta, DrawRatio: f.drawRatio, RMSBias: f.rmsBias, TrueElo: f.trueElo}
	if err := in.Check(); err != nil {
		return usageErrorf("--%v", err)
	}
	model, err := sprt.ParseModel(f.model)
	if err != nil {
		return usageErrorf("--model: %v", err)
	}
	test, err := sprt.NewTest(model, f.elo0, f.elo1, f.alpha, f.beta)
	if err != nil {
		return usageErrorf("--elo0/--elo1/--alpha/--beta: %v", strings.TrimPrefix(err.Error(), "sprt: "))
	}
	wdl, penta, err := parseSprtCounts(f)
	if err != nil {
		return err
	}
	if wdl == nil && penta == nil && len(f.trueElo) == 0 {
		return usageErrorf("give --wdl W,D,L or --penta LL,LD,DD,WD,WW (or --true-elo for the calculator)")
	}
	if penta != nil && model == sprt.BayesElo && wdl == nil {
		return usageErrorf("--model bayeselo with --penta needs --wdl too (the drawelo comes from W,D,L)")
	}
	rep := sprt.NewReport(test, wdl, penta)
	if len(f.trueElo) > 0 {
		if err := rep.AddCalculator(f.trueElo, f.drawRatio, !f.drawRatioSet, f.rmsBias); err != nil {
			return usageErrorf("--draw-ratio/--rms-bias: %v", strings.TrimPrefix(err.Error(), "sprt: "))
		}
	}
	if err := rep.Write(w, f.json); err != nil {
		return failuref("%v", err)
	}
	return nil
}
