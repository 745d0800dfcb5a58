package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sort"
	"syscall"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/elolab/elolab/configs/experiment"
	"github.com/elolab/elolab/engine/params"
	"github.com/elolab/elolab/match/cli"
	"github.com/elolab/elolab/match/console"
	"github.com/elolab/elolab/match/engine"
	"github.com/elolab/elolab/match/game"
	"github.com/elolab/elolab/match/tournament"
	"github.com/elolab/elolab/openings"
	"github.com/elolab/elolab/results/pgn"
	"github.com/elolab/elolab/results/report"
	"github.com/elolab/elolab/results/store"
	"github.com/elolab/elolab/sprt"
)

func init() { subcommands = append(subcommands, newRunCmd) }

// sprtPairCap bounds an SPRT without sprt.max_pairs: 20,000 pairs (40,000
// games) is far beyond where a [0, 5] or [0, 10] test ends.
const sprtPairCap = 20000

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
func engineConfigOf(e *experiment.Engine) engine.Config {
	cmd := e.Path
	if cmd == "" {
		cmd = e.Cmd
	}
	proto, _ := engine.ParseProtocol(e.Proto)
	var opts []engine.OptionValue
	for _, o := range e.SetOptions() {
		opts = append(opts, engine.OptionValue{Name: o.Name, Value: o.Value})
	}
	return engine.Config{Name: e.Name, Cmd: cmd, Args: e.Args, Dir: e.Dir, Protocol: proto, Options: opts}
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
	rf, err := report.ParseFormat(f.format)
	if err != nil {
		return usageErrorf("run: --format: %v", err)
	}
	if f.progress != "on" && f.progress != "off" && f.progress != "auto" {
		return usageErrorf("run: --progress %q: want on, off or auto", f.progress)
	}
	if f.concurrency < 0 {
		return usageErrorf("run: --concurrency %d: want a positive number", f.concurrency)
	}
	if err := f.resolveAffinity("run"); err != nil {
		return err
	}
	x, err := loadExperiment(stderr, path, experiment.Options{})
	if err != nil {
		return err
	}
	if x.Kind == experiment.KindSPSA {
		return usageErrorf("run: %s is kind spsa: tune it with elolab tune %s", path, path)
	}
	if f.concurrency > 0 {
		x.Concurrency = f.concurrency
	}
	dbPath := storePath(f.db, x)
	p := planOf(x)

	// Inputs first: the book and every engine, so that bad input fails
	// before anything is written.
	book, err := openings.Open(x.Book, p.rounds)
	if err != nil {
		return usageErrorf("run: %s: book: %v", path, err)
	}
	var test *sprt.Test
	if x.SPRT != nil {
		t := x.SPRT.Test
		test = &t
	}
	stall := f.stall
	if stall <= 0 {
		return usageErrorf("run: --stall %v: want a positive duration", f.stall)
	}
	tcfg := tournament.Config{
		Kind: p.kind, Seeds: p.seeds, Book: book, Rounds: p.rounds, GamesPerRound: 2,
		Concurrency: x.Concurrency, CPUs: f.cpus, SPRT: test,
		Game: game.Config{Adjudication: adjudicationOf(x.Adjudication), StallTimeout: stall},
	}
	for _, e := range p.engines {
		tcfg.Engines = append(tcfg.Engines, tournament.Engine{Config: engineConfigOf(e), Limits: e.Limits})
	}
	if err := tcfg.Validate(); err != nil {
		return usageErrorf("run: %s: %v", path, err)
	}
	players, err := tournament.StartEngines(ctx, &tcfg)
	if err != nil {
		if ctx.Err() != nil {
			return failuref("run: interrupted while starting engines")
		}
		return usageErrorf("run: %s: %v", path, err)
	}
	closePlayers := func() {
		for _, pl := range players {
			pl.Close()
		}
	}

	cfgText, err := params.ReadYAMLFile(x.File)
	if err != nil {
		closePlayers()
		return usageErrorf("run: %v", err)
	}
	st, err := store.Open(dbPath)
	if err != nil {
		closePlayers()
		return usageErrorf("run: --db %s: %v", dbPath, err)
	}
	defer st.Close()
	id, legacy := runIdentity(x)
	spec := storedRun{
		name: x.Name, kind: string(x.Kind), config: string(cfgText), hash: id, legacyHash: legacy, summary: x.Summary(),
		plannedPairs: tcfg.Total() / 2, seed: int64(x.Seed), pgnOut: x.PGNOut, resumeHint: resumeCommand(runResumeArgs("run", path, dbPath, f)...),
	}
	if x.Kind == experiment.KindSPRT {
		spec.plannedPairs = x.SPRT.MaxPairs
		t := x.SPRT.Test
		spec.sprt = &store.SPRTConfig{Model: t.Model, Elo0: t.Elo0, Elo1: t.Elo1, Alpha: t.Alpha, Beta: t.Beta}
	}
	steps := map[*experiment.Engine]*experiment.Step{}
	for _, s := range x.Ladder {
		steps[s.Engine] = s
	}
	for _, e := range p.engines {
		spec.engines = append(spec.engines, storeEngine(e))
	}
	// A ladder's steps are measured on the suite when the run is created.
	spec.beforeCreate = func(ctx context.Context, es []store.Engine) error {
		for i, e := range p.engines {
			s := steps[e]
			if s == nil {
				continue
			}
			es[i].Ladder = &store.LadderStep{Features: []string{s.Feature}, Category: s.Category, WAC: -1}
			if x.WAC == nil {
				continue
			}
			n, err := measureSuite(ctx, sentencesOut(stdout, stderr, rf), x, e, f.quiet, f.cpus)
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
	return playStoredRun(ctx, stdout, stderr, st, dbPath, spec, tcfg, players, f)
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
// resumes it (complete pairs counted in place, partial pairs replayed),
// plays the tournament with every game committed before it is counted,
// and prints the report. It closes players.
func playStoredRun(ctx context.Context, stdout, stderr io.Writer, st *store.Store, dbPath string, spec storedRun,
	tcfg tournament.Config, players []engine.Player, f runFlags) error {
	closePlayers := func() {
		for _, pl := range players {
			pl.Close()
		}
	}
	rf, err := report.ParseFormat(f.format)
	if err != nil {
		closePlayers()
		return usageErrorf("--format: %v", err)
	}
	// Sentences go to stderr when stdout carries a machine format.
	msg := sentencesOut(stdout, stderr, rf)
	var hashes []string
	if spec.legacyHash != "" && spec.legacyHash != spec.hash {
		hashes = append(hashes, spec.legacyHash)
	}
	// One process at a time plays an experiment's runs: claimed before
	// anything is found, created, resumed or written (results/store/owner.go).
	release, err := st.ClaimExperiment(ctx, spec.name, spec.hash)
	if err != nil {
		closePlayers()
		return failuref("%v", err)
	}
	defer release()

	run, err := st.FindRun(ctx, spec.name, spec.hash, hashes...)
	switch {
	case err == nil && f.fresh:
		run = nil
	case err == nil:
		play, err := replanRun(ctx, msg, st, dbPath, run, spec)
		if err != nil {
			closePlayers()
			return failuref("run %d: %v", run.ID, err)
		}
		if !play {
			closePlayers()
			return writeRunReport(ctx, stdout, st, run, rf)
		}
	case errors.Is(err, store.ErrRunNotFound):
		run = nil
	default:
		closePlayers()
		return failuref("%v", err)
	}
	bookName := ""
	if tcfg.Book != nil {
		bookName = tcfg.Book.Name
	}

	played := map[int][]*game.Record{}
	if run == nil {
		nr := store.NewRun{Name: spec.name, Kind: spec.kind, Config: spec.config, ConfigHash: spec.hash,
			PlannedPairs: spec.plannedPairs, Seed: spec.seed, Book: bookName, SPRT: spec.sprt,
			Engines: append([]store.Engine(nil), spec.engines...)}
		prev, diff := configChange(ctx, st, spec.name, spec.config)
		if spec.beforeCreate != nil {
			if err := spec.beforeCreate(ctx, nr.Engines); err != nil {
				closePlayers()
				return failuref("%s: %v", spec.name, err)
			}
		}
		if run, err = st.CreateRun(ctx, nr); err != nil {
			closePlayers()
			return failuref("--db %s: %v", dbPath, err)
		}
		if prev != nil && !f.fresh {
			also := ""
			if spec.pgnOut != "" {
				also = fmt.Sprintf(" (%s now holds the games of run %d)", spec.pgnOut, run.ID)
			}
			fmt.Fprintf(stderr, "elolab: config changed since run %d (%s): starting run %d%s\n", prev.ID, diff, run.ID, also)
		}
		if !f.quiet {
			fmt.Fprintf(msg, "Run %d: %s in %s\n", run.ID, spec.summary, dbPath)
		}
	} else {
		rp, err := st.Resume(ctx, run.ID)
		if err != nil {
			closePlayers()
			return failuref("resuming run %d: %v", run.ID, err)
		}
		games, err := st.Games(ctx, run.ID, false)
		if err != nil {
			closePlayers()
			return failuref("resuming run %d: %v", run.ID, err)
		}
		for _, g := range games {
			played[g.Pair] = append(played[g.Pair], priorRecord(g))
		}
		for k, recs := range played {
			sort.Slice(recs, func(i, j int) bool { return recs[i].Index < recs[j].Index })
			if len(recs) != 2 {
				delete(played, k) // Resume left only complete pairs
			}
		}
		if !f.quiet {
			fmt.Fprintf(msg, "Resuming run %d (%s) in %s: %d pairs kept, %d games of unfinished pairs to play again\n",
				run.ID, run.Name, dbPath, len(rp.Kept), rp.Replaced)
		}
	}
	tcfg.Played = played
	if err := tcfg.Validate(); err != nil {
		closePlayers()
		return failuref("run %d: the stored games do not fit: %v", run.ID, err)
	}

	var pw *pgn.Writer
	if spec.pgnOut != "" {
		// Rewrite from the store, then append: the file holds exactly the
		// stored games whatever happened to the previous attempt.
		pf, err := os.Create(spec.pgnOut)
		if err == nil {
			_, err = st.ExportPGN(ctx, run.ID, pf)
		}
		if err != nil {
			closePlayers()
			return failuref("pgnout %s: %v", spec.pgnOut, err)
		}
		defer pf.Close()
		pw = pgn.NewWriter(pf)
	}
	rec := &gameRecorder{st: st, run: run, pairs: map[int]bool{}}
	event := "elolab " + spec.name
	site, _ := os.Hostname()
	tcfg.Deliver = func(r *game.Record) error {
		pr := PGNRecord(r, event, site, bookName, false)
		if err := rec.record(ctx, r, pr); err != nil {
			return err
		}
		if pw == nil {
			return nil
		}
		if err := pw.Write(pr); err != nil {
			return fmt.Errorf("writing %s: %w", spec.pgnOut, err)
		}
		if err := pw.Flush(); err != nil {
			return fmt.Errorf("writing %s: %w", spec.pgnOut, err)
		}
		return nil
	}

	total := tcfg.Total()
	tcs := make([]string, len(tcfg.Engines))
	for i, e := range tcfg.Engines {
		tcs[i] = e.Limits.String()
	}
	co := console.Options{Out: msg, Quiet: f.quiet, RatingInterval: 10, SPRT: tcfg.SPRT,
		Header: console.Header{TC: joinSame(tcs), Book: bookName, Threads: "1", Hash: "16"}}
	if f.progress == "on" || f.progress == "auto" && isTerminal(stderr) {
		co.Progress = stderr
	}
	if f.quiet {
		co.RatingInterval = 0
	}
	cons := console.New(co, total)
	tcfg.Started = func(j tournament.Job, w, b string) { cons.Started(j, w, b, total) }
	tcfg.Finished = cons.Finished
	tcfg.PairsCounted = cons.PairsCounted

	sum, runErr := tournament.Run(ctx, tcfg, players)
	cons.Done()
	// The context may be cancelled (Ctrl-C): the last writes use a fresh one.
	bg := context.Background()
	if sum == nil {
		_ = st.SetRunState(bg, run.ID, store.Failed)
		return failuref("run %d: %v (resume with: %s)", run.ID, runErr, spec.resumeHint)
	}
	state := store.Finished
	switch {
	case runErr != nil:
		state = store.Failed
	case sum.Interrupted:
		state = store.Interrupted
	}
	if err := st.SetRunState(bg, run.ID, state); err != nil {
		fmt.Fprintf(stderr, "elolab: run %d: %v\n", run.ID, err)
	}
	stc := sum.Standings
	for _, w := range tournament.TimeLossWarnings(sum.Standings) {
		fmt.Fprintln(stderr, w)
	}
	if !f.quiet {
		fmt.Fprintf(msg, "\nRun %d %s: %d games played now, %d kept from before, %d abandoned, in %s\n",
			run.ID, state, stc.Delivered, stc.Resumed, sum.Abandoned, console.HMS(sum.Elapsed))
		if lines := console.Incidents(stc); len(lines) > 1 && incidents(stc) {
			fmt.Fprintln(msg, "Incidents (time losses, crashes, stalls, illegal moves; restarts of this attempt):")
			for _, l := range lines {
				fmt.Fprintln(msg, "  "+l)
			}
		}
		fmt.Fprintf(msg, "Report (%s):\n\n", resumeCommand("report", fmt.Sprint(run.ID), "--db", dbPath))
	}
	if err := writeRunReport(bg, stdout, st, run, rf); err != nil {
		return err
	}
	switch {
	case runErr != nil:
		return failuref("run %d: %v (resume with: %s)", run.ID, runErr, spec.resumeHint)
	case sum.Interrupted:
		return failuref("run %d interrupted: %d of %d games stored (resume with: %s)", run.ID,
			stc.Delivered+stc.Resumed, stc.Total, spec.resumeHint)
	}
	return nil
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
