package main

import (
	"context"
	"fmt"
	"io"
	"os"

	"github.com/elolab/elolab/cmd/elolab/internal/session"
	"github.com/elolab/elolab/match/console"
	"github.com/elolab/elolab/match/game"
	"github.com/elolab/elolab/match/player"
	"github.com/elolab/elolab/match/tournament"
	"github.com/elolab/elolab/results/pgn"
	"github.com/elolab/elolab/results/report"
	"github.com/elolab/elolab/results/store"
)

// newRunSession is the session of a stored run: the tournament's SPRT
// and its pair cap become the session's stop rules.
func newRunSession(st *store.Store, run *store.Run, spec storedRun, tcfg tournament.Config, players []player.Player) *session.Session {
	bookName := ""
	if tcfg.Book != nil {
		bookName = tcfg.Book.Name
	}
	event := "elolab " + spec.name
	site, _ := os.Hostname()
	s := &session.Session{Store: st, Run: run, Plan: tcfg, Players: players,
		PGN: func(r *game.Record) *pgn.Record { return PGNRecord(r, event, site, bookName, false) }}
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
// pairs and the progress bar (on stderr) from the session's events.
func subscribeConsole(s *session.Session, stderr, msg io.Writer, f runFlags) {
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
	co := console.Options{Out: msg, Quiet: f.quiet, RatingInterval: 10, SPRT: tcfg.SPRT,
		Header: console.Header{TC: joinSame(tcs), Book: bookName, Threads: "1", Hash: "16"}}
	if f.progress == "on" || f.progress == "auto" && isTerminal(stderr) {
		co.Progress = stderr
	}
	if f.quiet {
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

// finishRun prints how the run ended and its report, and returns its
// exit: nil when finished, a failure when interrupted or failed.
func finishRun(stdout, stderr, msg io.Writer, st *store.Store, run *store.Run, dbPath string, spec storedRun,
	res *session.Result, runErr error, f runFlags, rf report.Format) error {
	sum := res.Summary
	if sum == nil {
		return failuref("run %d: %v (resume with: %s)", run.ID, runErr, spec.resumeHint)
	}
	if res.StateErr != nil {
		fmt.Fprintf(stderr, "elolab: run %d: %v\n", run.ID, res.StateErr)
	}
	stc := sum.Standings
	for _, w := range tournament.TimeLossWarnings(stc) {
		fmt.Fprintln(stderr, w)
	}
	if !f.quiet {
		fmt.Fprintf(msg, "\nRun %d %s: %d games played now, %d kept from before, %d abandoned, in %s\n",
			run.ID, res.State, stc.Delivered, stc.Resumed, sum.Abandoned, console.HMS(sum.Elapsed))
		if lines := console.Incidents(stc); len(lines) > 1 && incidents(stc) {
			fmt.Fprintln(msg, "Incidents (time losses, crashes, stalls, illegal moves; restarts of this attempt):")
			for _, l := range lines {
				fmt.Fprintln(msg, "  "+l)
			}
		}
		fmt.Fprintf(msg, "Report (%s):\n\n", resumeCommand("report", fmt.Sprint(run.ID), "--db", dbPath))
	}
	if err := writeRunReport(context.Background(), stdout, st, run, rf); err != nil {
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
