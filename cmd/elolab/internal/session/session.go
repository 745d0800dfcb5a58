// Package session is one stored run of a tournament kind (sprt, match,
// gauntlet, roundrobin, ladder step) from its plan to its end state: it
// resumes from the results store, plays the plan's pairs on an executor,
// commits every finished game to the store before it is counted, stops
// on its rules (an SPRT verdict, a pair cap, a cancelled context) and
// hands each step to its subscribers as an [Event] — the console, the PGN
// file and whatever else watches a run. The command line only turns flags
// into a session and events into output.
//
// Counting is match/tournament's: pairs enter the statistics in pair
// order, so the SPRT stops on the same pair at any concurrency, and a
// counted game is dropped (memory stays flat over a long run).
package session

import (
	"context"
	"sync"

	"github.com/elolab/elolab/match/game"
	"github.com/elolab/elolab/match/player"
	"github.com/elolab/elolab/match/tournament"
	"github.com/elolab/elolab/match/work"
	"github.com/elolab/elolab/results/pgn"
	"github.com/elolab/elolab/results/store"
	"github.com/elolab/elolab/sprt"
)

// Session plays one stored run — or, with no Store, a match that is not
// stored (elolab match without -db): the same pipeline, nothing
// committed, nothing resumed.
type Session struct {
	Store *store.Store
	Run   *store.Run
	// Plan is the schedule: engines, kind, rounds, book, limits,
	// concurrency. Its Played and callbacks belong to the session.
	Plan tournament.Config
	Stop []Rule
	// Executor plays the games; nil is the local pair pool, which gets
	// Players (already started engines, from tournament.StartEngines).
	Executor work.Executor
	Players  []player.Player
	// PGN is the PGN record of a finished game, whose text the store
	// keeps with it.
	PGN func(r *game.Record) *pgn.Record

	// Kept are the stored games a resumed run counts in their place (set
	// by Resume, or by the caller from the package function Resume).
	Kept *Resumed

	// WatchMoves makes the session emit GameMoved for every move of the
	// games in play (a live page); it costs a FEN per move.
	WatchMoves bool

	subs []Subscriber
	mu   sync.Mutex
	rec  *recorder // the recorder of Play, for Late
}

// Late commits a pair that finished after the session stopped counting:
// a remote worker's pair that arrived after an SPRT verdict or Ctrl-C. It
// is stored like any pair — flagged when it comes after the verdict, so
// that it changes no figure — and not counted. Safe from any goroutine
// once Play has started; without a store it does nothing.
func (s *Session) Late(ctx context.Context, recs []*game.Record) error {
	s.mu.Lock()
	rec := s.rec
	s.mu.Unlock()
	if rec == nil || len(recs) == 0 {
		return nil
	}
	return rec.late(ctx, recs, func(r *game.Record) *pgn.Record { return s.PGN(r) })
}

// Result is how a session ended.
type Result struct {
	// Summary is the tournament's (nil when the plan did not validate).
	Summary *tournament.Summary
	State   store.State
	// StateErr is a failure to store State (the run then keeps its
	// previous state in the store).
	StateErr error
}

// Subscribe adds a subscriber; subscribers get each event in the order
// they subscribed.
func (s *Session) Subscribe(fn Subscriber) { s.subs = append(s.subs, fn) }

// Resume continues the stored run (see the package function Resume): its
// complete pairs are counted in their place by Play.
func (s *Session) Resume(ctx context.Context) (*Resumed, error) {
	res, err := Resume(ctx, s.Store, s.Run.ID, s.Plan.GamesPerRound)
	if err != nil {
		return nil, err
	}
	s.Kept = res
	return res, nil
}

// Config is the plan with the stop rules and the resumed pairs applied:
// what Play plays.
func (s *Session) Config() tournament.Config {
	c := s.Plan
	for _, r := range s.Stop {
		r.apply(&c)
	}
	c.Played = nil
	if s.Kept != nil {
		c.Played = s.Kept.Played
	}
	if s.Executor != nil {
		c.Executor = s.Executor
	}
	return c
}

