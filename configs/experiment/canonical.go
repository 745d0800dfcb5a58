package experiment

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"

	"github.com/elolab/elolab/match/tc"
)

// Canonical returns the resolved experiment as YAML in a fixed key order:
// defaults filled in, extends: chains flattened (each labrat variant lists
// every parameter that differs from labrat's defaults), options sorted. Two
// files that mean the same experiment have the same canonical text, whatever
// their key order, spelling (nested or dotted parameters) or defaults left
// out. Canonical text is a valid experiment file.
func (x *Experiment) Canonical() string {
	return x.canonical(true)
}

// Hash is a stable hash (hex SHA-256) of what decides which games are played
// and how: kind, engines and their commands, options, parameters and limits,
// book, seed, pairs, SPRT and adjudication. It leaves out where results go
// (db, pgnout), the name and the concurrency, so that a run may be resumed
// with more or fewer workers. The runner uses it to recognise a run to
// resume.
func (x *Experiment) Hash() string {
	sum := sha256.Sum256([]byte("elolab experiment v1\n" + x.canonical(false)))
	return hex.EncodeToString(sum[:])
}

type yw struct{ b strings.Builder }

func (w *yw) line(indent int, format string, args ...any) {
	w.b.WriteString(strings.Repeat("  ", indent))
	fmt.Fprintf(&w.b, format, args...)
	w.b.WriteByte('\n')
}

// q quotes a string for YAML, always (so that "on", "1" and "a: b" stay strings).
func q(s string) string { return strconv.Quote(s) }

func (x *Experiment) canonical(all bool) string {
	w := &yw{}
	if all {
		w.line(0, "name: %s", q(x.Name))
	}
	w.line(0, "kind: %s", x.Kind)
	if x.Texel != nil {
		x.Texel.canonical(w)
		return w.b.String()
	}
	writeLimits(w, 0, x.Limits)
	w.line(0, "book:")
	w.line(1, "file: %s", q(x.Book.File))
	if x.Book.Format != "" {
		w.line(1, "format: %s", x.Book.Format)
	}
	order := x.Book.Order
	if order == "" {
		order = "sequential"
	}
	w.line(1, "order: %s", order)
	w.line(1, "plies: %d", x.Book.Plies)
	start := x.Book.Start
	if start == 0 {
		start = 1
	}
	w.line(1, "start: %d", start)
	w.line(0, "seed: %d", x.Seed)
	if all {
		w.line(0, "concurrency: %d", x.Concurrency)
	}
	if x.Kind != KindSPRT && x.Kind != KindSPSA {
		w.line(0, "pairs: %d", x.Pairs)
	}
	if x.SPRT != nil {
		t := x.SPRT.Test
		w.line(0, "sprt:")
		w.line(1, "elo0: %s", fnum(t.Elo0))
		w.line(1, "elo1: %s", fnum(t.Elo1))
		w.line(1, "alpha: %s", fnum(t.Alpha))
		w.line(1, "beta: %s", fnum(t.Beta))
		w.line(1, "model: %s", t.Model)
		w.line(1, "max_pairs: %d", x.SPRT.MaxPairs)
	}
	a := x.Adjudication
	if a.Draw != nil || a.Resign != nil || a.MaxMoves > 0 {
		w.line(0, "adjudication:")
		if a.Draw != nil {
			w.line(1, "draw: {movenumber: %d, movecount: %d, score: %d}", a.Draw.MoveNumber, a.Draw.MoveCount, a.Draw.Score)
		}
		if a.Resign != nil {
			w.line(1, "resign: {movecount: %d, score: %d, twosided: %v}", a.Resign.MoveCount, a.Resign.Score, a.Resign.TwoSided)
		}
		if a.MaxMoves > 0 {
			w.line(1, "maxmoves: %d", a.MaxMoves)
		}
	}
	if x.WAC != nil {
		w.line(0, "wac:")
		w.line(1, "file: %s", q(x.WAC.File))
		if l := x.WAC.Limits; l.Nodes > 0 {
			w.line(1, "nodes: %d", l.Nodes)
		}
		if l := x.WAC.Limits; l.Depth > 0 {
			w.line(1, "depth: %d", l.Depth)
		}
		if l := x.WAC.Limits; l.MoveTime > 0 {
			w.line(1, "movetime: %s", q(l.MoveTime.String()))
		}
	}
	if sp := x.SPSA; sp != nil {
		writeSPSA(w, sp, all)
	}
	if all {
		if x.DB != "" {
			w.line(0, "db: %s", q(x.DB))
		}
		if x.PGNOut != "" {
			w.line(0, "pgnout: %s", q(x.PGNOut))
		}
	}
	inLadder := map[*Engine]bool{}
	for _, s := range x.Ladder {
		inLadder[s.Engine] = true
	}
	if x.LabratCmd != DefaultLabratCmd {
		w.line(0, "labrat_cmd: %s", q(x.LabratCmd))
	}
	w.line(0, "engines:")
	for _, e := range x.Engines {
		if inLadder[e] {
			continue
		}
		writeEngine(w, e, x.LabratCmd)
	}
	if (x.Kind == KindGauntlet || x.Kind == KindLadder) && len(x.Opponents) > 0 {
		w.line(0, "gauntlet:")
		for _, o := range x.Opponents {
			w.line(1, "- %s", q(o.Name))
		}
	}
	if len(x.Ladder) > 0 {
		w.line(0, "ladder:")
		for i, s := range x.Ladder {
			w.line(1, "- feature: %s", q(s.Feature))
			if s.Category != "" {
				w.line(2, "category: %s", q(s.Category))
			}
			if s.Engine.Name != s.Feature {
				w.line(2, "name: %s", q(s.Engine.Name))
			}
			// The first step is written against labrat's defaults, so
			// that the ladder stands alone.
			changes := s.Added
			if i == 0 {
				changes = s.Engine.Changed
			}
			if len(changes) > 0 {
				w.line(2, "params:")
				for _, o := range changes {
					w.line(3, "%s: %s", o.Name, pval(o.Value))
				}
			}
		}
	}
	return w.b.String()
}

