package main

import (
	"context"
	"errors"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/spf13/cobra"

	"github.com/elolab/elolab/cmd/elolab/internal/runs"
	"github.com/elolab/elolab/cmd/elolab/internal/tunesession"
	"github.com/elolab/elolab/configs/experiment"
	"github.com/elolab/elolab/results/report"
	"github.com/elolab/elolab/results/store"
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
			f.concurrencySet = cmd.Flags().Changed("concurrency")
			return runTune(ctx, cmd.OutOrStdout(), cmd.ErrOrStderr(), args[0], f)
		},
	}
	addRunFlags(cmd.Flags(), &f.runFlags, "the verification SPRT's report")
	cmd.Flags().BoolVar(&f.noVerify, "no-verify", false, "skip the verification SPRT of spsa.verify")
	return cmd
}

// tuneRun is a tune command once its file is loaded and checked.
type tuneRun struct {
	path, dbPath string
	f            tuneFlags
	*tunesession.Prepared
}

func runTune(ctx context.Context, stdout, stderr io.Writer, path string, f tuneFlags) error {
	rf, err := checkTuneFlags(&f)
	if err != nil {
		return err
	}
	// The verification's report goes to stdout in the format asked for;
	// the tuner's own sentences and tables go with the other sentences.
	reportOut := stdout
	stdout = runs.SentencesOut(stdout, stderr, rf)
	t, err := prepareTune(ctx, stderr, path, f)
	if err != nil {
		return err
	}
	st, err := store.Open(t.dbPath)
	if err != nil {
		return usageErrorf("tune: --db %s: %v", t.dbPath, err)
	}
	defer st.Close()
	spec := t.Spec(t.dbPath)
	s, err := tunesession.Open(ctx, st, spec, t.Tuner)
	if err != nil {
		return failuref("tune: %v", err)
	}
	defer s.Close()
	sp := t.X.SPSA
	if !f.quiet {
		s.WriteStart(stdout, t.Prepared, t.dbPath)
	}
	if sp.Output.CSV != "" {
		if err := s.WriteCSV(sp.Output.CSV); err != nil {
			return failuref("tune: %v", err)
		}
	}
	po := tunesession.PlayOptions{Quiet: f.quiet, CPUs: f.cpus, Stall: f.stall, Hint: tuneResumeCommand(t.path, t.dbPath, f),
		Remote: f.serving(t.X.Concurrency, stderr), DBPath: t.dbPath, HTTP: f.web}
	po.HTTP.Tuning = tunesession.Tuning{}
	if f.progress == "on" || f.progress == "auto" && isTerminal(stderr) {
		po.Bar = stderr
	}
	if err := s.PlayRest(ctx, stdout, t.Prepared, po); err != nil {
		return failuref("tune: %v", err)
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
func checkTuneFlags(f *tuneFlags) (report.Format, error) { return f.check("tune") }

// prepareTune loads the experiment and resolves it (tunesession.Prepare)
// before the store is opened: bad input leaves no store behind.
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
	p, err := tunesession.Prepare(ctx, path, x)
	if errors.Is(err, tunesession.ErrInterrupted) {
		return nil, failuref("tune: %v", err)
	} else if err != nil {
		return nil, usageErrorf("tune: %v", err)
	}
	return &tuneRun{path: path, f: f, dbPath: storePath(f.db, x), Prepared: p}, nil
}

// verifyTuned plays the verification SPRT (tunesession.Verify).
func verifyTuned(ctx context.Context, stdout, stderr io.Writer, st *store.Store, t *tuneRun, tuned []float64) error {
	o, err := t.f.options(stderr)
	if err != nil {
		return err
	}
	hint := tuneResumeCommand(t.X.File, t.dbPath, t.f)
	return exitOf(tunesession.Verify(ctx, stdout, stderr, st, t.dbPath, hint, t.Prepared, tuned, o))
}
