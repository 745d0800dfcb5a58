package main

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"

	"github.com/elolab/elolab/configs/experiment"
	"github.com/elolab/elolab/engine/params"
	"github.com/elolab/elolab/match/engine"
	"github.com/elolab/elolab/match/game"
	"github.com/elolab/elolab/match/tournament"
	"github.com/elolab/elolab/openings"
	"github.com/elolab/elolab/results/report"
	"github.com/elolab/elolab/results/store"
	"github.com/elolab/elolab/sprt"
	"github.com/elolab/elolab/tuner/spsa"
)

func init() { subcommands = append(subcommands, newTuneCmd) }

// checkpointKind names SPSA checkpoints in the store.
const checkpointKind = "spsa"

const tuneLong = `Tune an engine's parameters by SPSA self-play: FILE.yaml is an experiment
of kind spsa (configs/README.md, "SPSA"): one engine (a labrat variant or any
UCI engine with spin options), its limits, book, seed and adjudication, and
an spsa: block with the iterations (game pairs), the parameters, the outputs
and an optional verify: SPRT.

Every iteration plays one game pair (an opening twice, colours swapped) of
θ+cΔ against θ−cΔ, with fishtest's schedules (alpha 0.602, gamma 0.101,
A = 10 % of the iterations), integer parameters rounded stochastically with
one random number shared by both sides, values clipped to [min, max], and
the update computed from the values actually played. Iterations are drawn in
batches (spsa.batch, default 2 × concurrency) from the θ at the batch's
start, so fixed-node runs give the same θ at any concurrency.

After every batch the state (θ, iteration, RNG state, game counts) is
checkpointed in the results store (--db, else the file's db:, else
./elolab.db): running the same file again after Ctrl-C, a crash or kill -9
continues from the last checkpoint. Outputs: the tuned values as YAML
(labrat: a parameter file for labrat --params and extends:; other engines:
their options), a CSV of θ per iteration, and a plot of every parameter's
trajectory (.png or .svg). With spsa.verify, the tuned values then play the
start values in an SPRT (a resumable run of its own) and the verdict is
printed.

Exit codes: 0 done, 1 interrupted or failed while playing, 2 bad file,
engine, parameter or flag.`

type tuneFlags struct {
	runFlags
	noVerify bool
}

func newTuneCmd() *cobra.Command {
	var f tuneFlags
	cmd := &cobra.Command{
		Use:   "tune FILE.yaml",
		Short: "tune parameters by SPSA self-play (resumable; fishtest/OpenBench inputs)",
		Long:  tuneLong,
		Args:  cobra.ExactArgs(1),
		Example: `  elolab tune configs/spsa-knight.yaml
  elolab tune configs/spsa-knight.yaml --db tune.db --concurrency 2 --no-verify`,
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			return runTune(ctx, cmd.OutOrStdout(), cmd.ErrOrStderr(), args[0], f)
		},
	}
	addRunFlags(cmd.Flags(), &f.runFlags, "the verification SPRT's report")
	cmd.Flags().BoolVar(&f.noVerify, "no-verify", false, "skip the verification SPRT of spsa.verify")
	return cmd
}

// checkpoint is what the store keeps after every batch.
type checkpoint struct {
	State spsa.State `json:"state"`
	// Rows are the batch's iterations: k, θ after the update, and θ+'s
	// results, for the CSV and the plot.
	Rows []checkpointRow `json:"rows"`
}

type checkpointRow struct {
	K       int          `json:"k"`
	Plus    []float64    `json:"plus"`
	Minus   []float64    `json:"minus"`
	Theta   []float64    `json:"theta"`
	Outcome spsa.Outcome `json:"outcome"`
}

