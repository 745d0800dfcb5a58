package webrun

import (
	"fmt"
	"sort"
	"sync"

	"github.com/elolab/elolab/cmd/elolab/internal/session"
	"github.com/elolab/elolab/engine/board"
	"github.com/elolab/elolab/results/store"
	"github.com/elolab/elolab/results/web"
)

// Live keeps the games a run is playing, from its session's events, for
// the live page (web.LiveSource).
type Live struct {
	mu    sync.Mutex
	games map[string]*web.LiveGame
}

// NewLive is an empty set of games in play.
func NewLive() *Live { return &Live{games: map[string]*web.LiveGame{}} }

func key(pair, game int) string { return fmt.Sprintf("%d/%d", pair, game) }

// Event is a session subscriber: a game enters at GameStarted, moves with
// GameMoved and leaves once committed.
func (l *Live) Event(e session.Event) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	switch e := e.(type) {
	case session.GameStarted:
		fen := board.StartFEN
		l.games[key(e.Job.Pair, e.Job.Index)] = &web.LiveGame{Key: key(e.Job.Pair, e.Job.Index), White: e.White, Black: e.Black, FEN: fen}
	case session.GameMoved:
		if g := l.games[key(e.Job.Pair, e.Job.Index)]; g != nil {
			g.FEN, g.Last, g.Plies = e.Move.FEN, e.Move.UCI, e.Move.Ply
		}
	case session.GameCommitted:
		delete(l.games, key(e.Record.Pair, e.Record.Index))
	case session.RunState:
		if e.State != store.Running {
			clear(l.games)
		}
	}
	return nil
}

// LiveGames implements web.LiveSource: a copy, by key.
func (l *Live) LiveGames() []web.LiveGame {
	l.mu.Lock()
	defer l.mu.Unlock()
	out := make([]web.LiveGame, 0, len(l.games))
	for _, g := range l.games {
		out = append(out, *g)
	}
	sort.Slice(out, func(i, j int) bool {
		var pi, gi, pj, gj int
		fmt.Sscanf(out[i].Key, "%d/%d", &pi, &gi)
		fmt.Sscanf(out[j].Key, "%d/%d", &pj, &gj)
		return pi < pj || pi == pj && gi < gj
	})
	return out
}
