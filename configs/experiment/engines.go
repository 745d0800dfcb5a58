package experiment

import (
	"fmt"
	"strings"

	"github.com/goccy/go-yaml/ast"

	"github.com/elolab/elolab/engine/params"
	"github.com/elolab/elolab/match/tc"
)

// Keys of an engines: entry and of a ladder: step.
var (
	engineKeys = []string{"name", "cmd", "args", "dir", "proto", "options", "labrat", "extends", "params",
		"tc", "nodes", "depth", "movetime", "timemargin"}
	stepKeys = []string{"feature", "category", "name", "extends", "params"}
)

// rawEngine is an engine (or ladder step) between parsing and resolution.
type rawEngine struct {
	path     string // "engines[2]" or "ladder[3]"
	node     ast.Node
	name     string
	nameNode ast.Node
	m        *params.Mapping // its own keys
	step     bool

	extends     string
	extendsNode ast.Node
	extendsPath string

	state  resolveState
	e      *Engine
	parent *rawEngine // the engine it extends, once resolved

	cmdExplicit bool
	// checkBin: its command is looked up by checkFiles (an explicit cmd:
	// of its own, or inherited from no engine of this file).
	checkBin bool
	// defaultLabrat: it runs labrat_cmd, found by checkFiles.
	defaultLabrat bool
	limitsSet     bool // own tc/nodes/depth/movetime
	limits        tc.Limits
	marginSet     bool
	ok            bool // own fields parsed without error
}

func (l *loader) loadEngines(top *params.Mapping, kindOK bool) {
	x := l.x
	l.byName = map[string]*rawEngine{}
	f := top.Get("engines")
	if f == nil {
		l.Errorf(top.Node, "engines", "missing: list the engines that play")
	} else if items, ok := l.Sequence(f); ok {
		if len(items) == 0 {
			l.Errorf(f.Val, "engines", "empty: list the engines that play")
		}
		for i, it := range items {
			p := fmt.Sprintf("engines[%d]", i)
			m := l.Mapping(it, p, engineKeys)
			if m == nil {
				continue
			}
			r := &rawEngine{path: p, node: it, m: m}
			l.parseEngine(r)
			l.register(r)
		}
	}

	// Ladder steps become labrat engines, each extending the previous.
	ladderField := top.Get("ladder")
	if ladderField != nil && kindOK && x.Kind != KindLadder {
		l.Errorf(ladderField.KeyNode, "ladder", "only kind ladder takes ladder: steps (this is kind %s)", x.Kind)
		ladderField = nil
	}
	var steps []*rawEngine
	var stepInfo [][2]string
	if ladderField != nil {
		if items, ok := l.Sequence(ladderField); ok {
			if len(items) == 0 {
				l.Errorf(ladderField.Val, "ladder", "empty: list the ladder's steps")
			}
			for i, it := range items {
				p := fmt.Sprintf("ladder[%d]", i)
				m := l.Mapping(it, p, stepKeys)
				if m == nil {
					continue
				}
				r := &rawEngine{path: p, node: it, m: m, step: true, ok: true}
				var feature, category string
				if fl := m.Get("feature"); fl == nil {
					l.Errorf(it, p+".feature", "missing: name the feature this step adds")
					r.ok = false
				} else if s, ok := l.Str(fl); ok {
					feature = s
					r.name, r.nameNode = s, fl.Val
				} else {
					r.ok = false
				}
				if fl := m.Get("category"); fl != nil {
					if s, ok := l.Str(fl); ok {
						category = s
					}
				}
				if fl := m.Get("name"); fl != nil {
					if s, ok := l.Str(fl); ok {
						r.name, r.nameNode = s, fl.Val
					}
				}
				if fl := m.Get("extends"); fl != nil {
					if len(steps) > 0 {
						l.Errorf(fl.KeyNode, fl.Path, "only the first ladder step takes extends: (each later step extends the previous one)")
						r.ok = false
					} else if s, ok := l.Str(fl); ok {
						r.extends, r.extendsNode, r.extendsPath = s, fl.Val, fl.Path
					}
				} else if len(steps) > 0 {
					prev := steps[len(steps)-1]
					r.extends, r.extendsNode, r.extendsPath = prev.name, it, p
				}
				if r.name == "" && r.ok {
					l.Errorf(it, p+".feature", "must not be empty")
					r.ok = false
				}
				steps = append(steps, r)
				stepInfo = append(stepInfo, [2]string{feature, category})
				l.register(r)
			}
		}
	}

	// Resolve.
	for _, r := range l.engines {
		l.resolve(r)
	}
	for _, r := range l.engines {
		if r.state == resolved {
			x.Engines = append(x.Engines, r.e)
		}
	}
	// Ladder steps.
	for i, r := range steps {
		if r.state != resolved {
			continue
		}
		st := &Step{Feature: stepInfo[i][0], Category: stepInfo[i][1], Engine: r.e}
		var prev *params.Values
		if i > 0 && steps[i-1].state == resolved {
			prev = steps[i-1].e.Params
		} else if i == 0 {
			prev = l.baseParams(r)
		}
		if prev != nil {
			st.Added = diff(prev, r.e.Params)
			if len(st.Added) == 0 && (i > 0 || r.extends != "") {
				l.Errorf(r.node, r.path, "step %q changes no parameter of the previous one", r.name)
			}
		}
		x.Ladder = append(x.Ladder, st)
	}

	if !kindOK {
		return
	}
	l.checkKind(top, steps)
}