// tuneParams resolves the tuned parameters: labrat's are resolved by the
// loader; an external engine's come from its spin options.
func tuneParams(x *experiment.Experiment, p engine.Player) ([]spsa.Param, error) {
	e := x.Tested[0]
	var out []spsa.Param
	for _, sp := range x.SPSA.Params {
		q := spsa.Param{Name: sp.Name, Start: sp.Value, Min: sp.Min, Max: sp.Max, CEnd: sp.CEnd, REnd: sp.REnd,
			Int: true, DeclaredIn: x.File, Line: sp.Line}
		if !e.Labrat {
			var opt *engine.Option
			var spins []string
			for _, o := range p.Options() {
				if o.Type == "spin" {
					spins = append(spins, o.Name)
				}
				if strings.EqualFold(o.Name, sp.Name) {
					o := o
					opt = &o
				}
			}
			if opt == nil {
				return nil, fmt.Errorf("%s:%d: spsa.params: %q is not an option of engine %s (its spin options: %s)",
					x.File, sp.Line, sp.Name, e.Name, strings.Join(spins, ", "))
			}
			if opt.Type != "spin" {
				return nil, fmt.Errorf("%s:%d: spsa.params: option %q of %s is a %s, not a spin", x.File, sp.Line, opt.Name, e.Name, opt.Type)
			}
			q.Name = opt.Name
			if !sp.Has.Min {
				q.Min = float64(opt.Min)
			}
			if !sp.Has.Max {
				q.Max = float64(opt.Max)
			}
			if !sp.Has.Value {
				q.Start = float64(opt.Min)
				if v, err := strconv.ParseFloat(optionValue(e, opt.Name, opt.Default), 64); err == nil {
					q.Start = v
				}
			}
			if !sp.Has.CEnd {
				q.CEnd = (q.Max - q.Min) * experiment.DefaultExternalCEndFraction
			}
			if q.Min < float64(opt.Min) || q.Max > float64(opt.Max) {
				return nil, fmt.Errorf("%s:%d: spsa.params: %s: [%g, %g] exceeds the engine's range [%d, %d]",
					x.File, sp.Line, q.Name, q.Min, q.Max, opt.Min, opt.Max)
			}
		}
		out = append(out, q)
	}
	return out, nil
}

// optionValue is the value options: gives the engine, or def.
func optionValue(e *experiment.Engine, name, def string) string {
	for _, o := range e.Options {
		if strings.EqualFold(o.Name, name) {
			return o.Value
		}
	}
	return def
}

// renderOptions turns a parameter vector into setoption pairs.
func renderOptions(ps []spsa.Param) func([]float64) []engine.OptionValue {
	return func(v []float64) []engine.OptionValue {
		out := make([]engine.OptionValue, len(ps))
		for i, p := range ps {
			out[i] = engine.OptionValue{Name: p.Name, Value: strconv.FormatInt(int64(math.Round(v[i])), 10)}
		}
		return out
	}
}

