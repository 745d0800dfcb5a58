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

	"github.com/elolab/elolab/cmd/elolab/internal/session"
	"github.com/elolab/elolab/configs/experiment"
	"github.com/elolab/elolab/engine/params"
	"github.com/elolab/elolab/match/cli"
	"github.com/elolab/elolab/match/game"
	"github.com/elolab/elolab/match/player"
	"github.com/elolab/elolab/match/tournament"
	"github.com/elolab/elolab/openings"
	"github.com/elolab/elolab/results/report"
	"github.com/elolab/elolab/results/store"
	"github.com/elolab/elolab/sprt"
)

func init() { subcommands = append(subcommands, newRunCmd) }

// sprtPairCap bounds an SPRT without sprt.max_pairs (session.SPRTPairCap).
const sprtPairCap = session.SPRTPairCap

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
}

// storePath is --db, else the file's db:, else ./elolab.db.
func storePath(flag string, x *experiment.Experiment) string {
	switch {
	case flag != "":
		return flag
	case x.DB != "":
		return x.DB
	}
	return store.DefaultPath(".")
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

// plan is an experiment turned into a tournament.
type plan struct {
	engines []*experiment.Engine // in tournament order
	kind    tournament.Kind
	seeds   int
	rounds  int
}

func planOf(x *experiment.Experiment) plan {
	p := plan{rounds: x.Pairs}
	switch x.Kind {
	case experiment.KindSPRT, experiment.KindMatch:
		p.kind = tournament.HeadToHead
		p.engines = []*experiment.Engine{x.Tested[0], x.Opponents[0]}
	case experiment.KindGauntlet, experiment.KindLadder:
		// The tested engines (ladder steps) are the gauntlet's seeds.
		p.kind = tournament.Gauntlet
		p.seeds = len(x.Tested)
		p.engines = append(append(p.engines, x.Tested...), x.Opponents...)
	case experiment.KindRoundRobin:
		p.kind = tournament.RoundRobin
		p.engines = x.Tested
	}
	if x.Kind == experiment.KindSPRT {
		p.rounds = sprtPairCap
		if x.SPRT.MaxPairs > 0 {
			p.rounds = x.SPRT.MaxPairs
		}
	}
	return p
}

// engineConfigOf is how the runner starts an experiment's engine.
func engineConfigOf(e *experiment.Engine) player.Config {
	cmd := e.Path
	if cmd == "" {
		cmd = e.Cmd
	}
	proto, _ := player.ParseProtocol(e.Proto)
	var opts []player.OptionValue
	for _, o := range e.SetOptions() {
		opts = append(opts, player.OptionValue{Name: o.Name, Value: o.Value})
	}
	return player.Config{Name: e.Name, Cmd: cmd, Args: e.Args, Dir: e.Dir, Protocol: proto, Options: opts}
}

// storeEngine is an engine's full configuration as the store keeps it.
func storeEngine(e *experiment.Engine) store.Engine {
	se := store.Engine{Name: e.Name, Cmd: e.Cmd, Args: e.Args, Dir: e.Dir, Protocol: e.Proto,
		TimeControl: e.Limits.String(), Extends: e.Extends}
	if len(e.Options) > 0 {
		se.Options = map[string]string{}
		for _, o := range e.Options {
			se.Options[o.Name] = o.Value
		}
	}
	if len(e.Changed) > 0 {
		se.Params = map[string]string{}
		for _, o := range e.Changed {
			se.Params[o.Name] = o.Value
		}
	}
	return se
}

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
	p := planOf(x)
	// Inputs first: the book and every engine, so that bad input fails
	// before anything is written.
	tcfg, err := tournamentOf(path, x, p, f)
	if err != nil {
		return err
	}
	players, err := tournament.StartEngines(ctx, &tcfg)
	if err != nil {
		if ctx.Err() != nil {
			return failuref("run: interrupted while starting engines")
		}
		return usageErrorf("run: %s: %v", path, err)
	}
	defer closeAll(players)
	cfgText, err := params.ReadYAMLFile(x.File)
	if err != nil {
		return usageErrorf("run: %v", err)
	}
	st, err := store.Open(dbPath)
	if err != nil {
		return usageErrorf("run: --db %s: %v", dbPath, err)
	}
	defer st.Close()
	spec := experimentRun(x, p, string(cfgText), tcfg.Total()/2, resumeCommand(runResumeArgs("run", path, dbPath, f)...))
	rf, _ := report.ParseFormat(f.format)
	spec.beforeCreate = measureLadder(sentencesOut(stdout, stderr, rf), x, p, f)
	return playStoredRun(ctx, stdout, stderr, st, dbPath, spec, tcfg, players, f)
}

// checkRunFlags checks elolab run's flags (exit 2) and resolves --affinity.
func checkRunFlags(f *runFlags) error {
	if _, err := report.ParseFormat(f.format); err != nil {
		return usageErrorf("run: --format: %v", err)
	}
	if f.progress != "on" && f.progress != "off" && f.progress != "auto" {
		return usageErrorf("run: --progress %q: want on, off or auto", f.progress)
	}
	if f.concurrency < 0 {
		return usageErrorf("run: --concurrency %d: want a positive number", f.concurrency)
	}
	return f.resolveAffinity("run")
}

