package tournament

import (
	"time"

	"github.com/elolab/elolab/match/game"
	"github.com/elolab/elolab/sprt"
)

// EngineStats are one engine's results and incidents.
type EngineStats struct {
	Name string
	// Tally counts the engine's games against the whole field, from its
	// point of view (pairs as pentanomial samples).
	Tally sprt.Tally
	// Games counted; Wins, Draws, Losses from the engine's point of view.
	Games, Wins, Draws, Losses int
	// Incidents: games lost on time, crashes/disconnects, stalls, illegal
	// moves (including bestmove (none) and unusable replies).
	TimeLosses, Disconnects, Stalls, Illegal int
	// MaxOverrun is the largest overrun of the games lost on time
	// (game.Record.Overrun; 0 for resumed games, whose records lack it).
	MaxOverrun time.Duration
	// Restarts counts engine process restarts (after crashes and stalls).
	Restarts int
}

// EncounterStats are the results of one encounter, from engine A's point
// of view.
type EncounterStats struct {
	Encounter
	Tally               sprt.Tally
	Wins, Draws, Losses int // A's
	// WhiteWins, BlackWins, DrawsTotal count by colour.
	WhiteWins, BlackWins int
}

// Standings are the running results of a tournament, updated by the
// scheduler's collector goroutine. Callbacks receive a pointer that is
// valid during the call only (copy what you keep).
type Standings struct {
	Kind       Kind
	Engines    []*EngineStats
	Encounters []*EncounterStats
	// Total is the number of scheduled games; Delivered the games handed
	// to Config.Deliver; Resumed the games of Config.Played; Counted the
	// games in the statistics (Delivered + Resumed once Run returns).
	Total, Delivered, Resumed, Counted int
	// PairsCounted is the number of pair slots counted in pair order.
	PairsCounted int
	// SPRT is the latest SPRT status (head-to-head with Config.SPRT only).
	SPRT *sprt.Status
	// Verdict is the SPRT verdict that stopped the run (Continue if none).
	Verdict sprt.Verdict
	// VerdictPair is the 0-based pair slot whose counting reached the
	// verdict.
	VerdictPair int
}

func outcome(score float64) sprt.Outcome {
	switch {
	case score > 0.75:
		return sprt.Win
	case score < 0.25:
		return sprt.Loss
	}
	return sprt.Draw
}

// score returns engine e's points in record r (1, ½, 0).
func score(r *game.Record, whiteIdx, e int) float64 {
	s := r.Result.WhiteScore()
	if whiteIdx != e {
		s = 1 - s
	}
	return s
}

// countGames adds the games of one pair slot (one or two records of the
// same encounter) to the standings. paired: count both as a pentanomial
// pair.
func (st *Standings) count(jobs []Job, recs []*game.Record, paired bool) {
	j0 := jobs[0]
	enc := st.Encounters[j0.Encounter]
	a, b := enc.A, enc.B
	for i, r := range recs {
		j := jobs[i]
		sa := score(r, j.White, a)
		addWDL(&enc.Wins, &enc.Draws, &enc.Losses, sa)
		switch r.Result {
		case game.WhiteWins:
			enc.WhiteWins++
		case game.BlackWins:
			enc.BlackWins++
		}
		ea, eb := st.Engines[a], st.Engines[b]
		ea.Games++
		eb.Games++
		addWDL(&ea.Wins, &ea.Draws, &ea.Losses, sa)
		addWDL(&eb.Wins, &eb.Draws, &eb.Losses, 1-sa)
		for _, side := range []struct {
			e   int
			inc game.Incidents
		}{{j.White, r.WhiteIncidents}, {j.Black, r.BlackIncidents}} {
			es := st.Engines[side.e]
			if side.inc.TimeLoss {
				es.TimeLosses++
				es.MaxOverrun = max(es.MaxOverrun, r.Overrun)
			}
			if side.inc.Disconnect {
				es.Disconnects++
			}
			if side.inc.Stall {
				es.Stalls++
			}
			if side.inc.Illegal {
				es.Illegal++
			}
		}
		st.Counted++
	}
	if paired && len(recs) == 2 {
		s0, s1 := score(recs[0], jobs[0].White, a), score(recs[1], jobs[1].White, a)
		enc.Tally.AddPair(outcome(s0), outcome(s1))
		st.Engines[a].Tally.AddPair(outcome(s0), outcome(s1))
		st.Engines[b].Tally.AddPair(outcome(1-s0), outcome(1-s1))
		return
	}
	for i, r := range recs {
		s := score(r, jobs[i].White, a)
		enc.Tally.AddGame(outcome(s))
		st.Engines[a].Tally.AddGame(outcome(s))
		st.Engines[b].Tally.AddGame(outcome(1 - s))
	}
}

func addWDL(w, d, l *int, s float64) {
	switch outcome(s) {
	case sprt.Win:
		*w++
	case sprt.Loss:
		*l++
	default:
		*d++
	}
}
