package tunesession

import (
	"context"
	"fmt"
	"io"

	"github.com/elolab/elolab/cmd/elolab/internal/runs"
	"github.com/elolab/elolab/cmd/elolab/internal/session"
	"github.com/elolab/elolab/match/game"
	"github.com/elolab/elolab/match/tournament"
	"github.com/elolab/elolab/results/store"
)

// Verify plays the tuned values against the start values of p in an
// SPRT, stored in st (at dbPath) and resumable as a run of its own, and
// prints its verdict; hint is the command that resumes it. The report
// goes to stdout in o.Format, the sentences where runs.SentencesOut puts
// them. Errors are *session.Error.
func Verify(ctx context.Context, stdout, stderr io.Writer, st *store.Store, dbPath, hint string, p *Prepared, tuned []float64, o runs.Options) error {
	x := p.X
	say := runs.SentencesOut(stdout, stderr, o.Format)
	if sent, same := Unchanged(p.Params, tuned); same {
		fmt.Fprintf(say, "\nVerification skipped: the tuned values equal the start values as sent to the engine (%s), so the SPRT would play two identical engines.\n", sent)
		return nil
	}
	v, err := PlanVerify(VerifyInput{X: x, Params: p.Params, Tuned: tuned,
		Engine: runs.EngineConfig(x.Tested[0]), Stored: runs.StoreEngine(x.Tested[0]), Rounds: session.SPRTPairCap, CPUs: o.CPUs,
		Game: game.Config{Adjudication: runs.Adjudication(x.Adjudication), StallTimeout: o.Stall}})
	if err != nil {
		return session.Usagef("tune: verify: %v", err)
	}
	tcfg := v.Plan
	players, err := tournament.StartEngines(ctx, &tcfg)
	if err != nil {
		return session.Failuref("tune: verify: %v", err)
	}
	if test := v.Test; !o.Quiet {
		fmt.Fprintf(say, "\nVerification: tuned against start, SPRT %s [%g, %g]\n", test.Model, test.Elo0, test.Elo1)
	}
	// runs.Play owns the players from here: it closes them.
	if err := runs.Play(ctx, stdout, stderr, st, dbPath, v.RunSpec(int64(x.Seed), hint), tcfg, players, o); err != nil {
		return err
	}
	r, s, err := v.Verdict(context.Background(), st)
	if err != nil {
		return session.Failuref("tune: verify: %v", err)
	}
	fmt.Fprint(say, VerdictText(r, s))
	return nil
}
