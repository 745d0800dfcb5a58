package tunesession

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/elolab/elolab/cmd/elolab/internal/remoterun"
	"github.com/elolab/elolab/cmd/elolab/internal/runs"
	"github.com/elolab/elolab/cmd/elolab/internal/webrun"
	"github.com/elolab/elolab/match/game"
	"github.com/elolab/elolab/results/web"
	"github.com/elolab/elolab/tuner/spsa"
)

// PlayOptions are elolab tune's settings of a play.
type PlayOptions struct {
	Quiet bool
	// Bar, when set, shows a progress bar there instead of progress lines.
	Bar   io.Writer
	CPUs  []int
	Stall time.Duration
	// Hint is the command that resumes the run, named when play stops.
	Hint string
	// Remote serves the iterations to workers when enabled (the store at
	// DBPath names the run on the server).
	Remote remoterun.Options
	DBPath string
	// HTTP serves the live page while the run plays (Addr set).
	HTTP webrun.Options
}

// remoteChunks is how many chunks of iterations a distributed SPSA keeps
// in play; a chunk is spsa.batch iterations (at least remoteChunkMin).
const remoteChunks, remoteChunkMin = 4, 8

// PlayRest plays the session's remaining iterations of p with the
// progress bar or the progress lines on stdout, marks the run finished
// and prints the speed. Every error is a failure.
func (s *Session) PlayRest(ctx context.Context, stdout io.Writer, p *Prepared, o PlayOptions) error {
	x, sp, tu := p.X, p.X.SPSA, p.Tuner
	c := NewConsole(stdout, o.Quiet, p.Params, sp.Iterations)
	if !tu.Done() && o.Bar != nil {
		c.ShowBar(o.Bar, tu.Iteration())
	}
	s.Subscribe(c.Event)
	start := time.Now()
	startIter := tu.Iteration()
	e := x.Tested[0]
	rc := Runner{Concurrency: x.Concurrency, CPUs: o.CPUs, Batch: sp.Batch,
		Match: spsa.Match{Engine: p.Engine, Limits: e.Limits, Book: p.Book, Options: Options(p.Params),
			Game: game.Config{Adjudication: runs.Adjudication(x.Adjudication), StallTimeout: o.Stall}}}
	var workers web.WorkersSource // the page's, when the run serves workers
	if o.Remote.Enabled() {
		// Both sides run the tuned engine's program.
		engines := map[string]string{spsa.PlusName: p.Engine.Cmd, spsa.MinusName: p.Engine.Cmd}
		r, err := remoterun.Start(ctx, o.Remote, o.DBPath, s.Run.ID, engines, nil)
		if err != nil {
			return fmt.Errorf("serving workers: %v", err)
		}
		defer r.Close()
		rc.Executor, rc.InFlight, rc.Batch = r.Executor(), remoteChunks, max(sp.Batch, remoteChunkMin)
		workers = &webrun.Workers{List: r.Workers}
	}
	if o.HTTP.Addr != "" {
		page, err := webrun.Start(o.HTTP, o.DBPath, nil, workers, stdout)
		if err != nil {
			return err
		}
		defer page.Close()
	}
	runErr := s.Play(ctx, rc)
	if o.Bar != nil {
		c.CloseBar(o.Bar)
	}
	if runErr != nil {
		what := "failed"
		if ctx.Err() != nil {
			what = "interrupted"
		}
		return fmt.Errorf("SPSA %s at iteration %d of %d (checkpoint kept; resume with: %s): %v",
			what, tu.Iteration(), sp.Iterations, o.Hint, runErr)
	}
	if err := s.Finish(); err != nil {
		return err
	}
	if it := tu.Iteration() - startIter; it > 0 && !o.Quiet {
		el := time.Since(start)
		fmt.Fprintf(stdout, "%d iterations (%d games) in %s: %.2f games/s\n", it, 2*it, el.Round(time.Second), float64(2*it)/el.Seconds())
	}
	return nil
}
