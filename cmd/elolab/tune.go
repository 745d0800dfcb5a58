package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/elolab/elolab/cmd/elolab/internal/tunesession"
	"github.com/elolab/elolab/configs/experiment"
	"github.com/elolab/elolab/engine/params"
	"github.com/elolab/elolab/match/game"
	"github.com/elolab/elolab/match/player"
	"github.com/elolab/elolab/match/tournament"
	"github.com/elolab/elolab/openings"
	"github.com/elolab/elolab/results/report"
	"github.com/elolab/elolab/results/store"
	"github.com/elolab/elolab/tuner/spsa"
)

func init() { subcommands = append(subcommands, newTuneCmd) }

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

// tuneRun is a tune command once its file is loaded and checked: what
// the session is built from.
type tuneRun struct {
	path, dbPath string
	f            tuneFlags
	x            *experiment.Experiment
	book         *openings.Book
	ecfg         player.Config
	ps           []spsa.Param
	tu           *spsa.Tuner
	cfgText      []byte
}

func runTune(ctx context.Context, stdout, stderr io.Writer, path string, f tuneFlags) error {
	rf, err := checkTuneFlags(f)
	if err != nil {
		return err
	}
	// The verification's report goes to stdout in the format asked for;
	// the tuner's own sentences and tables go with the other sentences.
	reportOut := stdout
	stdout = sentencesOut(stdout, stderr, rf)
	t, err := prepareTune(ctx, stderr, path, f)
	if err != nil {
		return err
	}
	st, err := store.Open(t.dbPath)
	if err != nil {
		return usageErrorf("tune: --db %s: %v", t.dbPath, err)
	}
	defer st.Close()
	e := t.x.Tested[0]
	spec := tunesession.Spec{X: t.x, Config: t.cfgText, Book: t.book.Name, Engine: storeEngine(e), DBPath: t.dbPath}
	s, err := tunesession.Open(ctx, st, spec, t.tu)
	if err != nil {
		return failuref("tune: %v", err)
	}
	defer s.Close()
	sp := t.x.SPSA
	if !f.quiet {
		if s.Resumed {
			fmt.Fprintf(stdout, "Resuming SPSA run %d (%s) in %s at iteration %d of %d\n", s.Run.ID, s.Run.Name, t.dbPath, t.tu.Iteration(), sp.Iterations)
		} else {
			fmt.Fprintf(stdout, "SPSA run %d: %s in %s\n", s.Run.ID, t.x.Summary(), t.dbPath)
		}
		tunesession.WriteTable(stdout, t.ps, t.tu.Theta(), "θ now")
	}
	if sp.Output.CSV != "" {
		if err := s.WriteCSV(sp.Output.CSV); err != nil {
			return failuref("tune: %v", err)
		}
	}
	if err := playTune(ctx, stdout, stderr, t, s); err != nil {
		return err
	}
	tuned, err := s.WriteOutputs(stdout, spec)
	if err != nil {
		return failuref("tune: %v", err)
	}
	if sp.Verify == nil || f.noVerify {
		return nil
	}
	return verifyTuned(ctx, reportOut, stderr, st, t, tuned)
}

// checkTuneFlags checks the flags before anything is loaded or started.
func checkTuneFlags(f tuneFlags) (report.Format, error) {
	if f.progress != "on" && f.progress != "off" && f.progress != "auto" {
		return "", usageErrorf("tune: --progress %q: want on, off or auto", f.progress)
	}
	if f.concurrency < 0 || f.stall <= 0 {
		return "", usageErrorf("tune: --concurrency and --stall must be positive")
	}
	if err := f.resolveAffinity("tune"); err != nil {
		return "", err
	}
	rf, err := report.ParseFormat(f.format)
	if err != nil {
		return "", usageErrorf("tune: --format: %v", err)
	}
	return rf, nil
}

// prepareTune loads the experiment and resolves everything that can be
// wrong with it — book, engine, parameters — before the store is opened:
// bad input leaves no store behind.
func prepareTune(ctx context.Context, stderr io.Writer, path string, f tuneFlags) (*tuneRun, error) {
	x, err := loadExperiment(stderr, path, experiment.Options{})
	if err != nil {
		return nil, err
	}
	if x.Kind != experiment.KindSPSA {
		return nil, usageErrorf("tune: %s is kind %s, not spsa (play it with elolab run %s)", path, x.Kind, path)
	}
	if f.concurrency > 0 {
		x.Concurrency = f.concurrency
	}
	t := &tuneRun{path: path, f: f, x: x, dbPath: storePath(f.db, x), ecfg: engineConfigOf(x.Tested[0])}
	sp := x.SPSA
	if t.book, err = openings.Open(x.Book, sp.Iterations); err != nil {
		return nil, usageErrorf("tune: %s: book: %v", path, err)
	}
	opts, err := tunesession.EngineOptions(ctx, t.ecfg)
	if err != nil {
		if ctx.Err() != nil {
			return nil, failuref("tune: interrupted while starting %s", x.Tested[0].Name)
		}
		return nil, usageErrorf("tune: %s: engine %q (%s): %v", path, x.Tested[0].Name, t.ecfg.Cmd, err)
	}
	if t.ps, err = tunesession.Params(x, opts); err != nil {
		return nil, usageErrorf("tune: %v", err)
	}
	t.tu, err = spsa.New(spsa.Config{Params: t.ps, Iterations: sp.Iterations, Alpha: sp.Alpha, Gamma: sp.Gamma, A: sp.A, Seed: x.Seed})
	if err != nil {
		return nil, usageErrorf("tune: %s: %v", path, err)
	}
	if t.cfgText, err = params.ReadYAMLFile(x.File); err != nil {
		return nil, usageErrorf("tune: %v", err)
	}
	return t, nil
}

