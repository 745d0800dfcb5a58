package webrun

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	"github.com/spf13/cobra"

	"github.com/elolab/elolab/cmd/elolab/internal/session"
	"github.com/elolab/elolab/results/store"
	"github.com/elolab/elolab/results/web"
)

// Command is elolab serve; wrap turns its errors into exit codes.
func Command(tuning web.TuningSource, wrap func(error) error) *cobra.Command {
	o := Options{Addr: web.DefaultAddr, Tuning: tuning}
	db := store.DefaultFile
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "serve a live page of a results store in the browser (read-only)",
		Long: `Serve a page of every run in a results store — results, LLR path, Elo over
pairs, pentanomial counts, incidents, ratings, SPSA trajectories, games —
that updates as another process (elolab run, tune, match -db) writes to the
store. The store is opened read-only: a store in a read-only directory can be
served. GET and HEAD only: nothing over HTTP starts an engine or writes the
store. 127.0.0.1 by default; another interface only with --http-token.
Exit codes: 0 stopped by Ctrl-C, 1 the address cannot be served (a port in
use), 2 bad flags or a file that is not an elolab store.`,
		Example: `  elolab serve --db elolab.db
  elolab serve --db lab.db --http 0.0.0.0:8080 --http-token "$(openssl rand -hex 16)"`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			return wrap(Serve(ctx, c.OutOrStdout(), o, db))
		},
	}
	cmd.Flags().StringVar(&db, "db", db, "the results store to serve")
	cmd.Flags().StringVar(&o.Addr, "http", o.Addr, "HOST:PORT to serve on")
	cmd.Flags().StringVar(&o.Token, "http-token", "", "token the page requires (needed beyond 127.0.0.1)")
	return cmd
}

// Serve is elolab serve: the page of the store at dbPath until ctx ends.
func Serve(ctx context.Context, out interface{ Write([]byte) (int, error) }, o Options, dbPath string) error {
	if err := o.Check(); err != nil {
		return session.Usagef("serve: %v", err)
	}
	if _, err := os.Stat(dbPath); err != nil {
		return session.Usagef("serve: --db %s: %v", dbPath, err)
	}
	srv, err := web.New(web.Config{DB: dbPath, Addr: o.Addr, Token: o.Token, Tuning: o.Tuning})
	if err != nil {
		return session.Usagef("serve: %v", err)
	}
	defer srv.Close()
	ln, err := srv.Listen()
	if err != nil {
		return session.Failuref("serve: %v", err)
	}
	if out != nil {
		_, _ = out.Write([]byte("Serving " + dbPath + " on " + URL(ln.Addr().String(), o.Token) + " (Ctrl-C stops)\n"))
	}
	if err := srv.Serve(ctx, ln); err != nil && ctx.Err() == nil {
		return session.Failuref("serve: %v", err)
	}
	return nil
}