// baseParams is the parameter set the first ladder step extends.
func (l *loader) baseParams(r *rawEngine) *params.Values {
	if r.extends == "" {
		return params.NewValues()
	}
	if p, ok := l.byName[r.extends]; ok && p.state == resolved {
		return p.e.Params
	}
	if v, err := l.paramFile(r, false); err == nil {
		return v
	}
	return nil
}

func diff(a, b *params.Values) []Option {
	var out []Option
	for _, d := range b.Defs() {
		if a.Get(d) != b.Get(d) {
			out = append(out, Option{Name: d.Name, Value: b.Format(d)})
		}
	}
	return out
}

func (l *loader) register(r *rawEngine) {
	if r.name == "" {
		return
	}
	for name, other := range l.byName {
		if strings.EqualFold(name, r.name) {
			line, col := params.NodePos(other.nameNode)
			l.Errorf(r.nameNode, r.path+".name", "duplicate engine name %q (first at line %d:%d)", r.name, line, col)
			r.ok = false
			return
		}
	}
	l.byName[r.name] = r
	l.engines = append(l.engines, r)
}

// parseEngine reads an engines: entry's own keys.
func (l *loader) parseEngine(r *rawEngine) {
	m := r.m
	r.ok = true
	fail := func(ok bool) {
		if !ok {
			r.ok = false
		}
	}
	if f := m.Get("name"); f == nil {
		l.Errorf(r.node, r.path+".name", "missing: every engine needs a name")
		r.ok = false
	} else if s, ok := l.Str(f); ok {
		if strings.TrimSpace(s) == "" || strings.ContainsRune(s, '"') || hasControl(s) {
			l.Errorf(f.Val, f.Path, "bad engine name %q (want a non-empty name without control characters (tabs, newlines) or quotes)", s)
			r.ok = false
		} else {
			r.name, r.nameNode = s, f.Val
		}
	} else {
		r.ok = false
	}
	if f := m.Get("extends"); f != nil {
		s, ok := l.Str(f)
		fail(ok)
		r.extends, r.extendsNode, r.extendsPath = s, f.Val, f.Path
	}
	lim, set, marginSet, ok := l.parseLimits(m)
	fail(ok)
	r.limits, r.limitsSet, r.marginSet = lim, set, marginSet
}

