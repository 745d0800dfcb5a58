package session

import (
	"context"
	"fmt"
	"sync"

	"github.com/elolab/elolab/match/game"
	"github.com/elolab/elolab/match/tournament"
	"github.com/elolab/elolab/results/pgn"
	"github.com/elolab/elolab/results/store"
)

// recorder commits finished games to a run of the results store, a pair
// at a time: with two games per slot the first finished game waits for
// its partner and both go in one transaction (store.RecordPair), so a
// pair is in the store whole or not at all — the unit a remote worker
// plays and JetStream redelivers, and the unit the store deduplicates.
// With one game per slot each game is committed at once. Used from the
// one goroutine that delivers games.
type recorder struct {
	// mu serialises the delivering goroutine and late pairs (Late).
	mu      sync.Mutex
	st      *store.Store
	run     int64
	perSlot int
	// lone is the pair slot a game cap cuts to one game (-1: none): its
	// game has no partner to wait for.
	lone int
	held map[int]heldGame // first games waiting for their partner, by pair
	// verdict is the pair on which the SPRT reached its verdict, -1
	// before: games of later pairs are stored flagged (after_verdict).
	verdict int
}

type heldGame struct {
	r    *game.Record
	game store.Game
}

// newRecorder records games of run in st as the plan c schedules them.
func newRecorder(st *store.Store, run int64, c *tournament.Config) *recorder {
	m := &recorder{st: st, run: run, perSlot: c.GamesPerRound, lone: -1, held: map[int]heldGame{}, verdict: -1}
	if c.GamesPerRound == 2 && c.MaxGames%2 == 1 {
		// The schedule numbers a slot's games consecutively: an odd cap
		// ends inside the slot of its last game.
		m.lone = c.MaxGames / 2
	}
	return m
}

// record takes one finished game (call it before the game is counted),
// with rec's text as its PGN. It returns the records it committed, in
// game order: none while the game waits for its partner, the whole pair
// when the partner arrives.
func (m *recorder) record(ctx context.Context, r *game.Record, rec *pgn.Record) ([]*game.Record, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	g, err := m.game(r, rec)
	if err != nil {
		return nil, err
	}
	recs, games := []*game.Record{r}, []store.Game{g}
	if m.perSlot == 2 && r.Pair != m.lone {
		first, ok := m.held[r.Pair]
		if !ok || first.r.Index == r.Index {
			m.held[r.Pair] = heldGame{r: r, game: g}
			return nil, nil
		}
		delete(m.held, r.Pair)
		recs, games = []*game.Record{first.r, r}, []store.Game{first.game, g}
		if r.Index < first.r.Index {
			recs[0], recs[1], games[0], games[1] = r, first.r, g, first.game
		}
	}
	after := m.verdict >= 0 && r.Pair > m.verdict
	for i := range games {
		games[i].AfterVerdict = after
	}
	if _, err := m.st.RecordPair(ctx, pairOf(m.run, recs[0], rec), games); err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	return recs, nil
}

// late commits the records of one pair that arrived after counting
// ended, in one transaction, flagged when the pair comes after the
// verdict.
func (m *recorder) late(ctx context.Context, recs []*game.Record, pgnOf func(*game.Record) *pgn.Record) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	games := make([]store.Game, len(recs))
	for i, r := range recs {
		g, err := m.game(r, pgnOf(r))
		if err != nil {
			return err
		}
		g.AfterVerdict = m.verdict >= 0 && r.Pair > m.verdict
		games[i] = g
	}
	if _, err := m.st.RecordPair(ctx, pairOf(m.run, recs[0], pgnOf(recs[0])), games); err != nil {
		return fmt.Errorf("store: %w", err)
	}
	return nil
}

// pairOf is the pair of a record as the store registers it.
func pairOf(run int64, r *game.Record, rec *pgn.Record) store.Pair {
	first, second := r.White, r.Black
	if r.Index == 1 {
		first, second = r.Black, r.White
	}
	p := store.Pair{RunID: run, Index: r.Pair, First: first, Second: second, OpeningIndex: -1}
	if r.Opening.RootFEN != "" {
		p.OpeningIndex = r.Opening.Index
		p.OpeningFEN = r.Opening.FEN
		p.Opening = fmt.Sprintf("%s#%d", r.Opening.File, r.Opening.Index+1)
	}
	return p
}

// game is the store's row of a finished game.
func (m *recorder) game(r *game.Record, rec *pgn.Record) (store.Game, error) {
	text, err := pgn.Format(rec)
	if err != nil {
		return store.Game{}, fmt.Errorf("store: %w", err)
	}
	flags := func(i game.Incidents) store.Flags {
		return store.Flags{TimeLoss: i.TimeLoss, Crash: i.Disconnect, Stall: i.Stall}
	}
	return store.Game{RunID: m.run, Pair: r.Pair, Index: r.Index, White: r.White, Black: r.Black,
		Result: r.Result.String(), Termination: r.Reason, PGN: text, Opening: rec.Opening, Plies: r.Plies(),
		Start: r.Start, End: r.End, Duration: r.End.Sub(r.Start), Worker: r.Worker,
		WhiteFlags: flags(r.WhiteIncidents), BlackFlags: flags(r.BlackIncidents)}, nil
}

// verdictOn records that the SPRT reached its verdict when pair k was
// counted: the games of later pairs already stored are flagged, and so
// are those committed from now on. Only the first call writes.
func (m *recorder) verdictOn(ctx context.Context, k int) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.verdict >= 0 {
		return nil
	}
	m.verdict = k
	if _, err := m.st.MarkAfterVerdict(ctx, m.run, k); err != nil {
		return fmt.Errorf("store: %w", err)
	}
	return nil
}
