package store

import (
	"context"
	"fmt"

	"github.com/elolab/elolab/sprt"
)

// WDL are win, draw and loss counts from one engine's point of view.
type WDL struct{ Wins, Draws, Losses int64 }

// Games is W+D+L.
func (w WDL) Games() int64 { return w.Wins + w.Draws + w.Losses }

// Points is W + D/2.
func (w WDL) Points() float64 { return float64(w.Wins) + float64(w.Draws)/2 }

// Flip is the opponent's view.
func (w WDL) Flip() WDL { return WDL{Wins: w.Losses, Draws: w.Draws, Losses: w.Wins} }

func (w *WDL) add(score float64) {
	switch score {
	case 1:
		w.Wins++
	case 0:
		w.Losses++
	default:
		w.Draws++
	}
}

// Incidents count an engine's time losses, crashes and stalls.
type Incidents struct {
	TimeLosses int64 `json:"time_losses"`
	Crashes    int64 `json:"crashes"`
	Stalls     int64 `json:"stalls"`
}

// Any reports whether there was at least one incident.
func (i Incidents) Any() bool { return i.TimeLosses+i.Crashes+i.Stalls > 0 }

func (i *Incidents) add(f Flags) {
	i.TimeLosses += int64(b2i(f.TimeLoss))
	i.Crashes += int64(b2i(f.Crash))
	i.Stalls += int64(b2i(f.Stall))
}

// Matchup is everything two engines played against each other, from A's
// point of view; A is the engine registered first in the run (the tested
// engine of an SPRT, the gauntlet engine of a gauntlet).
type Matchup struct {
	A, B string
	// Total counts all games; AWhite and ABlack split them by A's colour.
	Total, AWhite, ABlack WDL
	// Penta counts complete pairs by A's pair score 0, ½, 1, 1½, 2:
	// LL, LD, DD+WL, WD, WW. WLPairs is the WL part of the middle count.
	Penta   [5]int64
	WLPairs int64
	// CompletePairs is the sum of Penta; LoneGames are games whose pair
	// partner is not stored (partial pairs, or games not played in pairs).
	CompletePairs, LoneGames int64
	AIncidents, BIncidents   Incidents
}

// Trinomial is the W/D/L of all games as sprt results.
func (m *Matchup) Trinomial() sprt.Results {
	return sprt.Trinomial(m.Total.Wins, m.Total.Draws, m.Total.Losses)
}

// Pentanomial is the counts of complete pairs.
func (m *Matchup) Pentanomial() sprt.Results {
	p := m.Penta
	return sprt.Pentanomial(p[0], p[1], p[2], p[3], p[4])
}

// Results are the counts statistics should use: pentanomial when there is
// at least one complete pair (games of unfinished pairs wait for their
// partner), trinomial for games not played in pairs.
func (m *Matchup) Results() sprt.Results {
	if m.CompletePairs > 0 {
		return m.Pentanomial()
	}
	return m.Trinomial()
}

// WhiteVsBlack counts White wins, draws and Black wins (as Wins, Draws,
// Losses from White's point of view).
func (m *Matchup) WhiteVsBlack() WDL {
	return WDL{Wins: m.AWhite.Wins + m.ABlack.Losses, Draws: m.AWhite.Draws + m.ABlack.Draws,
		Losses: m.AWhite.Losses + m.ABlack.Wins}
}

// Flip is the same matchup from B's point of view.
func (m Matchup) Flip() Matchup {
	f := m
	f.A, f.B = m.B, m.A
	f.Total = m.Total.Flip()
	f.AWhite, f.ABlack = m.ABlack.Flip(), m.AWhite.Flip()
	for i := range f.Penta {
		f.Penta[i] = m.Penta[4-i]
	}
	f.AIncidents, f.BIncidents = m.BIncidents, m.AIncidents
	return f
}

// Aggregator builds matchups from games given in (pair, game) order, as
// Store.Games returns them. Games of engines not in the list are errors.
// Games played after the SPRT verdict (Game.AfterVerdict) are left out of
// every count and only counted apart (AfterVerdict).
type Aggregator struct {
	pos          map[string]int
	matchups     map[[2]int]*Matchup
	order        [][2]int
	pending      *Game // the first game of the current pair, waiting for its partner
	afterVerdict int64
}

// AfterVerdict is the number of games given to Add that were played after
// the SPRT verdict, and not counted.
func (a *Aggregator) AfterVerdict() int64 { return a.afterVerdict }

// NewAggregator prepares an aggregator for engines in registration order.
func NewAggregator(engines []string) *Aggregator {
	a := &Aggregator{pos: map[string]int{}, matchups: map[[2]int]*Matchup{}}
	for i, e := range engines {
		if _, dup := a.pos[e]; !dup {
			a.pos[e] = i
		}
	}
	return a
}

