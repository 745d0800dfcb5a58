package tunesession

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/elolab/elolab/configs/experiment"
	"github.com/elolab/elolab/match/player"
	"github.com/elolab/elolab/tuner/spsa"
)

// Params resolves the tuned parameters of x's engine: labrat's are
// resolved by the loader; an external engine's come from its spin
// options (opts, as the engine announced them).
func Params(x *experiment.Experiment, opts []player.Option) ([]spsa.Param, error) {
	var out []spsa.Param
	for _, sp := range x.SPSA.Params {
		q := spsa.Param{Name: sp.Name, Start: sp.Value, Min: sp.Min, Max: sp.Max, CEnd: sp.CEnd, REnd: sp.REnd,
			Int: true, DeclaredIn: x.File, Line: sp.Line}
		if !x.Tested[0].Labrat {
			if err := fromOption(&q, x, sp, opts); err != nil {
				return nil, err
			}
		}
		out = append(out, q)
	}
	return out, nil
}

// fromOption completes q from the engine's spin option of that name:
// what the file leaves out (range, start, c_end) comes from the engine.
func fromOption(q *spsa.Param, x *experiment.Experiment, sp experiment.SPSAParam, opts []player.Option) error {
	e := x.Tested[0]
	var opt *player.Option
	var spins []string
	for _, o := range opts {
		if o.Type == "spin" {
			spins = append(spins, o.Name)
		}
		if strings.EqualFold(o.Name, sp.Name) {
			opt = &o
		}
	}
	if opt == nil {
		return fmt.Errorf("%s:%d: spsa.params: %q is not an option of engine %s (its spin options: %s)",
			x.File, sp.Line, sp.Name, e.Name, strings.Join(spins, ", "))
	}
	if opt.Type != "spin" {
		return fmt.Errorf("%s:%d: spsa.params: option %q of %s is a %s, not a spin", x.File, sp.Line, opt.Name, e.Name, opt.Type)
	}
	q.Name = opt.Name
	if !sp.Has.Min {
		q.Min = float64(opt.Min)
	}
	if !sp.Has.Max {
		q.Max = float64(opt.Max)
	}
	if !sp.Has.Value {
		q.Start = float64(opt.Min)
		if v, err := strconv.ParseFloat(optionValue(e, opt.Name, opt.Default), 64); err == nil {
			q.Start = v
		}
	}
	if !sp.Has.CEnd {
		q.CEnd = (q.Max - q.Min) * experiment.DefaultExternalCEndFraction
	}
	if q.Min < float64(opt.Min) || q.Max > float64(opt.Max) {
		return fmt.Errorf("%s:%d: spsa.params: %s: [%g, %g] exceeds the engine's range [%d, %d]",
			x.File, sp.Line, q.Name, q.Min, q.Max, opt.Min, opt.Max)
	}
	return nil
}

// optionValue is the value options: gives the engine, or def.
func optionValue(e *experiment.Engine, name, def string) string {
	for _, o := range e.Options {
		if strings.EqualFold(o.Name, name) {
			return o.Value
		}
	}
	return def
}

// Options renders a parameter vector as the engine's setoption pairs,
// each value rounded to an integer.
func Options(ps []spsa.Param) func([]float64) []player.OptionValue {
	return func(v []float64) []player.OptionValue {
		out := make([]player.OptionValue, len(ps))
		for i, p := range ps {
			out[i] = player.OptionValue{Name: p.Name, Value: strconv.FormatInt(int64(math.Round(v[i])), 10)}
		}
		return out
	}
}

// EngineOptions starts the engine once for the options it announces (an
// external engine's spin options are its tunable parameters; a labrat
// that does not start is caught before any game).
func EngineOptions(ctx context.Context, c player.Config) ([]player.Option, error) {
	probe, err := player.Start(ctx, c)
	if err != nil {
		return nil, err
	}
	defer probe.Close()
	return probe.Options(), nil
}
