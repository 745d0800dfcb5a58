// Package remoterun connects elolab's commands to match/remote: a run
// that serves its games to other machines (the embedded NATS server or an
// external one, the coordinator as the run's executor, and an in-process
// worker when the coordinator plays too), elolab worker, elolab creds and
// elolab workers. The command line only turns flags into Options.
package remoterun

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/elolab/elolab/match/remote"
	"github.com/elolab/elolab/match/work"
)

// Options are a coordinator's serving flags.
type Options struct {
	// Serve is the embedded server's listen address (--serve).
	Serve string
	// NATS is an external server's URL (--nats), signed in with Creds
	// and trusting CA.
	NATS, Creds, CA string
	// TLSCert and TLSKey serve TLS; Insecure allows a non-loopback
	// listen without it.
	TLSCert, TLSKey string
	Insecure        bool
	// Local is the number of games this machine plays itself (0:
	// coordinate only); CPUs pins them.
	Local int
	CPUs  []int
	// BatchPairs is the number of pairs per batch (0: sized from the
	// limits).
	BatchPairs int
	Queue      remote.Queue
	Version    string
	// Log gets the coordinator's messages (failed deliveries, refused
	// batches).
	Log io.Writer
}

// Enabled reports whether the run serves workers.
func (o *Options) Enabled() bool { return o.Serve != "" || o.NATS != "" }

// Check checks the flags together; the error names them.
func (o *Options) Check() error {
	switch {
	case o.Serve != "" && o.NATS != "":
		return errors.New("--serve and --nats: give one (serve an embedded server, or use an external one)")
	case !o.Enabled() && (o.Creds != "" || o.CA != "" || o.TLSCert != "" || o.TLSKey != "" || o.Insecure || o.BatchPairs != 0 ||
		o.Queue.AckWait != 0 || o.Queue.MaxDeliver != 0):
		return errors.New("--creds, --ca, --tls-cert, --tls-key, --insecure, --batch-pairs, --ack-wait and --max-deliver need --serve or --nats")
	case o.Queue.AckWait < 0 || o.Queue.AckWait > 0 && o.Queue.AckWait < time.Second:
		return fmt.Errorf("--ack-wait %v: want at least 1s", o.Queue.AckWait)
	case o.Queue.MaxDeliver < 0:
		return fmt.Errorf("--max-deliver %d: want a positive number", o.Queue.MaxDeliver)
	case o.NATS != "" && (o.TLSCert != "" || o.TLSKey != "" || o.Insecure):
		return errors.New("--tls-cert, --tls-key and --insecure configure the embedded server (--serve), not --nats")
	case o.Serve != "" && o.Creds != "":
		return errors.New("--creds signs in to an external server (--nats); the embedded one uses the store's own credential")
	case o.Serve != "" && o.TLSCert == "" && o.TLSKey == "" && !o.Insecure && !remote.Loopback(o.Serve):
		return fmt.Errorf("--serve %s listens beyond this machine without TLS: give --tls-cert and --tls-key, or --insecure on a network you trust", o.Serve)
	case o.BatchPairs < 0:
		return fmt.Errorf("--batch-pairs %d: want a positive number", o.BatchPairs)
	case o.Local < 0:
		return fmt.Errorf("--concurrency %d: want 0 (coordinate only) or more", o.Local)
	}
	return nil
}

// ServeDir is the embedded server's directory for a store: JetStream's
// data, the registered workers and the admin credential live beside the
// results they feed.
func ServeDir(dbPath string) string { return dbPath + ".nats" }

// RunToken names a stored run on the server: its id and its store, so
// that two stores sharing a server never share subjects, and a restarted
// coordinator finds its run's results again.
func RunToken(dbPath string, runID int64) string {
	abs, err := filepath.Abs(dbPath)
	if err != nil {
		abs = dbPath
	}
	h := sha256.Sum256([]byte(abs))
	return fmt.Sprintf("run%d-%s", runID, hex.EncodeToString(h[:4]))
}

// Remote is a serving run's side of the network.
type Remote struct {
	Coord *remote.Coordinator
	srv   *remote.Server
	nc    *nats.Conn
	stop  context.CancelFunc
	wg    sync.WaitGroup
	werr  error
}

