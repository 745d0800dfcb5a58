package texel

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"time"

	"github.com/elolab/elolab/engine/params"
	"github.com/elolab/elolab/engine/search"
)

// Every labrat parameter must be registered, so that configurations may
// select and start files may hold the search parameters too, not only the
// evaluation's.
func init() { search.Register() }

// InputError marks a problem with the input (configuration, parameter
// file, data): the run did nothing.
type InputError struct{ Err error }

func (e *InputError) Error() string { return e.Err.Error() }
func (e *InputError) Unwrap() error { return e.Err }

// RunHooks receive a run's progress; nil fields are skipped.
type RunHooks struct {
	Log       io.Writer             // progress lines: loading, K, one line per epoch, the result
	Warn      io.Writer             // warnings (the hold-out error rose); nil: Log
	LoadBytes func(total, done int) // loading progress in bytes
	Epoch     func(e Epoch, of int) // after every epoch
	Quiet     bool                  // no per-epoch lines in Log
}

// Run performs the Texel run described by cfg: it loads the start values
// and the data, tunes, and writes cfg.Output (also when ctx is cancelled
// during tuning, with the last completed epoch's values; Result.Interrupted
// then says so).
func Run(ctx context.Context, cfg *Config, h RunHooks) (*Result, error) {
	logf := func(format string, args ...any) {
		if h.Log != nil {
			fmt.Fprintf(h.Log, format, args...)
		}
	}
	start := params.NewValues()
	if cfg.Start != "" {
		var err error
		if start, err = params.LoadYAMLFile(cfg.Start); err != nil {
			return nil, &InputError{fmt.Errorf("start: %w", err)}
		}
	}
	tuned := cfg.Selected()
	if len(tuned) == 0 {
		return nil, &InputError{fmt.Errorf("%s: params: the selection minus exclude leaves no parameter", cfg.File)}
	}

	total := 0
	for _, f := range cfg.Data {
		st, err := os.Stat(f)
		if err != nil {
			return nil, &InputError{fmt.Errorf("data: %w", err)}
		}
		total += int(st.Size())
	}
	scoreK := cfg.ScoreK
	if cfg.ScoreWeight > 0 {
		labels, err := FitScoreK(cfg.Data, cfg.MaxPositions)
		if err != nil {
			return nil, &InputError{fmt.Errorf("score_weight %g: %w", cfg.ScoreWeight, err)}
		}
		how := "given"
		if scoreK <= 0 {
			scoreK, how = labels.K, "fitted"
		}
		logf("score labels: %d of %d positions; Ks = %.4f (%s; the labels' own fit to the results: Ks %.4f, MSE %.6f); targets (1 - %g)·result + %g·sigmoid(Ks·score)\n",
			labels.Scored, labels.Lines, scoreK, how, labels.K, labels.MSE, cfg.ScoreWeight, cfg.ScoreWeight)
	}
	var done int64
	t0 := time.Now()
	data, err := Load(LoadOptions{Files: cfg.Data, Holdout: cfg.Holdout, Seed: cfg.Seed, Start: start, Tuned: tuned,
		MaxPositions: cfg.MaxPositions, Threads: cfg.Threads, ScoreWeight: cfg.ScoreWeight, ScoreK: scoreK, Progress: func(n int) {
			if h.LoadBytes != nil {
				h.LoadBytes(total, int(atomic.AddInt64(&done, int64(n))))
			}
		}})
	if err != nil {
		return nil, &InputError{err}
	}
	if err := checkOccurrences(cfg, data); err != nil {
		return nil, &InputError{err}
	}
	positions := data.Train.Len() + data.Holdout.Len()
	logf("loaded %d positions (%d training, %d hold-out) from %s in %.1f s: %d weights, %.1f coefficients per position\n",
		positions, data.Train.Len(), data.Holdout.Len(), strings.Join(cfg.Data, ", "), time.Since(t0).Seconds(),
		len(tuned), float64(data.Train.NonZero()+data.Holdout.NonZero())/float64(positions))
	if unused := unusedNames(data); len(unused) > 0 {
		logf("note: %d selected parameters have no coefficient in the data and keep their values: %s\n", len(unused), listNames(unused, 6))
	}
	if cfg.K <= 0 {
		logf("fitting K (golden-section search on the training set)\n")
	}

	res := Tune(ctx, data, Options{Epochs: cfg.Epochs, LearningRate: cfg.LearningRate, L2: cfg.L2, Batch: cfg.Batch, K: cfg.K,
		Seed: cfg.Seed, Threads: cfg.Threads, Epoch: func(e Epoch) {
			if e.N == 0 {
				how := "given"
				if cfg.K <= 0 {
					how = "fitted"
				}
				logf("K = %.4f (%s)\n", e.K, how)
				logf("epoch %6d  train %.6f  holdout %s\n", 0, e.Train, fmtMSE(e.Holdout))
				return
			}
			if !h.Quiet {
				logf("epoch %6d  train %.6f  holdout %s  %.2f s\n", e.N, e.Train, fmtMSE(e.Holdout), e.Elapsed.Seconds())
			}
			if h.Epoch != nil {
				h.Epoch(e, cfg.Epochs)
			}
		}})
	overfit := res.Kept < res.Epochs // only with hold-out positions: see Result.Kept
	if overfit {
		w := h.Warn
		if w == nil {
			w = h.Log
		}
		if w != nil {
			fmt.Fprintf(w, "warning: the hold-out error rose from %.6f at epoch %d to %.6f at epoch %d (over-fitting); writing epoch %d's values\n",
				res.KeptHoldout, res.Kept, res.LastHoldout, res.Epochs, res.Kept)
		}
	}
	values, err := Apply(start, tuned, res)
	if err != nil {
		return res, err
	}
	changed := 0
	for j, d := range tuned {
		if res.Values[j] != start.Get(d) {
			changed++
		}
	}
	var buf bytes.Buffer
	fmt.Fprintf(&buf, "# elolab texel %s: %d training and %d hold-out positions of %s\n",
		cfg.File, data.Train.Len(), data.Holdout.Len(), strings.Join(cfg.Data, ", "))
	if overfit {
		fmt.Fprintf(&buf, "# the values of epoch %d of %d (lowest hold-out error %.6f; %.6f after epoch %d)\n",
			res.Kept, res.Epochs, res.KeptHoldout, res.LastHoldout, res.Epochs)
	}
	if cfg.ScoreWeight > 0 {
		fmt.Fprintf(&buf, "# targets: (1 - %g)·result + %g·sigmoid(Ks·score label), Ks %.4f\n", cfg.ScoreWeight, cfg.ScoreWeight, scoreK)
	}
	fmt.Fprintf(&buf, "# K %.4f, %d epochs%s; MSE train %.6f -> %.6f, hold-out %s -> %s; %d of %d tuned weights changed\n",
		res.K, res.Epochs, map[bool]string{true: " (interrupted)", false: ""}[res.Interrupted],
		res.Start.Train, res.Final.Train, fmtMSE(res.Start.Holdout), fmtMSE(res.Final.Holdout), changed, len(tuned))
	if err := values.WriteYAML(&buf, cfg.OutputAll); err != nil {
		return res, err
	}
	if err := WriteFile(cfg.Output, buf.Bytes()); err != nil {
		return res, err
	}
	logf("final (rounded to integers): train %.6f  holdout %s  (start: train %.6f  holdout %s)\n",
		res.Final.Train, fmtMSE(res.Final.Holdout), res.Start.Train, fmtMSE(res.Start.Holdout))
	if overfit {
		logf("wrote %s: epoch %d's values (lowest hold-out error), %d of %d tuned weights changed\n", cfg.Output, res.Kept, changed, len(tuned))
	} else {
		logf("wrote %s: %d of %d tuned weights changed\n", cfg.Output, changed, len(tuned))
	}
	return res, nil
}