// checkKind checks what each kind needs and fills Tested and Opponents.
func (l *loader) checkKind(top *params.Mapping, steps []*rawEngine) {
	x := l.x
	nEngines := 0
	if f := top.Get("engines"); f != nil {
		if seq, ok := f.Val.(*ast.SequenceNode); ok {
			nEngines = len(seq.Values)
		}
	}
	gf := top.Get("gauntlet")
	if gf != nil && x.Kind != KindGauntlet && x.Kind != KindLadder {
		l.Errorf(gf.KeyNode, "gauntlet", "only kinds gauntlet and ladder take a gauntlet: list (this is kind %s)", x.Kind)
		gf = nil
	}
	var opponents []*Engine
	if gf != nil {
		names, ok := l.StringList(gf)
		seen := map[string]bool{}
		for i, n := range names {
			if !ok {
				break
			}
			p := fmt.Sprintf("gauntlet[%d]", i)
			r, found := l.byName[n]
			items, _ := l.Sequence(gf)
			var node ast.Node = gf.Val
			if i < len(items) {
				node = items[i]
			}
			switch {
			case !found || r.step:
				var cands []string
				for _, e := range l.engines {
					if !e.step {
						cands = append(cands, e.name)
					}
				}
				l.Errorf(node, p, "unknown engine %q (opponents must be listed under engines:)%s", n, params.DidYouMean(n, cands))
			case seen[n]:
				l.Errorf(node, p, "engine %q listed twice", n)
			default:
				seen[n] = true
				if r.state == resolved {
					opponents = append(opponents, r.e)
				}
			}
		}
	}
	switch x.Kind {
	case KindSPSA:
		if nEngines != 1 {
			l.Errorf(top.KeyOr("engines"), "engines", "kind spsa tunes exactly 1 engine (it plays copies of itself), got %d", nEngines)
			return
		}
		x.Tested = x.Engines
	case KindSPRT, KindMatch:
		if nEngines != 2 {
			at := top.Get("engines")
			var n ast.Node = top.Node
			if at != nil {
				n = at.KeyNode
			}
			l.Errorf(n, "engines", "kind %s needs exactly 2 engines (the tested one first, then the baseline), got %d", x.Kind, nEngines)
			return
		}
		if len(x.Engines) == 2 {
			x.Tested, x.Opponents = x.Engines[:1], x.Engines[1:]
		}
	case KindGauntlet:
		if nEngines < 2 {
			l.Errorf(top.KeyOr("engines"), "engines", "kind gauntlet needs at least 2 engines, got %d", nEngines)
			return
		}
		if gf == nil {
			x.Tested, x.Opponents = x.Engines[:min(1, len(x.Engines))], x.Engines[min(1, len(x.Engines)):]
			return
		}
		in := map[*Engine]bool{}
		for _, o := range opponents {
			in[o] = true
		}
		for _, e := range x.Engines {
			if !in[e] {
				x.Tested = append(x.Tested, e)
			}
		}
		x.Opponents = opponents
		if len(x.Tested) == 0 {
			l.Errorf(gf.Val, "gauntlet", "every engine is an opponent: leave at least one engine out of gauntlet: to be tested")
		}
	case KindRoundRobin:
		if nEngines < 2 {
			l.Errorf(top.KeyOr("engines"), "engines", "kind roundrobin needs at least 2 engines, got %d", nEngines)
			return
		}
		x.Tested = x.Engines
	case KindLadder:
		if top.Get("ladder") == nil {
			l.Errorf(top.Node, "ladder", "kind ladder needs ladder: steps ({feature, category, params})")
		}
		if gf == nil {
			l.Errorf(top.Node, "gauntlet", "kind ladder needs a gauntlet: list of opponents (engines every step plays)")
		}
		for _, r := range steps {
			if r.state == resolved {
				x.Tested = append(x.Tested, r.e)
			}
		}
		x.Opponents = opponents
	}
}
