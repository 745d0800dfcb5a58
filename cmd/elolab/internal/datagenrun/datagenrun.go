// Package datagenrun turns elolab datagen's flags into a datagen run: the
// checks of the flags, the configuration and the progress bar. The command
// keeps the flag table, the output and the exit codes.
package datagenrun

import (
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/schollz/progressbar/v3"

	"github.com/elolab/elolab/engine/params"
	"github.com/elolab/elolab/engine/search"
	"github.com/elolab/elolab/tuner/datagen"
)

// Flags are the values of elolab datagen's flags.
type Flags struct {
	Output      string
	Positions   int
	Games       int
	Nodes       uint64
	Concurrency int
	Seed        uint64
	Book        string
	Params      string
	RandomPlies int
	Sample      float64
	Hash        int
	Quiet       bool
}

// Check checks the flags before anything is read or played; the error
// names the flag at fault.
func (f Flags) Check() error {
	switch {
	case f.Output == "":
		return errors.New("-o FILE is required")
	case f.Positions < 0 || f.Games < 0:
		return errors.New("--positions and --games must not be negative")
	case (f.Positions == 0) == (f.Games == 0):
		return errors.New("give --positions N or --games N (one of the two)")
	case f.Nodes == 0:
		return errors.New("--nodes must be at least 1")
	case f.Concurrency < 0:
		return errors.New("--concurrency must not be negative")
	case f.RandomPlies < 0:
		return errors.New("--random-plies must not be negative")
	case !(f.Sample > 0 && f.Sample <= 1):
		return fmt.Errorf("--sample %v must be in (0, 1]", f.Sample)
	case f.Hash < 1:
		return errors.New("--hash must be at least 1")
	}
	return nil
}

// Config loads --params (errors are bad input) and builds the run's
// configuration.
func (f Flags) Config() (datagen.Config, error) {
	search.Register() // the players are labrat: its parameters, whoever runs this
	p := params.NewValues()
	if f.Params != "" {
		var err error
		if p, err = params.LoadYAMLFile(f.Params); err != nil {
			return datagen.Config{}, fmt.Errorf("--params: %v", err)
		}
	}
	return datagen.Config{Games: f.Games, Positions: f.Positions, Nodes: f.Nodes, Concurrency: f.Concurrency,
		Seed: f.Seed, Book: f.Book, RandomPlies: f.RandomPlies, Params: p, HashMB: f.Hash, Sample: f.Sample}, nil
}

// ShowBar draws a progress bar of games (--games) or positions on w,
// fed by cfg.Progress; the caller clears it when the run returns.
func (f Flags) ShowBar(w io.Writer, cfg *datagen.Config) *progressbar.ProgressBar {
	total, what := f.Positions, "positions"
	if f.Games > 0 {
		total, what = f.Games, "games"
	}
	bar := progressbar.NewOptions(total, progressbar.OptionSetWriter(w), progressbar.OptionSetWidth(20),
		progressbar.OptionShowCount(), progressbar.OptionSetElapsedTime(true), progressbar.OptionSetPredictTime(true),
		progressbar.OptionThrottle(200*time.Millisecond), progressbar.OptionSetDescription(what))
	cfg.Progress = func(pr datagen.Progress) {
		if f.Games > 0 {
			bar.Set(pr.Games)
		} else {
			bar.Set(min(pr.Existing+pr.Positions, total))
		}
	}
	return bar
}
