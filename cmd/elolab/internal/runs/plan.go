package runs

import (
	"github.com/elolab/elolab/cmd/elolab/internal/session"
	"github.com/elolab/elolab/configs/experiment"
	"github.com/elolab/elolab/match/game"
	"github.com/elolab/elolab/match/player"
	"github.com/elolab/elolab/match/tournament"
	"github.com/elolab/elolab/openings"
	"github.com/elolab/elolab/results/store"
	"github.com/elolab/elolab/sprt"
)

// Plan is an experiment turned into a tournament.
type Plan struct {
	Engines []*experiment.Engine // in tournament order
	Kind    tournament.Kind
	Seeds   int
	Rounds  int
}

// PlanOf is the tournament of an experiment; an SPRT without
// sprt.max_pairs is capped at session.SPRTPairCap pairs.
func PlanOf(x *experiment.Experiment) Plan {
	p := Plan{Rounds: x.Pairs}
	switch x.Kind {
	case experiment.KindSPRT, experiment.KindMatch:
		p.Kind = tournament.HeadToHead
		p.Engines = []*experiment.Engine{x.Tested[0], x.Opponents[0]}
	case experiment.KindGauntlet, experiment.KindLadder:
		// The tested engines (ladder steps) are the gauntlet's seeds.
		p.Kind = tournament.Gauntlet
		p.Seeds = len(x.Tested)
		p.Engines = append(append(p.Engines, x.Tested...), x.Opponents...)
	case experiment.KindRoundRobin:
		p.Kind = tournament.RoundRobin
		p.Engines = x.Tested
	}
	if x.Kind == experiment.KindSPRT {
		p.Rounds = session.SPRTPairCap
		if x.SPRT.MaxPairs > 0 {
			p.Rounds = x.SPRT.MaxPairs
		}
	}
	return p
}

// EngineConfig is how the runner starts an experiment's engine.
func EngineConfig(e *experiment.Engine) player.Config {
	cmd := e.Path
	if cmd == "" {
		cmd = e.Cmd
	}
	proto, _ := player.ParseProtocol(e.Proto)
	var opts []player.OptionValue
	for _, o := range e.SetOptions() {
		opts = append(opts, player.OptionValue{Name: o.Name, Value: o.Value})
	}
	return player.Config{Name: e.Name, Cmd: cmd, Args: e.Args, Dir: e.Dir, Protocol: proto, Options: opts}
}

// StoreEngine is an engine's full configuration as the store keeps it.
func StoreEngine(e *experiment.Engine) store.Engine {
	se := store.Engine{Name: e.Name, Cmd: e.Cmd, Args: e.Args, Dir: e.Dir, Protocol: e.Proto,
		TimeControl: e.Limits.String(), Extends: e.Extends}
	if len(e.Options) > 0 {
		se.Options = map[string]string{}
		for _, o := range e.Options {
			se.Options[o.Name] = o.Value
		}
	}
	if len(e.Changed) > 0 {
		se.Params = map[string]string{}
		for _, o := range e.Changed {
			se.Params[o.Name] = o.Value
		}
	}
	return se
}

// Adjudication is the game runner's form of an experiment's adjudication.
func Adjudication(a experiment.Adjudication) game.Adjudication {
	out := game.Adjudication{MaxMoves: a.MaxMoves}
	if d := a.Draw; d != nil {
		out.Draw = &game.DrawRule{MoveNumber: d.MoveNumber, MoveCount: d.MoveCount, Score: d.Score}
	}
	if r := a.Resign; r != nil {
		out.Resign = &game.ResignRule{MoveCount: r.MoveCount, Score: r.Score, TwoSided: r.TwoSided}
	}
	return out
}

// StorePath is --db, else the file's db:, else ./elolab.db.
func StorePath(flag string, x *experiment.Experiment) string {
	switch {
	case flag != "":
		return flag
	case x.DB != "":
		return x.DB
	}
	return store.DefaultPath(".")
}

// tournamentOf is the experiment's tournament: its book is opened, and
// the whole is checked (exit 2 on bad input).
func tournamentOf(path string, x *experiment.Experiment, p Plan, o Options) (tournament.Config, error) {
	book, err := openings.Open(x.Book, p.Rounds)
	if err != nil {
		return tournament.Config{}, usagef("run: %s: book: %v", path, err)
	}
	var test *sprt.Test
	if x.SPRT != nil {
		t := x.SPRT.Test
		test = &t
	}
	if o.Stall <= 0 {
		return tournament.Config{}, usagef("run: --stall %v: want a positive duration", o.Stall)
	}
	tcfg := tournament.Config{
		Kind: p.Kind, Seeds: p.Seeds, Book: book, Rounds: p.Rounds, GamesPerRound: 2,
		Concurrency: x.Concurrency, CPUs: o.CPUs, SPRT: test,
		Game: game.Config{Adjudication: Adjudication(x.Adjudication), StallTimeout: o.Stall},
	}
	for _, e := range p.Engines {
		tcfg.Engines = append(tcfg.Engines, tournament.Engine{Config: EngineConfig(e), Limits: e.Limits})
	}
	if err := tcfg.Validate(); err != nil {
		return tournament.Config{}, usagef("run: %s: %v", path, err)
	}
	return tcfg, nil
}

// experimentRun is the stored run of an experiment.
func experimentRun(x *experiment.Experiment, p Plan, cfgText string, pairs int, hint string) Spec {
	id, legacy := identity(x)
	spec := Spec{
		Name: x.Name, Kind: string(x.Kind), Config: cfgText, Hash: id, LegacyHash: legacy, Summary: x.Summary(),
		PlannedPairs: pairs, Seed: int64(x.Seed), PGNOut: x.PGNOut, ResumeHint: hint,
	}
	if x.Kind == experiment.KindSPRT {
		spec.PlannedPairs = x.SPRT.MaxPairs
		t := x.SPRT.Test
		spec.SPRT = &store.SPRTConfig{Model: t.Model, Elo0: t.Elo0, Elo1: t.Elo1, Alpha: t.Alpha, Beta: t.Beta}
	}
	for _, e := range p.Engines {
		spec.Engines = append(spec.Engines, StoreEngine(e))
	}
	return spec
}

// identity is the hash that recognises an experiment's run in the
// store: experiment.Hash without the pair count (pairs:, and an SPRT's
// max_pairs), so that raising it continues the run instead of starting
// another one. legacy is the hash stores written before kept (with the
// pair count): their runs are still found.
func identity(x *experiment.Experiment) (id, legacy string) {
	y := *x
	y.Pairs = 0
	if x.SPRT != nil {
		s := *x.SPRT
		s.MaxPairs = 0
		y.SPRT = &s
	}
	return y.Hash(), x.Hash()
}