// tournamentOf is the experiment's tournament: its book is opened, and
// the whole is checked (exit 2 on bad input).
func tournamentOf(path string, x *experiment.Experiment, p plan, f runFlags) (tournament.Config, error) {
	book, err := openings.Open(x.Book, p.rounds)
	if err != nil {
		return tournament.Config{}, usageErrorf("run: %s: book: %v", path, err)
	}
	var test *sprt.Test
	if x.SPRT != nil {
		t := x.SPRT.Test
		test = &t
	}
	if f.stall <= 0 {
		return tournament.Config{}, usageErrorf("run: --stall %v: want a positive duration", f.stall)
	}
	tcfg := tournament.Config{
		Kind: p.kind, Seeds: p.seeds, Book: book, Rounds: p.rounds, GamesPerRound: 2,
		Concurrency: x.Concurrency, CPUs: f.cpus, SPRT: test,
		Game: game.Config{Adjudication: adjudicationOf(x.Adjudication), StallTimeout: f.stall},
	}
	for _, e := range p.engines {
		tcfg.Engines = append(tcfg.Engines, tournament.Engine{Config: engineConfigOf(e), Limits: e.Limits})
	}
	if err := tcfg.Validate(); err != nil {
		return tournament.Config{}, usageErrorf("run: %s: %v", path, err)
	}
	return tcfg, nil
}

// experimentRun is the stored run of an experiment.
func experimentRun(x *experiment.Experiment, p plan, cfgText string, pairs int, hint string) storedRun {
	id, legacy := runIdentity(x)
	spec := storedRun{
		name: x.Name, kind: string(x.Kind), config: cfgText, hash: id, legacyHash: legacy, summary: x.Summary(),
		plannedPairs: pairs, seed: int64(x.Seed), pgnOut: x.PGNOut, resumeHint: hint,
	}
	if x.Kind == experiment.KindSPRT {
		spec.plannedPairs = x.SPRT.MaxPairs
		t := x.SPRT.Test
		spec.sprt = &store.SPRTConfig{Model: t.Model, Elo0: t.Elo0, Elo1: t.Elo1, Alpha: t.Alpha, Beta: t.Beta}
	}
	for _, e := range p.engines {
		spec.engines = append(spec.engines, storeEngine(e))
	}
	return spec
}

// measureLadder measures a ladder's steps on the suite when the run is
// created (storedRun.beforeCreate).
func measureLadder(msg io.Writer, x *experiment.Experiment, p plan, f runFlags) func(context.Context, []store.Engine) error {
	steps := map[*experiment.Engine]*experiment.Step{}
	for _, s := range x.Ladder {
		steps[s.Engine] = s
	}
	return func(ctx context.Context, es []store.Engine) error {
		for i, e := range p.engines {
			s := steps[e]
			if s == nil {
				continue
			}
			es[i].Ladder = &store.LadderStep{Features: []string{s.Feature}, Category: s.Category, WAC: -1}
			if x.WAC == nil {
				continue
			}
			n, err := measureSuite(ctx, msg, x, e, f.quiet, f.cpus)
			if err != nil {
				if ctx.Err() != nil {
					return fmt.Errorf("interrupted while measuring %s", x.WAC.File)
				}
				return fmt.Errorf("%s on %s: %v", e.Name, x.WAC.File, err)
			}
			es[i].Ladder.WAC = n
		}
		return nil
	}
}

// storedRun describes a run of the results store to create or resume.
type storedRun struct {
	name, kind, config, hash, summary string
	legacyHash                        string // the hash older stores kept, if it differs
	plannedPairs                      int
	seed                              int64
	sprt                              *store.SPRTConfig
	engines                           []store.Engine
	pgnOut                            string
	resumeHint                        string // the command that resumes it
	// beforeCreate may complete the engines before the run is created
	// (a ladder's WAC counts).
	beforeCreate func(ctx context.Context, es []store.Engine) error
}

