// Package runs is elolab run's pipeline from an experiment file to its
// report: the experiment becomes a tournament plan and a stored run, the
// run is claimed, found (resumed, replanned to a new pair count) or
// created (a ladder's steps measured on its suite first), played as an
// internal/session with the console and pgnout subscribed, and ended with
// its report. elolab tune's verification SPRT plays through Play too.
// The command line only resolves flags into Options and errors into exit
// codes.
package runs

import (
	"context"
	"io"

	"github.com/elolab/elolab/cmd/elolab/internal/matchrun"

	"github.com/elolab/elolab/configs/experiment"
	"github.com/elolab/elolab/match/tournament"
	"github.com/elolab/elolab/results/store"
)

// Experiment plays the loaded experiment x (from path) in the store at
// dbPath; hint is the command that resumes it. Bad input — the book, an
// engine — fails before anything is written (a usage Error).
func Experiment(ctx context.Context, stdout, stderr io.Writer, path string, x *experiment.Experiment,
	dbPath, hint string, o Options) error {
	p := PlanOf(x)
	// Inputs first: the book and every engine, so that bad input fails
	// before anything is written.
	tcfg, err := tournamentOf(path, x, p, o)
	if err != nil {
		return err
	}
	players, err := tournament.StartEngines(ctx, &tcfg)
	if err != nil {
		if ctx.Err() != nil {
			return failuref("run: interrupted while starting engines")
		}
		return usagef("run: %s: %v", path, err)
	}
	defer matchrun.CloseAll(players)
	st, err := store.Open(dbPath)
	if err != nil {
		return usagef("run: --db %s: %v", dbPath, err)
	}
	defer st.Close()
	spec := experimentRun(x, p, string(x.Source), tcfg.Total()/2, hint)
	spec.BeforeCreate = measureLadder(SentencesOut(stdout, stderr, o.Format), x, p, o)
	return Play(ctx, stdout, stderr, st, dbPath, spec, tcfg, players, o)
}