// checkOccurrences refuses parameters named exactly that have no
// coefficient in any position: they are not linear evaluation weights
// (search parameters, the scaling terms) or never occur in the data.
func checkOccurrences(cfg *Config, d *Data) error {
	slot := map[*params.Def]int{}
	for j, def := range d.Tuned {
		slot[def] = j
	}
	var errs []string
	for _, it := range cfg.Params {
		if !it.Explicit {
			continue
		}
		if j, ok := slot[it.Defs[0]]; ok && d.Occurs[j] == 0 {
			errs = append(errs, fmt.Sprintf("%s: params: %s has no coefficient in any position of the data "+
				"(only weights that enter the evaluation linearly can be tuned, and the term must occur)", it.Pos, it.Defs[0].Name))
		}
	}
	if len(errs) > 0 {
		return fmt.Errorf("%s", strings.Join(errs, "\n"))
	}
	return nil
}

func unusedNames(d *Data) []string {
	var out []string
	for j, n := range d.Occurs {
		if n == 0 {
			out = append(out, d.Tuned[j].Name)
		}
	}
	return out
}

func listNames(names []string, most int) string {
	if len(names) <= most {
		return strings.Join(names, ", ")
	}
	return strings.Join(names[:most], ", ") + fmt.Sprintf(", … (%d more)", len(names)-most)
}

func fmtMSE(x float64) string {
	if math.IsNaN(x) {
		return "n/a"
	}
	return fmt.Sprintf("%.6f", x)
}

// WriteFile replaces path atomically (a temporary file renamed), so an
// earlier output is never left half-written: the tuned parameters here,
// and the data files of commands that make Texel inputs (elolab
// positions).
func WriteFile(path string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return os.Rename(tmp.Name(), path)
}
