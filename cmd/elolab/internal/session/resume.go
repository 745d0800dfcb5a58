package session

import (
	"context"
	"sort"

	"github.com/elolab/elolab/match/game"
	"github.com/elolab/elolab/results/store"
)

// Resumed is what a stored run keeps when it continues.
type Resumed struct {
	// Plan is the store's resume plan (nil for one game per slot, where
	// no stored game is half of anything).
	Plan *store.ResumePlan
	// Played holds the complete pair slots, each with its records in game
	// order: they are counted in their place and not played again.
	Played map[int][]*game.Record
	// Kept is the number of games in Played.
	Kept int
}

// Resume prepares a stored run to continue after Ctrl-C, a crash or
// kill -9 — the one resume rule of run, match -db and tune: complete pair
// slots are kept and counted in their place; with two games per slot the
// stored half of a partial pair is deleted (store.Resume) and the pair
// replayed whole. The run is set running again.
func Resume(ctx context.Context, st *store.Store, runID int64, perSlot int) (*Resumed, error) {
	res := &Resumed{Played: map[int][]*game.Record{}}
	var err error
	if perSlot == 2 {
		res.Plan, err = st.Resume(ctx, runID)
	} else {
		err = st.SetRunState(ctx, runID, store.Running)
	}
	if err != nil {
		return nil, err
	}
	games, err := st.Games(ctx, runID, false)
	if err != nil {
		return nil, err
	}
	for _, g := range games {
		res.Played[g.Pair] = append(res.Played[g.Pair], PriorRecord(g))
	}
	for k, recs := range res.Played {
		sort.Slice(recs, func(i, j int) bool { return recs[i].Index < recs[j].Index })
		if len(recs) != perSlot {
			delete(res.Played, k)
			continue
		}
		res.Kept += len(recs)
	}
	return res, nil
}

// PriorRecord is a stored game as the scheduler counts it.
func PriorRecord(g store.Game) *game.Record {
	r := &game.Record{White: g.White, Black: g.Black, Reason: g.Termination, Pair: g.Pair, Index: g.Index,
		Start: g.Start, End: g.End, Worker: g.Worker}
	switch g.Result {
	case "1-0":
		r.Result = game.WhiteWins
	case "0-1":
		r.Result = game.BlackWins
	default:
		r.Result = game.Draw
	}
	inc := func(f store.Flags) game.Incidents {
		return game.Incidents{TimeLoss: f.TimeLoss, Disconnect: f.Crash, Stall: f.Stall}
	}
	r.WhiteIncidents, r.BlackIncidents = inc(g.WhiteFlags), inc(g.BlackFlags)
	return r
}
