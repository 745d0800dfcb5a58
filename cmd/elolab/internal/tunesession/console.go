package tunesession

import (
	"fmt"
	"io"
	"strings"

	"github.com/schollz/progressbar/v3"

	"github.com/elolab/elolab/sprt"
	"github.com/elolab/elolab/tuner/spsa"
)

// Console shows the run's progress: the bar's description, or without a
// bar a line every 100 iterations and at the end.
type Console struct {
	out   io.Writer
	bar   *progressbar.ProgressBar
	quiet bool
	ps    []spsa.Param
	n     int // iterations of the run
}

// NewConsole writes progress lines to out (none when quiet) for a run of
// n iterations of ps.
func NewConsole(out io.Writer, quiet bool, ps []spsa.Param, n int) *Console {
	return &Console{out: out, quiet: quiet, ps: ps, n: n}
}

// ShowBar replaces the progress lines by a bar on w, starting at
// iteration done.
func (c *Console) ShowBar(w io.Writer, done int) {
	// No throttle: the bar is redrawn once per batch, and a throttle
	// would drop the redraw of the count that follows the description's,
	// leaving the bar a batch behind its own text.
	c.bar = progressbar.NewOptions(c.n, progressbar.OptionSetWriter(w), progressbar.OptionSetWidth(20),
		progressbar.OptionShowCount(), progressbar.OptionSetElapsedTime(true), progressbar.OptionSetPredictTime(true),
		progressbar.OptionSetDescription("SPSA"))
	c.bar.Set(done)
}

// CloseBar ends the bar, if any, and clears its line on w.
func (c *Console) CloseBar(w io.Writer) {
	if c.bar != nil {
		c.bar.Exit()
		fmt.Fprint(w, "\r\033[K")
	}
}

// Event is the console's subscriber.
func (c *Console) Event(e spsa.Event) error {
	b, ok := e.(spsa.BatchDone)
	if !ok {
		return nil
	}
	st := b.State
	desc := fmt.Sprintf("SPSA %d/%d, +%d =%d -%d, θ %s", st.Iteration, c.n, st.Wins, st.Draws, st.Losses, thetaText(c.ps, st.Theta))
	if c.bar != nil {
		c.bar.Describe(desc)
		c.bar.Set(st.Iteration)
	} else if !c.quiet && (st.Iteration%100 < len(b.Iterations) || st.Iteration == c.n) {
		fmt.Fprintln(c.out, desc)
	}
	return nil
}

func thetaText(ps []spsa.Param, theta []float64) string {
	const show = 3
	var parts []string
	for i, p := range ps {
		if i == show {
			parts = append(parts, fmt.Sprintf("… (%d more)", len(ps)-show))
			break
		}
		parts = append(parts, fmt.Sprintf("%s=%.1f", p.Name, theta[i]))
	}
	return strings.Join(parts, " ")
}

// WriteTable prints every parameter's start, value v (headed what) and
// schedule ends.
func WriteTable(w io.Writer, ps []spsa.Param, v []float64, what string) {
	fmt.Fprintf(w, "  %-36s %10s %10s %10s %8s %8s\n", "parameter", "start", what, "min..max", "c_end", "r_end")
	for i, p := range ps {
		fmt.Fprintf(w, "  %-36s %10g %10.1f %10s %8g %8g\n", p.Name, p.Start, v[i], fmt.Sprintf("%g..%g", p.Min, p.Max), p.CEnd, p.REnd)
	}
}

// WriteOutputs prints the tuned values and writes the outputs of the
// experiment's spsa.output; it returns the tuned values.
func (s *Session) WriteOutputs(stdout io.Writer, spec Spec) ([]float64, error) {
	sp, tu := spec.X.SPSA, s.Tuner
	tuned := tu.Rounded()
	fmt.Fprintf(stdout, "SPSA run %d done: %d iterations, θ+ scored +%d =%d -%d\n", s.Run.ID, tu.Iteration(),
		tu.State().Wins, tu.State().Draws, tu.State().Losses)
	WriteTable(stdout, s.params, tuned, "tuned")
	if o := sp.Output.YAML; o != "" {
		if err := WriteYAML(o, spec.X.Tested[0], s.params, tuned); err != nil {
			return nil, fmt.Errorf("output.yaml: %w", err)
		}
		fmt.Fprintf(stdout, "Wrote %s\n", o)
	}
	if o := sp.Output.CSV; o != "" {
		fmt.Fprintf(stdout, "Wrote %s (%d iterations)\n", o, len(s.Rows()))
	}
	if o := sp.Output.Plot; o != "" && len(s.Rows()) > 0 {
		if err := s.Plot(o); err != nil {
			return nil, err
		}
		fmt.Fprintf(stdout, "Wrote %s\n", o)
	}
	return tuned, nil
}

// VerdictText is the verification's closing sentence.
func VerdictText(r sprt.Results, s sprt.Status) string {
	verdict := "no verdict (max_pairs reached)"
	switch s.Verdict {
	case sprt.AcceptH1:
		verdict = "H1 accepted: the tuned values are stronger"
	case sprt.AcceptH0:
		verdict = "H0 accepted: the tuned values are not stronger"
	}
	return fmt.Sprintf("\nSPSA verification: tuned vs start %s, LLR %.2f (%.2f, %.2f): %s\n", eloText(r), s.LLR, s.Lower, s.Upper, verdict)
}

func eloText(r sprt.Results) string {
	sum := sprt.Summarize(r)
	return sprt.Num("%+.1f", sum.Elo) + " ± " + sprt.Num("%.1f", sum.EloError) + " Elo" // n/a at a 0 % or 100 % score
}

// WriteStart says which run of the store at dbPath is played, new or
// resumed and at which iteration, and the θ it starts from.
func (s *Session) WriteStart(w io.Writer, p *Prepared, dbPath string) {
	if s.Resumed {
		fmt.Fprintf(w, "Resuming SPSA run %d (%s) in %s at iteration %d of %d\n", s.Run.ID, s.Run.Name, dbPath, p.Tuner.Iteration(), p.X.SPSA.Iterations)
	} else {
		fmt.Fprintf(w, "SPSA run %d: %s in %s\n", s.Run.ID, p.X.Summary(), dbPath)
	}
	WriteTable(w, p.Params, p.Tuner.Theta(), "θ now")
}