func writeEngine(w *yw, e *Engine, labratCmd string) {
	w.line(1, "- name: %s", q(e.Name))
	if e.Labrat {
		w.line(2, "labrat: true")
	}
	if !e.Labrat || e.Cmd != labratCmd {
		w.line(2, "cmd: %s", q(e.Cmd))
	}
	if len(e.Args) > 0 {
		parts := make([]string, len(e.Args))
		for i, a := range e.Args {
			parts[i] = q(a)
		}
		w.line(2, "args: [%s]", strings.Join(parts, ", "))
	}
	if e.Dir != "" {
		w.line(2, "dir: %s", q(e.Dir))
	}
	w.line(2, "proto: %s", e.Proto)
	writeLimits(w, 2, e.Limits)
	if len(e.Options) > 0 {
		w.line(2, "options:")
		for _, o := range e.Options {
			w.line(3, "%s: %s", q(o.Name), q(o.Value))
		}
	}
	if len(e.Changed) > 0 {
		w.line(2, "params:")
		for _, o := range e.Changed {
			w.line(3, "%s: %s", o.Name, pval(o.Value))
		}
	}
}

func writeLimits(w *yw, indent int, l tc.Limits) {
	w.line(indent, "tc: %s", q(l.TC.String()))
	if l.Nodes > 0 {
		w.line(indent, "nodes: %d", l.Nodes)
	}
	if l.Depth > 0 {
		w.line(indent, "depth: %d", l.Depth)
	}
	if l.MoveTime > 0 {
		w.line(indent, "movetime: %s", q(l.MoveTime.String()))
	}
	if l.Margin > 0 {
		w.line(indent, "timemargin: %s", q(l.Margin.String()))
	}
}

func fnum(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }

// pval writes a parameter value so that params reads it back: integers and
// booleans bare, choices quoted.
func pval(s string) string {
	if _, err := strconv.ParseInt(s, 10, 64); err == nil || s == "true" || s == "false" {
		return s
	}
	return q(s)
}

func writeSPSA(w *yw, sp *SPSASpec, all bool) {
	w.line(0, "spsa:")
	w.line(1, "iterations: %d", sp.Iterations)
	if sp.Batch > 0 {
		w.line(1, "batch: %d", sp.Batch)
	}
	for _, kv := range []struct {
		k string
		v float64
	}{{"alpha", sp.Alpha}, {"gamma", sp.Gamma}, {"a", sp.A}} {
		if kv.v > 0 {
			w.line(1, "%s: %s", kv.k, fnum(kv.v))
		}
	}
	w.line(1, "params:")
	for _, p := range sp.Params {
		parts := []string{"name: " + q(p.Name)}
		for _, f := range []struct {
			k   string
			has bool
			v   float64
		}{{"value", p.Has.Value || p.Min < p.Max, p.Value}, {"min", p.Has.Min || p.Min < p.Max, p.Min},
			{"max", p.Has.Max || p.Min < p.Max, p.Max}, {"c_end", p.Has.CEnd || p.CEnd > 0, p.CEnd}, {"r_end", p.Has.REnd || p.REnd > 0, p.REnd}} {
			if f.has {
				parts = append(parts, f.k+": "+fnum(f.v))
			}
		}
		w.line(2, "- {%s}", strings.Join(parts, ", "))
	}
	if v := sp.Verify; v != nil {
		t := v.Test
		w.line(1, "verify: {elo0: %s, elo1: %s, alpha: %s, beta: %s, model: %s, max_pairs: %d}",
			fnum(t.Elo0), fnum(t.Elo1), fnum(t.Alpha), fnum(t.Beta), t.Model, v.MaxPairs)
	}
	if o := sp.Output; all && (o.YAML != "" || o.CSV != "" || o.Plot != "") {
		w.line(1, "output:")
		for _, kv := range [][2]string{{"yaml", o.YAML}, {"csv", o.CSV}, {"plot", o.Plot}} {
			if kv[1] != "" {
				w.line(2, "%s: %s", kv[0], q(kv[1]))
			}
		}
	}
}
