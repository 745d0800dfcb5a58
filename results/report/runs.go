package report

import (
	"context"
	"fmt"

	"github.com/elolab/elolab/results/store"
)

// RunsTable is the listing of elolab runs: a header and one line per run
// of st (state, progress, engines, last update, and LLR and verdict of
// SPRT runs), columns separated by tabs for a tabwriter.
func RunsTable(ctx context.Context, st *store.Store) ([]string, error) {
	runs, err := st.ListRuns(ctx)
	if err != nil {
		return nil, err
	}
	lines := []string{"ID\tNAME\tKIND\tSTATE\tGAMES\tPAIRS\tPARTIAL\tPLANNED\tENGINES\tUPDATED\tLLR\tVERDICT"}
	for _, r := range runs {
		planned := "-"
		if r.PlannedPairs > 0 {
			planned = fmt.Sprint(r.PlannedPairs)
		}
		llr, verdict, err := RunVerdict(ctx, st, r.ID)
		if err != nil {
			return nil, err
		}
		lines = append(lines, fmt.Sprintf("%d\t%s\t%s\t%s\t%d\t%d\t%d\t%s\t%d\t%s\t%s\t%s", r.ID, r.Name, r.Kind, r.State,
			r.Games, r.CompletePairs, r.PartialPairs, planned, len(r.Engines), r.Updated.Local().Format("2006-01-02 15:04"), llr, verdict))
	}
	return lines, nil
}

// RunVerdict is the LLR and verdict columns of a run: "-" for a run
// without an SPRT.
func RunVerdict(ctx context.Context, st *store.Store, id int64) (llr, verdict string, err error) {
	run, err := st.GetRun(ctx, id)
	if err != nil {
		return "", "", err
	}
	s, ok, err := RunSPRT(ctx, st, run)
	if err != nil || !ok {
		return "-", "-", err
	}
	return fmt.Sprintf("%.2f", s.LLR), s.Verdict.String(), nil
}
