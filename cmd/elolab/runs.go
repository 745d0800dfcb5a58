package main

import (
	"context"
	"errors"
	"io"

	"github.com/elolab/elolab/cmd/elolab/internal/runs"
	"github.com/elolab/elolab/cmd/elolab/internal/session"
	"github.com/elolab/elolab/configs/experiment"
	"github.com/elolab/elolab/match/game"
	"github.com/elolab/elolab/match/player"
	"github.com/elolab/elolab/match/tournament"
	"github.com/elolab/elolab/results/report"
	"github.com/elolab/elolab/results/store"
)

// The names elolab tune, check and match share with run; the code is in
// internal/runs.

// sprtPairCap bounds an SPRT without sprt.max_pairs (session.SPRTPairCap).
const sprtPairCap = session.SPRTPairCap

func storePath(flag string, x *experiment.Experiment) string     { return runs.StorePath(flag, x) }
func engineConfigOf(e *experiment.Engine) player.Config          { return runs.EngineConfig(e) }
func storeEngine(e *experiment.Engine) store.Engine              { return runs.StoreEngine(e) }
func adjudicationOf(a experiment.Adjudication) game.Adjudication { return runs.Adjudication(a) }
func sentencesOut(stdout, stderr io.Writer, f report.Format) io.Writer {
	return runs.SentencesOut(stdout, stderr, f)
}

// storedRun describes a run of the results store to create or resume
// (runs.Spec, as elolab tune fills it).
type storedRun struct {
	name, kind, config, hash, summary string
	plannedPairs                      int
	seed                              int64
	sprt                              *store.SPRTConfig
	engines                           []store.Engine
	resumeHint                        string // the command that resumes it
}

// playStoredRun plays spec as runs.Play does. It closes players.
func playStoredRun(ctx context.Context, stdout, stderr io.Writer, st *store.Store, dbPath string, spec storedRun,
	tcfg tournament.Config, players []player.Player, f runFlags) error {
	defer closeAll(players)
	o, err := f.options(stderr)
	if err != nil {
		return err
	}
	rs := runs.Spec{Name: spec.name, Kind: spec.kind, Config: spec.config, Hash: spec.hash, Summary: spec.summary,
		PlannedPairs: spec.plannedPairs, Seed: spec.seed, SPRT: spec.sprt, Engines: spec.engines, ResumeHint: spec.resumeHint}
	return exitOf(runs.Play(ctx, stdout, stderr, st, dbPath, rs, tcfg, players, o))
}

// options are the flags as internal/runs takes them.
func (f runFlags) options(stderr io.Writer) (runs.Options, error) {
	rf, err := report.ParseFormat(f.format)
	if err != nil {
		return runs.Options{}, usageErrorf("--format: %v", err)
	}
	o := runs.Options{Quiet: f.quiet, Fresh: f.fresh, Format: rf, CPUs: f.cpus, Stall: f.stall}
	if f.progress == "on" || f.progress == "auto" && isTerminal(stderr) {
		o.Progress = stderr
	}
	return o, nil
}

// exitOf gives an error of the orchestration packages (internal/runs,
// internal/matchrun: a *session.Error) its exit code.
func exitOf(err error) error {
	var re *session.Error
	if !errors.As(err, &re) {
		return err
	}
	if re.Usage {
		return &exitError{code: exitUsage, err: re.Err}
	}
	return &exitError{code: exitFailure, err: re.Err}
}
