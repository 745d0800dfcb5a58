package tunesession

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"

	"github.com/elolab/elolab/configs/experiment"
	"github.com/elolab/elolab/engine/params"
	"github.com/elolab/elolab/tuner/spsa"
)

// csvFile is the CSV of θ per iteration (FORMATS.md): a header, then one
// line per iteration, flushed after every stored batch.
type csvFile struct {
	f *os.File
	w *bufio.Writer
}

// WriteCSV (re)writes the CSV at path with the run's rows so far; the
// rows of every later batch are appended once it is checkpointed.
func (s *Session) WriteCSV(path string) error {
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("output.csv: %w", err)
	}
	c := &csvFile{f: f, w: bufio.NewWriter(f)}
	header := []string{"iteration"}
	for _, p := range s.params {
		header = append(header, p.Name)
	}
	fmt.Fprintln(c.w, strings.Join(append(header, "wins", "draws", "losses"), ","))
	if err := c.append(s.rows); err != nil {
		f.Close()
		return err
	}
	s.csv = c
	return nil
}

func (c *csvFile) append(rows []spsa.Row) error {
	for _, r := range rows {
		writeCSVRow(c.w, r)
	}
	if err := c.w.Flush(); err != nil {
		return fmt.Errorf("output.csv: %w", err)
	}
	return nil
}

func (c *csvFile) close() error { return c.f.Close() }

func writeCSVRow(w io.Writer, r spsa.Row) {
	parts := []string{strconv.Itoa(r.K)}
	for _, v := range r.Theta {
		parts = append(parts, strconv.FormatFloat(v, 'f', 3, 64))
	}
	fmt.Fprintf(w, "%s,%d,%d,%d\n", strings.Join(parts, ","), r.Outcome.Wins, r.Outcome.Draws, r.Outcome.Losses)
}

// Plot draws every parameter's trajectory over the run's rows to path
// (.png or .svg).
func (s *Session) Plot(path string) error {
	iters := make([]int, len(s.rows))
	thetas := make([][]float64, len(s.rows))
	for i, r := range s.rows {
		iters[i], thetas[i] = r.K, r.Theta
	}
	return spsa.PlotTrajectories(path, s.params, iters, thetas)
}

// WriteYAML writes the tuned values: labrat's parameter file (every
// parameter that differs from labrat's defaults: the engine's own changes
// and the tuned values) or, for another engine, its options.
func WriteYAML(path string, e *experiment.Engine, ps []spsa.Param, tuned []float64) error {
	fh, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(fh)
	if err := writeTuned(w, e, ps, tuned); err != nil {
		fh.Close()
		return err
	}
	if err := w.Flush(); err != nil {
		fh.Close()
		return err
	}
	return fh.Close()
}

func writeTuned(w io.Writer, e *experiment.Engine, ps []spsa.Param, tuned []float64) error {
	fmt.Fprintf(w, "# Tuned by elolab tune (SPSA) from %s.\n", e.Name)
	if !e.Labrat {
		for i, p := range ps {
			fmt.Fprintf(w, "%q: %d\n", p.Name, int64(tuned[i]))
		}
		return nil
	}
	v := params.NewValues()
	if e.Params != nil {
		v = e.Params.Clone()
	}
	for i, p := range ps {
		d, ok := params.Lookup(p.Name)
		if !ok {
			return fmt.Errorf("%s is not a labrat parameter", p.Name)
		}
		if err := v.SetInt(d, int(tuned[i])); err != nil {
			return err
		}
	}
	return v.WriteYAML(w, false)
}

// TunedYAML is the text WriteYAML writes, for the live page's "copy the
// tuned values".
func TunedYAML(e *experiment.Engine, ps []spsa.Param, tuned []float64) (string, error) {
	// The page hands θ as it stands: rounded as the tuner rounds its
	// result, not truncated.
	r := make([]float64, len(tuned))
	for i, v := range tuned {
		r[i] = math.Round(v)
	}
	var b strings.Builder
	if err := writeTuned(&b, e, ps, r); err != nil {
		return "", err
	}
	return b.String(), nil
}
