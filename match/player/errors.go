package player

import (
	"errors"
	"fmt"
)

// Kind classifies engine errors so that the arbiter can pick a termination.
type Kind uint8

const (
	// KindNone is the kind of a nil error.
	KindNone Kind = iota
	// KindTimeout: the engine did not move within its time budget (clock or
	// movetime) plus the grace — the arbiter's "loses on time".
	KindTimeout
	// KindStall: the engine did not answer within a deadline that is not a
	// time budget (stall deadline of a nodes/depth search, uciok, readyok,
	// pong) — "connection stalls".
	KindStall
	// KindDisconnect: the process exited or closed its pipes — "disconnects".
	KindDisconnect
	// KindProtocol: the engine answered, but not in a usable way (bestmove
	// without a move, a rejected move, echoing its input).
	KindProtocol
	// KindConfig: the engine could not be started or configured (missing
	// binary, unknown option, value out of range, unsupported limit).
	KindConfig
	// KindInterrupted: the caller's context was cancelled.
	KindInterrupted
)

var kindNames = [...]string{"none", "timeout", "stall", "disconnect", "protocol", "config", "interrupted"}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// Sentinel errors, one per kind: errors.Is(err, ErrTimeout) reports whether
// err is an *Error of kind KindTimeout.
var (
	ErrTimeout     = &Error{Kind: KindTimeout}
	ErrStall       = &Error{Kind: KindStall}
	ErrDisconnect  = &Error{Kind: KindDisconnect}
	ErrProtocol    = &Error{Kind: KindProtocol}
	ErrConfig      = &Error{Kind: KindConfig}
	ErrInterrupted = &Error{Kind: KindInterrupted}
)

// Error is the error type of every Player method.
type Error struct {
	Engine string // Config.Name
	Op     string // "start", "handshake", "setoption", "newgame", "ping", "go", "quit"
	Kind   Kind
	Err    error // the cause; may be nil
}

func (e *Error) Error() string {
	s := "engine"
	if e.Engine != "" {
		s += fmt.Sprintf(" %q", e.Engine)
	}
	if e.Op != "" {
		s += ": " + e.Op
	}
	s += ": " + e.Kind.String()
	if e.Err != nil {
		s += ": " + e.Err.Error()
	}
	return s
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// Is makes errors.Is(err, ErrTimeout) and friends match on the kind.
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	return ok && t.Engine == "" && t.Op == "" && t.Err == nil && t.Kind == e.Kind
}

// KindOf returns the kind of err: KindNone for nil, the Kind of an *Error
// in its chain, KindInterrupted for context errors and KindProtocol for any
// other error.
func KindOf(err error) Kind {
	if err == nil {
		return KindNone
	}
	var e *Error
	if errors.As(err, &e) {
		return e.Kind
	}
	return KindProtocol
}

func (c *Config) errorf(op string, kind Kind, format string, args ...any) *Error {
	return &Error{Engine: c.Name, Op: op, Kind: kind, Err: fmt.Errorf(format, args...)}
}
