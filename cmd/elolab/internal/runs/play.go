package runs

import (
	"context"
	"fmt"
	"github.com/elolab/elolab/cmd/elolab/internal/matchrun"
	"io"
	"os"
	"strings"

	"github.com/elolab/elolab/cmd/elolab/internal/remoterun"
	"github.com/elolab/elolab/cmd/elolab/internal/session"
	"github.com/elolab/elolab/cmd/elolab/internal/webrun"
	"github.com/elolab/elolab/match/console"
	"github.com/elolab/elolab/match/game"
	"github.com/elolab/elolab/match/player"
	"github.com/elolab/elolab/match/remote"
	"github.com/elolab/elolab/match/tournament"
	"github.com/elolab/elolab/results/pgn"
	"github.com/elolab/elolab/results/store"
	"github.com/elolab/elolab/results/web"
)

// Play finds the run (name and hash) in the store or creates it, and
// plays it as a session (internal/session: resumed, every game committed
// before it is counted), the console and pgnout subscribed to its events;
// then it prints the report. It closes players.
func Play(ctx context.Context, stdout, stderr io.Writer, st *store.Store, dbPath string, spec Spec,
	tcfg tournament.Config, players []player.Player, o Options) error {
	defer matchrun.CloseAll(players)
	// Sentences go to stderr when stdout carries a machine format.
	msg := SentencesOut(stdout, stderr, o.Format)
	// One process at a time plays an experiment's runs: claimed before
	// anything is found, created, resumed or written (results/store/owner.go).
	release, err := st.ClaimExperiment(ctx, spec.Name, spec.Hash)
	if err != nil {
		return failuref("%v", err)
	}
	defer release()
	run, how, err := open(ctx, msg, stderr, st, dbPath, spec, tcfg, o)
	switch {
	case err != nil:
		return err
	case how == runDone:
		return WriteReport(ctx, stdout, st, run, o.Format)
	}
	resume := how == runFound
	if !resume && !o.Quiet {
		fmt.Fprintf(msg, "Run %d: %s in %s\n", run.ID, spec.Summary, dbPath)
	}
	sess := newSession(st, run, spec, tcfg, players)
	if resume {
		r, err := sess.Resume(ctx)
		if err != nil {
			return failuref("resuming run %d: %v", run.ID, err)
		}
		if !o.Quiet {
			fmt.Fprintf(msg, "Resuming run %d (%s) in %s: %d pairs kept, %d games of unfinished pairs to play again\n",
				run.ID, run.Name, dbPath, len(r.Plan.Kept), r.Plan.Replaced)
		}
	}
	if err := sess.Validate(); err != nil {
		return failuref("run %d: the stored games do not fit: %v", run.ID, err)
	}
	if !o.Remote.Enabled() { // workers play on machines of their own
		for _, w := range tournament.ThreadWarnings(&sess.Plan, players) {
			fmt.Fprintln(stderr, w)
		}
	}
	var workers web.WorkersSource // the page's, when the run serves workers
	if o.Remote.Enabled() {
		r, err := serve(ctx, o.Remote, dbPath, run.ID, tcfg, func(res remote.Result) {
			// A pair that ended after the verdict (or Ctrl-C): stored,
			// flagged after a verdict, not counted.
			recs := make([]*game.Record, len(res.Pair.Games))
			for i := range res.Pair.Games {
				recs[i] = res.Pair.Games[i].Rec()
				recs[i].Worker = res.Worker
			}
			if err := sess.Late(context.Background(), recs); err != nil {
				fmt.Fprintf(stderr, "elolab: run %d: a late pair of worker %s: %v\n", run.ID, res.Worker, err)
			}
		})
		if err != nil {
			return failuref("run %d: %v (resume with: %s)", run.ID, err, spec.ResumeHint)
		}
		defer r.Close()
		sess.Executor = r.Executor()
		workers = &webrun.Workers{List: r.Workers}
	}
	if o.HTTP.Addr != "" {
		live := webrun.NewLive()
		sess.WatchMoves = true
		sess.Subscribe(live.Event)
		page, err := webrun.Start(o.HTTP, dbPath, live, workers, msg)
		if err != nil {
			return failuref("run %d: %v (resume with: %s)", run.ID, err, spec.ResumeHint)
		}
		defer page.Close()
	}
	if spec.PGNOut != "" {
		pf, err := subscribePGN(ctx, sess, spec.PGNOut)
		if err != nil {
			return err
		}
		defer pf.Close()
	}
	subscribeConsole(sess, msg, o)
	res, runErr := sess.Play(ctx)
	return finish(stdout, stderr, msg, st, run, dbPath, spec, res, runErr, o)
}

// serve starts the run's side of the network: workers play its games
// with the programs of its engines.
func serve(ctx context.Context, o remoterun.Options, dbPath string, runID int64, tcfg tournament.Config,
	late func(remote.Result)) (*remoterun.Remote, error) {
	engines := map[string]string{}
	for _, e := range tcfg.Engines {
		engines[e.Config.Name] = e.Config.Cmd
	}
	return remoterun.Start(ctx, o, dbPath, runID, engines, late)
}

