package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"text/tabwriter"

	"github.com/elolab/elolab/results/report"
	"github.com/elolab/elolab/results/store"
	"github.com/spf13/cobra"
)

func init() { subcommands = append(subcommands, newRunsCmd, newReportCmd, newExportCmd) }

// storeError gives the errors of report.OpenStore and report.OpenRun
// their exit codes: a store that cannot be opened or a run that does not
// exist is bad input.
func storeError(err error) error {
	var oe *report.OpenError
	switch {
	case errors.As(err, &oe):
		return usageErrorf("--db %v", err)
	case errors.Is(err, store.ErrRunNotFound):
		return usageErrorf("%v", err)
	}
	return failuref("%v", err)
}

// openRun opens the store and finds RUN (args[0], default the newest run);
// the caller closes the store.
func openRun(ctx context.Context, db string, args []string) (*store.Store, *store.Run, error) {
	st, run, err := report.OpenRun(ctx, db, strings.Join(args, ""))
	if err != nil {
		return nil, nil, storeError(err)
	}
	return st, run, nil
}

func newRunsCmd() *cobra.Command {
	var db string
	cmd := &cobra.Command{
		Use:   "runs",
		Short: "list the runs of a results store with their state and progress",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			st, err := report.OpenStore(cmd.Context(), db)
			if err != nil {
				return storeError(err)
			}
			defer st.Close()
			lines, err := report.RunsTable(cmd.Context(), st)
			if err != nil {
				return failuref("%v", err)
			}
			tw := tabwriter.NewWriter(cmd.OutOrStdout(), 0, 0, 2, ' ', 0)
			for _, l := range lines {
				fmt.Fprintln(tw, l)
			}
			return tw.Flush()
		},
	}
	cmd.Flags().StringVar(&db, "db", "", "results store (default ./elolab.db)")
	return cmd
}

func newReportCmd() *cobra.Command {
	var db, format, plot string
	cmd := &cobra.Command{
		Use:   "report [RUN]",
		Short: "print a run's report (fastchess block, rating tables, ladder) as text, csv, md or json",
		Long: "report renders a run from the results store: RUN is a run id or name (default: the newest run).\n" +
			"--plot FILE.png|.svg also draws the LLR trajectory (SPRT runs), a ladder's steps in order with the opponents as lines, or Elo with error bars.",
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			f, err := report.ParseFormat(format)
			if err != nil {
				return usageErrorf("--format: %v", err)
			}
			// A plot format that cannot be drawn is a usage error, found
			// before anything is printed.
			if plot != "" {
				if _, err := report.PlotFormat(plot); err != nil {
					return usageErrorf("--plot: %v", err)
				}
			}
			st, run, err := openRun(cmd.Context(), db, args)
			if err != nil {
				return err
			}
			defer st.Close()
			r, err := report.Load(cmd.Context(), st, run.ID, report.Options{LadderNewestFirst: true})
			if err != nil {
				return failuref("%v", err)
			}
			if err := r.Write(cmd.OutOrStdout(), f); err != nil {
				return failuref("%v", err)
			}
			if plot != "" {
				if err := r.Plot(plot); err != nil {
					return failuref("--plot %s: %v", plot, err)
				}
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&db, "db", "", "results store (default ./elolab.db)")
	cmd.Flags().StringVar(&format, "format", "text", "text, csv, md or json")
	cmd.Flags().StringVar(&plot, "plot", "", "also write a plot to FILE.png or FILE.svg")
	return cmd
}

func newExportCmd() *cobra.Command {
	var db, out string
	cmd := &cobra.Command{
		Use:   "export [RUN]",
		Short: "write every game of a run as PGN",
		Args:  cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			st, run, err := openRun(cmd.Context(), db, args)
			if err != nil {
				return err
			}
			defer st.Close()
			w := cmd.OutOrStdout()
			if out != "" {
				f, err := os.Create(out)
				if err != nil {
					return usageErrorf("-o: %v", err)
				}
				defer f.Close()
				w = f
			}
			n, err := st.ExportPGN(cmd.Context(), run.ID, w)
			if err != nil {
				return failuref("%v", err)
			}
			fmt.Fprintf(cmd.ErrOrStderr(), "%d games of run %d (%s)\n", n, run.ID, run.Name)
			return nil
		},
	}
	cmd.Flags().StringVar(&db, "db", "", "results store (default ./elolab.db)")
	cmd.Flags().StringVarP(&out, "output", "o", "", "write to this file instead of standard output")
	return cmd
}
