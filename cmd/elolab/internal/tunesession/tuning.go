package tunesession

import (
	"context"
	"fmt"

	"github.com/elolab/elolab/configs/experiment"
	"github.com/elolab/elolab/results/store"
	"github.com/elolab/elolab/results/web"
	"github.com/elolab/elolab/tuner/spsa"
)

// Tuning describes an SPSA run's parameters from the experiment stored
// with it (web.TuningSource). Nothing is started: labrat's parameters
// come from its registry, another engine's from what the file says.
type Tuning struct{}

// SPSA implements web.TuningSource.
func (Tuning) SPSA(_ context.Context, run *store.Run) (*web.SPSASpec, error) {
	x, err := experiment.Parse([]byte(run.Config), fmt.Sprintf("run %d's experiment", run.ID),
		experiment.Options{SkipBinaries: true, SkipBookScan: true})
	if err != nil {
		return nil, err
	}
	if x.SPSA == nil || len(x.Tested) == 0 {
		return nil, fmt.Errorf("run %d is not an SPSA run", run.ID)
	}
	var ps []spsa.Param
	if x.Tested[0].Labrat {
		if ps, err = Params(x, nil); err != nil {
			return nil, err
		}
	} else {
		for _, sp := range x.SPSA.Params {
			ps = append(ps, spsa.Param{Name: sp.Name, Start: sp.Value, Min: sp.Min, Max: sp.Max, CEnd: sp.CEnd, REnd: sp.REnd, Int: true})
		}
	}
	n := x.SPSA.Iterations
	spec := &web.SPSASpec{YAML: func(v []float64) (string, error) { return TunedYAML(x.Tested[0], ps, v) }}
	tu, err := spsa.New(spsa.Config{Params: ps, Iterations: n, Alpha: x.SPSA.Alpha, Gamma: x.SPSA.Gamma, A: x.SPSA.A, Seed: x.Seed})
	for i, p := range ps {
		q := web.SPSAParam{Name: p.Name, Start: p.Start, Min: p.Min, Max: p.Max, CEnd: p.CEnd, REnd: p.REnd}
		if err == nil {
			q.CStart, q.RStart = tu.Schedule(i, 1)
			q.CEnd, q.REnd = tu.Schedule(i, n)
		}
		spec.Params = append(spec.Params, q)
	}
	return spec, nil
}
