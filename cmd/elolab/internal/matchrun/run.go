// Package matchrun is `elolab match` from its parsed command line to its
// end: the openings, the engines, the -db run (created, or resumed with
// -pgnout rewritten from the store), the session that plays it, the PGN
// file and the console, and after a stop the command that resumes the
// match. The command line (package main) only parses the flags, calls Run
// and turns its Error into an exit code.
package matchrun

import (
	"context"
	"fmt"
	"io"
	"os"
	"strconv"

	"github.com/elolab/elolab/cmd/elolab/internal/session"
	"github.com/elolab/elolab/match/cli"
	"github.com/elolab/elolab/match/console"
	"github.com/elolab/elolab/match/game"
	"github.com/elolab/elolab/match/tournament"
	"github.com/elolab/elolab/openings"
	"github.com/elolab/elolab/results/pgn"
	"github.com/elolab/elolab/sprt"
)

// Options are what the command line hands a match.
type Options struct {
	Stdout, Stderr io.Writer
	// Terminal reports whether Stderr is a terminal (-progress auto).
	Terminal bool
	// Args is the command line after "match" as given: with the book
	// order's seed, the identity of a stored match, and the base of its
	// resume command.
	Args   []string
	Config *cli.Config
	// Command quotes an elolab command line for the console (the resume
	// and report hints).
	Command func(args ...string) string
}

// match is one `elolab match` while it runs.
type match struct {
	Options
	c       *cli.Config
	book    *openings.Book
	test    *sprt.Test
	logFile *os.File
	trace   io.Writer
	plog    *pgnLog
	pw      *pgn.Writer
	tcfg    tournament.Config
	total   int
	written int

	event, site, bookName string
}

// Run plays the match o.Config describes. Its errors are *session.Error.
func Run(ctx context.Context, o Options) error {
	m := &match{Options: o, c: o.Config}
	defer m.closeFiles()
	if err := m.openInputs(); err != nil {
		return err
	}
	if err := m.plan(); err != nil {
		return err
	}
	// Engines: start each once, so that a missing binary, a program that
	// is no chess engine or a bad option fails before any game.
	players, err := tournament.StartEngines(ctx, &m.tcfg)
	if err != nil {
		if ctx.Err() != nil {
			return failf("match: interrupted while starting engines")
		}
		return usagef("match: %v", err)
	}
	// tournament.Run closes them; an early return closes them here
	// (closing twice is harmless).
	defer CloseAll(players)

	m.names()
	m.total = m.tcfg.Total()
	cons := m.console()
	rec, err := openMatchStore(ctx, m.c, m.Args, m.tcfg, m.book)
	if err != nil {
		return err
	}
	// One pipeline with or without -db: the session commits to the store
	// when there is one.
	sess := &session.Session{Plan: m.tcfg, Players: players,
		PGN: func(r *game.Record) *pgn.Record { return PGNRecord(r, m.event, m.site, m.bookName, false) }}
	if rec != nil {
		defer rec.close()
		sess.Store, sess.Run = rec.st, rec.run
		if rec.resumed != nil {
			if m.plog, m.pw, err = rec.continueMatch(m.Stdout, m.c, sess, m.plog); err != nil {
				return err
			}
		}
	}
	for _, w := range tournament.ThreadWarnings(&sess.Plan, players) {
		fmt.Fprintln(m.Stderr, w)
	}
	m.subscribe(sess, cons)
	res, runErr := sess.Play(ctx)
	return m.finish(res, runErr, cons, rec)
}