// Start serves (or dials), starts the coordinator of the run and, with
// Local > 0, a worker of this process that plays with the engines'
// own programs (engines: name → program). late receives results that
// arrive after their play ended.
func Start(ctx context.Context, o Options, dbPath string, runID int64, engines map[string]string, late func(remote.Result)) (*Remote, error) {
	if err := o.Check(); err != nil {
		return nil, err
	}
	r := &Remote{}
	// The programs as this process starts them: the worker in this
	// process checks their digests like any other.
	resolved := map[string]string{}
	for name, cmd := range engines {
		p, err := exec.LookPath(cmd)
		if err == nil {
			p, err = filepath.Abs(p)
		}
		if err != nil {
			return nil, fmt.Errorf("engine %q: %v", name, err)
		}
		resolved[name] = p
	}
	engines = resolved
	var err error
	if o.Serve != "" {
		r.srv, err = remote.Serve(remote.ServerConfig{Listen: o.Serve, Dir: ServeDir(dbPath), TLSCert: o.TLSCert, TLSKey: o.TLSKey, Insecure: o.Insecure})
		if err != nil {
			return nil, err
		}
		r.nc, err = r.srv.Connect("elolab-coordinator")
	} else {
		r.nc, _, err = remote.Dial(remote.ClientConfig{URL: o.NATS, Creds: o.Creds, CA: o.CA, Name: "elolab-coordinator"})
	}
	if err != nil {
		r.Close()
		return nil, err
	}
	logf := func(format string, args ...any) {
		if o.Log != nil {
			fmt.Fprintf(o.Log, "elolab: "+format+"\n", args...)
		}
	}
	r.Coord = &remote.Coordinator{Conn: r.nc, Run: RunToken(dbPath, runID), Version: o.Version, Queue: o.Queue,
		BatchPairs: o.BatchPairs, Engines: engines, Late: late, Logf: logf}
	if err := r.Coord.Start(ctx); err != nil {
		r.Close()
		return nil, err
	}
	if o.Local > 0 {
		wctx, stop := context.WithCancel(context.Background())
		r.stop = stop
		w := &remote.Worker{Conn: r.nc, Name: "coordinator", Version: o.Version, Concurrency: o.Local, CPUs: o.CPUs,
			Cache: filepath.Join(ServeDir(dbPath), "cache"), Engines: engines, Logf: nil}
		r.wg.Go(func() { r.werr = w.Run(wctx) })
	}
	if r.srv != nil && o.Log != nil {
		fmt.Fprintf(o.Log, "Serving workers on %s (credentials: elolab creds add-worker NAME --db %s)\n", r.srv.URL(), dbPath)
	}
	return r, nil
}

// Executor is the run's executor.
func (r *Remote) Executor() work.Executor { return r.Coord }

// Close stops the local worker, the coordinator and the server.
func (r *Remote) Close() {
	if r.stop != nil {
		r.stop()
		r.wg.Wait()
		r.stop = nil
	}
	if r.Coord != nil {
		r.Coord.Close()
	}
	if r.nc != nil {
		r.nc.Close()
	}
	if r.srv != nil {
		r.srv.Close()
	}
}

// Version is the version a coordinator and its workers compare: the
// release, or for a development build its commit (a "dev" build of
// another commit may speak another protocol).
func Version(release string) string {
	if release != "dev" {
		return release
	}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return release
	}
	rev, dirty := "", ""
	for _, s := range info.Settings {
		switch {
		case s.Key == "vcs.revision" && len(s.Value) >= 12:
			rev = s.Value[:12]
		case s.Key == "vcs.modified" && s.Value == "true":
			dirty = "-modified"
		}
	}
	if rev == "" {
		return release
	}
	return release + "+" + rev + dirty
}

// Args are the serving flags as given, for the command that resumes a
// run (its hint names them so that pasting it serves again).
func (o *Options) Args() []string {
	var a []string
	add := func(flag, v string) {
		if v != "" {
			a = append(a, flag, v)
		}
	}
	add("--serve", o.Serve)
	add("--nats", o.NATS)
	add("--creds", o.Creds)
	add("--ca", o.CA)
	add("--tls-cert", o.TLSCert)
	add("--tls-key", o.TLSKey)
	if o.Insecure {
		a = append(a, "--insecure")
	}
	if o.BatchPairs > 0 {
		add("--batch-pairs", strconv.Itoa(o.BatchPairs))
	}
	if o.Queue.AckWait > 0 {
		add("--ack-wait", o.Queue.AckWait.String())
	}
	if o.Queue.MaxDeliver > 0 {
		add("--max-deliver", strconv.Itoa(o.Queue.MaxDeliver))
	}
	return a
}

// Workers lists the live workers of the run's server.
func (r *Remote) Workers(ctx context.Context) ([]remote.Heartbeat, error) {
	js, err := jetstream.New(r.nc)
	if err != nil {
		return nil, err
	}
	return remote.Workers(ctx, js)
}
