package main

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"github.com/elolab/elolab/match/cli"
	"github.com/elolab/elolab/match/game"
	"github.com/elolab/elolab/match/tournament"
	"github.com/elolab/elolab/openings"
	"github.com/elolab/elolab/results/pgn"
	"github.com/elolab/elolab/results/store"
)

// gameRecorder stores finished games in a run of the results store: every
// game of `elolab run`, and of `elolab match -db FILE` (a new run, so that
// `elolab report` and `elolab export` work on plain matches too).
type gameRecorder struct {
	st    *store.Store
	run   *store.Run
	mu    sync.Mutex
	pairs map[int]bool
}

func openMatchStore(ctx context.Context, c *cli.Config, args []string, tcfg tournament.Config, book *openings.Book) (*gameRecorder, error) {
	if c.DB == "" {
		return nil, nil
	}
	st, err := store.Open(c.DB)
	if err != nil {
		return nil, usageErrorf("match: -db %s: %v", c.DB, err)
	}
	var names []string
	nr := store.NewRun{Kind: "match", Config: "elolab match " + strings.Join(args, " ")}
	if c.Rounds > 0 {
		nr.PlannedPairs = c.Rounds
	}
	if book != nil {
		nr.Book = book.Name
		nr.Seed = int64(book.Options().Seed)
	}
	for _, e := range tcfg.Engines {
		names = append(names, e.Config.Name)
		nr.Engines = append(nr.Engines, store.Engine{Name: e.Config.Name, Cmd: e.Config.Cmd, Args: e.Config.Args,
			Dir: e.Config.Dir, Protocol: string(e.Config.Protocol), TimeControl: e.Limits.String()})
	}
	nr.Name = strings.Join(names, " vs ")
	if c.SPRT != nil {
		nr.SPRT = &store.SPRTConfig{Elo0: c.SPRT.Elo0, Elo1: c.SPRT.Elo1, Alpha: c.SPRT.Alpha, Beta: c.SPRT.Beta, Model: c.SPRT.Model}
	}
	run, err := st.CreateRun(ctx, nr)
	if err != nil {
		st.Close()
		return nil, usageErrorf("match: -db %s: %v", c.DB, err)
	}
	return &gameRecorder{st: st, run: run, pairs: map[int]bool{}}, nil
}

// record stores one finished game (called before the game is counted).
func (m *gameRecorder) record(ctx context.Context, r *game.Record, rec *pgn.Record) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if !m.pairs[r.Pair] {
		first, second := r.White, r.Black
		if r.Index == 1 {
			first, second = r.Black, r.White
		}
		p := store.Pair{RunID: m.run.ID, Index: r.Pair, First: first, Second: second, OpeningIndex: -1}
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
	_, err = m.st.RecordGame(ctx, store.Game{RunID: m.run.ID, Pair: r.Pair, Index: r.Index, White: r.White, Black: r.Black,
		Result: r.Result.String(), Termination: r.Reason, PGN: text, Opening: rec.Opening, Plies: r.Plies(),
		Start: r.Start, End: r.End, Duration: r.End.Sub(r.Start),
		WhiteFlags: flags(r.WhiteIncidents), BlackFlags: flags(r.BlackIncidents)})
	if err != nil {
		return fmt.Errorf("store: %w", err)
	}
	return nil
}

// finish marks the run finished or interrupted and closes the store.
func (m *gameRecorder) finish(interrupted bool) error {
	state := store.Finished
	if interrupted {
		state = store.Interrupted
	}
	return m.st.SetRunState(context.Background(), m.run.ID, state)
}

func (m *gameRecorder) close() { m.st.Close() }