// playStoredRun finds the run (name and hash) in the store or creates it,
// and plays it as a session (internal/session: resumed, every game
// committed before it is counted), the console and pgnout subscribed to
// its events; then it prints the report. It closes players.
func playStoredRun(ctx context.Context, stdout, stderr io.Writer, st *store.Store, dbPath string, spec storedRun,
	tcfg tournament.Config, players []player.Player, f runFlags) error {
	defer closeAll(players)
	rf, err := report.ParseFormat(f.format)
	if err != nil {
		return usageErrorf("--format: %v", err)
	}
	// Sentences go to stderr when stdout carries a machine format.
	msg := sentencesOut(stdout, stderr, rf)
	// One process at a time plays an experiment's runs: claimed before
	// anything is found, created, resumed or written (results/store/owner.go).
	release, err := st.ClaimExperiment(ctx, spec.name, spec.hash)
	if err != nil {
		return failuref("%v", err)
	}
	defer release()
	run, how, err := openStoredRun(ctx, msg, stderr, st, dbPath, spec, tcfg, f)
	switch {
	case err != nil:
		return err
	case how == runDone:
		return writeRunReport(ctx, stdout, st, run, rf)
	}
	resume := how == runFound
	if !resume && !f.quiet {
		fmt.Fprintf(msg, "Run %d: %s in %s\n", run.ID, spec.summary, dbPath)
	}
	sess := newRunSession(st, run, spec, tcfg, players)
	if resume {
		r, err := sess.Resume(ctx)
		if err != nil {
			return failuref("resuming run %d: %v", run.ID, err)
		}
		if !f.quiet {
			fmt.Fprintf(msg, "Resuming run %d (%s) in %s: %d pairs kept, %d games of unfinished pairs to play again\n",
				run.ID, run.Name, dbPath, len(r.Plan.Kept), r.Plan.Replaced)
		}
	}
	if err := sess.Validate(); err != nil {
		return failuref("run %d: the stored games do not fit: %v", run.ID, err)
	}
	if spec.pgnOut != "" {
		pf, err := subscribePGN(ctx, sess, spec.pgnOut)
		if err != nil {
			return err
		}
		defer pf.Close()
	}
	subscribeConsole(sess, stderr, msg, f)
	res, runErr := sess.Play(ctx)
	return finishRun(stdout, stderr, msg, st, run, dbPath, spec, res, runErr, f, rf)
}

// How openStoredRun found the run.
const (
	runCreated = iota // a new run
	runFound          // a stored run to continue
	runDone           // a stored run with nothing to play: print its report
)

// openStoredRun finds the experiment's run or creates it.
func openStoredRun(ctx context.Context, msg, stderr io.Writer, st *store.Store, dbPath string, spec storedRun,
	tcfg tournament.Config, f runFlags) (run *store.Run, how int, err error) {
	var hashes []string
	if spec.legacyHash != "" && spec.legacyHash != spec.hash {
		hashes = append(hashes, spec.legacyHash)
	}
	run, err = st.FindRun(ctx, spec.name, spec.hash, hashes...)
	switch {
	case err == nil && !f.fresh:
		play, err := replanRun(ctx, msg, st, dbPath, run, spec)
		if err != nil {
			return nil, 0, failuref("run %d: %v", run.ID, err)
		}
		if !play {
			return run, runDone, nil
		}
		return run, runFound, nil
	case err != nil && !errors.Is(err, store.ErrRunNotFound):
		return nil, 0, failuref("%v", err)
	}
	bookName := ""
	if tcfg.Book != nil {
		bookName = tcfg.Book.Name
	}
	nr := store.NewRun{Name: spec.name, Kind: spec.kind, Config: spec.config, ConfigHash: spec.hash,
		PlannedPairs: spec.plannedPairs, Seed: spec.seed, Book: bookName, SPRT: spec.sprt,
		Engines: append([]store.Engine(nil), spec.engines...)}
	prev, diff := configChange(ctx, st, spec.name, spec.config)
	if spec.beforeCreate != nil {
		if err := spec.beforeCreate(ctx, nr.Engines); err != nil {
			return nil, 0, failuref("%s: %v", spec.name, err)
		}
	}
	if run, err = st.CreateRun(ctx, nr); err != nil {
		return nil, 0, failuref("--db %s: %v", dbPath, err)
	}
	if prev != nil && !f.fresh {
		also := ""
		if spec.pgnOut != "" {
			also = fmt.Sprintf(" (%s now holds the games of run %d)", spec.pgnOut, run.ID)
		}
		fmt.Fprintf(stderr, "elolab: config changed since run %d (%s): starting run %d%s\n", prev.ID, diff, run.ID, also)
	}
	return run, runCreated, nil
}
func incidents(st *tournament.Standings) bool {
	for _, e := range st.Engines {
		if e.TimeLosses+e.Disconnects+e.Stalls+e.Illegal+e.Restarts > 0 {
			return true
		}
	}
	return false
}

func writeRunReport(ctx context.Context, w io.Writer, st *store.Store, run *store.Run, f report.Format) error {
	r, err := report.Load(ctx, st, run.ID, report.Options{LadderNewestFirst: true})
	if err != nil {
		return failuref("run %d: report: %v", run.ID, err)
	}
	if err := r.Write(w, f); err != nil {
		return failuref("run %d: report: %v", run.ID, err)
	}
	return nil
}

func adjudicationOf(a experiment.Adjudication) game.Adjudication {
	out := game.Adjudication{MaxMoves: a.MaxMoves}
	if d := a.Draw; d != nil {
		out.Draw = &game.DrawRule{MoveNumber: d.MoveNumber, MoveCount: d.MoveCount, Score: d.Score}
	}
	if r := a.Resign; r != nil {
		out.Resign = &game.ResignRule{MoveCount: r.MoveCount, Score: r.Score, TwoSided: r.TwoSided}
	}
	return out
}
