package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/elolab/elolab/cmd/elolab/internal/remoterun"
	"github.com/elolab/elolab/cmd/elolab/internal/runs"
	"github.com/elolab/elolab/cmd/elolab/internal/webrun"
	"github.com/elolab/elolab/configs/experiment"
	"github.com/elolab/elolab/match/cli"
	"github.com/elolab/elolab/match/game"
	"github.com/elolab/elolab/results/report"
)

func init() { subcommands = append(subcommands, newRunCmd) }

const runLong = `Play an experiment file (configs/README.md describes the schema): load and
validate it, start every engine once, then play its game pairs on
"concurrency" workers. Every finished game is committed to the results store
(--db, else the file's db:, else ./elolab.db) before it is counted, and
appended to pgnout: when set.

Running the same experiment again continues it: a run is recognised by its
name and the hash "elolab check" prints, less the pair count (concurrency,
db, pgnout, pairs: and sprt.max_pairs are not part of it). Complete pairs are
kept, a pair with one stored game is played again as a whole, nothing is
counted twice — after Ctrl-C, a crash or kill -9. A finished run is not
played again: its report is printed (--fresh starts a new run instead).
Raising pairs: (or an SPRT's max_pairs, when the cap ended it) continues the
finished run with the new pairs only; a pair count below the pairs already
played prints the report. Any other change starts a new run, said on stderr.
On resume the pgnout file is rewritten from the store, so it holds exactly
the stored games. The command printed after Ctrl-C or an error resumes the
run verbatim (it names the store with --db). With --format csv, md or json
standard output holds only the report; other lines go to stderr.

A ladder measures every step on its wac: suite before the games (once, when
the run is created). At the end the report of the whole run is printed (as
"elolab report RUN" would, --format text|csv|md|json).

Ctrl-C: running games are abandoned (not stored, not counted; a resumed run
plays them), the report of what is stored is printed.
Exit codes: 0 finished (all pairs played or an SPRT verdict), 1 interrupted
or failed while playing, 2 bad experiment file, engine, book or flags
(nothing is written to the store).`

type runFlags struct {
	db, progress, format string
	quiet, fresh         bool
	concurrency          int
	stall                time.Duration
	affinity             string
	cpus                 []int // --affinity resolved by resolveAffinity
	remote               remoterun.Options
	web                  webrun.Options
	concurrencySet       bool // --concurrency given (0 then means: coordinate only)
}

// resolveAffinity checks --affinity and sets f.cpus.
func (f *runFlags) resolveAffinity(cmd string) error {
	cpus, err := cli.AffinityCPUs(f.affinity)
	if err != nil {
		return usageErrorf("%s: --affinity: %v", cmd, err)
	}
	f.cpus = cpus
	return nil
}

func newRunCmd() *cobra.Command {
	var f runFlags
	cmd := &cobra.Command{
		Use:   "run FILE.yaml",
		Short: "play an experiment file (sprt, match, gauntlet, roundrobin, ladder), resumable",
		Long:  runLong,
		Args:  cobra.ExactArgs(1),
		Example: `  elolab run configs/futility-ab.yaml
  elolab run configs/madchess-ladder.yaml --db ladder.db --concurrency 2
  elolab run configs/futility-ab.yaml --quiet --format md`,
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			f.concurrencySet = cmd.Flags().Changed("concurrency")
			return runExperiment(ctx, cmd.OutOrStdout(), cmd.ErrOrStderr(), args[0], f)
		},
	}
	addRunFlags(cmd.Flags(), &f, "the final report")
	cmd.Flags().BoolVar(&f.fresh, "fresh", false, "start a new run even if this experiment is already in the store")
	return cmd
}

