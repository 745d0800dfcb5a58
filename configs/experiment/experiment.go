// Package experiment owns elolab's experiment files: the YAML schema, its
// defaults and its validation.
//
// Load reads one file and returns a fully resolved Experiment: every labrat
// variant's complete parameter set (following extends: chains to other
// engines or to labrat parameter files) with the UCI setoption pairs that
// differ from labrat's defaults, every engine's effective search limits,
// the opening book options, the SPRT test and the adjudication rules. Nothing
// is played and nothing is written.
//
// Validation is strict: unknown keys (with a "did you mean"), wrong types,
// undefined or duplicate engines, extends cycles, bad time controls, bad SPRT
// bounds, unknown or out-of-range labrat parameters, kind-specific
// requirements, missing engine binaries and unreadable books are all errors.
// Every error is an *Error that prints as "file:line:col: key.Path: message";
// Load collects as many as it reasonably can and returns them as an ErrorList.
//
// The schema is documented, key by key with its default, in configs/README.md.
package experiment

import (
	"fmt"
	"strings"
	"time"

	"github.com/elolab/elolab/engine/params"
	"github.com/elolab/elolab/engine/search"
	"github.com/elolab/elolab/match/tc"
	"github.com/elolab/elolab/openings"
	"github.com/elolab/elolab/sprt"
)

// Experiments name labrat's parameters (variants, SPSA specs): all of them
// must be registered before any file is read.
func init() { search.Register() }

// Kind is what an experiment plays.
type Kind string

// The experiment kinds.
const (
	KindSPRT       Kind = "sprt"       // two engines until an SPRT verdict (or sprt.max_pairs)
	KindMatch      Kind = "match"      // two engines, a fixed number of pairs
	KindGauntlet   Kind = "gauntlet"   // each tested engine against every opponent
	KindRoundRobin Kind = "roundrobin" // every engine against every other
	KindLadder     Kind = "ladder"     // labrat variants, each adding one feature, against the same gauntlet
	KindSPSA       Kind = "spsa"       // one engine tuned by SPSA self-play (elolab tune)
	KindTexel      Kind = "texel"      // evaluation weights tuned on labelled positions (elolab texel)
)

// Kinds lists the accepted kinds in documentation order.
var Kinds = []Kind{KindSPRT, KindMatch, KindGauntlet, KindRoundRobin, KindLadder, KindSPSA, KindTexel}

// Defaults that are not zero values.
const (
	DefaultBook      = openings.DefaultBook
	DefaultOrder     = openings.Random
	DefaultSeed      = 1
	DefaultPairs     = 100
	DefaultAlpha     = 0.05
	DefaultBeta      = 0.05
	DefaultModel     = "logistic"
	DefaultLabratCmd = "bin/labrat"
	DefaultTC        = "10+0.1"
	DefaultSuite     = "builtin:wac.epd"
	// DefaultSuiteMoveTime is the time per position of wac: when it gives
	// no limit (the and MadChess's 200 ms).
	DefaultSuiteMoveTime = 200 * time.Millisecond
)

// Experiment is a loaded, resolved and validated experiment file.
type Experiment struct {
	File string // the path Load was given
	// Source is the file's text as it was read and parsed: what the store
	// keeps as the run's config, without reading the file a second time
	// (it could have changed in between).
	Source []byte
	Name   string
	Kind   Kind

	// Engines in file order; for a ladder, the engines: list (opponents and
	// helpers) followed by one engine per ladder step.
	Engines []*Engine
	// Tested are the engines under test: for sprt and match the first
	// engine (A, tested against B); for gauntlet the engines not listed as
	// opponents; for ladder the step engines; for roundrobin every engine.
	Tested []*Engine
	// Opponents: sprt and match the second engine (B); gauntlet and ladder
	// the gauntlet: list; roundrobin none.
	Opponents []*Engine
	Ladder    []*Step

	Limits       tc.Limits        // the default limits (top-level tc, nodes, depth, movetime, timemargin)
	Book         openings.Options // book options, Seed included
	Seed         uint64
	Concurrency  int   // games played at once
	Pairs        int   // game pairs per pairing (0 for kind sprt: see SPRT.MaxPairs)
	SPRT         *SPRT // kind sprt only
	Adjudication Adjudication
	DB           string // results store path ("" = the runner's default)
	PGNOut       string // PGN file games are appended to ("" = none)
	LabratCmd    string // how labrat variants are started
	// WAC, for a ladder, is the test suite every step is measured on
	// before its games (the WAC column of the MadChess table); nil: none.
	WAC *Suite
	// SPSA is a kind spsa file's tuning run (Tested[0] is the engine).
	SPSA *SPSASpec
	// Texel is a kind texel file's tuning run (it plays no games).
	Texel *Texel

	concurrencyDefaulted bool
}

