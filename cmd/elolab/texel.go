package main

import (
	"context"
	"errors"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"

	"github.com/elolab/elolab/configs/experiment"
	"github.com/elolab/elolab/tuner/texel"
)

func init() { subcommands = append(subcommands, newTexelCmd) }

const texelHelp = `Texel-tune labrat's evaluation weights on labelled positions (made by
elolab datagen, or any EPD file with c9 "1-0"; results or [1.0]/[0.5]/[0.0]
after the FEN).

The run is described by a YAML file (keys in configs/README.md, section
"Texel"; example configs/texel.yaml), or by an experiment file of kind
texel with the same keys under texel:: data files, hold-out share, the
parameters tuned (names, dotted prefixes such as eval.pst, groups, glob
patterns), the start values, epochs, learning rate, batch size, K and the
output file.

Each position is traced once: the evaluation is linear in its weights, so
the score is an offset plus a sum of coefficient × weight and the gradient
is exact. The material-trade and drawn-endgame scaling terms stay at their
contribution at the start values. K of the sigmoid 1/(1+10^(-K·score/400))
is fitted by golden-section search (unless k: is given), then Adam
minimises the mean squared error against the results (plus l2: times the
squared distance from the start values); a line per epoch shows the
training and hold-out error. The epoch with the lowest hold-out error is
kept: when later epochs raise it (over-fitting) a warning names both
epochs and errors, and the kept epoch's weights are written. The weights
are rounded, clipped to their ranges and written as a labrat parameter file (loadable by labrat
--params and by experiment files' extends:).

Ctrl-C stops after the current epoch and still writes the output. Exit
codes: 0 done, 2 bad configuration or data (file:line), 1 failures or an
interrupted run.`

type texelFlags struct {
	output  string
	epochs  int
	threads int
	quiet   bool
}

func newTexelCmd() *cobra.Command {
	var f texelFlags
	cmd := &cobra.Command{
		Use:     "texel CONFIG.yaml [--output FILE] [--epochs N] [--threads N] [--quiet]",
		Short:   "Texel-tune evaluation weights on labelled positions (K fit, Adam, hold-out error)",
		Long:    texelHelp,
		Args:    cobra.ExactArgs(1),
		Example: "  elolab texel configs/texel.yaml\n  elolab texel configs/texel.yaml --epochs 50 --output .scratch/quick.yaml",
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			return runTexel(ctx, cmd, args[0], f)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&f.output, "output", "", "output parameter file (overrides output:)")
	fl.IntVar(&f.epochs, "epochs", 0, "epochs (overrides epochs:)")
	fl.IntVar(&f.threads, "threads", 0, "goroutines (overrides threads:; default all CPUs)")
	fl.BoolVar(&f.quiet, "quiet", false, "no progress bar and no per-epoch lines")
	return cmd
}

func runTexel(ctx context.Context, cmd *cobra.Command, file string, f texelFlags) error {
	stdout, stderr := cmd.OutOrStdout(), cmd.ErrOrStderr()
	if f.epochs < 0 || f.threads < 0 {
		return usageErrorf("texel: --epochs and --threads must not be negative")
	}
	cfg, err := loadTexelConfig(file)
	if err != nil {
		return usageErrorf("texel: %v", err)
	}
	if f.output != "" {
		cfg.Output = f.output
	}
	if f.epochs > 0 {
		cfg.Epochs = f.epochs
	}
	if f.threads > 0 {
		cfg.Threads = f.threads
	}
	hooks := texel.RunHooks{Log: stdout, Warn: stderr, Quiet: f.quiet}
	var bar *progressbar.ProgressBar
	var mu sync.Mutex
	if !f.quiet && isTerminal(stderr) {
		hooks.LoadBytes = func(total, done int) {
			mu.Lock()
			defer mu.Unlock()
			if bar == nil {
				bar = progressbar.NewOptions(total, progressbar.OptionSetWriter(stderr), progressbar.OptionSetWidth(20),
					progressbar.OptionShowBytes(true), progressbar.OptionSetElapsedTime(true),
					progressbar.OptionThrottle(200*time.Millisecond), progressbar.OptionSetDescription("loading"))
			}
			bar.Set(done)
			if done >= total {
				bar.Clear()
			}
		}
	}
	res, err := texel.Run(ctx, cfg, hooks)
	if bar != nil {
		bar.Clear()
	}
	if err != nil {
		var in *texel.InputError
		if errors.As(err, &in) {
			return usageErrorf("texel: %v", err)
		}
		return failuref("texel: %v", err)
	}
	if res.Interrupted {
		return failuref("texel: interrupted after epoch %d; %s holds the values reached", res.Epochs, cfg.Output)
	}
	return nil
}

// loadTexelConfig reads a Texel run (a Texel configuration, or a kind texel
// experiment file) through the experiment loader, which owns the schema,
// and hands it to the tuner as a plain Config: configs may not import
// tuner, so the two meet here.
func loadTexelConfig(file string) (*texel.Config, error) {
	t, err := experiment.LoadTexel(file)
	if err != nil {
		return nil, err
	}
	items := func(sel []experiment.TexelSelector) []texel.Item {
		out := make([]texel.Item, len(sel))
		for i, s := range sel {
			out[i] = texel.Item{Text: s.Text, Pos: s.Pos, Defs: s.Defs, Explicit: s.Explicit}
		}
		return out
	}
	return &texel.Config{
		File: t.File, Data: t.Data, MaxPositions: t.MaxPositions, Holdout: t.Holdout, Seed: t.Seed,
		Start: t.Start, Params: items(t.Params), Exclude: items(t.Exclude), Epochs: t.Epochs,
		LearningRate: t.LearningRate, L2: t.L2, Batch: t.Batch, K: t.K, Output: t.Output,
		OutputAll: t.OutputAll, Threads: t.Threads,
	}, nil
}