// addRunFlags registers the flags elolab run and elolab tune share.
func addRunFlags(fl *pflag.FlagSet, f *runFlags, report string) {
	fl.StringVar(&f.db, "db", "", "results store (default: the file's db:, else ./elolab.db)")
	fl.BoolVar(&f.quiet, "quiet", false, "standard output holds only the final report (no per-game lines; the progress bar on stderr follows --progress)")
	fl.StringVar(&f.progress, "progress", "auto", "progress bar on stderr: on, off or auto (when stderr is a terminal)")
	fl.StringVar(&f.format, "format", "text", "format of "+report+": text, csv, md or json")
	fl.IntVar(&f.concurrency, "concurrency", 0, "games played at once (default: the file's concurrency:)")
	fl.DurationVar(&f.stall, "stall", game.DefaultStallTimeout, "deadline of a move without a clock (nodes/depth games)")
	fl.StringVar(&f.affinity, "affinity", "on", "pin each concurrent game's engines to its own share of the CPUs: on, off, or a CPU list like 0-3,5")
	remoterun.AddFlags(fl, &f.remote)
	webrun.AddFlags(fl, &f.web)
}

// loadExperiment loads a file and prints its errors on stderr (exit 2).
func loadExperiment(stderr io.Writer, path string, opts experiment.Options) (*experiment.Experiment, error) {
	x, err := experiment.LoadWith(path, opts)
	if err == nil {
		return x, nil
	}
	var list experiment.ErrorList
	n := 1
	if errors.As(err, &list) {
		n = len(list)
	}
	fmt.Fprintln(stderr, err)
	what := "errors"
	if n == 1 {
		what = "error"
	}
	return nil, usageErrorf("%s: %d %s", path, n, what)
}

// runExperiment is elolab run: flags and the file become a run of
// internal/runs, whose errors become exit codes.
func runExperiment(ctx context.Context, stdout, stderr io.Writer, path string, f runFlags) error {
	if err := checkRunFlags(&f); err != nil {
		return err
	}
	x, err := loadExperiment(stderr, path, experiment.Options{})
	if err != nil {
		return err
	}
	if x.Kind == experiment.KindSPSA {
		return usageErrorf("run: %s is kind spsa: tune it with elolab tune %s", path, path)
	}
	if x.Kind == experiment.KindTexel {
		return usageErrorf("run: %s is kind texel: tune it with elolab texel %s", path, path)
	}
	if f.concurrency > 0 {
		x.Concurrency = f.concurrency
	}
	dbPath := storePath(f.db, x)
	o, err := f.options(stderr)
	if err != nil {
		return err
	}
	o.Remote = f.serving(x.Concurrency, stderr)
	hint := resumeCommand(runResumeArgs("run", path, dbPath, f)...)
	return exitOf(runs.Experiment(ctx, stdout, stderr, path, x, dbPath, hint, o))
}

// serving is --serve/--nats's options for a run of the file's
// concurrency: --concurrency 0 then means this machine only coordinates.
func (f *runFlags) serving(fileConcurrency int, stderr io.Writer) remoterun.Options {
	o := f.remote
	o.Local = fileConcurrency
	if f.concurrencySet && f.concurrency == 0 {
		o.Local = 0
	}
	o.Version, o.CPUs, o.Log = remoterun.Version(version), f.cpus, stderr
	return o
}

// checkRunFlags checks elolab run's flags (exit 2) and resolves --affinity.
func checkRunFlags(f *runFlags) error {
	_, err := f.check("run")
	return err
}

// check checks the flags run and tune share (exit 2), naming the command,
// and resolves --affinity; it returns the report format.
func (f *runFlags) check(cmd string) (report.Format, error) {
	rf, err := report.ParseFormat(f.format)
	switch {
	case err != nil:
		return "", usageErrorf("%s: --format: %v", cmd, err)
	case f.progress != "on" && f.progress != "off" && f.progress != "auto":
		return "", usageErrorf("%s: --progress %q: want on, off or auto", cmd, f.progress)
	case f.concurrency < 0 || f.stall <= 0:
		return "", usageErrorf("%s: --concurrency %d and --stall %v: want positive values", cmd, f.concurrency, f.stall)
	}
	if err := errors.Join(f.remote.Check(), f.web.Check()); err != nil {
		return "", usageErrorf("%s: %v", cmd, err)
	}
	return rf, f.resolveAffinity(cmd)
}
