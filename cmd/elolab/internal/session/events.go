package session

import (
	"github.com/elolab/elolab/match/game"
	"github.com/elolab/elolab/match/tournament"
	"github.com/elolab/elolab/match/work"
	"github.com/elolab/elolab/results/store"
	"github.com/elolab/elolab/sprt"
)

// Event is one step of a session, handed to every subscriber in the order
// the session lives it. For a game: GameStarted, then GameCommitted once
// the store holds it, then — when it completes pair slots in pair order —
// for each such slot PairFinished, Totals and (with an SPRT) SPRTState,
// and last GameCounted. A stored run commits whole pairs: a pair's games
// have their GameCommitted events together once the pair is stored, and
// their GameCounted events together after it was counted, each in game
// order. RunState opens and closes the stream.
type Event interface{ event() }

// RunState: the run is playing (at the start, after the resume) or has
// ended in State (Finished, Interrupted or Failed). Run is 0 without a
// store.
type RunState struct {
	Run   int64
	State store.State
}

// GameStarted: a game starts.
type GameStarted struct {
	Job          tournament.Job
	White, Black string
}

// GameMoved: a game in play played a move (only with Session.WatchMoves,
// and only from executors that see moves: the local pool).
type GameMoved struct {
	Job  tournament.Job
	Move work.MoveEvent
}

// GameCommitted: a finished game is in the store with its pair (without
// a store: has finished), not yet counted. The
// record is the session's last use of it: a subscriber that keeps it
// keeps the memory.
type GameCommitted struct{ Record *game.Record }

// PairFinished: pair slot Slot was counted, in pair order.
type PairFinished struct {
	Slot      int
	Standings *tournament.Standings
}

// Totals are the standings after a pair slot was counted.
type Totals struct{ Standings *tournament.Standings }

// SPRTState is the test's state after a pair slot was counted; Verdict
// is set on the pair that reached it.
type SPRTState struct {
	Status  sprt.Status
	Verdict sprt.Verdict
}

// GameCounted: a committed game (and any pair slots it completed) was
// counted; Standings include it.
type GameCounted struct {
	Record    *game.Record
	Standings *tournament.Standings
}

func (RunState) event()      {}
func (GameStarted) event()   {}
func (GameMoved) event()     {}
func (GameCommitted) event() {}
func (PairFinished) event()  {}
func (Totals) event()        {}
func (SPRTState) event()     {}
func (GameCounted) event()   {}

// Subscriber receives the events. It is called from one goroutine at a
// time; an error (a PGN file that cannot be written) stops the run like
// a store error, and is returned by Play.
type Subscriber func(Event) error
