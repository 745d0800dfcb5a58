package remote

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/nats-io/nats.go"
)

// The server answers a forbidden publish with an asynchronous error on
// the connection, not on the request: the request itself would wait for
// its deadline. A guard turns that error into the failure of every call
// in flight on the connection, at once and in words.

// PermissionError is the server refusing what a credential may not do.
type PermissionError struct{ Text string }

func (e *PermissionError) Error() string {
	return "refused by the server (this credential may not do that): " + e.Text
}

type guard struct {
	mu     sync.Mutex
	calls  map[*int]context.CancelCauseFunc
	logf   func(format string, args ...any)
	nextID int
}

var guards sync.Map // *nats.Conn → *guard

// handle is the connection's error handler.
func (g *guard) handle(_ *nats.Conn, _ *nats.Subscription, err error) {
	if err == nil {
		return
	}
	if !strings.Contains(strings.ToLower(err.Error()), "permissions violation") {
		if g.logf != nil {
			g.logf("nats: %v", err)
		}
		return
	}
	perr := &PermissionError{Text: strings.TrimPrefix(err.Error(), "nats: permissions violation: ")}
	g.mu.Lock()
	defer g.mu.Unlock()
	for _, cancel := range g.calls {
		cancel(perr)
	}
}

// call returns a context for one call on nc, bounded by callTimeout and
// cancelled by a permissions violation on the connection.
func call(ctx context.Context, nc *nats.Conn) (context.Context, context.CancelFunc) {
	c, cancel := context.WithTimeout(ctx, callTimeout)
	v, ok := guards.Load(nc)
	if !ok {
		return c, cancel
	}
	g := v.(*guard)
	c, cancelCause := context.WithCancelCause(c)
	key := new(int)
	g.mu.Lock()
	if g.calls == nil {
		g.calls = map[*int]context.CancelCauseFunc{}
	}
	g.calls[key] = cancelCause
	g.mu.Unlock()
	return c, func() {
		g.mu.Lock()
		delete(g.calls, key)
		g.mu.Unlock()
		cancelCause(nil)
		cancel()
	}
}

// callErr is err, or the refusal that cut the call short.
func callErr(ctx context.Context, what string, err error) error {
	if err == nil {
		return nil
	}
	var perr *PermissionError
	if cause := context.Cause(ctx); errors.As(cause, &perr) {
		return fmt.Errorf("%s: %w", what, perr)
	}
	return fmt.Errorf("%s: %w", what, err)
}

// guarded registers a guard for a connection made with opts; it returns
// the option that installs its handler.
func newGuard(logf func(string, ...any)) (*guard, nats.Option) {
	g := &guard{logf: logf}
	return g, nats.ErrorHandler(g.handle)
}
