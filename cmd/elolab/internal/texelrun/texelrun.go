// Package texelrun is the wiring between elolab's Texel commands and the
// tuner: it reads a Texel run through the experiment loader, which owns
// the schema, hands it to tuner/texel as a plain Config (configs may not
// import tuner, so the two meet here), and runs it with a loading bar.
package texelrun

import (
	"context"
	"io"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"

	"github.com/elolab/elolab/configs/experiment"
	"github.com/elolab/elolab/engine/params"
	"github.com/elolab/elolab/tuner/texel"
)

// IsFile reports whether path holds a Texel run (a Texel configuration or
// a kind texel experiment, see experiment.IsTexel); unreadable files are
// left to the experiment loader to report.
func IsFile(path string) bool {
	data, err := params.ReadYAMLFile(path)
	return err == nil && experiment.IsTexel(data)
}

// Load reads a Texel run (a Texel configuration, or a kind texel
// experiment file) as the tuner's Config.
func Load(file string) (*texel.Config, error) {
	t, err := experiment.LoadTexel(file)
	if err != nil {
		return nil, err
	}
	items := func(sel []experiment.TexelSelector) []texel.Item {
		out := make([]texel.Item, len(sel))
		for i, s := range sel {
			out[i] = texel.Item{Text: s.Text, Pos: s.Pos, Defs: s.Defs, Explicit: s.Explicit}
		}
		return out
	}
	return &texel.Config{
		File: t.File, Data: t.Data, MaxPositions: t.MaxPositions, Holdout: t.Holdout, Seed: t.Seed,
		Start: t.Start, Params: items(t.Params), Exclude: items(t.Exclude), Epochs: t.Epochs,
		LearningRate: t.LearningRate, L2: t.L2, Batch: t.Batch, K: t.K, ScoreWeight: t.ScoreWeight,
		ScoreK: t.ScoreK, Output: t.Output,
		OutputAll: t.OutputAll, Threads: t.Threads,
	}, nil
}

// Run runs cfg with its lines on stdout and warnings on stderr; with bar
// the loading of the data shows as a progress bar on stderr.
func Run(ctx context.Context, cfg *texel.Config, stdout, stderr io.Writer, quiet, bar bool) (*texel.Result, error) {
	hooks := texel.RunHooks{Log: stdout, Warn: stderr, Quiet: quiet}
	var pb *progressbar.ProgressBar
	var mu sync.Mutex
	if bar {
		hooks.LoadBytes = func(total, done int) {
			mu.Lock()
			defer mu.Unlock()
			if pb == nil {
				pb = progressbar.NewOptions(total, progressbar.OptionSetWriter(stderr), progressbar.OptionSetWidth(20),
					progressbar.OptionShowBytes(true), progressbar.OptionSetElapsedTime(true),
					progressbar.OptionThrottle(200*time.Millisecond), progressbar.OptionSetDescription("loading"))
			}
			pb.Set(done)
			if done >= total {
				pb.Clear()
			}
		}
	}
	res, err := texel.Run(ctx, cfg, hooks)
	if pb != nil {
		pb.Clear()
	}
	return res, err
}
