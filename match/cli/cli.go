// Package cli owns the command line of `elolab match`: it reads the
// single-dash flags engine authors type for fastchess and cutechess-cli
// (`-engine cmd= name= … -each tc=10+0.1 -openings file=… -rounds 100
// -repeat -concurrency 2 -sprt elo0=0 elo1=5 -pgnout file=out.pgn`) into a
// [Config]. Errors name the flag (and the key) at fault; flags that are
// irrelevant to this runner are accepted with a warning ("Warning; …").
//
// Parsing rules: a token that starts with "-" (or "--") and is not a
// number starts a flag; the tokens after it, up to the next flag, are its
// values — key=value pairs for -engine, -each, -openings, -sprt, -draw,
// -resign, -pgnout and -log, plain values for the others.
package cli

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/elolab/elolab/match/game"
	"github.com/elolab/elolab/match/player"
	"github.com/elolab/elolab/match/tc"
	"github.com/elolab/elolab/match/tournament"
	"github.com/elolab/elolab/openings"
	"github.com/elolab/elolab/sprt"
)

// EngineSpec is one -engine (with -each applied).
type EngineSpec struct {
	Name     string
	Cmd      string
	Args     []string
	Dir      string
	Protocol player.Protocol
	Limits   tc.Limits
	Options  []player.OptionValue
	// StderrLog is cutechess's stderr= (the engine's stderr log).
	StderrLog string
}

// SPRTSpec is -sprt.
type SPRTSpec struct {
	Elo0, Elo1, Alpha, Beta float64
	Model                   sprt.Model
}

// Test builds the SPRT.
func (s *SPRTSpec) Test() (sprt.Test, error) {
	return sprt.NewTest(s.Model, s.Elo0, s.Elo1, s.Alpha, s.Beta)
}

// Config is a parsed `elolab match` command line.
type Config struct {
	Engines []EngineSpec
	// Openings is nil when no -openings was given (games start from the
	// standard position).
	Openings *openings.Options
	// Seed is -srand; SeedSet tells whether it was given.
	Seed    uint64
	SeedSet bool
	// Rounds (-rounds, default 1) and games per round (-games 1|2, -repeat
	// sets 2).
	Rounds, Games int
	// MaxGames is set when -games is larger than 2 for a head-to-head
	// match written cutechess-style without -rounds ("-games 100"): the
	// total number of games.
	MaxGames    int
	Concurrency int // 0: number of CPUs
	// CPUs is what -use-affinity resolves to (AffinityCPUs): the CPUs the
	// games are pinned to, nil for off. By default (and for -use-affinity
	// without a value) every CPU this process may use.
	CPUs       []int
	SPRT       *SPRTSpec
	Draw       *game.DrawRule
	Resign     *game.ResignRule
	MaxMoves   int
	PGNOut     string
	DB         string // results store to record the match in (elolab extension)
	PGNMin     bool
	Tournament tournament.Kind
	Seeds      int
	NoSwap     bool
	// Recover: restart engines after crashes and stalls (always done;
	// the flag is accepted for fastchess command lines).
	Recover        bool
	RatingInterval int // default 10 pairs
	Quiet          bool
	// Log is -log file=: every line sent to and received from engines.
	Log         string
	Event, Site string
	// StallTimeout is the elolab extension -stall SECONDS (default 60 s).
	StallTimeout time.Duration
	// Progress is -progress on|off|auto (default auto: on when stderr is
	// a terminal).
	Progress string
	Help     bool
	Version  bool
	Warnings []string
}

// AffinityCPUs resolves an affinity value — on, off or a CPU list such as
// 0-3,5 — to the CPUs games are pinned to: nil for off, every CPU this
// process may use for on. A listed CPU outside the process's mask is an
// error.
func AffinityCPUs(v string) ([]int, error) {
	switch strings.ToLower(v) {
	case "off", "false":
		return nil, nil
	case "on", "true":
		return player.AllowedCPUs(), nil
	}
	cpus, err := player.ParseCPUList(v)
	if err != nil {
		return nil, err
	}
	allowed := player.AllowedCPUs()
	for _, c := range cpus {
		if !slices.Contains(allowed, c) {
			return nil, fmt.Errorf("CPU %d is not available: this process may use %s", c, player.FormatCPUList(allowed))
		}
	}
	return cpus, nil
}

