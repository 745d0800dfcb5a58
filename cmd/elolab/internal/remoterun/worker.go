package remoterun

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/elolab/elolab/cmd/elolab/internal/session"
	"github.com/elolab/elolab/match/cli"
	"github.com/elolab/elolab/match/remote"
)

// WorkerOptions are elolab worker's flags.
type WorkerOptions struct {
	Server, Creds, CA, Name string
	Concurrency             int
	Cache                   string
	// Engines are NAME=PATH: a binary of this machine used for engine
	// NAME when its digest is the run's.
	Engines  []string
	Affinity string
	Version  string
}

// Worker is elolab worker: it connects, then plays batches until ctx
// ends (exit 0) or it must stop (exit 1: another version serves, a
// mapped binary's digest differs; exit 2: bad flags or credential).
func Worker(ctx context.Context, stderr io.Writer, o WorkerOptions) error {
	engines := map[string]string{}
	for _, e := range o.Engines {
		name, path, ok := strings.Cut(e, "=")
		if !ok || name == "" || path == "" {
			return session.Usagef("worker: --engine %q: want NAME=PATH", e)
		}
		abs, err := filepath.Abs(path)
		if err == nil {
			_, err = os.Stat(abs)
		}
		if err != nil {
			return session.Usagef("worker: --engine %s: %v", e, err)
		}
		engines[name] = abs
	}
	cpus, err := cli.AffinityCPUs(o.Affinity)
	if err != nil {
		return session.Usagef("worker: --affinity: %v", err)
	}
	if o.Concurrency < 0 {
		return session.Usagef("worker: --concurrency %d: want a positive number", o.Concurrency)
	}
	if o.Concurrency == 0 {
		o.Concurrency = runtime.NumCPU()
	}
	if o.Cache == "" {
		dir, err := os.UserCacheDir()
		if err != nil {
			return session.Usagef("worker: no cache directory (%v): give --cache DIR", err)
		}
		o.Cache = filepath.Join(dir, "elolab", "engines")
	}
	logf := func(format string, args ...any) {
		fmt.Fprintf(stderr, "%s "+format+"\n", append([]any{time.Now().Format("15:04:05")}, args...)...)
	}
	nc, name, err := remote.Dial(remote.ClientConfig{URL: o.Server, Creds: o.Creds, CA: o.CA, Name: o.Name, Logf: logf})
	if err != nil {
		return session.Usagef("worker: %v", err)
	}
	defer nc.Close()
	w := &remote.Worker{Conn: nc, Name: name, Version: o.Version, Concurrency: o.Concurrency, CPUs: cpus,
		Cache: o.Cache, Engines: engines, Logf: logf}
	err = w.Run(ctx)
	var ve *remote.VersionError
	switch {
	case err == nil || ctx.Err() != nil:
		fmt.Fprintf(stderr, "worker %s stopped\n", name)
		return nil
	case errors.As(err, &ve):
		return session.Failuref("worker %s: %v", name, ve)
	}
	return session.Failuref("worker %s: %v", name, err)
}
