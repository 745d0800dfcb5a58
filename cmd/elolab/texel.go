package main

import (
	"context"
	"errors"
	"os"
	"os/signal"
	"syscall"

	"github.com/spf13/cobra"

	"github.com/elolab/elolab/cmd/elolab/internal/texelrun"
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
	cfg, err := texelrun.Load(file)
	if err != nil {
		return usageErrorf("texel: %v", err)
	}
	texelrun.Overrides{Output: f.output, Epochs: f.epochs, Threads: f.threads}.Apply(cfg)
	res, err := texelrun.Run(ctx, cfg, stdout, stderr, f.quiet, !f.quiet && isTerminal(stderr))
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