// newSession is the session of a stored run: the tournament's SPRT and
// its pair cap become the session's stop rules.
func newSession(st *store.Store, run *store.Run, spec Spec, tcfg tournament.Config, players []player.Player) *session.Session {
	bookName := ""
	if tcfg.Book != nil {
		bookName = tcfg.Book.Name
	}
	event := "elolab " + spec.Name
	site, _ := os.Hostname()
	s := &session.Session{Store: st, Run: run, Plan: tcfg, Players: players,
		PGN: func(r *game.Record) *pgn.Record { return matchrun.PGNRecord(r, event, site, bookName, false) }}
	if tcfg.SPRT != nil {
		s.Stop = []session.Rule{session.StopOnVerdict{Test: *tcfg.SPRT}, session.PairCap{N: tcfg.Rounds}}
		s.Plan.SPRT = nil
	}
	return s
}

// subscribePGN rewrites path from the store, then appends each committed
// game: the file holds exactly the stored games whatever happened to the
// previous attempt. The caller closes the file.
func subscribePGN(ctx context.Context, s *session.Session, path string) (*os.File, error) {
	pf, err := os.Create(path)
	if err == nil {
		_, err = s.Store.ExportPGN(ctx, s.Run.ID, pf)
	}
	if err != nil {
		if pf != nil {
			pf.Close()
		}
		return nil, failuref("pgnout %s: %v", path, err)
	}
	pw := pgn.NewWriter(pf)
	s.Subscribe(func(e session.Event) error {
		c, ok := e.(session.GameCommitted)
		if !ok {
			return nil
		}
		if err := pw.Write(s.PGN(c.Record)); err != nil {
			return fmt.Errorf("writing %s: %w", path, err)
		}
		if err := pw.Flush(); err != nil {
			return fmt.Errorf("writing %s: %w", path, err)
		}
		return nil
	})
	return pf, nil
}

// subscribeConsole prints the per-game lines, the result block every 10
// pairs and the progress bar from the session's events.
func subscribeConsole(s *session.Session, msg io.Writer, o Options) {
	tcfg := s.Config()
	total := tcfg.Total()
	tcs := make([]string, len(tcfg.Engines))
	for i, e := range tcfg.Engines {
		tcs[i] = e.Limits.String()
	}
	bookName := ""
	if tcfg.Book != nil {
		bookName = tcfg.Book.Name
	}
	co := console.Options{Out: msg, Quiet: o.Quiet, RatingInterval: 10, SPRT: tcfg.SPRT, Progress: o.Progress,
		Header: console.Header{TC: matchrun.JoinSame(tcs), Book: bookName, Threads: "1", Hash: "16"}}
	if o.Quiet {
		co.RatingInterval = 0
	}
	cons := console.New(co, total)
	s.Subscribe(func(e session.Event) error {
		switch e := e.(type) {
		case session.GameStarted:
			cons.Started(e.Job, e.White, e.Black, total)
		case session.PairFinished:
			cons.PairsCounted(e.Slot, e.Standings)
		case session.GameCounted:
			cons.Finished(e.Record, e.Standings)
		case session.RunState:
			if e.State != store.Running {
				cons.Done()
			}
		}
		return nil
	})
}

// finish prints how the run ended and its report, and returns its exit:
// nil when finished, a failure when interrupted or failed.
func finish(stdout, stderr, msg io.Writer, st *store.Store, run *store.Run, dbPath string, spec Spec,
	res *session.Result, runErr error, o Options) error {
	sum := res.Summary
	if sum == nil {
		return failuref("run %d: %v (resume with: %s)", run.ID, runErr, spec.ResumeHint)
	}
	if res.StateErr != nil {
		fmt.Fprintf(stderr, "elolab: run %d: %v\n", run.ID, res.StateErr)
	}
	stc := sum.Standings
	for _, w := range tournament.TimeLossWarnings(stc) {
		fmt.Fprintln(stderr, w)
	}
	if !o.Quiet {
		fmt.Fprintf(msg, "\nRun %d %s: %d games played now, %d kept from before, %d abandoned, in %s\n",
			run.ID, res.State, stc.Delivered, stc.Resumed, sum.Abandoned, console.HMS(sum.Elapsed))
		if lines := console.Incidents(stc); len(lines) > 1 && incidents(stc) {
			fmt.Fprintln(msg, "Incidents (time losses, crashes, stalls, illegal moves; restarts of this attempt):")
			for _, l := range lines {
				fmt.Fprintln(msg, "  "+l)
			}
		}
		fmt.Fprintf(msg, "Report (%s):\n\n", Command("report", fmt.Sprint(run.ID), "--db", dbPath))
	}
	if err := WriteReport(context.Background(), stdout, st, run, o.Format); err != nil {
		return err
	}
	switch {
	case runErr != nil:
		return failuref("run %d: %v (resume with: %s)", run.ID, runErr, spec.ResumeHint)
	case sum.Interrupted:
		return failuref("run %d interrupted: %d of %d games stored (resume with: %s)", run.ID,
			stc.Delivered+stc.Resumed, stc.Total, spec.ResumeHint)
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

// Command is the one place that prints a command resuming a run (every
// hint of run, tune and match uses it): "elolab" and args, each quoted
// for a POSIX shell when needed, so that pasting it verbatim continues
// the same run.
func Command(args ...string) string {
	q := make([]string, 0, len(args)+1)
	q = append(q, "elolab")
	for _, a := range args {
		q = append(q, store.ShellQuote(a))
	}
	return strings.Join(q, " ")
}
