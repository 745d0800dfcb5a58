package session

import (
	"context"
	"fmt"

	"github.com/elolab/elolab/match/game"
	"github.com/elolab/elolab/results/pgn"
	"github.com/elolab/elolab/results/store"
)

// recorder commits finished games to a run of the results store: the
// pair is registered with its first game, each game is one transaction.
// Used from the one goroutine that delivers games.
type recorder struct {
	st    *store.Store
	run   int64
	pairs map[int]bool // pairs registered by this recorder
}

// newRecorder records games of run in st.
func newRecorder(st *store.Store, run int64) *recorder {
	return &recorder{st: st, run: run, pairs: map[int]bool{}}
}

// record stores one finished game (call it before the game is counted),
// with rec's text as its PGN.
func (m *recorder) record(ctx context.Context, r *game.Record, rec *pgn.Record) error {
	if !m.pairs[r.Pair] {
		first, second := r.White, r.Black
		if r.Index == 1 {
			first, second = r.Black, r.White
		}
		p := store.Pair{RunID: m.run, Index: r.Pair, First: first, Second: second, OpeningIndex: -1}
		if r.Opening.RootFEN != "" {
			p.OpeningIndex = r.Opening.Index
			p.OpeningFEN = r.Opening.FEN
			p.Opening = fmt.Sprintf("%s#%d", r.Opening.File, r.Opening.Index+1)
		}
		if err := m.st.AddPair(ctx, p); err != nil {
			return fmt.Errorf("store: %w", err)
		}
		m.pairs[r.Pair] = true
	}
	text, err := pgn.Format(rec)
	if err != nil {
		return fmt.Errorf("store: %w", err)
	}
	flags := func(i game.Incidents) store.Flags {
		return store.Flags{TimeLoss: i.TimeLoss, Crash: i.Disconnect, Stall: i.Stall}
	}
	_, err = m.st.RecordGame(ctx, store.Game{RunID: m.run, Pair: r.Pair, Index: r.Index, White: r.White, Black: r.Black,
		Result: r.Result.String(), Termination: r.Reason, PGN: text, Opening: rec.Opening, Plies: r.Plies(),
		Start: r.Start, End: r.End, Duration: r.End.Sub(r.Start),
		WhiteFlags: flags(r.WhiteIncidents), BlackFlags: flags(r.BlackIncidents)})
	if err != nil {
		return fmt.Errorf("store: %w", err)
	}
	return nil
}
