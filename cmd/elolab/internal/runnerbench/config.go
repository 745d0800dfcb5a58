package runnerbench

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/elolab/elolab/cmd/elolab/internal/session"
	"github.com/elolab/elolab/match/player"
)

// Config is the command line of elolab bench-runner.
type Config struct {
	// Elolab is the elolab binary to measure ("": the running one).
	Elolab string
	// Fastchess and Cutechess are the other runners' binaries; "" skips
	// them.
	Fastchess, Cutechess string
	// Engine plays both sides ("": stockfish from $PATH or /usr/games).
	Engine string
	// Limit is the search limit of every move: nodes=N or depth=N.
	Limit              string
	Games, Concurrency int
	Runs               int
	Book               string
	Options            []string // NAME=VALUE, sent to both engines
	// FastchessArgs and CutechessArgs are added to those runners'
	// command lines (e.g. fastchess's -use-affinity, which pins the
	// engines as elolab does by default).
	FastchessArgs, CutechessArgs []string
	Keep                         string // directory that keeps every run's files
	JSON                         bool
	// Hooks for tests: the running binary, the default engine's lookup
	// and the wait for the engine's uciok (0: 10 s).
	self, lookStockfish func() (string, error)
	engineIDTimeout     time.Duration
}

// DefaultConfig is the reference measurement of issue #18: Stockfish at
// 1000 nodes per move against itself, 100 games two at a time, the book
// 8mvs_+90_+99.epd in sequential order, three runs.
func DefaultConfig() Config {
	return Config{
		Limit:       "nodes=1000",
		Games:       100,
		Concurrency: 2,
		Runs:        3,
		Book:        "builtin:8mvs_+90_+99.epd.gz",
		Options:     []string{"Threads=1", "Hash=16"},
	}
}

// runner is one match runner under test.
type runner struct {
	Name string // elolab, fastchess, cutechess-cli
	Path string // absolute
}

// plan is a checked Config.
type plan struct {
	Config
	runners  []runner
	engine   string // absolute path
	limitKey string // nodes or depth
	limitVal int
}

// usagef is a bad flag: exit code 2, nothing written.
func usagef(format string, args ...any) error {
	return session.Usagef("bench-runner: "+format, args...)
}

// check validates every flag before anything is written or started, and
// resolves the binaries.
func (c Config) check() (*plan, error) {
	p := &plan{Config: c}
	if errPlatform != nil {
		return nil, usagef("%v", errPlatform)
	}
	var err error
	if p.limitKey, p.limitVal, err = parseLimit(c.Limit); err != nil {
		return nil, usagef("--limit %v", err)
	}
	if c.Games < 2 || c.Games%2 != 0 {
		return nil, usagef("--games %d: want an even number of at least 2 (each opening is played twice, colours swapped)", c.Games)
	}
	if c.Runs < 1 {
		return nil, usagef("--runs %d: want at least 1", c.Runs)
	}
	if c.Concurrency < 1 {
		return nil, usagef("--concurrency %d: want at least 1", c.Concurrency)
	}
	for _, o := range c.Options {
		if err := checkOption(o); err != nil {
			return nil, usagef("--option %q: %v", o, err)
		}
	}
	if c.Book == "" {
		return nil, usagef("--book: empty")
	}
	elolab := c.Elolab
	if elolab == "" {
		exe := c.self
		if exe == nil {
			exe = os.Executable
		}
		if elolab, err = exe(); err != nil {
			return nil, usagef("--elolab: the running binary cannot be found (%v); name it", err)
		}
	}
	for _, r := range []struct{ flag, name, path string }{
		{"elolab", "elolab", elolab},
		{"fastchess", "fastchess", c.Fastchess},
		{"cutechess", "cutechess-cli", c.Cutechess},
	} {
		if r.path == "" {
			continue
		}
		abs, err := executable(r.path)
		if err != nil {
			return nil, usagef("--%s %s: %v", r.flag, r.path, err)
		}
		p.runners = append(p.runners, runner{Name: r.name, Path: abs})
	}
	if p.engine, err = c.findEngine(); err != nil {
		return nil, err
	}
	if c.Keep != "" {
		ents, err := os.ReadDir(c.Keep)
		switch {
		case errors.Is(err, os.ErrNotExist):
			// Created when the runs start.
		case err != nil:
			return nil, usagef("--keep %s: %v", c.Keep, err)
		case len(ents) > 0:
			return nil, usagef("--keep %s: the directory is not empty (the runs' files would mix with what is there)", c.Keep)
		}
	}
	return p, nil
}

// parseLimit accepts the limits that fastchess, cutechess-cli and elolab
// spell alike and that make games reproducible: nodes=N and depth=N. (A
// time limit would let the runners' own speed change the games.)
func parseLimit(s string) (key string, n int, err error) {
	k, v, ok := strings.Cut(s, "=")
	if !ok || (k != "nodes" && k != "depth") {
		return "", 0, fmt.Errorf("%q: want nodes=N or depth=N (the limits every runner spells alike and that give the same games)", s)
	}
	n, err = strconv.Atoi(v)
	if err != nil || n < 1 {
		return "", 0, fmt.Errorf("%q: %s wants a positive whole number", s, k)
	}
	return k, n, nil
}

// checkOption accepts NAME=VALUE with a non-empty name and no control
// character (nothing with one is ever written to an engine).
func checkOption(o string) error {
	name, _, ok := strings.Cut(o, "=")
	if !ok || strings.TrimSpace(name) == "" {
		return errors.New("want NAME=VALUE")
	}
	for _, r := range o {
		if r < 0x20 || r == 0x7f {
			return fmt.Errorf("control character %q", r)
		}
	}
	return nil
}

// executable resolves a runner or engine path: an existing, executable,
// regular file (a bare name is looked up in $PATH), made absolute because
// every runner starts in its own directory.
func executable(path string) (string, error) {
	found, err := exec.LookPath(path)
	if err != nil {
		var ee *exec.Error
		if errors.As(err, &ee) {
			err = ee.Err
		}
		return "", err
	}
	st, err := os.Stat(found)
	if err != nil {
		return "", err
	}
	if !st.Mode().IsRegular() {
		return "", errors.New("not a regular file")
	}
	return filepath.Abs(found)
}

// findEngine resolves --engine, by default Debian's stockfish.
func (c Config) findEngine() (string, error) {
	if c.Engine != "" {
		abs, err := executable(c.Engine)
		if err != nil {
			return "", usagef("--engine %s: %v", c.Engine, err)
		}
		return abs, nil
	}
	look := c.lookStockfish
	if look == nil {
		look = func() (string, error) {
			if p, err := executable("stockfish"); err == nil {
				return p, nil
			}
			return executable("/usr/games/stockfish")
		}
	}
	p, err := look()
	if err != nil {
		return "", usagef("--engine: stockfish is in neither $PATH nor /usr/games (apt-get install stockfish, or name an engine)")
	}
	return p, nil
}

// engineName asks the engine for its UCI "id name" (the handshake of
// match/player), which also proves it starts and speaks UCI before any
// runner is timed.
func engineName(ctx context.Context, path string, timeout time.Duration) (string, error) {
	if timeout <= 0 {
		timeout = 10 * time.Second
	}
	p, err := player.StartUCI(ctx, player.Config{Name: "engine", Cmd: path, Dir: os.TempDir(), StartTimeout: timeout})
	if err != nil {
		return "", err
	}
	defer p.Close()
	return p.ID(), nil
}