func runTune(ctx context.Context, stdout, stderr io.Writer, path string, f tuneFlags) error {
	if f.progress != "on" && f.progress != "off" && f.progress != "auto" {
		return usageErrorf("tune: --progress %q: want on, off or auto", f.progress)
	}
	if f.concurrency < 0 || f.stall <= 0 {
		return usageErrorf("tune: --concurrency and --stall must be positive")
	}
	if err := f.resolveAffinity("tune"); err != nil {
		return err
	}
	rf, err := report.ParseFormat(f.format)
	if err != nil {
		return usageErrorf("tune: --format: %v", err)
	}
	// The verification's report goes to stdout in the format asked for;
	// the tuner's own sentences and tables go with the other sentences.
	reportOut := stdout
	stdout = sentencesOut(stdout, stderr, rf)
	x, err := loadExperiment(stderr, path, experiment.Options{})
	if err != nil {
		return err
	}
	if x.Kind != experiment.KindSPSA {
		return usageErrorf("tune: %s is kind %s, not spsa (play it with elolab run %s)", path, x.Kind, path)
	}
	if f.concurrency > 0 {
		x.Concurrency = f.concurrency
	}
	dbPath := storePath(f.db, x)
	e := x.Tested[0]
	sp := x.SPSA
	book, err := openings.Open(x.Book, sp.Iterations)
	if err != nil {
		return usageErrorf("tune: %s: book: %v", path, err)
	}
	ecfg := engineConfigOf(e)
	probe, err := engine.Start(ctx, ecfg)
	if err != nil {
		if ctx.Err() != nil {
			return failuref("tune: interrupted while starting %s", e.Name)
		}
		return usageErrorf("tune: %s: engine %q (%s): %v", path, e.Name, ecfg.Cmd, err)
	}
	ps, err := tuneParams(x, probe)
	probe.Close()
	if err != nil {
		return usageErrorf("tune: %v", err)
	}
	tu, err := spsa.New(spsa.Config{Params: ps, Iterations: sp.Iterations, Alpha: sp.Alpha, Gamma: sp.Gamma, A: sp.A, Seed: x.Seed})
	if err != nil {
		return usageErrorf("tune: %s: %v", path, err)
	}
	cfgText, err := params.ReadYAMLFile(x.File)
	if err != nil {
		return usageErrorf("tune: %v", err)
	}

	st, err := store.Open(dbPath)
	if err != nil {
		return usageErrorf("tune: --db %s: %v", dbPath, err)
	}
	defer st.Close()
	hash := x.Hash()
	// One process at a time tunes an experiment (results/store/owner.go).
	release, err := st.ClaimExperiment(ctx, x.Name, hash)
	if err != nil {
		return failuref("tune: %v", err)
	}
	defer release()

	run, err := st.FindRun(ctx, x.Name, hash)
	var rows []checkpointRow
	switch {
	case err == nil:
		cps, err := st.Checkpoints(ctx, run.ID, checkpointKind)
		if err != nil {
			return failuref("tune: %v", err)
		}
		for _, c := range cps {
			var cp checkpoint
			if err := json.Unmarshal(c.State, &cp); err != nil {
				return failuref("tune: run %d: checkpoint %d: %v", run.ID, c.Iteration, err)
			}
			rows = append(rows, cp.Rows...)
			if c.Iteration == cps[len(cps)-1].Iteration {
				if err := tu.Restore(cp.State); err != nil {
					return failuref("tune: run %d: %v", run.ID, err)
				}
			}
		}
		if !f.quiet {
			fmt.Fprintf(stdout, "Resuming SPSA run %d (%s) in %s at iteration %d of %d\n", run.ID, run.Name, dbPath, tu.Iteration(), sp.Iterations)
		}
	case errors.Is(err, store.ErrRunNotFound):
		run, err = st.CreateRun(ctx, store.NewRun{Name: x.Name, Kind: "spsa", Config: string(cfgText), ConfigHash: hash,
			PlannedPairs: sp.Iterations, Seed: int64(x.Seed), Book: book.Name, Engines: []store.Engine{storeEngine(e)}})
		if err != nil {
			return failuref("tune: --db %s: %v", dbPath, err)
		}
		if !f.quiet {
			fmt.Fprintf(stdout, "SPSA run %d: %s in %s\n", run.ID, x.Summary(), dbPath)
		}
	default:
		return failuref("tune: %v", err)
	}
	if !f.quiet {
		writeTuneTable(stdout, ps, tu.Theta(), "θ now")
	}

	var csvOut *bufio.Writer
	if sp.Output.CSV != "" {
		cf, err := os.Create(sp.Output.CSV)
		if err != nil {
			return failuref("tune: output.csv: %v", err)
		}
		defer cf.Close()
		csvOut = bufio.NewWriter(cf)
		header := []string{"iteration"}
		for _, p := range ps {
			header = append(header, p.Name)
		}
		fmt.Fprintln(csvOut, strings.Join(append(header, "wins", "draws", "losses"), ","))
		for _, r := range rows {
			writeCSVRow(csvOut, r)
		}
		if err := csvOut.Flush(); err != nil {
			return failuref("tune: output.csv: %v", err)
		}
	}

	var bar *progressbar.ProgressBar
	if !tu.Done() && (f.progress == "on" || f.progress == "auto" && isTerminal(stderr)) {
		// No throttle: the bar is redrawn once per batch, and a throttle
		// would drop the redraw of the count that follows the description's,
		// leaving the bar a batch behind its own text.
		bar = progressbar.NewOptions(sp.Iterations, progressbar.OptionSetWriter(stderr), progressbar.OptionSetWidth(20),
			progressbar.OptionShowCount(), progressbar.OptionSetElapsedTime(true), progressbar.OptionSetPredictTime(true),
			progressbar.OptionSetDescription("SPSA"))
		bar.Set(tu.Iteration())
	}
	start := time.Now()
	startIter := tu.Iteration()
	runner := &spsa.Runner{
		Tuner: tu, Concurrency: x.Concurrency, CPUs: f.cpus, Batch: sp.Batch,
		Match: spsa.Match{Engine: ecfg, Limits: e.Limits, Book: book, Options: renderOptions(ps),
			Game: game.Config{Adjudication: adjudicationOf(x.Adjudication), StallTimeout: f.stall}},
		AfterBatch: func(b spsa.Batch) error {
			cp := checkpoint{State: b.State}
			for _, d := range b.Iterations {
				cp.Rows = append(cp.Rows, checkpointRow{K: d.K, Plus: d.Plus, Minus: d.Minus, Theta: d.Theta, Outcome: d.Outcome})
			}
			data, err := json.Marshal(cp)
			if err != nil {
				return err
			}
			if err := st.SaveCheckpoint(context.Background(), store.Checkpoint{RunID: run.ID, Kind: checkpointKind,
				Iteration: b.State.Iteration, State: data}); err != nil {
				return err
			}
			rows = append(rows, cp.Rows...)
			if csvOut != nil {
				for _, r := range cp.Rows {
					writeCSVRow(csvOut, r)
				}
				if err := csvOut.Flush(); err != nil {
					return fmt.Errorf("output.csv: %w", err)
				}
			}
			desc := fmt.Sprintf("SPSA %d/%d, +%d =%d -%d, θ %s", b.State.Iteration, sp.Iterations,
				b.State.Wins, b.State.Draws, b.State.Losses, thetaText(ps, b.State.Theta))
			if bar != nil {
				bar.Describe(desc)
				bar.Set(b.State.Iteration)
			} else if !f.quiet && (b.State.Iteration%100 < len(b.Iterations) || b.State.Iteration == sp.Iterations) {
				fmt.Fprintln(stdout, desc)
			}
			return nil
		},
	}
	runErr := runner.Run(ctx)
	if bar != nil {
		bar.Exit()
		fmt.Fprint(stderr, "\r\033[K")
	}
	if runErr != nil {
		_ = st.SetRunState(context.Background(), run.ID, store.Interrupted)
		what := "failed"
		if ctx.Err() != nil {
			what = "interrupted"
		}
		return failuref("tune: SPSA %s at iteration %d of %d (checkpoint kept; resume with: %s): %v",
			what, tu.Iteration(), sp.Iterations, tuneResumeCommand(path, dbPath, f), runErr)
	}
	if err := st.SetRunState(context.Background(), run.ID, store.Finished); err != nil {
		return failuref("tune: %v", err)
	}
	if it := tu.Iteration() - startIter; it > 0 && !f.quiet {
		el := time.Since(start)
		fmt.Fprintf(stdout, "%d iterations (%d games) in %s: %.2f games/s\n", it, 2*it, el.Round(time.Second), float64(2*it)/el.Seconds())
	}
	tuned := tu.Rounded()
	fmt.Fprintf(stdout, "SPSA run %d done: %d iterations, θ+ scored +%d =%d -%d\n", run.ID, tu.Iteration(),
		tu.State().Wins, tu.State().Draws, tu.State().Losses)
	writeTuneTable(stdout, ps, tuned, "tuned")

	if o := sp.Output.YAML; o != "" {
		if err := writeTunedYAML(o, e, ps, tuned); err != nil {
			return failuref("tune: output.yaml: %v", err)
		}
		fmt.Fprintf(stdout, "Wrote %s\n", o)
	}
	if o := sp.Output.CSV; o != "" {
		fmt.Fprintf(stdout, "Wrote %s (%d iterations)\n", o, len(rows))
	}
	if o := sp.Output.Plot; o != "" && len(rows) > 0 {
		iters := make([]int, len(rows))
		thetas := make([][]float64, len(rows))
		for i, r := range rows {
			iters[i], thetas[i] = r.K, r.Theta
		}
		if err := spsa.PlotTrajectories(o, ps, iters, thetas); err != nil {
			return failuref("tune: %v", err)
		}
		fmt.Fprintf(stdout, "Wrote %s\n", o)
	}
	if sp.Verify == nil || f.noVerify {
		return nil
	}
	return verifyTuned(ctx, reportOut, stderr, st, dbPath, x, ps, tuned, f)
}