// openInputs reads the openings and the SPRT and opens -log and -pgnout:
// bad input fails before any engine runs.
func (m *match) openInputs() error {
	c := m.c
	var err error
	// Openings: read and check the whole selection before any engine runs.
	if c.Openings != nil {
		if m.book, err = openings.Open(*c.Openings, c.Rounds); err != nil {
			return usagef("match: -openings: %v", err)
		}
	}
	if c.SPRT != nil {
		t, err := c.SPRT.Test()
		if err != nil {
			return usagef("match: -sprt: %v", err)
		}
		m.test = &t
	}
	if c.Log != "" {
		f, err := os.OpenFile(c.Log, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
		if err != nil {
			return usagef("match: -log: %v", err)
		}
		m.logFile = f
		m.trace = &syncWriter{w: f}
	}
	if c.PGNOut != "" {
		if m.plog, err = openPGNLog(c.PGNOut); err != nil {
			return usagef("match: -pgnout: %v", err)
		}
		m.pw = pgn.NewWriter(m.plog)
	}
	return nil
}

// closeFiles closes -pgnout (continueMatch may have replaced it) and -log.
func (m *match) closeFiles() {
	if m.plog != nil {
		m.plog.f.Close()
	}
	if m.logFile != nil {
		m.logFile.Close()
	}
}

// plan is the tournament the flags describe.
func (m *match) plan() error {
	c := m.c
	m.tcfg = tournament.Config{
		Kind: c.Tournament, Seeds: c.Seeds, Book: m.book,
		Rounds: c.Rounds, GamesPerRound: c.Games, NoSwap: c.NoSwap, MaxGames: c.MaxGames,
		Concurrency: c.Concurrency, CPUs: c.CPUs, SPRT: m.test,
		Game: game.Config{
			Adjudication: game.Adjudication{Draw: c.Draw, Resign: c.Resign, MaxMoves: c.MaxMoves},
			StallTimeout: c.StallTimeout,
		},
	}
	for _, e := range c.Engines {
		m.tcfg.Engines = append(m.tcfg.Engines, tournament.Engine{Config: EngineConfig(e, m.trace), Limits: e.Limits})
	}
	if err := m.tcfg.Validate(); err != nil {
		return usagef("match: %v", err)
	}
	return nil
}

// names are the PGN's Event, Site and Opening book.
func (m *match) names() {
	m.event = m.c.Event
	if m.event == "" {
		m.event = "elolab match"
	}
	m.site = m.c.Site
	if m.site == "" {
		m.site, _ = os.Hostname()
	}
	if m.book != nil {
		m.bookName = m.book.Name
	}
}

func (m *match) console() *console.Console {
	c := m.c
	co := console.Options{Out: m.Stdout, Quiet: c.Quiet, RatingInterval: c.RatingInterval, Header: matchHeader(c, m.book), SPRT: m.test}
	if c.Progress == "on" || c.Progress == "auto" && m.Terminal {
		co.Progress = m.Stderr
	}
	return console.New(co, m.total)
}

// subscribe writes the session's games to -pgnout and the console.
func (m *match) subscribe(sess *session.Session, cons *console.Console) {
	sess.Subscribe(func(e session.Event) error {
		switch e := e.(type) {
		case session.GameCommitted:
			return m.writePGN(e.Record)
		case session.GameStarted:
			cons.Started(e.Job, e.White, e.Black, m.total)
		case session.PairFinished:
			cons.PairsCounted(e.Slot, e.Standings)
		case session.GameCounted:
			cons.Finished(e.Record, e.Standings)
		}
		return nil
	})
}

// writePGN appends a finished game to -pgnout (when given; pw is nil
// otherwise) and counts it in written.
func (m *match) writePGN(r *game.Record) error {
	if m.pw == nil {
		m.written++
		return nil
	}
	from := m.plog.size
	if err := m.pw.Write(PGNRecord(r, m.event, m.site, m.bookName, m.c.PGNMin)); err != nil {
		return fmt.Errorf("writing %s: %w", m.c.PGNOut, err)
	}
	if err := m.pw.Flush(); err != nil {
		return fmt.Errorf("writing %s: %w", m.c.PGNOut, err)
	}
	m.plog.mark(r.Round, from)
	m.written++
	return nil
}

// finish prints the match's end: the final report, the stored run, and
// after a stop how to resume.
func (m *match) finish(res *session.Result, runErr error, cons *console.Console, rec *matchStore) error {
	c := m.c
	sum := res.Summary
	if sum == nil {
		return failf("match: %v", runErr)
	}
	cons.Final(sum)
	for _, w := range tournament.TimeLossWarnings(sum.Standings) {
		fmt.Fprintln(m.Stderr, w)
	}
	if rec != nil {
		if res.StateErr != nil {
			fmt.Fprintf(m.Stdout, "Warning; -db %s: %v\n", c.DB, res.StateErr)
		}
		fmt.Fprintf(m.Stdout, "Stored as run %d in %s (%s)\n", rec.run.ID, c.DB, m.Command("report", strconv.FormatInt(rec.run.ID, 10), "--db", c.DB))
	}
	st := sum.Standings
	if st.Delivered != m.written || st.Counted != st.Delivered+st.Resumed {
		fmt.Fprintf(m.Stdout, "Warning; %d games delivered, %d written, %d counted\n", st.Delivered, m.written, st.Counted)
	}
	if sum.Interrupted || runErr != nil && st.Delivered < st.Total && st.Verdict == sprt.Continue {
		m.stopped(rec, sum)
	}
	if sum.Interrupted {
		cons.Interrupted(sum.Elapsed)
	} else {
		cons.Closing(sum.Elapsed)
	}
	switch {
	case runErr != nil:
		return failf("match: %v", runErr)
	case sum.Interrupted:
		return failf("match: interrupted")
	}
	return nil
}
