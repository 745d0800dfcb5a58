package runs

import (
	"context"
	"io"

	"github.com/elolab/elolab/results/report"
	"github.com/elolab/elolab/results/store"
)

// WriteReport writes the report of a stored run (as elolab report RUN).
func WriteReport(ctx context.Context, w io.Writer, st *store.Store, run *store.Run, f report.Format) error {
	r, err := report.Load(ctx, st, run.ID, report.Options{LadderNewestFirst: true})
	if err != nil {
		return failuref("run %d: report: %v", run.ID, err)
	}
	if err := r.Write(w, f); err != nil {
		return failuref("run %d: report: %v", run.ID, err)
	}
	return nil
}