// Error is a command-line error naming the flag.
type Error struct {
	Flag string // "-engine", "-sprt", …
	Msg  string
}

func (e *Error) Error() string {
	if e.Flag == "" {
		return e.Msg
	}
	return e.Flag + ": " + e.Msg
}

func errf(flag, format string, args ...any) error {
	return &Error{Flag: flag, Msg: fmt.Sprintf(format, args...)}
}

// isFlag reports whether a token starts a flag.
func isFlag(s string) bool {
	if len(s) < 2 || s[0] != '-' {
		return false
	}
	if _, err := strconv.ParseFloat(s, 64); err == nil {
		return false
	}
	return true
}

type flagGroup struct {
	name   string
	values []string
}

func group(args []string) ([]flagGroup, error) {
	var gs []flagGroup
	for i, a := range args {
		if isFlag(a) {
			name := strings.TrimLeft(a, "-")
			if name == "" || strings.ContainsAny(name, " =") {
				return nil, errf("", "bad flag %q", a)
			}
			gs = append(gs, flagGroup{name: name})
			continue
		}
		if len(gs) == 0 {
			return nil, errf("", "unexpected argument %q (position %d): flags start with -, e.g. -engine cmd=stockfish", a, i+1)
		}
		gs[len(gs)-1].values = append(gs[len(gs)-1].values, a)
	}
	return gs, nil
}

// kv splits key=value.
func kv(flag, tok string) (string, string, error) {
	i := strings.IndexByte(tok, '=')
	if i <= 0 {
		return "", "", errf(flag, "%q is not key=value", tok)
	}
	return tok[:i], tok[i+1:], nil
}

func one(flag string, vals []string) (string, error) {
	if len(vals) != 1 {
		if len(vals) == 0 {
			return "", errf(flag, "missing value")
		}
		return "", errf(flag, "want one value, got %q", strings.Join(vals, " "))
	}
	return vals[0], nil
}

