// Package webrun connects elolab's commands to the live page
// (results/web): elolab serve, and the --http flag of run and tune, which
// serve the store while the run plays — its games in play from the
// session's events, its workers from the coordinator, the SPSA
// parameters from the stored experiment.
package webrun

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"sync"

	"github.com/spf13/pflag"

	"github.com/elolab/elolab/results/web"
)

// Options are the page's flags.
type Options struct {
	// Addr is host:port (--http); empty: no page.
	Addr string
	// Token is required beyond loopback (--http-token).
	Token string
	// Tuning describes SPSA runs' parameters (tunesession.Tuning; nil:
	// the SPSA page shows θ without bounds).
	Tuning web.TuningSource
}

// AddFlags registers --http and --http-token.
func AddFlags(fl *pflag.FlagSet, o *Options) {
	fl.StringVar(&o.Addr, "http", "", "serve a live page of the store on HOST:PORT (127.0.0.1:8080); GET only, read-only")
	fl.StringVar(&o.Token, "http-token", "", "token the page requires (needed to listen beyond 127.0.0.1)")
}

// Check checks the flags together.
func (o *Options) Check() error {
	if o.Addr == "" && o.Token != "" {
		return errors.New("--http-token needs --http")
	}
	if o.Addr == "" {
		return nil
	}
	host, _, err := net.SplitHostPort(o.Addr)
	if err != nil {
		return fmt.Errorf("--http %q: want host:port (%v)", o.Addr, err)
	}
	ip := net.ParseIP(host)
	if o.Token == "" && host != "localhost" && (ip == nil || !ip.IsLoopback()) {
		return fmt.Errorf("--http %s listens beyond this machine: give --http-token", o.Addr)
	}
	return nil
}

// Page is a served live page.
type Page struct {
	srv    *web.Server
	cancel context.CancelFunc
	wg     sync.WaitGroup
	err    error
}

// Start serves the store file dbPath (opened read-only by the page) with
// the given live sources (nil: none) until Close. A port in use fails
// here, naming the address.
func Start(o Options, dbPath string, live web.LiveSource, workers web.WorkersSource, out io.Writer) (*Page, error) {
	srv, err := web.New(web.Config{DB: dbPath, Addr: o.Addr, Token: o.Token, Live: live, Workers: workers, Tuning: o.Tuning})
	if err != nil {
		return nil, err
	}
	ln, err := srv.Listen()
	if err != nil {
		srv.Close()
		return nil, err
	}
	ctx, cancel := context.WithCancel(context.Background())
	p := &Page{srv: srv, cancel: cancel}
	p.wg.Go(func() { p.err = srv.Serve(ctx, ln) })
	if out != nil {
		fmt.Fprintf(out, "Live page: %s\n", URL(ln.Addr().String(), o.Token))
	}
	return p, nil
}

// URL is the page's address as a user opens it.
func URL(addr, token string) string {
	u := "http://" + addr + "/"
	if token != "" {
		u += "?token=" + token
	}
	return u
}

// Close stops serving.
func (p *Page) Close() {
	if p == nil || p.cancel == nil {
		return
	}
	p.cancel()
	p.wg.Wait()
	p.srv.Close()
	p.cancel = nil
}
