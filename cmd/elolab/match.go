package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"sync"
	"syscall"

	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/elolab/elolab/cmd/elolab/internal/session"
	"github.com/elolab/elolab/match/cli"
	"github.com/elolab/elolab/match/console"
	"github.com/elolab/elolab/match/game"
	"github.com/elolab/elolab/match/player"
	"github.com/elolab/elolab/match/tc"
	"github.com/elolab/elolab/match/tournament"
	"github.com/elolab/elolab/openings"
	"github.com/elolab/elolab/results/pgn"
	"github.com/elolab/elolab/sprt"
)

func init() { subcommands = append(subcommands, newMatchCmd) }

const matchHelp = `Play a match between chess engines (UCI or xboard) with fastchess's and
cutechess-cli's flags; a fastchess command line works with only the binary
name changed: "elolab -engine … -each …" (no subcommand, first argument a
flag of the table below) runs as "elolab match -engine … -each …".

  elolab match -engine cmd=./labrat name=new -engine cmd=stockfish name=sf \
      option."Skill Level"=3 -each tc=10+0.1 proto=uci option.Hash=16 \
      -openings file=builtin:8moves_v3.pgn.gz format=pgn order=random \
      -srand 42 -rounds 50 -repeat -concurrency 2 \
      -sprt elo0=0 elo1=10 alpha=0.05 beta=0.05 model=normalized \
      -draw movenumber=40 movecount=8 score=10 -resign movecount=3 score=600 \
      -maxmoves 200 -pgnout file=games.pgn

Engines:  -engine cmd= name= args= dir= proto=uci|xboard tc= st= nodes= depth=
          timemargin= option.NAME=VALUE stderr=FILE;  -each (same keys, for all)
          tc=40/60+0.6 | 10+0.1 | 0.5+0.005 | inf;  st= seconds per move;
          timemargin= milliseconds an engine may overrun its clock.
Openings: -openings file= format=epd|pgn order=sequential|random plies= start=
          policy=round (builtin books: builtin:8moves_v3.pgn.gz …); -srand N
          or -randomseed. Without -openings every game starts from the
          initial position (a warning on stderr says so).
Schedule: -rounds N, -games 1|2, -repeat (= -games 2: each opening twice, colours
          swapped), -concurrency N (default: number of CPUs), -noswap,
          -tournament gauntlet|roundrobin (-seeds N), -sprt elo0= elo1= alpha=
          beta= model=normalized|logistic|bayesian, -use-affinity [CPUS|off]
          (default on: each concurrent game's engines are pinned to their
          own share of the CPUs elolab may use; CPUS like 0-3,5)
Games:    -draw movenumber= movecount= score=, -resign movecount= score=
          twosided=true|false, -maxmoves N, -stall SECONDS (elolab: stall
          deadline of nodes/depth games, default 60)
Output:   -pgnout file=F (appends; also -pgnout F), -ratinginterval N (pairs,
          default 10), -quiet, -progress on|off|auto, -log file=F (engine I/O),
          -event NAME, -site NAME. -recover is accepted: engines are always
          restarted after a crash or stall.

Ctrl-C stops at once: games still running are abandoned (not written, not
counted), the report is printed with the command that resumes the match,
run verbatim it plays every planned game once. With -db it is the same
command: the store's run continues (a pair with one finished game is played
again whole) and -pgnout is rewritten from the store (a file holding games
the store does not know is refused). Without -db it plays the remaining
-rounds (openings start=); the finished games of unfinished rounds are taken
out of -pgnout, since the resumed match plays them again.
Exit codes: 0 done, 2 bad flags or input (engines, books) before any game,
1 failures while playing or an interrupted match.`

func newMatchCmd() *cobra.Command {
	return &cobra.Command{
		Use:                "match -engine cmd=… -engine cmd=… [fastchess/cutechess flags]",
		Short:              "Play engine matches, gauntlets and round robins (fastchess/cutechess-cli flags)",
		Long:               matchHelp + "\n\n" + cli.FlagTable(),
		DisableFlagParsing: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			return runMatch(ctx, cmd.OutOrStdout(), cmd.ErrOrStderr(), args)
		},
	}
}

// isTerminal reports whether w is a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// syncWriter serializes writes to a trace log.
type syncWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (s *syncWriter) Write(b []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.w.Write(b)
}

// engineConfig turns a command-line engine into an player.Config.
func engineConfig(s cli.EngineSpec, trace io.Writer) player.Config {
	return player.Config{
		Name: s.Name, Cmd: s.Cmd, Args: s.Args, Dir: s.Dir, Protocol: s.Protocol,
		Options: s.Options, StderrLog: s.StderrLog, Trace: trace,
	}
}

