package player

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"sync"
	"time"
)

// session is what the UCI and xboard clients share: the configuration,
// the engine process and its life cycle (healthy, restarted, closed).
type session struct {
	cfg      Config
	proc     *process
	traceMu  sync.Mutex
	id       string
	options  []Option
	healthy  bool
	restarts int
	closed   bool

	pv []byte // the PV of the info kept during Go (lines are not kept)
}

// Name is the engine's name in the match.
func (e *session) Name() string { return e.cfg.Name }

// ID is the name the engine reports about itself (UCI "id name", xboard "myname").
func (e *session) ID() string { return e.id }

// mergeOptions records opts as part of the engine's configuration (a
// later value of an option replaces the earlier one), so that a restart
// sets them again.
func (e *session) mergeOptions(opts []OptionValue) {
	cur := append([]OptionValue(nil), e.cfg.Options...)
next:
	for _, ov := range opts {
		for i := range cur {
			if strings.EqualFold(cur[i].Name, ov.Name) {
				cur[i].Value = ov.Value
				continue next
			}
		}
		cur = append(cur, ov)
	}
	e.cfg.Options = cur
}

// Options are the options the engine advertises.
func (e *session) Options() []Option { return e.options }

// Restarts counts the restarts after crashes or stalls.
func (e *session) Restarts() int { return e.restarts }

// Pid is the engine process's id (for tests and diagnostics).
func (e *session) Pid() int { return e.proc.pid() }

func (e *session) err(op string, kind Kind, cause error) *Error {
	return &Error{Engine: e.cfg.Name, Op: op, Kind: kind, Err: cause}
}

func (e *session) usable(op string) *Error {
	if e.closed {
		return e.err(op, KindDisconnect, errors.New("engine closed"))
	}
	if !e.healthy || !e.proc.alive() {
		return e.err(op, KindDisconnect, errors.New("engine not running; Restart it"))
	}
	return nil
}

// setOptions sends opts between games with send, the protocol's option
// writer, and keeps them for restarts once the engine accepted them.
func (e *session) setOptions(ctx context.Context, opts []OptionValue, send func(context.Context, []OptionValue, string) error) error {
	if err := e.usable("setoption"); err != nil {
		return err
	}
	if err := send(ctx, opts, "setoption"); err != nil {
		return err
	}
	e.mergeOptions(opts)
	return nil
}

// checkedOption finds an advertised option and checks the value given for
// it; on failure the process is stopped, as a bad configuration leaves the
// engine unusable.
func (e *session) checkedOption(ov OptionValue) (Option, string, error) {
	o, ok := findOption(e.options, ov.Name)
	if !ok {
		e.proc.kill()
		return o, "", e.err("setoption", KindConfig, errors.New("unknown option \""+ov.Name+"\" (the engine has: "+optionNames(e.options)+")"))
	}
	v, err := checkOptionValue(o, ov.Value)
	if err == nil {
		// The name sent is the engine's own; the value is the user's and
		// must stay on its line.
		if err = CheckText("option name "+strconv.Quote(o.Name), o.Name); err == nil {
			err = CheckText("option "+strconv.Quote(o.Name), v)
		}
	}
	if err != nil {
		e.proc.kill()
		return o, "", e.err("setoption", KindConfig, err)
	}
	return o, v, nil
}

// restart kills the current process if it still runs and starts a new one
// with start, the protocol's own handshake.
func (e *session) restart(ctx context.Context, start func(context.Context) error) error {
	if e.closed {
		return e.err("restart", KindConfig, errors.New("engine closed"))
	}
	e.proc.close("quit", 100*time.Millisecond)
	e.healthy = false
	if err := start(ctx); err != nil {
		return err
	}
	e.restarts++
	return nil
}

// Close sends quit, kills the process group after Config.QuitTimeout and
// reaps the process.
func (e *session) Close() error {
	if e.closed {
		return nil
	}
	e.closed = true
	e.healthy = false
	return e.proc.close("quit", e.cfg.QuitTimeout)
}

// info returns last with the PV kept in e.pv.
func (e *session) info(last Info) Info {
	if len(e.pv) > 0 {
		last.PV = string(e.pv)
	}
	return last
}
