package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/elolab/elolab/configs/experiment"
	"github.com/elolab/elolab/results/report"
	"github.com/elolab/elolab/results/store"
)

// runIdentity is the hash that recognises an experiment's run in the
// store: experiment.Hash without the pair count (pairs:, and an SPRT's
// max_pairs), so that raising it continues the run instead of starting
// another one. legacy is the hash stores written before kept (with the
// pair count): their runs are still found.
func runIdentity(x *experiment.Experiment) (id, legacy string) {
	y := *x
	y.Pairs = 0
	if x.SPRT != nil {
		s := *x.SPRT
		s.MaxPairs = 0
		y.SPRT = &s
	}
	return y.Hash(), x.Hash()
}

// replanRun decides what to do with the stored run of an experiment whose
// pair count may have changed. It returns true when the run is to be
// played (resumed, or extended to more pairs), false when there is
// nothing to play (finished, or already past the new pair count): the
// caller prints its report. msg gets the sentences.
func replanRun(ctx context.Context, msg io.Writer, st *store.Store, dbPath string, run *store.Run, spec storedRun) (bool, error) {
	p, err := st.Progress(ctx, run.ID)
	if err != nil {
		return false, err
	}
	last := 0 // one past the highest complete pair
	for _, k := range p.Complete {
		last = max(last, k+1)
	}
	if spec.plannedPairs > 0 && last > spec.plannedPairs {
		fmt.Fprintf(msg, "Run %d (%s) in %s already has %d complete pairs, past the %d pairs now asked for: nothing to play; its report:\n\n",
			run.ID, run.Name, dbPath, len(p.Complete), spec.plannedPairs)
		return false, nil
	}
	if run.PlannedPairs == spec.plannedPairs {
		if run.State == store.Finished {
			fmt.Fprintf(msg, "Run %d (%s) is finished in %s; its report (--fresh plays it again):\n\n", run.ID, run.Name, dbPath)
			return false, nil
		}
		return true, nil
	}
	// An SPRT that ended on a verdict (before its pair cap) is over
	// whatever the cap: only one stopped by the cap continues.
	if run.State == store.Finished && spec.sprt != nil && (run.PlannedPairs == 0 || len(p.Complete) < run.PlannedPairs) {
		fmt.Fprintf(msg, "Run %d (%s) is finished in %s with an SPRT verdict; its report (--fresh plays it again):\n\n", run.ID, run.Name, dbPath)
		return false, nil
	}
	if err := st.Replan(ctx, run.ID, spec.plannedPairs, spec.config); err != nil {
		return false, err
	}
	fmt.Fprintf(msg, "Run %d (%s): %s changed from %s to %s; continuing it in %s\n", run.ID, run.Name,
		pairsField(spec), pairsText(run.PlannedPairs), pairsText(spec.plannedPairs), dbPath)
	run.PlannedPairs = spec.plannedPairs
	return true, nil
}

func pairsField(spec storedRun) string {
	if spec.sprt != nil {
		return "sprt.max_pairs"
	}
	return "pairs"
}

func pairsText(n int) string {
	if n == 0 {
		return "none"
	}
	return fmt.Sprint(n)
}

// configChange names the newest run of this name, if any, and the first
// line where its configuration differs from config: the new run started
// instead of continuing it is announced, not silent.
func configChange(ctx context.Context, st *store.Store, name, config string) (prev *store.Run, diff string) {
	prev, err := st.LookupRun(ctx, name)
	if err != nil || prev.Name != name {
		return nil, ""
	}
	a, b := strings.Split(prev.Config, "\n"), strings.Split(config, "\n")
	for i := 0; i < max(len(a), len(b)); i++ {
		var x, y string
		if i < len(a) {
			x = strings.TrimSpace(a[i])
		}
		if i < len(b) {
			y = strings.TrimSpace(b[i])
		}
		if x != y {
			return prev, fmt.Sprintf("line %d: %q is now %q", i+1, x, y)
		}
	}
	return prev, "the same text: the engines, book or defaults it resolves to changed"
}

// sentencesOut is where run and tune write their sentences (per-game
// lines, "Resuming run …"): stdout with the text report, stderr when
// stdout carries csv, md or json, so that it holds only that format.
func sentencesOut(stdout, stderr io.Writer, f report.Format) io.Writer {
	if f == report.Text {
		return stdout
	}
	return stderr
}

// runVerdict is the LLR and verdict columns of elolab runs: "-" for a run
// without an SPRT.
func runVerdict(ctx context.Context, st *store.Store, id int64) (llr, verdict string, err error) {
	run, err := st.GetRun(ctx, id)
	if err != nil {
		return "", "", err
	}
	s, ok, err := report.RunSPRT(ctx, st, run)
	if err != nil || !ok {
		return "-", "-", err
	}
	return fmt.Sprintf("%.2f", s.LLR), s.Verdict.String(), nil
}
