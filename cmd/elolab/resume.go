package main

import (
	"strconv"
	"time"

	"github.com/elolab/elolab/cmd/elolab/internal/runs"
	"github.com/elolab/elolab/match/game"
)

// resumeCommand is the command that resumes a run, quoted for a shell
// (runs.Command: every hint of run, tune and match).
func resumeCommand(args ...string) string { return runs.Command(args...) }

// runResumeArgs are the arguments of "elolab run|tune FILE" that continue
// the run they describe: the file, the store actually used (--db, also
// when it came from the file's db: or the default, so that a later change
// of directory or file cannot send the resume to another store) and the
// flags given that change how it plays or prints. --fresh is left out:
// with it the resume would start another run.
func runResumeArgs(sub, path, dbPath string, f runFlags, extra ...string) []string {
	a := []string{sub, path, "--db", dbPath}
	if f.concurrency > 0 || f.concurrencySet && f.remote.Enabled() {
		a = append(a, "--concurrency", strconv.Itoa(f.concurrency))
	}
	a = append(a, f.remote.Args()...)
	if f.quiet {
		a = append(a, "--quiet")
	}
	if f.format != "" && f.format != "text" {
		a = append(a, "--format", f.format)
	}
	if f.progress != "" && f.progress != "auto" {
		a = append(a, "--progress", f.progress)
	}
	if f.stall > 0 && f.stall != game.DefaultStallTimeout {
		a = append(a, "--stall", f.stall.Round(time.Millisecond).String())
	}
	if f.affinity != "" && f.affinity != "on" {
		a = append(a, "--affinity", f.affinity)
	}
	return append(a, extra...)
}

// tuneResumeCommand resumes "elolab tune": runResumeArgs and --no-verify
// when given.
func tuneResumeCommand(path, dbPath string, f tuneFlags) string {
	var extra []string
	if f.noVerify {
		extra = append(extra, "--no-verify")
	}
	return resumeCommand(runResumeArgs("tune", path, dbPath, f.runFlags, extra...)...)
}