// optionOr returns an engine option's value or def.
func optionOr(s cli.EngineSpec, name, def string) string {
	for _, o := range s.Options {
		if strings.EqualFold(o.Name, name) {
			return o.Value
		}
	}
	return def
}

func joinSame(vals []string) string {
	for _, v := range vals[1:] {
		if v != vals[0] {
			return strings.Join(vals, " - ")
		}
	}
	return vals[0]
}

// matchHeader describes the match for "Results of A vs B (…)".
func matchHeader(c *cli.Config, book *openings.Book) console.Header {
	var tcs, th, hash []string
	for _, e := range c.Engines {
		tcs = append(tcs, e.Limits.String())
		th = append(th, optionOr(e, "Threads", "1"))
		hash = append(hash, optionOr(e, "Hash", "16"))
	}
	h := console.Header{TC: joinSame(tcs), Threads: joinSame(th), Hash: joinSame(hash)}
	if len(c.Engines) == 2 {
		h.TC = tc.Pair(c.Engines[0].Limits, c.Engines[1].Limits)
	}
	if book != nil {
		h.Book = book.Name
	}
	return h
}

// PGNRecord converts a played game to the PGN writer's record: book moves
// commented {book}, engine moves {score/depth time}, the termination text
// before the result. min drops the move comments.
func PGNRecord(r *game.Record, event, site, bookName string, min bool) *pgn.Record {
	p := &pgn.Record{
		Event: event, Site: site, Round: strconv.Itoa(r.Round),
		White: r.White, Black: r.Black, Result: r.Result.String(),
		Start: r.Start, End: r.End,
		TimeControl: r.TimeControl(), Termination: r.Termination.Tag(),
		ResultComment: r.Reason,
		Moves:         make([]pgn.Move, 0, r.Plies()),
	}
	if !r.Opening.StartPos() {
		p.FEN = r.Opening.RootFEN // the initial position writes no FEN tag
	}
	if bookName != "" {
		p.Opening = fmt.Sprintf("%s #%d", bookName, r.Opening.Index+1)
	}
	if w, b := r.WhiteLimits.PGNTag(), r.BlackLimits.PGNTag(); w != b {
		p.TimeControl = ""
		p.Extra = append(p.Extra, pgn.Tag{Name: "WhiteTimeControl", Value: w}, pgn.Tag{Name: "BlackTimeControl", Value: b})
	}
	for _, s := range r.Opening.SAN {
		p.Moves = append(p.Moves, pgn.Move{SAN: s, Book: !min})
	}
	for _, m := range r.Moves {
		pm := pgn.Move{SAN: m.SAN}
		if !min {
			e := &pgn.Eval{Depth: m.Depth, Time: m.Time}
			switch m.Score.Kind {
			case player.ScoreCP:
				e.Score.CP = m.Score.Value
			case player.ScoreMate:
				e.Score.Mate = m.Score.Value
				if e.Score.Mate == 0 {
					e.Score.Mate = -1 // "mate 0": the mover is mated
				}
			}
			pm.Eval = e
		}
		p.Moves = append(p.Moves, pm)
	}
	return p
}

// resumeArgs rewrites the command line to play the remaining rounds:
// -rounds set to rounds, the -openings start= to start, and -srand added
// when the book order is random and no seed was given.
func resumeArgs(args []string, rounds, start int, seed uint64, needSeed bool) []string {
	var out []string
	seenRounds, inOpenings, seenStart := false, false, false
	for i := 0; i < len(args); i++ {
		a := args[i]
		name := strings.TrimLeft(a, "-")
		if strings.HasPrefix(a, "-") && len(a) > 1 && a[1] != '.' && (a[1] < '0' || a[1] > '9') {
			if inOpenings && !seenStart && start > 0 {
				out = append(out, "start="+strconv.Itoa(start))
			}
			inOpenings = name == "openings"
			seenStart = false
			if name == "rounds" {
				out = append(out, a, strconv.Itoa(rounds))
				seenRounds = true
				i++
				continue
			}
			out = append(out, a)
			continue
		}
		if inOpenings && strings.HasPrefix(a, "start=") {
			seenStart = true
			if start > 0 {
				out = append(out, "start="+strconv.Itoa(start))
			}
			continue
		}
		out = append(out, a)
	}
	if inOpenings && !seenStart && start > 0 {
		out = append(out, "start="+strconv.Itoa(start))
	}
	if !seenRounds {
		out = append(out, "-rounds", strconv.Itoa(rounds))
	}
	if needSeed {
		out = append(out, "-srand", strconv.FormatUint(seed, 10))
	}
	return out
}

