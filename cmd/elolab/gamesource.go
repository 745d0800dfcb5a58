package main

import (
	"context"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/elolab/elolab/results/report"
	"github.com/elolab/elolab/results/store"
)

// readGames reads the games a command was given, for the commands that
// take PGN files or a run of a store alike (elolab clock, elolab
// positions): PGN files as its arguments, or with db a run of a results
// store (at most one RUN argument; the newest run without). fromFiles and
// fromRun read them and return the games they skipped, which are listed
// on stderr. A file that cannot be read is a usage error (exit 2); a store
// that fails while it is read, a failure. verb names the command in usage
// errors.
func readGames(cmd *cobra.Command, verb, db string, args []string,
	fromFiles func(files []string) ([]string, error),
	fromRun func(ctx context.Context, st *store.Store, runID int64, name string) ([]string, error)) error {
	var skipped []string
	if db != "" {
		if len(args) > 1 {
			return usageErrorf("%s --db: give at most one RUN", verb)
		}
		st, run, err := openRun(cmd.Context(), db, args)
		if err != nil {
			return err
		}
		defer st.Close()
		if skipped, err = fromRun(cmd.Context(), st, run.ID, fmt.Sprintf("run %d", run.ID)); err != nil {
			return failuref("%v", err)
		}
	} else {
		if len(args) == 0 {
			return usageErrorf("%s: give PGN files, or --db STORE [RUN]", verb)
		}
		var err error
		if skipped, err = fromFiles(args); err != nil {
			return usageErrorf("%v", err)
		}
	}
	if warn := report.SkipWarning(skipped); warn != "" {
		fmt.Fprintln(cmd.ErrOrStderr(), warn)
	}
	return nil
}
