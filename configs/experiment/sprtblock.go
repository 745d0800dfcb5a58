package experiment

import (
	"math"

	"github.com/elolab/elolab/engine/params"
	"github.com/elolab/elolab/sprt"
)

var sprtKeys = []string{"elo0", "elo1", "alpha", "beta", "model", "max_pairs"}

func (l *loader) loadSPRT(top *params.Mapping, kindOK bool) {
	x := l.x
	f := l.kindBlock(top, "sprt", KindSPRT, kindOK, "elo0 and elo1")
	if f == nil {
		return
	}
	x.SPRT = l.parseSPRT(f, "sprt")
}

// parseSPRT reads an SPRT block ({elo0, elo1, alpha, beta, model,
// max_pairs}) at path; nil when it has errors.
func (l *loader) parseSPRT(f *params.Field, path string) *SPRT {
	m := l.Mapping(f.Val, path, sprtKeys)
	if m == nil {
		return nil
	}
	good := true
	var elo0, elo1 float64
	alpha, beta := DefaultAlpha, DefaultBeta
	model, _ := sprt.ParseModel(DefaultModel)
	for _, k := range []string{"elo0", "elo1"} {
		fl := m.Get(k)
		if fl == nil {
			l.Errorf(m.Node, path+"."+k, "missing (the SPRT's %s hypothesis, in Elo)", map[string]string{"elo0": "H0", "elo1": "H1"}[k])
			good = false
			continue
		}
		v, ok := l.Number(fl)
		if ok && math.Abs(v) > 4000 {
			l.Errorf(fl.Val, fl.Path, "%g out of range [-4000..4000]", v)
			ok = false
		}
		good = good && ok
		if k == "elo0" {
			elo0 = v
		} else {
			elo1 = v
		}
	}
	if good && elo0 >= elo1 {
		fl := m.Get("elo1")
		l.Errorf(fl.Val, fl.Path, "elo1 (%g) must be greater than elo0 (%g)", elo1, elo0)
		good = false
	}
	for _, k := range []string{"alpha", "beta"} {
		fl := m.Get(k)
		if fl == nil {
			continue
		}
		v, ok := l.Number(fl)
		if ok && !(v > 0 && v < 1) {
			l.Errorf(fl.Val, fl.Path, "%g out of range: want a probability in (0, 1)", v)
			ok = false
		}
		good = good && ok
		if k == "alpha" {
			alpha = v
		} else {
			beta = v
		}
	}
	if good && alpha+beta >= 1 {
		l.Errorf(m.Node, path, "alpha + beta must be below 1 (got %g + %g)", alpha, beta)
		good = false
	}
	if fl := m.Get("model"); fl != nil {
		if s, ok := l.Str(fl); ok {
			md, err := sprt.ParseModel(s)
			if err != nil {
				l.Errorf(fl.Val, fl.Path, "unknown model %q (want logistic, normalized or bayeselo)%s", s,
					params.DidYouMean(s, []string{"logistic", "normalized", "bayeselo"}))
				good = false
			}
			model = md
		} else {
			good = false
		}
	}
	maxPairs := 0
	if fl := m.Get("max_pairs"); fl != nil {
		n, ok := l.Integer(fl, 0, 1<<30)
		good = good && ok
		maxPairs = int(n)
	}
	if !good {
		return nil
	}
	t, err := sprt.NewTest(model, elo0, elo1, alpha, beta)
	if err != nil {
		l.Errorf(m.Node, path, "%v", err)
		return nil
	}
	return &SPRT{Test: t, MaxPairs: maxPairs}
}