// playTune plays the session's remaining iterations with the progress
// bar or the progress lines, and marks the run finished.
func playTune(ctx context.Context, stdout, stderr io.Writer, t *tuneRun, s *tunesession.Session) error {
	x, f, sp := t.x, t.f, t.x.SPSA
	c := tunesession.NewConsole(stdout, f.quiet, t.ps, sp.Iterations)
	if !t.tu.Done() && (f.progress == "on" || f.progress == "auto" && isTerminal(stderr)) {
		c.ShowBar(stderr, t.tu.Iteration())
	}
	s.Subscribe(c.Event)
	start := time.Now()
	startIter := t.tu.Iteration()
	e := x.Tested[0]
	runErr := s.Play(ctx, tunesession.Runner{Concurrency: x.Concurrency, CPUs: f.cpus, Batch: sp.Batch,
		Match: spsa.Match{Engine: t.ecfg, Limits: e.Limits, Book: t.book, Options: tunesession.Options(t.ps),
			Game: game.Config{Adjudication: adjudicationOf(x.Adjudication), StallTimeout: f.stall}}})
	c.CloseBar(stderr)
	if runErr != nil {
		what := "failed"
		if ctx.Err() != nil {
			what = "interrupted"
		}
		return failuref("tune: SPSA %s at iteration %d of %d (checkpoint kept; resume with: %s): %v",
			what, t.tu.Iteration(), sp.Iterations, tuneResumeCommand(t.path, t.dbPath, f), runErr)
	}
	if err := s.Finish(); err != nil {
		return failuref("tune: %v", err)
	}
	if it := t.tu.Iteration() - startIter; it > 0 && !f.quiet {
		el := time.Since(start)
		fmt.Fprintf(stdout, "%d iterations (%d games) in %s: %.2f games/s\n", it, 2*it, el.Round(time.Second), float64(2*it)/el.Seconds())
	}
	return nil
}

// verifyTuned plays the tuned values against the start values in an SPRT,
// stored (and resumable) as a run of its own, and prints its verdict.
func verifyTuned(ctx context.Context, stdout, stderr io.Writer, st *store.Store, t *tuneRun, tuned []float64) error {
	f, x := t.f, t.x
	rf, _ := report.ParseFormat(f.format) // checked by runTune
	say := sentencesOut(stdout, stderr, rf)
	if sent, same := tunesession.Unchanged(t.ps, tuned); same {
		fmt.Fprintf(say, "\nVerification skipped: the tuned values equal the start values as sent to the engine (%s), so the SPRT would play two identical engines.\n", sent)
		return nil
	}
	v, err := tunesession.PlanVerify(tunesession.VerifyInput{X: x, Params: t.ps, Tuned: tuned,
		Engine: engineConfigOf(x.Tested[0]), Stored: storeEngine(x.Tested[0]), Rounds: sprtPairCap, CPUs: f.cpus,
		Game: game.Config{Adjudication: adjudicationOf(x.Adjudication), StallTimeout: f.stall}})
	if err != nil {
		return usageErrorf("tune: verify: %v", err)
	}
	tcfg := v.Plan
	players, err := tournament.StartEngines(ctx, &tcfg)
	if err != nil {
		return failuref("tune: verify: %v", err)
	}
	test := v.Test
	spec := storedRun{name: v.Name, kind: "sprt", hash: v.Hash, config: v.Config, summary: v.Summary,
		plannedPairs: v.MaxPairs, seed: int64(x.Seed), engines: v.Engines, resumeHint: tuneResumeCommand(x.File, t.dbPath, f),
		sprt: &store.SPRTConfig{Model: test.Model, Elo0: test.Elo0, Elo1: test.Elo1, Alpha: test.Alpha, Beta: test.Beta},
	}
	if !f.quiet {
		fmt.Fprintf(say, "\nVerification: tuned against start, SPRT %s [%g, %g]\n", test.Model, test.Elo0, test.Elo1)
	}
	// playStoredRun owns the players from here: it closes them.
	if err := playStoredRun(ctx, stdout, stderr, st, t.dbPath, spec, tcfg, players, f.runFlags); err != nil {
		return err
	}
	r, s, err := v.Verdict(context.Background(), st)
	if err != nil {
		return failuref("tune: verify: %v", err)
	}
	fmt.Fprint(say, tunesession.VerdictText(r, s))
	return nil
}
