package runs

import (
	"io"
	"time"

	"github.com/elolab/elolab/cmd/elolab/internal/remoterun"
	"github.com/elolab/elolab/cmd/elolab/internal/webrun"
	"github.com/elolab/elolab/results/report"
)

// Options are how a run plays and prints: elolab run's and tune's flags,
// resolved by the command line.
type Options struct {
	Quiet bool
	// Fresh starts a new run even if the experiment is already stored.
	Fresh  bool
	Format report.Format
	// Progress is where the progress bar goes, nil for none.
	Progress io.Writer
	// CPUs are the CPUs the engines are pinned to (--affinity).
	CPUs  []int
	Stall time.Duration
	// Remote serves the run's games to workers when enabled.
	Remote remoterun.Options
	// HTTP serves the live page while the run plays (Addr set).
	HTTP webrun.Options
}

// SentencesOut is where run and tune write their sentences (per-game
// lines, "Resuming run …"): stdout with the text report, stderr when
// stdout carries csv, md or json, so that it holds only that format.
func SentencesOut(stdout, stderr io.Writer, f report.Format) io.Writer {
	if f == report.Text {
		return stdout
	}
	return stderr
}