func runMatch(ctx context.Context, stdout, stderr io.Writer, args []string) error {
	c, err := cli.ParseArgs(args)
	if err != nil {
		return usageErrorf("match: %v", err)
	}
	if c.Help {
		fmt.Fprintln(stdout, matchHelp+"\n\n"+cli.FlagTable())
		return nil
	}
	if c.Version {
		fmt.Fprintln(stdout, "elolab "+version)
		return nil
	}
	for _, w := range c.Warnings {
		fmt.Fprintln(stdout, w)
	}
	if w := c.StartposWarning(); w != "" {
		fmt.Fprintln(stderr, w)
	}

	// Openings: read and check the whole selection before any engine runs.
	var book *openings.Book
	if c.Openings != nil {
		if book, err = openings.Open(*c.Openings, c.Rounds); err != nil {
			return usageErrorf("match: -openings: %v", err)
		}
	}
	var test *sprt.Test
	if c.SPRT != nil {
		t, err := c.SPRT.Test()
		if err != nil {
			return usageErrorf("match: -sprt: %v", err)
		}
		test = &t
	}

	var trace io.Writer
	if c.Log != "" {
		f, err := os.OpenFile(c.Log, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
		if err != nil {
			return usageErrorf("match: -log: %v", err)
		}
		defer f.Close()
		trace = &syncWriter{w: f}
	}
	var plog *pgnLog
	var pw *pgn.Writer
	if c.PGNOut != "" {
		if plog, err = openPGNLog(c.PGNOut); err != nil {
			return usageErrorf("match: -pgnout: %v", err)
		}
		defer func() {
			if plog != nil { // continueMatch may have replaced it
				plog.f.Close()
			}
		}()
		pw = pgn.NewWriter(plog)
	}

	tcfg := tournament.Config{
		Kind: c.Tournament, Seeds: c.Seeds, Book: book,
		Rounds: c.Rounds, GamesPerRound: c.Games, NoSwap: c.NoSwap, MaxGames: c.MaxGames,
		Concurrency: c.Concurrency, CPUs: c.CPUs, SPRT: test,
		Game: game.Config{
			Adjudication: game.Adjudication{Draw: c.Draw, Resign: c.Resign, MaxMoves: c.MaxMoves},
			StallTimeout: c.StallTimeout,
		},
	}
	for _, e := range c.Engines {
		tcfg.Engines = append(tcfg.Engines, tournament.Engine{Config: engineConfig(e, trace), Limits: e.Limits})
	}
	if err := tcfg.Validate(); err != nil {
		return usageErrorf("match: %v", err)
	}

	// Engines: start each once, so that a missing binary, a program that
	// is no chess engine or a bad option fails before any game.
	players, err := tournament.StartEngines(ctx, &tcfg)
	if err != nil {
		if ctx.Err() != nil {
			return failuref("match: interrupted while starting engines")
		}
		return usageErrorf("match: %v", err)
	}
	// tournament.Run closes them; an early return closes them here
	// (closing twice is harmless).
	defer closeAll(players)

	event := c.Event
	if event == "" {
		event = "elolab match"
	}
	site := c.Site
	if site == "" {
		site, _ = os.Hostname()
	}
	bookName := ""
	if book != nil {
		bookName = book.Name
	}
	total := tcfg.Total()
	co := console.Options{Out: stdout, Quiet: c.Quiet, RatingInterval: c.RatingInterval, Header: matchHeader(c, book), SPRT: test}
	if c.Progress == "on" || c.Progress == "auto" && isTerminal(stderr) {
		co.Progress = stderr
	}
	cons := console.New(co, total)
	rec, err := openMatchStore(ctx, c, args, tcfg, book)
	if err != nil {
		return err
	}
	// One pipeline with or without -db: the session commits to the store
	// when there is one.
	sess := &session.Session{Plan: tcfg, Players: players,
		PGN: func(r *game.Record) *pgn.Record { return PGNRecord(r, event, site, bookName, false) }}
	if rec != nil {
		defer rec.close()
		sess.Store, sess.Run = rec.st, rec.run
		if rec.resumed != nil {
			if plog, pw, err = rec.continueMatch(stdout, c, sess, plog); err != nil {
				return err
			}
		}
	}
	written := 0
	sess.Subscribe(func(e session.Event) error {
		switch e := e.(type) {
		case session.GameCommitted:
			return writeMatchPGN(pw, plog, e.Record, event, site, bookName, c, &written)
		case session.GameStarted:
			cons.Started(e.Job, e.White, e.Black, total)
		case session.PairFinished:
			cons.PairsCounted(e.Slot, e.Standings)
		case session.GameCounted:
			cons.Finished(e.Record, e.Standings)
		}
		return nil
	})
	res, runErr := sess.Play(ctx)
	sum := res.Summary
	if sum == nil {
		return failuref("match: %v", runErr)
	}
	cons.Final(sum)
	for _, w := range tournament.TimeLossWarnings(sum.Standings) {
		fmt.Fprintln(stderr, w)
	}
	if rec != nil {
		if res.StateErr != nil {
			fmt.Fprintf(stdout, "Warning; -db %s: %v\n", c.DB, res.StateErr)
		}
		fmt.Fprintf(stdout, "Stored as run %d in %s (%s)\n", rec.run.ID, c.DB, resumeCommand("report", strconv.FormatInt(rec.run.ID, 10), "--db", c.DB))
	}
	st := sum.Standings
	if st.Delivered != written || st.Counted != st.Delivered+st.Resumed {
		fmt.Fprintf(stdout, "Warning; %d games delivered, %d written, %d counted\n", st.Delivered, written, st.Counted)
	}
	if sum.Interrupted || runErr != nil && st.Delivered < st.Total && st.Verdict == sprt.Continue {
		matchStopped(stdout, c, args, book, rec, sum, pw, plog)
	}
	if sum.Interrupted {
		cons.Interrupted(sum.Elapsed)
	} else {
		cons.Closing(sum.Elapsed)
	}
	switch {
	case runErr != nil:
		return failuref("match: %v", runErr)
	case sum.Interrupted:
		return failuref("match: interrupted")
	}
	return nil
}

// writeMatchPGN appends a finished game to -pgnout (when given; pw is nil
// otherwise) and counts it in written.
func writeMatchPGN(pw *pgn.Writer, plog *pgnLog, r *game.Record, event, site, bookName string, c *cli.Config, written *int) error {
	if pw == nil {
		*written++
		return nil
	}
	from := plog.size
	if err := pw.Write(PGNRecord(r, event, site, bookName, c.PGNMin)); err != nil {
		return fmt.Errorf("writing %s: %w", c.PGNOut, err)
	}
	if err := pw.Flush(); err != nil {
		return fmt.Errorf("writing %s: %w", c.PGNOut, err)
	}
	plog.mark(r.Round, from)
	*written++
	return nil
}

// matchStopped says how far a stopped match got and the command that
// resumes it: with -db the same command continues the stored run, without
// it a match of the remaining rounds.
func matchStopped(stdout io.Writer, c *cli.Config, args []string, book *openings.Book, rec *matchStore,
	sum *tournament.Summary, pw *pgn.Writer, plog *pgnLog) {
	st := sum.Standings
	left := c.Rounds - sum.CompleteRounds
	fmt.Fprintf(stdout, "Match stopped: %d of %d games finished", st.Delivered, st.Total)
	if c.PGNOut != "" {
		fmt.Fprintf(stdout, " and written to %s", c.PGNOut)
	}
	fmt.Fprintf(stdout, "; %d running games abandoned.\n", sum.Abandoned)
	if rec != nil {
		// The store knows every finished game: the same command
		// continues the same run.
		fmt.Fprintf(stdout, "To resume run %d (the store keeps its finished games; a pair with one game is played again whole), run:\n  %s\n",
			rec.run.ID, resumeCommand(append([]string{"match"}, matchResumeArgs(args, c.Seed, randomOrder(c))...)...))
	} else if left > 0 {
		start := 0
		needSeed := false
		if book != nil {
			start = book.Resume(sum.CompleteRounds)
			needSeed = c.Openings.Order == openings.Random && !c.SeedSet
		}
		fmt.Fprintf(stdout, "%d rounds are complete. To resume with the remaining %d rounds", sum.CompleteRounds, left)
		if book != nil {
			fmt.Fprintf(stdout, " (openings from start=%d)", start)
		}
		fmt.Fprintln(stdout, ", run:")
		ra := resumeArgs(matchResumeArgs(args, c.Seed, false), left, start, c.Seed, needSeed || randomOrder(c))
		fmt.Fprintln(stdout, "  "+resumeCommand(append([]string{"match"}, ra...)...))
		if pw != nil {
			if n, err := plog.dropFrom(sum.CompleteRounds); err != nil {
				fmt.Fprintf(stdout, "Warning; -pgnout %s: %v\n", c.PGNOut, err)
			} else if n > 0 {
				fmt.Fprintf(stdout, "  (%d finished games of later rounds were taken out of %s: the resumed match plays them again)\n", n, c.PGNOut)
			}
		} else if st.Delivered > 0 && sum.CompleteRounds*len(st.Encounters)*c.Games < st.Delivered {
			fmt.Fprintln(stdout, "  (games of later rounds that finished before the stop will be played again)")
		}
	}
}
