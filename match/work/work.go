// Package work is the unit of work of the match runner and the one
// executor that plays it. A [Batch] is a plain value — the engines with
// their options and limits, the adjudication, the seed and a list of game
// pairs with their openings and (for SPSA) per-pair option values — that
// encodes to JSON and back without loss, so that it can be played here by
// the [Local] pair pool or shipped to another machine by a second
// [Executor]. What a pair produced comes back as a [PairResult], equally
// plain.
//
// Matches, gauntlets, round robins and ladders (match/tournament), SPSA
// iterations (tuner/spsa) and labelled-position generation (tuner/datagen,
// with in-process players through Local.Start) describe their games as
// batches and play them through an Executor; they keep their own
// bookkeeping (standings, SPRT, θ updates, labels) on the results.
package work

import (
	"errors"
	"fmt"
	"time"

	"github.com/elolab/elolab/match/game"
	"github.com/elolab/elolab/match/player"
	"github.com/elolab/elolab/match/tc"
	"github.com/elolab/elolab/openings"
)

// Batch is a list of game pairs to play with one set of engines.
type Batch struct {
	// Run names the run the batch belongs to (logs, remote workers).
	Run string `json:"run"`
	// Seed is the run's seed, for executors or engines that draw random
	// numbers; the local pool plays what the batch says and draws none.
	Seed    uint64      `json:"seed"`
	Engines []Engine    `json:"engines"`
	Game    game.Config `json:"game"` // adjudication, stall deadline, grace
	Pairs   []Pair      `json:"pairs"`
}

// Engine is one engine of a batch: how to start it and its limits. It is
// player.Config without what only makes sense in this process (the trace
// writer, the CPUs, which the executor chooses).
type Engine struct {
	Name      string               `json:"name"` // unique in the batch
	Cmd       string               `json:"cmd"`
	Args      []string             `json:"args"`
	Dir       string               `json:"dir,omitempty"`
	Env       []string             `json:"env"`
	Protocol  player.Protocol      `json:"protocol"`
	Options   []player.OptionValue `json:"options"`
	StderrLog string               `json:"stderr_log,omitempty"`
	Timeouts  Timeouts             `json:"timeouts"`
	Limits    tc.Limits            `json:"limits"`
}

// Timeouts are player.Config's protocol deadlines (zero: the defaults).
type Timeouts struct {
	Start, Feature, Ready, Quit, Stop, Grace, Stall time.Duration
	MaxLineBytes                                    int
}

// EngineOf describes an engine config and its limits as a batch engine.
func EngineOf(c player.Config, l tc.Limits) Engine {
	return Engine{
		Name: c.Name, Cmd: c.Cmd, Args: c.Args, Dir: c.Dir, Env: c.Env, Protocol: c.Protocol,
		Options: c.Options, StderrLog: c.StderrLog, Limits: l,
		Timeouts: Timeouts{Start: c.StartTimeout, Feature: c.FeatureTimeout, Ready: c.ReadyTimeout,
			Quit: c.QuitTimeout, Stop: c.StopTimeout, Grace: c.TimeoutGrace, Stall: c.StallTimeout,
			MaxLineBytes: c.MaxLineBytes},
	}
}

// Config is the player.Config that starts e (no CPUs, no trace).
func (e *Engine) Config() player.Config {
	t := e.Timeouts
	return player.Config{
		Name: e.Name, Cmd: e.Cmd, Args: e.Args, Dir: e.Dir, Env: e.Env, Protocol: e.Protocol,
		Options: e.Options, StderrLog: e.StderrLog,
		StartTimeout: t.Start, FeatureTimeout: t.Feature, ReadyTimeout: t.Ready, QuitTimeout: t.Quit,
		StopTimeout: t.Stop, TimeoutGrace: t.Grace, StallTimeout: t.Stall, MaxLineBytes: t.MaxLineBytes,
	}
}

// Pair is one opening played once or twice (colours swapped).
type Pair struct {
	// Slot is the pair's place in the run (a tournament's pair slot, an
	// SPSA iteration): results name it.
	Slot int `json:"slot"`
	// Round is the 0-based round (opening number in the play order).
	Round   int              `json:"round"`
	Opening openings.Opening `json:"opening"`
	Games   []Game           `json:"games"`
	// Options, if not empty, holds per engine (Batch.Engines order) the
	// option values set before each game of this pair, after the engine's
	// own Options: SPSA's perturbed parameters. An engine either gets
	// them in every pair of a batch or in none.
	Options [][]player.OptionValue `json:"options"`
}

// Game is one game of a pair.
type Game struct {
	Number int `json:"number"` // 1-based game number in the run
	// White and Black are indices into Batch.Engines.
	White int `json:"white"`
	Black int `json:"black"`
}

// Validate checks that every reference in the batch holds: engines named
// once, pairs of one or two games between two different engines, option
// lists per engine. Errors name the engine or the pair.
func (b *Batch) Validate() error {
	if len(b.Engines) == 0 {
		return errors.New("batch: no engines")
	}
	seen := map[string]bool{}
	for i, e := range b.Engines {
		switch {
		case e.Name == "":
			return fmt.Errorf("batch: engine %d has no name", i+1)
		case seen[e.Name]:
			return fmt.Errorf("batch: engine name %q is used twice", e.Name)
		case e.Cmd == "":
			return fmt.Errorf("batch: engine %q has no command", e.Name)
		}
		seen[e.Name] = true
		if err := e.Limits.Validate(); err != nil {
			return fmt.Errorf("batch: engine %q: %v", e.Name, err)
		}
	}
	for i, p := range b.Pairs {
		if len(p.Games) != 1 && len(p.Games) != 2 {
			return fmt.Errorf("batch: pair %d (slot %d) has %d games, want 1 or 2", i, p.Slot, len(p.Games))
		}
		for _, g := range p.Games {
			if g.White < 0 || g.White >= len(b.Engines) || g.Black < 0 || g.Black >= len(b.Engines) || g.White == g.Black {
				return fmt.Errorf("batch: pair %d (slot %d): game %d plays engine %d against %d of %d",
					i, p.Slot, g.Number, g.White, g.Black, len(b.Engines))
			}
		}
		if len(p.Options) != 0 && len(p.Options) != len(b.Engines) {
			return fmt.Errorf("batch: pair %d (slot %d) sets options for %d engines, the batch has %d", i, p.Slot, len(p.Options), len(b.Engines))
		}
		// A reused process keeps the values it was given: an engine that
		// gets per-pair values must get them in every pair.
		for e := range b.Engines {
			if perPair(p, e) != perPair(b.Pairs[0], e) {
				return fmt.Errorf("batch: pair %d (slot %d): engine %q gets per-pair options in some pairs only", i, p.Slot, b.Engines[e].Name)
			}
		}
	}
	return nil
}

// perPair reports whether pair p sets options of engine e.
func perPair(p Pair, e int) bool { return len(p.Options) > e && len(p.Options[e]) > 0 }

// Games is the number of games of the batch.
func (b *Batch) Games() int {
	n := 0
	for _, p := range b.Pairs {
		n += len(p.Games)
	}
	return n
}