func (a *Aggregator) matchup(g *Game) (*Matchup, bool, error) {
	w, okw := a.pos[g.White]
	b, okb := a.pos[g.Black]
	if !okw || !okb {
		return nil, false, fmt.Errorf("store: game %d.%d: engine %q or %q is not one of the run's engines", g.Pair, g.Index, g.White, g.Black)
	}
	if w == b {
		return nil, false, fmt.Errorf("store: game %d.%d: %s plays itself", g.Pair, g.Index, g.White)
	}
	aWhite := w < b
	key := [2]int{w, b}
	if !aWhite {
		key = [2]int{b, w}
	}
	m, ok := a.matchups[key]
	if !ok {
		m = &Matchup{A: g.White, B: g.Black}
		if !aWhite {
			m.A, m.B = g.Black, g.White
		}
		a.matchups[key] = m
		a.order = append(a.order, key)
	}
	return m, aWhite, nil
}

// Add counts one game (a game after the verdict only in AfterVerdict).
func (a *Aggregator) Add(g Game) error {
	if g.AfterVerdict {
		a.afterVerdict++
		return nil
	}
	m, aWhite, err := a.matchup(&g)
	if err != nil {
		return err
	}
	s := g.WhiteScore()
	wf, bf := g.WhiteFlags, g.BlackFlags
	if aWhite {
		m.AWhite.add(s)
	} else {
		s = 1 - s
		m.ABlack.add(s)
		wf, bf = bf, wf
	}
	m.Total.add(s)
	m.AIncidents.add(wf)
	m.BIncidents.add(bf)

	// Pairing: games arrive in (pair, game) order.
	if p := a.pending; p != nil && p.RunID == g.RunID && p.Pair == g.Pair && p.Index != g.Index {
		a.pending = nil
		pm, _, _ := a.matchup(p)
		if pm == m {
			first := p.ScoreOf(m.A)
			two := int(2*(first+s) + 0.5) // pair score in half points: 0..4
			m.Penta[two]++
			if first+s == 1 && first != 0.5 {
				m.WLPairs++
			}
			m.CompletePairs++
			m.LoneGames-- // the pending game was counted as lone
			return nil
		}
	}
	m.LoneGames++
	gc := g
	a.pending = &gc
	return nil
}

// Matchups returns the matchups in order of first appearance.
func (a *Aggregator) Matchups() []Matchup {
	out := make([]Matchup, 0, len(a.order))
	for _, k := range a.order {
		out = append(out, *a.matchups[k])
	}
	return out
}

// Matchups aggregates a run's games per engine pair, in order of the
// pair's first game.
func (s *Store) Matchups(ctx context.Context, runID int64) (_ []Matchup, err error) {
	defer s.annotate(&err)
	r, err := s.GetRun(ctx, runID)
	if err != nil {
		return nil, err
	}
	agg := NewAggregator(r.EngineNames())
	if err := s.eachGame(ctx, runID, false, agg.Add); err != nil {
		return nil, err
	}
	return agg.Matchups(), nil
}

// LLRPoint is the SPRT's state after a complete pair.
type LLRPoint struct {
	Pair  int     // index of the pair just completed
	Pairs int     // complete pairs counted so far
	LLR   float64 // log-likelihood ratio on the pentanomial counts
}

// Trajectory computes the LLR after each complete pair of a against b, in
// pair order, from games in (pair, game) order. Pairs between other
// engines, incomplete pairs and pairs after the verdict are skipped.
func Trajectory(games []Game, a, b string, t sprt.Test) []LLRPoint {
	var out []LLRPoint
	var tl sprt.Tally
	outcome := func(g *Game) sprt.Outcome { return sprt.Outcome(int(2 * g.ScoreOf(a))) }
	for i := 0; i+1 < len(games); i++ {
		g0, g1 := &games[i], &games[i+1]
		if g0.RunID != g1.RunID || g0.Pair != g1.Pair || g0.Index == g1.Index {
			continue
		}
		i++
		if g0.AfterVerdict || g1.AfterVerdict {
			continue
		}
		if !((g0.White == a && g0.Black == b) || (g0.White == b && g0.Black == a)) {
			continue
		}
		if g1.White != g0.Black || g1.Black != g0.White {
			continue
		}
		if err := tl.AddPair(outcome(g0), outcome(g1)); err != nil {
			continue
		}
		st := t.TallyStatus(&tl)
		out = append(out, LLRPoint{Pair: g0.Pair, Pairs: len(out) + 1, LLR: st.LLR})
	}
	return out
}

// LLRTrajectory is Trajectory over a run's games between its first two
// engines (the tested engine and its opponent).
func (s *Store) LLRTrajectory(ctx context.Context, runID int64, t sprt.Test) (_ []LLRPoint, err error) {
	defer s.annotate(&err)
	r, err := s.GetRun(ctx, runID)
	if err != nil {
		return nil, err
	}
	if len(r.Engines) < 2 {
		return nil, fmt.Errorf("store: run %d has %d engine(s); an SPRT needs two", runID, len(r.Engines))
	}
	games, err := s.Games(ctx, runID, false)
	if err != nil {
		return nil, err
	}
	return Trajectory(games, r.Engines[0].Name, r.Engines[1].Name, t), nil
}
