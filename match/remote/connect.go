package remote

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// callTimeout bounds every JetStream call: nothing here waits forever on
// a server that is gone or refuses.
const callTimeout = 10 * time.Second

// ClientConfig says how a worker (or a coordinator using an external
// NATS) connects.
type ClientConfig struct {
	URL string
	// Creds is an elolab credential (elolab creds add-worker) or a NATS
	// .creds file (an external server with its own accounts).
	Creds string
	// Name names the connection; for a NATS .creds file it is also the
	// worker's name (an elolab credential carries its own).
	Name string
	// CA is a PEM file of the certificate authority that signed the
	// server's TLS certificate (a self-signed one); empty: the system's.
	CA string
	// Logf prints the connection's asynchronous errors (nil: quiet).
	Logf func(format string, args ...any)
}

// Dial connects and returns the connection and the name it signs in
// with. Connecting is bounded; once connected, the connection keeps
// reconnecting while the server is away (a restarted server, a network
// hiccup) and the JetStream calls' deadlines report the outage.
func Dial(c ClientConfig) (*nats.Conn, string, error) {
	if c.URL == "" {
		return nil, "", errors.New("no server URL (--server nats://host:4222)")
	}
	name := c.Name
	opts := []nats.Option{nats.Timeout(5 * time.Second), nats.MaxReconnects(-1), nats.ReconnectWait(500 * time.Millisecond),
		nats.PingInterval(5 * time.Second), nats.MaxPingsOutstanding(3)}
	if c.Creds != "" {
		cred, err := ReadCredential(c.Creds)
		switch {
		case err == nil:
			opt, _, err := cred.option()
			if err != nil {
				return nil, "", fmt.Errorf("%s: %v", c.Creds, err)
			}
			name = cred.Name
			opts = append(opts, opt)
		case strings.Contains(err.Error(), "not an elolab credential"):
			opts = append(opts, nats.UserCredentials(c.Creds))
		default:
			return nil, "", fmt.Errorf("--creds: %v", err)
		}
	}
	if name == "" {
		return nil, "", errors.New("the worker has no name: give --name, or an elolab credential")
	}
	if err := token("name", name); err != nil {
		return nil, "", err
	}
	if name != adminName {
		// Inboxes under the worker's own prefix: the only subjects its
		// credential may subscribe to.
		opts = append(opts, nats.CustomInboxPrefix(InboxPrefix(name)))
	}
	if c.CA != "" {
		opts = append(opts, nats.RootCAs(c.CA))
	}
	g, handler := newGuard(c.Logf)
	opts = append(opts, nats.Name(name), handler)
	nc, err := nats.Connect(c.URL, opts...)
	if err != nil {
		return nil, "", dialError(c, err)
	}
	guards.Store(nc, g)
	return nc, name, nil
}

// dialError says what a failed connection means to the user.
func dialError(c ClientConfig, err error) error {
	switch {
	case errors.Is(err, nats.ErrAuthorization) || strings.Contains(strings.ToLower(err.Error()), "authorization"):
		return fmt.Errorf("the server at %s refused the credential %s (revoked, or made for another server): %v", c.URL, c.Creds, err)
	case errors.Is(err, nats.ErrNoServers):
		return fmt.Errorf("cannot reach the NATS server at %s (is the coordinator serving, is the port open?): %v", c.URL, err)
	}
	return fmt.Errorf("connecting to %s: %v", c.URL, err)
}

// newJS wraps a connection for JetStream calls.
func newJS(nc *nats.Conn) (jetstream.JetStream, error) {
	return jetstream.New(nc, jetstream.WithDefaultTimeout(callTimeout))
}

// bounded returns a context for one JetStream call on js's connection
// (see call).
func bounded(ctx context.Context, js jetstream.JetStream) (context.Context, context.CancelFunc) {
	return call(ctx, js.Conn())
}