// Validate checks the plan, with the resumed pairs: stored games that do
// not fit the schedule are an error.
func (s *Session) Validate() error {
	c := s.Config()
	return c.Validate()
}

// emit hands e to every subscriber; the first error is returned.
func (s *Session) emit(e Event) error {
	var first error
	for _, fn := range s.subs {
		if err := fn(e); err != nil && first == nil {
			first = err
		}
	}
	return first
}

// Play plays what is left of the run and stores its end state. It closes
// Players. The error is what stopped the run early (a store or
// subscriber failure, an engine that cannot be restarted); a cancelled ctx
// is no error: the state is Interrupted.
func (s *Session) Play(ctx context.Context) (*Result, error) {
	cfg := s.Config()
	runCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	// Subscribers of events the tournament cannot fail on stop the run
	// through the context; their error is the run's.
	var subErr error
	emit := func(e Event) {
		if err := s.emit(e); err != nil && subErr == nil {
			subErr = err
			cancel()
		}
	}
	var rec *recorder
	if s.Store != nil {
		rec = newRecorder(s.Store, s.Run.ID, &cfg)
		s.mu.Lock()
		s.rec = rec
		s.mu.Unlock()
		// The store commits whole pairs: the tournament then counts a
		// game only with its partner, so the counts never hold a game the
		// store does not.
		cfg.WholePairs = true
	}
	cfg.Deliver = func(r *game.Record) error {
		committed := []*game.Record{r}
		if rec != nil {
			var err error
			if committed, err = rec.record(ctx, r, s.PGN(r)); err != nil {
				return err
			}
		}
		for _, c := range committed {
			if err := s.emit(GameCommitted{Record: c}); err != nil {
				return err
			}
		}
		return nil
	}
	cfg.Started = func(j tournament.Job, w, b string) { emit(GameStarted{Job: j, White: w, Black: b}) }
	if s.WatchMoves {
		cfg.Moved = func(j tournament.Job, m work.MoveEvent) { emit(GameMoved{Job: j, Move: m}) }
	}
	cfg.PairsCounted = func(k int, st *tournament.Standings) {
		if rec != nil && st.Verdict != sprt.Continue && st.VerdictPair == k {
			// Before anyone hears of the verdict, as a game is stored
			// before it is counted.
			if err := rec.verdictOn(ctx, k); err != nil && subErr == nil {
				subErr = err
				cancel()
			}
		}
		emit(PairFinished{Slot: k, Standings: st})
		emit(Totals{Standings: st})
		if st.SPRT != nil {
			v := sprt.Continue
			if st.VerdictPair == k {
				v = st.Verdict
			}
			emit(SPRTState{Status: *st.SPRT, Verdict: v})
		}
	}
	cfg.Finished = func(r *game.Record, st *tournament.Standings) { emit(GameCounted{Record: r, Standings: st}) }

	if err := s.emit(RunState{Run: s.runID(), State: store.Running}); err != nil {
		for _, p := range s.Players {
			p.Close()
		}
		return s.end(nil, err)
	}
	sum, err := tournament.Run(runCtx, cfg, s.Players)
	if err == nil && subErr != nil {
		err = subErr
	}
	return s.end(sum, err)
}

// end stores and announces the run's end state.
func (s *Session) end(sum *tournament.Summary, runErr error) (*Result, error) {
	res := &Result{Summary: sum, State: store.Finished}
	switch {
	case sum == nil || runErr != nil:
		res.State = store.Failed
	case sum.Interrupted:
		res.State = store.Interrupted
	}
	if s.Store != nil {
		// The context may be cancelled (Ctrl-C): the last write uses a
		// fresh one.
		res.StateErr = s.Store.SetRunState(context.Background(), s.Run.ID, res.State)
	}
	if err := s.emit(RunState{Run: s.runID(), State: res.State}); err != nil && runErr == nil {
		runErr = err
	}
	return res, runErr
}

// runID is the stored run's id, 0 without a store.
func (s *Session) runID() int64 {
	if s.Run == nil {
		return 0
	}
	return s.Run.ID
}