func writeCSVRow(w io.Writer, r checkpointRow) {
	parts := []string{strconv.Itoa(r.K)}
	for _, v := range r.Theta {
		parts = append(parts, strconv.FormatFloat(v, 'f', 3, 64))
	}
	fmt.Fprintf(w, "%s,%d,%d,%d\n", strings.Join(parts, ","), r.Outcome.Wins, r.Outcome.Draws, r.Outcome.Losses)
}

func thetaText(ps []spsa.Param, theta []float64) string {
	const show = 3
	var parts []string
	for i, p := range ps {
		if i == show {
			parts = append(parts, fmt.Sprintf("… (%d more)", len(ps)-show))
			break
		}
		parts = append(parts, fmt.Sprintf("%s=%.1f", p.Name, theta[i]))
	}
	return strings.Join(parts, " ")
}

func writeTuneTable(w io.Writer, ps []spsa.Param, v []float64, what string) {
	fmt.Fprintf(w, "  %-36s %10s %10s %10s %8s %8s\n", "parameter", "start", what, "min..max", "c_end", "r_end")
	for i, p := range ps {
		fmt.Fprintf(w, "  %-36s %10g %10.1f %10s %8g %8g\n", p.Name, p.Start, v[i], fmt.Sprintf("%g..%g", p.Min, p.Max), p.CEnd, p.REnd)
	}
}

