package work

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/elolab/elolab/engine/board"
	"github.com/elolab/elolab/match/game"
	"github.com/elolab/elolab/match/player"
	"github.com/elolab/elolab/match/tc"
)

// memPlayer is a player without a process: it plays the first legal
// move. busy is shared by the players of one slot, to catch two of them
// running at once; so is first, which holds the slot's first move until
// arrive says every slot has one (nil: no wait).
type memPlayer struct {
	name     string
	busy     *atomic.Int32
	first    *sync.Once
	arrive   *sync.WaitGroup
	pos      *board.Position
	games    int
	sick     bool // unhealthy after its next game
	restarts int
}

func (m *memPlayer) Name() string                                           { return m.name }
func (m *memPlayer) Protocol() player.Protocol                              { return player.UCIProtocol }
func (m *memPlayer) ID() string                                             { return m.name }
func (m *memPlayer) Options() []player.Option                               { return nil }
func (m *memPlayer) Ping(context.Context) error                             { return nil }
func (m *memPlayer) SetOptions(context.Context, []player.OptionValue) error { return nil }
func (m *memPlayer) Healthy() bool                                          { return !(m.sick && m.games > 0) }
func (m *memPlayer) Restarts() int                                          { return m.restarts }
func (m *memPlayer) Close() error                                           { return nil }
func (m *memPlayer) Restart(context.Context) error {
	m.restarts++
	m.sick, m.games = false, 0
	return nil
}

func (m *memPlayer) NewGame(context.Context) error {
	m.games++
	return nil
}

func (m *memPlayer) Position(fen string, moves []string) {
	m.pos, _ = board.ParseFEN(fen)
	for _, u := range moves {
		mv, _ := m.pos.ParseMove(u)
		m.pos.MakeMove(mv)
	}
}

func (m *memPlayer) Go(context.Context, player.Limits) (player.Result, error) {
	if m.busy.Add(1) != 1 {
		return player.Result{}, errors.New("two players of one slot run at once")
	}
	defer m.busy.Add(-1)
	if m.arrive != nil {
		m.first.Do(func() { m.arrive.Done(); m.arrive.Wait() })
	}
	var l board.MoveList
	m.pos.GenerateMoves(&l)
	return player.Result{Move: l.Moves[0].String(), Info: player.Info{Score: player.Score{Kind: player.ScoreCP}}}, nil
}

// TestStartHook: Local starts players through Start, once per engine and
// slot with the slot's index and the engine's config, reuses them from
// game to game, restarts an unhealthy one, and never runs two players of
// one slot at once.
func TestStartHook(t *testing.T) {
	eng := func(name string) Engine { return Engine{Name: name, Cmd: "in-memory", Limits: tc.Limits{Nodes: 1}} }
	b := Batch{Engines: []Engine{eng("a"), eng("b")}, Pairs: pairs(0, 6),
		Game: game.Config{Adjudication: game.Adjudication{MaxMoves: 3}}}
	// play runs b on a pool of n slots whose players of b fall sick
	// after a game when sick says so, and returns them by engine@slot.
	play := func(n int, sick func(slot int) bool) (*Local, map[string]*memPlayer) {
		var mu sync.Mutex
		started := map[string]*memPlayer{}
		busy, first := make([]atomic.Int32, n), make([]sync.Once, n)
		// Each slot's first move waits for the others' (which of them
		// takes the next game is up to the scheduler, so without it one
		// slot could play all of them).
		var arrive sync.WaitGroup
		arrive.Add(n)
		l := &Local{Concurrency: n, Start: func(_ context.Context, slot int, c player.Config) (player.Player, error) {
			mu.Lock()
			defer mu.Unlock()
			if c.Cmd != "in-memory" {
				return nil, fmt.Errorf("config %+v", c)
			}
			key := fmt.Sprintf("%s@%d", c.Name, slot)
			if started[key] != nil {
				return nil, fmt.Errorf("%s started twice", key)
			}
			p := &memPlayer{name: c.Name, busy: &busy[slot], first: &first[slot], arrive: &arrive,
				sick: c.Name == "b" && sick(slot)}
			started[key] = p
			return p, nil
		}}
		t.Cleanup(l.Close)
		var games, pairsDone int
		err := l.Play(context.Background(), b, Report{
			Game: func(p, g int, r *GameResult) {
				games++
				if r.Err != "" || r.Reason != "Draw by adjudication" {
					t.Errorf("pair %d game %d: %s {%s} %s", p, g, r.Result, r.Reason, r.Err)
				}
			},
			Pair: func(PairResult) { pairsDone++ },
		})
		if err != nil {
			t.Fatal(err)
		}
		if games != 12 || pairsDone != 6 {
			t.Fatalf("%d games, %d pairs", games, pairsDone)
		}
		return l, started
	}

	_, started := play(2, func(int) bool { return false })
	if len(started) != 4 {
		t.Errorf("started %d players, want one per engine and slot: %v", len(started), started)
	}
	// On one slot b plays all twelve games: sick after the first, it is
	// restarted once and healthy from then on.
	l, started := play(1, func(int) bool { return true })
	if p := started["b@0"]; p == nil || p.restarts != 1 {
		t.Errorf("the unhealthy player: %+v, want one restart", p)
	}
	if rs := l.Restarts(); rs["b"] != 1 || rs["a"] != 0 {
		t.Errorf("restarts %v", rs)
	}

	// A failing starter fails the batch after RestartAttempts.
	l2 := &Local{RestartAttempts: 2, Start: func(context.Context, int, player.Config) (player.Player, error) {
		return nil, errors.New("no labrat")
	}}
	defer l2.Close()
	if err := l2.Play(context.Background(), b, Report{}); err == nil {
		t.Error("a starter that fails: no error")
	}
}
