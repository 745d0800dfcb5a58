package player

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"time"
)

// Protocol is the engine's communication protocol.
type Protocol uint8

const (
	// UCIProtocol is the Universal Chess Interface.
	UCIProtocol Protocol = iota
	// XBoardProtocol is the xboard/WinBoard Chess Engine Communication
	// Protocol, version 2 (CECP).
	XBoardProtocol
)

func (p Protocol) String() string {
	if p == XBoardProtocol {
		return "xboard"
	}
	return "uci"
}

// ParseProtocol accepts "uci", "xboard", "cecp" and "winboard" (any case).
func ParseProtocol(s string) (Protocol, error) {
	switch strings.ToLower(s) {
	case "uci", "":
		return UCIProtocol, nil
	case "xboard", "cecp", "winboard":
		return XBoardProtocol, nil
	}
	return 0, fmt.Errorf("unknown engine protocol %q (want uci or xboard)", s)
}

// OptionValue is one engine option to set after the handshake: UCI
// "setoption name Name value Value", xboard "option Name=Value". For xboard
// engines, Hash and Threads (or Cores) become the memory and cores commands.
type OptionValue struct {
	Name, Value string
}

// LookupOption returns the value opts give the option named name and
// whether they give one. Names match case-insensitively, as engines match
// them, and the last value wins: every value is sent in order, so the
// engine keeps the last ("option.Hash=8 option.hash=32" is a 32 MB
// table). Labels and checks that read an option go through here so that
// they say what the engine got.
func LookupOption(opts []OptionValue, name string) (value string, ok bool) {
	for _, o := range opts {
		if strings.EqualFold(o.Name, name) {
			value, ok = o.Value, true
		}
	}
	return value, ok
}

// OptionsFromMap returns the map's options sorted by name.
func OptionsFromMap(m map[string]string) []OptionValue {
	out := make([]OptionValue, 0, len(m))
	for k, v := range m {
		out = append(out, OptionValue{k, v})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Config describes how to start and talk to one engine. Zero durations
// take the defaults shown.
type Config struct {
	Name     string   // shown in errors and results; defaults to the base of Cmd
	Cmd      string   // executable: a path, or a name looked up in $PATH
	Args     []string // arguments, passed without a shell
	Dir      string   // working directory; a relative Cmd with a slash is relative to it
	Env      []string // extra environment entries "K=V", added to the runner's
	Protocol Protocol
	Options  []OptionValue
	// CPUs, if not empty, pins the process and all its threads to these
	// CPUs (Linux; ignored elsewhere).
	CPUs []int

	// StderrLog is a file the engine's stderr is appended to; empty
	// discards stderr.
	StderrLog string
	// Trace, if not nil, receives every line sent ("> ") and received
	// ("< "), prefixed with the engine name. It is written from the
	// goroutine that calls the Player; a writer shared by engines that
	// play on several goroutines must be safe for concurrent use.
	Trace io.Writer

	StartTimeout   time.Duration // uci..uciok; xboard done=0..done=1 (10 s)
	FeatureTimeout time.Duration // xboard: wait for done= after protover 2 (2 s)
	ReadyTimeout   time.Duration // isready..readyok, ping..pong (10 s)
	QuitTimeout    time.Duration // quit..exit, then the process group is killed (1 s)
	StopTimeout    time.Duration // after a missed deadline: stop (or ?)..bestmove (500 ms)
	TimeoutGrace   time.Duration // added to a move's time budget before Go gives up (1 s)
	StallTimeout   time.Duration // Go deadline when a move has no time budget (60 s)
	MaxLineBytes   int           // longer output lines are truncated (1 MiB)

	pumpStdout bool // tests: read stdout through a pump as where pipes have no deadlines
}

// Defaults used for zero Config fields.
const (
	DefaultStartTimeout   = 10 * time.Second
	DefaultFeatureTimeout = 2 * time.Second
	DefaultReadyTimeout   = 10 * time.Second
	DefaultQuitTimeout    = time.Second
	DefaultStopTimeout    = 500 * time.Millisecond
	DefaultTimeoutGrace   = time.Second
	DefaultStallTimeout   = 60 * time.Second
	DefaultMaxLineBytes   = 1 << 20
)

func (c *Config) setDefaults() {
	if c.Name == "" {
		c.Name = c.Cmd
		if i := strings.LastIndexByte(c.Name, '/'); i >= 0 {
			c.Name = c.Name[i+1:]
		}
	}
	def := func(d *time.Duration, v time.Duration) {
		if *d <= 0 {
			*d = v
		}
	}
	def(&c.StartTimeout, DefaultStartTimeout)
	def(&c.FeatureTimeout, DefaultFeatureTimeout)
	def(&c.ReadyTimeout, DefaultReadyTimeout)
	def(&c.QuitTimeout, DefaultQuitTimeout)
	def(&c.StopTimeout, DefaultStopTimeout)
	def(&c.TimeoutGrace, DefaultTimeoutGrace)
	def(&c.StallTimeout, DefaultStallTimeout)
	if c.MaxLineBytes <= 0 {
		c.MaxLineBytes = DefaultMaxLineBytes
	}
}