// writeTunedYAML writes labrat's parameter file (every parameter that
// differs from labrat's defaults: the engine's own changes and the tuned
// values) or, for another engine, its options.
func writeTunedYAML(path string, e *experiment.Engine, ps []spsa.Param, tuned []float64) error {
	fh, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(fh)
	fmt.Fprintf(w, "# Tuned by elolab tune (SPSA) from %s.\n", e.Name)
	if e.Labrat {
		v := params.NewValues()
		if e.Params != nil {
			v = e.Params.Clone()
		}
		for i, p := range ps {
			d, ok := params.Lookup(p.Name)
			if !ok {
				fh.Close()
				return fmt.Errorf("%s is not a labrat parameter", p.Name)
			}
			if err := v.SetInt(d, int(tuned[i])); err != nil {
				fh.Close()
				return err
			}
		}
		if err := v.WriteYAML(w, false); err != nil {
			fh.Close()
			return err
		}
	} else {
		for i, p := range ps {
			fmt.Fprintf(w, "%q: %d\n", p.Name, int64(tuned[i]))
		}
	}
	if err := w.Flush(); err != nil {
		fh.Close()
		return err
	}
	return fh.Close()
}

// verifyTuned plays the tuned values against the start values in an SPRT,
// stored (and resumable) as a run of its own.
func verifyTuned(ctx context.Context, stdout, stderr io.Writer, st *store.Store, dbPath string, x *experiment.Experiment,
	ps []spsa.Param, tuned []float64, f tuneFlags) error {
	rf, _ := report.ParseFormat(f.format) // checked by runTune
	say := sentencesOut(stdout, stderr, rf)
	e := x.Tested[0]
	v := x.SPSA.Verify
	starts := make([]float64, len(ps))
	for i, p := range ps {
		starts[i] = p.Start
	}
	render := renderOptions(ps)
	// Compare what the engine would be sent, not θ: an SPRT of two
	// identical engines costs its max_pairs and can only end in H0.
	if sent := render(tuned); slices.Equal(sent, render(starts)) {
		var vals []string
		for _, o := range sent {
			vals = append(vals, o.Name+"="+o.Value)
		}
		fmt.Fprintf(say, "\nVerification skipped: the tuned values equal the start values as sent to the engine (%s), so the SPRT would play two identical engines.\n",
			strings.Join(vals, ", "))
		return nil
	}
	mk := func(name string, vals []float64) tournament.Engine {
		c := engineConfigOf(e)
		c.Name = name
		c.Options = append(c.Options, render(vals)...)
		return tournament.Engine{Config: c, Limits: e.Limits}
	}
	rounds := v.MaxPairs
	if rounds <= 0 {
		rounds = sprtPairCap
	}
	book, err := openings.Open(x.Book, rounds)
	if err != nil {
		return usageErrorf("tune: verify: book: %v", err)
	}
	test := v.Test
	tcfg := tournament.Config{
		Engines: []tournament.Engine{mk("tuned", tuned), mk("start", starts)},
		Kind:    tournament.HeadToHead, Book: book, Rounds: rounds, GamesPerRound: 2,
		Concurrency: x.Concurrency, CPUs: f.cpus, SPRT: &test,
		Game: game.Config{Adjudication: adjudicationOf(x.Adjudication), StallTimeout: f.stall},
	}
	players, err := tournament.StartEngines(ctx, &tcfg)
	if err != nil {
		return failuref("tune: verify: %v", err)
	}
	h := sha256.New()
	fmt.Fprintf(h, "verify\n%s\n%v\n%v\n", x.Hash(), tuned, starts)
	var es []store.Engine
	for _, te := range tcfg.Engines {
		se := storeEngine(e)
		se.Name = te.Config.Name
		se.Options = map[string]string{}
		for _, o := range te.Config.Options {
			se.Options[o.Name] = o.Value
		}
		es = append(es, se)
	}
	spec := storedRun{
		name: x.Name + "-verify", kind: "sprt", hash: hex.EncodeToString(h.Sum(nil)),
		config:       fmt.Sprintf("# SPRT of the SPSA run %s: tuned %v against start %v\n", x.Name, tuned, starts),
		summary:      fmt.Sprintf("SPRT tuned vs start [%g, %g] %s", test.Elo0, test.Elo1, test.Model),
		plannedPairs: v.MaxPairs, seed: int64(x.Seed), engines: es, resumeHint: tuneResumeCommand(x.File, dbPath, f),
		sprt: &store.SPRTConfig{Model: test.Model, Elo0: test.Elo0, Elo1: test.Elo1, Alpha: test.Alpha, Beta: test.Beta},
	}
	if !f.quiet {
		fmt.Fprintf(say, "\nVerification: tuned against start, SPRT %s [%g, %g]\n", test.Model, test.Elo0, test.Elo1)
	}
	if err := playStoredRun(ctx, stdout, stderr, st, dbPath, spec, tcfg, players, f.runFlags); err != nil {
		return err
	}
	run, err := st.FindRun(context.Background(), spec.name, spec.hash)
	if err != nil {
		return failuref("tune: verify: %v", err)
	}
	ms, err := st.Matchups(context.Background(), run.ID)
	if err != nil || len(ms) == 0 {
		return failuref("tune: verify: no games stored (%v)", err)
	}
	m := ms[0]
	if m.A != "tuned" {
		m = m.Flip()
	}
	s := test.Status(m.Pentanomial())
	verdict := "no verdict (max_pairs reached)"
	switch s.Verdict {
	case sprt.AcceptH1:
		verdict = "H1 accepted: the tuned values are stronger"
	case sprt.AcceptH0:
		verdict = "H0 accepted: the tuned values are not stronger"
	}
	fmt.Fprintf(say, "\nSPSA verification: tuned vs start %s, LLR %.2f (%.2f, %.2f): %s\n",
		eloText(m.Pentanomial()), s.LLR, s.Lower, s.Upper, verdict)
	return nil
}

func eloText(r sprt.Results) string {
	sum := sprt.Summarize(r)
	return sprt.Num("%+.1f", sum.Elo) + " ± " + sprt.Num("%.1f", sum.EloError) + " Elo" // n/a at a 0 % or 100 % score
}