func posInt(flag string, vals []string, allowZero bool) (int, error) {
	v, err := one(flag, vals)
	if err != nil {
		return 0, err
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 || (!allowZero && n == 0) || n > 1<<30 {
		return 0, errf(flag, "%q is not a positive integer", v)
	}
	return n, nil
}

func parseBool(flag, key, v string) (bool, error) {
	switch strings.ToLower(v) {
	case "true", "1", "on", "yes", "":
		return true, nil
	case "false", "0", "off", "no":
		return false, nil
	}
	return false, errf(flag, "%s=%q is not true or false", key, v)
}

// ParseArgs parses an `elolab match` command line (the arguments after
// "match").
func ParseArgs(args []string) (*Config, error) {
	gs, err := group(args)
	if err != nil {
		return nil, err
	}
	c := &Config{Rounds: 0, Games: 0, RatingInterval: 10, Progress: "auto", CPUs: player.AllowedCPUs()}
	warn := func(s string) { c.Warnings = append(c.Warnings, "Warning; "+s) }
	var drafts []*engineDraft
	each := newDraft()
	var openTokens []string
	haveOpenings := false
	gamesSet, repeat := false, false
	for _, g := range gs {
		flag := "-" + g.name
		v := g.values
		info, known := LookupFlag(g.name)
		switch {
		case !known:
			return nil, errf(flag, "unknown flag (see elolab match -help)")
		case info.Status == Ignored:
			msg := flag + " is not supported by elolab match and is ignored"
			if info.Note != "" {
				msg += " (" + info.Note + ")"
			}
			warn(msg)
			continue
		case info.Status == Refused:
			return nil, errf(flag, "not supported: %s", info.Note)
		}
		switch g.name {
		case "engine":
			if len(v) == 0 {
				return nil, errf(flag, "missing cmd=…")
			}
			d := newDraft()
			if err := d.parse(fmt.Sprintf("-engine #%d", len(drafts)+1), v, warn); err != nil {
				return nil, err
			}
			drafts = append(drafts, d)
		case "each":
			if err := each.parse(flag, v, warn); err != nil {
				return nil, err
			}
			if each.set["name"] {
				return nil, errf(flag, "name= cannot be shared by every engine")
			}
		case "openings":
			if haveOpenings {
				return nil, errf(flag, "given twice")
			}
			haveOpenings = true
			openTokens = v
		case "srand":
			s, err := one(flag, v)
			if err != nil {
				return nil, err
			}
			n, err := strconv.ParseUint(s, 10, 64)
			if err != nil {
				i, err2 := strconv.ParseInt(s, 10, 64)
				if err2 != nil {
					return nil, errf(flag, "%q is not an integer seed", s)
				}
				n = uint64(i)
			}
			c.Seed, c.SeedSet = n, true
		case "randomseed":
			if len(v) > 0 {
				return nil, errf(flag, "takes no value (use -srand N for a given seed)")
			}
			c.Seed, c.SeedSet = randomSeed(), true
		case "rounds":
			if c.Rounds, err = posInt(flag, v, false); err != nil {
				return nil, err
			}
		case "games":
			if c.Games, err = posInt(flag, v, false); err != nil {
				return nil, err
			}
			gamesSet = true
		case "repeat":
			if len(v) > 1 {
				return nil, errf(flag, "want at most one value")
			}
			if len(v) == 1 && v[0] != "2" {
				return nil, errf(flag, "only -repeat 2 (each opening played twice) is supported")
			}
			repeat = true
		case "concurrency":
			if c.Concurrency, err = posInt(flag, v, false); err != nil {
				return nil, err
			}
		case "use-affinity":
			if len(v) > 1 {
				return nil, errf(flag, "want at most one value: a CPU list such as 0-3,5, on or off")
			}
			val := "on"
			if len(v) == 1 {
				val = v[0]
			}
			if c.CPUs, err = AffinityCPUs(val); err != nil {
				return nil, errf(flag, "%v", err)
			}
		case "sprt":
			if c.SPRT, err = parseSPRT(flag, v); err != nil {
				return nil, err
			}
		case "draw":
			if c.Draw, err = parseDraw(flag, v); err != nil {
				return nil, err
			}
		case "resign":
			if c.Resign, err = parseResign(flag, v); err != nil {
				return nil, err
			}
		case "maxmoves":
			if c.MaxMoves, err = posInt(flag, v, false); err != nil {
				return nil, err
			}
		case "pgnout":
			if err := parsePGNOut(c, flag, v, warn); err != nil {
				return nil, err
			}
		case "db":
			s, err := one(flag, v)
			if err != nil {
				return nil, err
			}
			c.DB = strings.TrimPrefix(s, "file=")
			if c.DB == "" {
				return nil, errf(flag, "missing file")
			}
		case "tournament":
			s, err := one(flag, v)
			if err != nil {
				return nil, err
			}
			if c.Tournament, err = tournament.ParseKind(strings.ToLower(s)); err != nil {
				return nil, errf(flag, "%v", err)
			}
		case "seeds":
			if c.Seeds, err = posInt(flag, v, false); err != nil {
				return nil, err
			}
		case "recover":
			if len(v) > 0 {
				return nil, errf(flag, "takes no value")
			}
			c.Recover = true
		case "ratinginterval":
			if c.RatingInterval, err = posInt(flag, v, true); err != nil {
				return nil, err
			}
		case "quiet":
			c.Quiet = true
		case "log":
			if err := parseLog(c, flag, v, warn); err != nil {
				return nil, err
			}
		case "event":
			c.Event = strings.Join(v, " ")
		case "site":
			c.Site = strings.Join(v, " ")
		case "noswap":
			c.NoSwap = true
		case "stall":
			s, err := one(flag, v)
			if err != nil {
				return nil, err
			}
			d, err := tc.ParseSeconds(s)
			if err != nil || d <= 0 {
				return nil, errf(flag, "%q: want seconds", s)
			}
			c.StallTimeout = d
		case "progress":
			s, err := one(flag, v)
			if err != nil {
				return nil, err
			}
			if s != "on" && s != "off" && s != "auto" {
				return nil, errf(flag, "%q: want on, off or auto", s)
			}
			c.Progress = s
		case "variant":
			s, err := one(flag, v)
			if err != nil {
				return nil, err
			}
			if s != "standard" {
				return nil, errf(flag, "only standard chess is supported, not %q", s)
			}
		case "output":
			for _, t := range v {
				k, val, err := kv(flag, t)
				if err != nil {
					return nil, err
				}
				if k != "format" || (val != "fastchess" && val != "cutechess") {
					return nil, errf(flag, "want format=fastchess")
				}
				if val == "cutechess" {
					warn("-output format=cutechess: the result block is printed in fastchess's format")
				}
			}
		case "report":
			for _, t := range v {
				k, val, err := kv(flag, t)
				if err != nil {
					return nil, err
				}
				if k != "penta" {
					return nil, errf(flag, "unknown key %q (want penta=)", k)
				}
				if b, err := parseBool(flag, k, val); err != nil {
					return nil, err
				} else if !b {
					warn("-report penta=false: statistics use pentanomial pair counts whenever the games come in pairs")
				}
			}
		case "help", "h":
			c.Help = true
		case "version":
			c.Version = true
		case "force-concurrency", "testEnv":
			// accepted: nothing to do
		default:
			// An accepted flag of the table without a case here is a bug
			// (TestFlagTableParsed plays every one).
			return nil, errf(flag, "accepted by the flag table but not parsed")
		}
	}
	if c.Help || c.Version {
		return c, nil
	}
	if len(drafts) < 2 {
		return nil, errf("-engine", "need at least two engines, got %d", len(drafts))
	}
	for i, d := range drafts {
		d.merge(each)
		s := d.finish()
		if s.Cmd == "" {
			return nil, errf(fmt.Sprintf("-engine #%d", i+1), "missing cmd=")
		}
		if err := s.checkText(); err != nil {
			return nil, errf(fmt.Sprintf("-engine #%d", i+1), "%v", err)
		}
		if err := s.Limits.Validate(); err != nil {
			return nil, errf(fmt.Sprintf("-engine #%d (%s)", i+1, s.Name), "%v", err)
		}
		if s.Protocol == player.XBoardProtocol && s.Limits.Nodes > 0 {
			return nil, errf(fmt.Sprintf("-engine #%d (%s)", i+1, s.Name), "xboard engines cannot play node limits; use tc= or st=")
		}
		c.Engines = append(c.Engines, s)
	}
	seen := map[string]int{}
	for i, e := range c.Engines {
		if j, ok := seen[e.Name]; ok {
			return nil, errf(fmt.Sprintf("-engine #%d", i+1), "name %q is already used by engine #%d: add name=", e.Name, j+1)
		}
		seen[e.Name] = i
	}
	if len(c.Engines) > 2 && c.Tournament == tournament.HeadToHead {
		return nil, errf("-engine", "%d engines: add -tournament gauntlet or -tournament roundrobin", len(c.Engines))
	}
	if c.SPRT != nil && len(c.Engines) != 2 {
		return nil, errf("-sprt", "an SPRT needs exactly two engines")
	}
	if c.Seeds > 0 && c.Tournament != tournament.Gauntlet {
		return nil, errf("-seeds", "only with -tournament gauntlet")
	}
	if c.Seeds >= len(c.Engines) {
		return nil, errf("-seeds", "%d seeds leave no opponent among %d engines", c.Seeds, len(c.Engines))
	}
	// Games per round.
	switch {
	case repeat && gamesSet && c.Games != 2:
		if c.Rounds == 0 {
			// cutechess: -games N -repeat: N games, openings repeated in pairs.
			c.Rounds = (c.Games + 1) / 2
			if c.Games%2 == 1 {
				c.MaxGames = c.Games
			}
			c.Games = 2
		} else {
			return nil, errf("-games", "-games %d with -repeat: use -games 2 (a game pair per opening) and -rounds", c.Games)
		}
	case repeat:
		c.Games = 2
	case !gamesSet:
		c.Games = 1
	case c.Games > 2:
		if c.Rounds != 0 {
			return nil, errf("-games", "at most 2 games per opening and round (fastchess's rule); use -rounds for more")
		}
		c.Rounds, c.Games = c.Games, 1
		warn(fmt.Sprintf("-games %d without -rounds: playing %d rounds of one game, colours alternating", c.Rounds, c.Rounds))
	}
	if c.Rounds == 0 {
		c.Rounds = 1
	}
	if haveOpenings {
		toks, err := openingPolicy(openTokens)
		if err != nil {
			return nil, err
		}
		o, err := openings.ParseOptions(toks)
		if err != nil {
			return nil, errf("-openings", "%v", strings.TrimPrefix(err.Error(), "openings: "))
		}
		o.Seed = c.Seed
		c.Openings = &o
	}
	return c, nil
}
