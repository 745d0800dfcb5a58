package remoterun

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"text/tabwriter"
	"time"

	"github.com/elolab/elolab/cmd/elolab/internal/session"
	"github.com/elolab/elolab/match/remote"
)

// AddWorker is elolab creds add-worker: a credential for worker name of
// the store's server, written to out (default NAME.creds).
func AddWorker(stdout io.Writer, dbPath, name, out string) error {
	if out == "" {
		out = name + ".creds"
	}
	if err := remote.AddWorker(ServeDir(dbPath), name, out); err != nil {
		return session.Usagef("creds add-worker: %v", err)
	}
	fmt.Fprintf(stdout, "Worker %s registered in %s; its credential is %s (keep it secret, copy it to the worker's machine):\n  elolab worker --server nats://COORDINATOR:PORT --creds %s\n",
		name, ServeDir(dbPath), out, filepath.Base(out))
	return nil
}

// RemoveWorker is elolab creds remove-worker: the credential stops
// working within seconds on a serving coordinator.
func RemoveWorker(stdout io.Writer, dbPath, name string) error {
	if err := remote.RemoveWorker(ServeDir(dbPath), name); err != nil {
		return session.Usagef("creds remove-worker: %v", err)
	}
	fmt.Fprintf(stdout, "Worker %s removed: its credential no longer connects to %s's server\n", name, dbPath)
	return nil
}

// ListCreds is elolab creds list.
func ListCreds(stdout io.Writer, dbPath string) error {
	rs, err := remote.ReadRegistered(ServeDir(dbPath))
	if err != nil {
		return session.Usagef("creds list: %v", err)
	}
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "WORKER\tADDED\tPUBLIC KEY")
	for _, r := range rs {
		fmt.Fprintf(tw, "%s\t%s\t%s\n", r.Name, r.Added.Format(time.DateTime), r.Key)
	}
	return tw.Flush()
}

// Workers is elolab workers: the live workers of the store's server
// (signed in with its admin credential) or of an external one.
func Workers(ctx context.Context, stdout io.Writer, dbPath, server, creds, ca string) error {
	if server == "" {
		b, err := os.ReadFile(filepath.Join(ServeDir(dbPath), "server.json"))
		if err != nil {
			return session.Usagef("workers: %s has not served workers (no %s): give --server and --creds for an external server",
				dbPath, filepath.Join(ServeDir(dbPath), "server.json"))
		}
		var s struct{ URL string }
		if err := json.Unmarshal(b, &s); err != nil {
			return session.Usagef("workers: %v", err)
		}
		server, creds = s.URL, filepath.Join(ServeDir(dbPath), "admin.creds")
	}
	hs, err := remote.ListWorkers(ctx, remote.ClientConfig{URL: server, Creds: creds, CA: ca, Name: "admin"})
	if err != nil {
		return session.Failuref("workers: %v", err)
	}
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "WORKER\tHOST\tCORES\tSLOTS\tVERSION\tRUN\tBATCH\tGAMES\tGAMES/MIN\tUP")
	for _, h := range hs {
		run, batch := "-", "-"
		if h.Run != "" {
			run, batch = h.Run, fmt.Sprint(h.Job)
		}
		fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t%s\t%s\t%s\t%d\t%.1f\t%s\n", h.Name, h.Host, h.Cores, h.Concurrency, h.Version,
			run, batch, h.Games, h.PerMinute, h.Seen.Sub(h.Started).Truncate(time.Second))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%d live workers on %s\n", len(hs), server)
	return nil
}
