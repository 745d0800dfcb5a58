package tunesession

import (
	"context"
	"errors"
	"fmt"

	"github.com/elolab/elolab/cmd/elolab/internal/runs"
	"github.com/elolab/elolab/configs/experiment"
	"github.com/elolab/elolab/match/player"
	"github.com/elolab/elolab/openings"
	"github.com/elolab/elolab/tuner/spsa"
)

// ErrInterrupted is returned by Prepare when ctx ends while the engine is
// asked for its options: a failure, not bad input.
var ErrInterrupted = errors.New("interrupted")

// Prepared is an spsa experiment with everything that can be wrong with
// it — book, engine, parameters — resolved: what the session is built from.
type Prepared struct {
	X      *experiment.Experiment
	Book   *openings.Book
	Engine player.Config // the tuned engine
	Params []spsa.Param
	Tuner  *spsa.Tuner
	Config []byte // the experiment file's text, stored with the run
}

// Prepare resolves x (loaded from path) before any store is opened, so
// bad input leaves no store behind. Errors other than ErrInterrupted are
// bad input.
func Prepare(ctx context.Context, path string, x *experiment.Experiment) (*Prepared, error) {
	p := &Prepared{X: x, Engine: runs.EngineConfig(x.Tested[0])}
	sp := x.SPSA
	var err error
	if p.Book, err = openings.Open(x.Book, sp.Iterations); err != nil {
		return nil, fmt.Errorf("%s: book: %v", path, err)
	}
	opts, err := EngineOptions(ctx, p.Engine)
	if err != nil {
		if ctx.Err() != nil {
			return nil, fmt.Errorf("%w while starting %s", ErrInterrupted, x.Tested[0].Name)
		}
		return nil, fmt.Errorf("%s: engine %q (%s): %v", path, x.Tested[0].Name, p.Engine.Cmd, err)
	}
	if p.Params, err = Params(x, opts); err != nil {
		return nil, err
	}
	p.Tuner, err = spsa.New(spsa.Config{Params: p.Params, Iterations: sp.Iterations, Alpha: sp.Alpha, Gamma: sp.Gamma, A: sp.A, Seed: x.Seed})
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	p.Config = x.Source
	return p, nil
}

// Spec is the session's description of p, stored in the store at dbPath.
func (p *Prepared) Spec(dbPath string) Spec {
	return Spec{X: p.X, Config: p.Config, Book: p.Book.Name, Engine: runs.StoreEngine(p.X.Tested[0]), DBPath: dbPath}
}
