package runs

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/elolab/elolab/match/tournament"
	"github.com/elolab/elolab/results/store"
)

// Spec describes a run of the results store to create or resume.
type Spec struct {
	Name, Kind, Config, Hash, Summary string
	LegacyHash                        string // the hash older stores kept, if it differs
	PlannedPairs                      int
	Seed                              int64
	SPRT                              *store.SPRTConfig
	Engines                           []store.Engine
	PGNOut                            string
	ResumeHint                        string // the command that resumes it
	// BeforeCreate may complete the engines before the run is created
	// (a ladder's WAC counts).
	BeforeCreate func(ctx context.Context, es []store.Engine) error
}

// How open found the run.
const (
	runCreated = iota // a new run
	runFound          // a stored run to continue
	runDone           // a stored run with nothing to play: print its report
)

// open finds the experiment's run or creates it.
func open(ctx context.Context, msg, stderr io.Writer, st *store.Store, dbPath string, spec Spec,
	tcfg tournament.Config, o Options) (run *store.Run, how int, err error) {
	var hashes []string
	if spec.LegacyHash != "" && spec.LegacyHash != spec.Hash {
		hashes = append(hashes, spec.LegacyHash)
	}
	run, err = st.FindRun(ctx, spec.Name, spec.Hash, hashes...)
	switch {
	case err == nil && !o.Fresh:
		play, err := replan(ctx, msg, st, dbPath, run, spec)
		if err != nil {
			return nil, 0, failuref("run %d: %v", run.ID, err)
		}
		if !play {
			return run, runDone, nil
		}
		return run, runFound, nil
	case err != nil && !errors.Is(err, store.ErrRunNotFound):
		return nil, 0, failuref("%v", err)
	}
	bookName := ""
	if tcfg.Book != nil {
		bookName = tcfg.Book.Name
	}
	nr := store.NewRun{Name: spec.Name, Kind: spec.Kind, Config: spec.Config, ConfigHash: spec.Hash,
		PlannedPairs: spec.PlannedPairs, Seed: spec.Seed, Book: bookName, SPRT: spec.SPRT,
		Engines: append([]store.Engine(nil), spec.Engines...)}
	prev, diff := configChange(ctx, st, spec.Name, spec.Config)
	if spec.BeforeCreate != nil {
		if err := spec.BeforeCreate(ctx, nr.Engines); err != nil {
			return nil, 0, failuref("%s: %v", spec.Name, err)
		}
	}
	if run, err = st.CreateRun(ctx, nr); err != nil {
		return nil, 0, failuref("--db %s: %v", dbPath, err)
	}
	if prev != nil && !o.Fresh {
		also := ""
		if spec.PGNOut != "" {
			also = fmt.Sprintf(" (%s now holds the games of run %d)", spec.PGNOut, run.ID)
		}
		fmt.Fprintf(stderr, "elolab: config changed since run %d (%s): starting run %d%s\n", prev.ID, diff, run.ID, also)
	}
	return run, runCreated, nil
}

// replan decides what to do with the stored run of an experiment whose
// pair count may have changed. It returns true when the run is to be
// played (resumed, or extended to more pairs), false when there is
// nothing to play (finished, or already past the new pair count): the
// caller prints its report. msg gets the sentences.
func replan(ctx context.Context, msg io.Writer, st *store.Store, dbPath string, run *store.Run, spec Spec) (bool, error) {
	p, err := st.Progress(ctx, run.ID)
	if err != nil {
		return false, err
	}
	last := 0 // one past the highest complete pair
	for _, k := range p.Complete {
		last = max(last, k+1)
	}
	if spec.PlannedPairs > 0 && last > spec.PlannedPairs {
		fmt.Fprintf(msg, "Run %d (%s) in %s already has %d complete pairs, past the %d pairs now asked for: nothing to play; its report:\n\n",
			run.ID, run.Name, dbPath, len(p.Complete), spec.PlannedPairs)
		return false, nil
	}
	if run.PlannedPairs == spec.PlannedPairs {
		if run.State == store.Finished {
			fmt.Fprintf(msg, "Run %d (%s) is finished in %s; its report (--fresh plays it again):\n\n", run.ID, run.Name, dbPath)
			return false, nil
		}
		return true, nil
	}
	// An SPRT that ended on a verdict (before its pair cap) is over
	// whatever the cap: only one stopped by the cap continues.
	if run.State == store.Finished && spec.SPRT != nil && (run.PlannedPairs == 0 || len(p.Complete) < run.PlannedPairs) {
		fmt.Fprintf(msg, "Run %d (%s) is finished in %s with an SPRT verdict; its report (--fresh plays it again):\n\n", run.ID, run.Name, dbPath)
		return false, nil
	}
	if err := st.Replan(ctx, run.ID, spec.PlannedPairs, spec.Config); err != nil {
		return false, err
	}
	fmt.Fprintf(msg, "Run %d (%s): %s changed from %s to %s; continuing it in %s\n", run.ID, run.Name,
		pairsField(spec), pairsText(run.PlannedPairs), pairsText(spec.PlannedPairs), dbPath)
	run.PlannedPairs = spec.PlannedPairs
	return true, nil
}

func pairsField(spec Spec) string {
	if spec.SPRT != nil {
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
