package remoterun

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/elolab/elolab/results/store"
)

// AddFlags registers the serving flags of elolab run and elolab tune.
func AddFlags(fl *pflag.FlagSet, o *Options) {
	fl.StringVar(&o.Serve, "serve", "", "serve the run's games to workers: start the embedded NATS server on HOST:PORT (127.0.0.1:4222; beyond loopback only with --tls-cert/--tls-key or --insecure)")
	fl.StringVar(&o.NATS, "nats", "", "serve the run's games to workers through an external NATS server (nats://host:4222)")
	fl.StringVar(&o.Creds, "creds", "", "credential for --nats (a NATS .creds file or an elolab credential)")
	fl.StringVar(&o.CA, "ca", "", "PEM certificate authority that signed the --nats server's certificate")
	fl.StringVar(&o.TLSCert, "tls-cert", "", "PEM certificate of the embedded server (--serve)")
	fl.StringVar(&o.TLSKey, "tls-key", "", "PEM key of --tls-cert")
	fl.BoolVar(&o.Insecure, "insecure", false, "let --serve listen beyond loopback without TLS (a network you trust)")
	fl.IntVar(&o.BatchPairs, "batch-pairs", 0, "game pairs per batch sent to a worker (default: about three minutes of play)")
	fl.DurationVar(&o.Queue.AckWait, "ack-wait", 0, "how long a worker may go silent on a batch before another worker gets it (default 1m; workers confirm progress every quarter of it)")
	fl.IntVar(&o.Queue.MaxDeliver, "max-deliver", 0, "deliveries of a batch before the run fails with the workers' last reason (default 5)")
}

// Commands are the constructors of elolab worker, elolab creds and elolab
// workers (each call a fresh command, with fresh flag values); wrap turns
// their errors into exit codes.
func Commands(version string, wrap func(error) error) []func() *cobra.Command {
	return []func() *cobra.Command{
		func() *cobra.Command { return workerCmd(version, wrap) },
		func() *cobra.Command { return credsCmd(wrap) },
		func() *cobra.Command { return workersCmd(wrap) },
	}
}

func workerCmd(version string, wrap func(error) error) *cobra.Command {
	o := WorkerOptions{Version: version}
	cmd := &cobra.Command{
		Use:   "worker",
		Short: "play game pairs for a coordinator (elolab run --serve) on this machine",
		Long: `Connect to a coordinator's NATS server and play the batches of game pairs it
queues, with the same pair pool as a local run: engine processes reused
across games, restarted after crashes, pinned to CPUs. Each finished pair is
published as soon as it ends. The engines are the coordinator's own
binaries, downloaded once into --cache and run only if their SHA-256 is the
one the run names (--engine NAME=PATH uses a binary of this machine instead,
under the same check). Every machine must share the coordinator's OS and
architecture. Ctrl-C hands the current batch back to the queue at once.
Exit codes: 0 stopped by Ctrl-C, 1 refused to go on (another elolab version
serves, a binary's digest differs), 2 bad flags, unreachable server or
refused credential.`,
		Example: `  elolab worker --server nats://lab.example:4222 --creds w1.creds --concurrency 8
  elolab worker --server tls://lab.example:4222 --ca lab-ca.pem --creds w1.creds`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			return wrap(Worker(ctx, cmd.ErrOrStderr(), o))
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&o.Server, "server", "", "the coordinator's server (nats://host:4222, tls://host:4222)")
	fl.StringVar(&o.Creds, "creds", "", "this worker's credential (elolab creds add-worker NAME)")
	fl.StringVar(&o.CA, "ca", "", "PEM certificate authority of the server's TLS certificate (a self-signed one)")
	fl.StringVar(&o.Name, "name", "", "worker name with a NATS .creds file (an elolab credential carries its own)")
	fl.IntVar(&o.Concurrency, "concurrency", 0, "games played at once (default: the number of CPUs)")
	fl.StringVar(&o.Cache, "cache", "", "directory of downloaded engine binaries (default: the user cache directory)")
	fl.StringArrayVar(&o.Engines, "engine", nil, "NAME=PATH: run this machine's binary for engine NAME (its digest must be the run's)")
	fl.StringVar(&o.Affinity, "affinity", "on", "pin each game's engines to its own share of the CPUs: on, off, or a CPU list")
	return cmd
}

func credsCmd(wrap func(error) error) *cobra.Command {
	db := store.DefaultFile
	out := ""
	cmd := &cobra.Command{
		Use:   "creds",
		Short: "add, remove and list worker credentials of a store's server",
		Long: `One credential per worker (an nkey: the worker keeps the secret, the server
only its public key, in DB.nats/workers.json). A worker may pull batches,
publish results, write its own heartbeat and download engine binaries —
nothing else. Removing a worker disconnects it within seconds.`,
		Args: cobra.NoArgs,
	}
	cmd.PersistentFlags().StringVar(&db, "db", db, "the results store the coordinator serves (elolab run --db)")
	add := &cobra.Command{Use: "add-worker NAME", Short: "make a credential for a new worker", Args: cobra.ExactArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			return wrap(AddWorker(c.OutOrStdout(), db, args[0], out))
		}}
	add.Flags().StringVarP(&out, "output", "o", "", "credential file (default NAME.creds)")
	rm := &cobra.Command{Use: "remove-worker NAME", Short: "revoke a worker's credential", Args: cobra.ExactArgs(1),
		RunE: func(c *cobra.Command, args []string) error { return wrap(RemoveWorker(c.OutOrStdout(), db, args[0])) }}
	ls := &cobra.Command{Use: "list", Short: "list the registered workers", Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error { return wrap(ListCreds(c.OutOrStdout(), db)) }}
	cmd.AddCommand(add, rm, ls)
	return cmd
}

func workersCmd(wrap func(error) error) *cobra.Command {
	var db, server, creds, ca string
	cmd := &cobra.Command{
		Use:   "workers",
		Short: "list the live workers of a store's server (or of --server)",
		Args:  cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			return wrap(Workers(c.Context(), c.OutOrStdout(), db, server, creds, ca))
		},
	}
	cmd.Flags().StringVar(&db, "db", store.DefaultFile, "the results store whose coordinator serves")
	cmd.Flags().StringVar(&server, "server", "", "an external NATS server instead (with --creds)")
	cmd.Flags().StringVar(&creds, "creds", "", "credential for --server")
	cmd.Flags().StringVar(&ca, "ca", "", "PEM certificate authority of the server's TLS certificate")
	return cmd
}
