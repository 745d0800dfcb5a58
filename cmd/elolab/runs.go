package main

import (
	"errors"
	"io"

	"github.com/elolab/elolab/cmd/elolab/internal/runs"
	"github.com/elolab/elolab/cmd/elolab/internal/session"
	"github.com/elolab/elolab/cmd/elolab/internal/tunesession"
	"github.com/elolab/elolab/configs/experiment"
	"github.com/elolab/elolab/match/player"
	"github.com/elolab/elolab/results/report"
)

// The names elolab tune and check share with run; the code is in
// internal/runs.

func storePath(flag string, x *experiment.Experiment) string { return runs.StorePath(flag, x) }
func engineConfigOf(e *experiment.Engine) player.Config      { return runs.EngineConfig(e) }

// options are the flags as internal/runs takes them.
func (f runFlags) options(stderr io.Writer) (runs.Options, error) {
	rf, err := report.ParseFormat(f.format)
	if err != nil {
		return runs.Options{}, usageErrorf("--format: %v", err)
	}
	o := runs.Options{Quiet: f.quiet, Fresh: f.fresh, Format: rf, CPUs: f.cpus, Stall: f.stall, HTTP: f.web}
	o.HTTP.Tuning = tunesession.Tuning{}
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