// Engine is one resolved engine.
type Engine struct {
	Name    string
	Cmd     string   // as written (or inherited); labrat variants default to LabratCmd
	Path    string   // Cmd resolved to an executable ("" when not checked)
	Args    []string // passed without a shell
	Dir     string   // working directory ("" = the runner's)
	Proto   string   // "uci" or "xboard"
	Options []Option // UCI options from options:, sorted by name
	Limits  tc.Limits

	Labrat  bool
	Extends string // as written: an engine name or a parameter file
	// Params is a labrat variant's complete parameter set (nil otherwise).
	Params *params.Values
	// Changed lists the parameters that differ from labrat's defaults, in
	// name order, as UCI setoption name/value pairs.
	Changed []Option

	Line int // line of the engine's entry in the file
}

// SetOptions returns every setoption pair the runner sends: the changed
// labrat parameters, then options:.
func (e *Engine) SetOptions() []Option {
	out := make([]Option, 0, len(e.Changed)+len(e.Options))
	out = append(out, e.Changed...)
	return append(out, e.Options...)
}

// ChangedText is "futility.enabled=false, lmr.enabled=false" or "(defaults)".
func (e *Engine) ChangedText() string {
	if !e.Labrat {
		return ""
	}
	if len(e.Changed) == 0 {
		return "(labrat defaults)"
	}
	parts := make([]string, len(e.Changed))
	for i, o := range e.Changed {
		parts[i] = o.Name + "=" + o.Value
	}
	return strings.Join(parts, ", ")
}

// Option is one UCI option: "setoption name Name value Value".
type Option struct {
	Name, Value string
}

// Step is one rung of a feature ladder.
type Step struct {
	Feature  string
	Category string
	Engine   *Engine // the labrat variant with this step's feature added
	// Added are the parameters this step changes relative to the previous
	// step (or to its base for the first step), as setoption pairs.
	Added []Option
}

// SPRT is the stopping rule of a kind: sprt experiment.
type SPRT struct {
	Test     sprt.Test
	MaxPairs int // 0: no limit
}

// Suite is a test suite (EPD with bm/am) and the limits of each position.
type Suite struct {
	File   string // builtin:NAME or a path
	Limits tc.Limits
	Line   int
}

// Adjudication rules; nil parts are off.
type Adjudication struct {
	Draw     *DrawAdjudication
	Resign   *ResignAdjudication
	MaxMoves int // 0: no limit; a game reaching it is drawn
}

// DrawAdjudication: from move MoveNumber on, when both engines' scores have
// stayed within ±Score cp for MoveCount consecutive moves each, the game is
// drawn (fastchess's -draw).
type DrawAdjudication struct {
	MoveNumber, MoveCount, Score int
}

// ResignAdjudication: a side whose score has been at or below −Score cp for
// MoveCount consecutive moves loses; with TwoSided the opponent must agree
// (fastchess's -resign).
type ResignAdjudication struct {
	MoveCount, Score int
	TwoSided         bool
}

// Engine returns the engine with that name, or nil.
func (x *Experiment) Engine(name string) *Engine {
	for _, e := range x.Engines {
		if e.Name == name {
			return e
		}
	}
	return nil
}

// Summary is the one-line description elolab check prints after "OK: ".
func (x *Experiment) Summary() string {
	parts := []string{string(x.Kind), plural(len(x.Engines), "engine")}
	if len(x.Ladder) > 0 {
		parts = append(parts, plural(len(x.Ladder), "ladder step"))
	}
	parts = append(parts, x.Limits.String())
	if x.SPSA != nil {
		parts = append(parts, fmt.Sprintf("SPSA of %s over %s, %d iterations", x.Tested[0].Name, plural(len(x.SPSA.Params), "parameter"), x.SPSA.Iterations))
	} else if x.SPRT != nil {
		t := x.SPRT.Test
		s := fmt.Sprintf("SPRT %s [%.2f, %.2f] alpha=%g beta=%g", t.Model, t.Elo0, t.Elo1, t.Alpha, t.Beta)
		if x.SPRT.MaxPairs > 0 {
			s += fmt.Sprintf(", at most %d pairs", x.SPRT.MaxPairs)
		}
		parts = append(parts, s)
	} else {
		parts = append(parts, plural(x.Pairs, "pair")+" per pairing")
	}
	parts = append(parts, "book "+bookText(x.Book), fmt.Sprintf("seed %d", x.Seed), fmt.Sprintf("concurrency %d", x.Concurrency))
	return fmt.Sprintf("%s (%s)", x.Name, strings.Join(parts, ", "))
}

func bookText(o openings.Options) string {
	s := o.File
	if o.Order == openings.Random {
		s += " random"
	} else {
		s += " sequential"
	}
	if o.Plies > 0 {
		s += fmt.Sprintf(" plies=%d", o.Plies)
	}
	if o.Start > 1 {
		s += fmt.Sprintf(" start=%d", o.Start)
	}
	return s
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}
