package experiment

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"github.com/elolab/elolab/engine/params"
)

// resolveState is where an engine is in resolution. Engines resolve along
// their extends: chains, depth first: meeting an engine that is resolving
// again means the chain is a cycle.
type resolveState int

const (
	unresolved resolveState = iota // parsed, not looked at yet
	resolving                      // on the extends chain being resolved
	resolved                       // built without error
	failed                         // built with errors, or part of a cycle
)

// resolve builds r.e, resolving what it extends first. Its steps: what it
// extends (resolveExtends), what it inherits from that (inherit), then its
// own command, options, labrat parameters and limits. Engine binaries and
// directories are checked later, by checkFiles.
func (l *loader) resolve(r *rawEngine) bool {
	switch r.state {
	case resolving:
		l.Errorf(r.extendsNode, r.extendsPath, "extends cycle: %s", l.cycle(r))
		r.state = failed
		return false
	case resolved:
		return true
	case failed:
		return false
	}
	r.state = resolving
	parent, fileParams, assumeLabrat, ok, stop := l.resolveExtends(r)
	if stop {
		return false
	}
	e := l.inherit(r, parent, fileParams)
	ok = l.engineCommand(r, e, fileParams != nil, assumeLabrat) && ok
	ok = l.engineOptions(r, e) && ok
	if f := r.m.Get("params"); f != nil && e.Labrat {
		ok = l.applyParams(e.Params, f) && ok
	}
	ok = l.engineLimits(r, e) && ok
	// An engine that names no command or directory of its own runs its
	// parent's binary: checkFiles looks it up once, for the parent.
	r.checkBin = e.Cmd != "" && r.cmdExplicit && (parent == nil || r.m.Has("cmd") || r.m.Has("dir"))

	if e.Params != nil {
		for _, d := range e.Params.Changed() {
			e.Changed = append(e.Changed, Option{Name: d.Name, Value: e.Params.Format(d)})
		}
	}
	sort.Slice(e.Options, func(i, j int) bool { return e.Options[i].Name < e.Options[j].Name })
	r.e = e
	if !ok {
		r.state = failed
		return false
	}
	r.state = resolved
	return true
}

// resolveExtends resolves what r extends: another engine (parent) or a
// labrat parameter file (fileParams). With stop, r has failed and nothing
// more is to be checked.
func (l *loader) resolveExtends(r *rawEngine) (parent *rawEngine, fileParams *params.Values, assumeLabrat, ok, stop bool) {
	ok = r.ok
	if r.extends == "" {
		return nil, nil, false, ok, false
	}
	if p, isEngine := l.byName[r.extends]; isEngine {
		if p == r {
			l.Errorf(r.extendsNode, r.extendsPath, "an engine cannot extend itself")
			r.state = failed
			return nil, nil, false, false, true
		}
		if !l.resolve(p) {
			if r.state == resolving {
				r.state = failed
			}
			return nil, nil, false, false, true
		}
		if r.state == failed { // reported as part of a cycle
			return nil, nil, false, false, true
		}
		r.parent = p
		return p, nil, false, ok, false
	}
	if looksLikeFile(r.extends) {
		v, err := l.paramFile(r, true)
		return nil, v, false, ok && err == nil, false
	}
	names := make([]string, 0, len(l.byName))
	for n := range l.byName {
		names = append(names, n)
	}
	sort.Strings(names)
	l.Errorf(r.extendsNode, r.extendsPath, "unknown engine %q (not an engine of this file, nor a .yaml parameter file)%s", r.extends, params.DidYouMean(r.extends, names))
	// Most likely a misspelt labrat variant: still check its params:
	// against labrat's registry.
	return nil, nil, r.m.Get("cmd") == nil, false, false
}

// inherit starts r's engine from its parent's (or the file's limits) and
// an extends: parameter file.
func (l *loader) inherit(r *rawEngine, parent *rawEngine, fileParams *params.Values) *Engine {
	e := &Engine{Name: r.name, Proto: "uci", Extends: r.extends}
	if line, _ := params.NodePos(r.node); line > 0 {
		e.Line = line
	}
	if parent != nil {
		pe := parent.e
		e.Cmd, e.Dir, e.Proto, e.Labrat = pe.Cmd, pe.Dir, pe.Proto, pe.Labrat
		e.Args = append([]string(nil), pe.Args...)
		e.Options = append([]Option(nil), pe.Options...)
		e.Limits = pe.Limits
		r.cmdExplicit = parent.cmdExplicit
		if pe.Params != nil {
			e.Params = pe.Params.Clone()
		}
	} else {
		e.Limits = l.x.Limits
	}
	if fileParams != nil {
		e.Labrat = true
		e.Params = fileParams
	}
	return e
}

// engineCommand reads labrat:, cmd:, args:, dir: and proto:.
func (l *loader) engineCommand(r *rawEngine, e *Engine, fromFile, assumeLabrat bool) bool {
	m, ok := r.m, true
	labratSet := false
	if f := m.Get("labrat"); f != nil && !r.step {
		b, good := l.Bool(f)
		if good {
			labratSet = true
			if !b && (e.Labrat || fromFile) {
				l.Errorf(f.Val, f.Path, "labrat: false, but this engine extends a labrat variant")
				ok = false
			}
			e.Labrat = e.Labrat || b
		} else {
			ok = false
		}
	}
	if r.step || assumeLabrat {
		e.Labrat = true
	}
	if f := m.Get("cmd"); f != nil && !r.step {
		if s, good := l.Str(f); good && s != "" {
			e.Cmd = s
			r.cmdExplicit = true
			if isLabratCmd(s) {
				e.Labrat = true
			}
		} else {
			if good {
				l.Errorf(f.Val, f.Path, "must not be empty")
			}
			ok = false
		}
	}
	if f := m.Get("args"); f != nil && !r.step {
		a, good := l.StringList(f)
		e.Args = a
		ok = ok && good && l.engineTexts(f, a)
	}
	if f := m.Get("dir"); f != nil && !r.step {
		s, good := l.Str(f)
		e.Dir = s
		ok = ok && good
	}
	if f := m.Get("proto"); f != nil && !r.step {
		if s, good := l.Str(f); good {
			switch strings.ToLower(s) {
			case "uci":
				e.Proto = "uci"
			case "xboard", "cecp", "winboard":
				e.Proto = "xboard"
			default:
				l.Errorf(f.Val, f.Path, "unknown protocol %q (want uci or xboard)", s)
				ok = false
			}
		} else {
			ok = false
		}
	}
	switch {
	case e.Labrat:
		if e.Cmd == "" {
			e.Cmd = l.x.LabratCmd
		}
		r.defaultLabrat = e.Cmd == l.x.LabratCmd && !r.cmdExplicit
		if e.Proto != "uci" {
			if f := m.Get("proto"); f != nil {
				l.Errorf(f.Val, f.Path, "labrat speaks uci only")
			}
			ok = false
		}
		if e.Params == nil {
			e.Params = params.NewValues()
		}
	case e.Cmd == "" && ok:
		if !labratSet && m.Get("params") != nil {
			l.Errorf(r.node, r.path, "params: is only for labrat variants: add labrat: true (or extends: a labrat variant)")
		} else {
			l.Errorf(r.node, r.path+".cmd", "missing: an external engine needs cmd: (a labrat variant needs labrat: true)")
		}
		ok = false
	default:
		if f := m.Get("params"); f != nil {
			l.Errorf(f.KeyNode, f.Path, "params: is only for labrat variants (external engines take options:)")
			ok = false
		}
	}
	return ok
}

// engineOptions reads options: (UCI or xboard options; labrat parameters
// belong under params:).
func (l *loader) engineOptions(r *rawEngine, e *Engine) bool {
	f := r.m.Get("options")
	if f == nil || r.step {
		return true
	}
	om := l.Mapping(f.Val, f.Path, nil)
	if om == nil {
		return false
	}
	ok := true
	for _, k := range om.Order {
		fl := om.Fields[k]
		v, good := l.ScalarText(fl)
		if !good || !l.engineText(fl, "option name", k) || !l.engineText(fl, fmt.Sprintf("option %q", k), v) {
			ok = false
			continue
		}
		if e.Labrat {
			if _, isParam := params.Lookup(k); isParam {
				l.Errorf(fl.KeyNode, fl.Path, "%s is a labrat parameter: set it under params:", k)
				ok = false
				continue
			}
		}
		e.Options = setOption(e.Options, Option{Name: k, Value: v})
	}
	return ok
}

// engineLimits applies r's own tc/nodes/depth/movetime and timemargin.
func (l *loader) engineLimits(r *rawEngine, e *Engine) bool {
	if r.limitsSet {
		margin := e.Limits.Margin
		e.Limits = r.limits
		e.Limits.Margin = margin
	}
	if r.marginSet {
		e.Limits.Margin = r.limits.Margin
	}
	if r.limitsSet || r.marginSet {
		if err := e.Limits.Validate(); err != nil {
			l.Errorf(r.node, r.path+".tc", "%v", err)
			return false
		}
	}
	return true
}

func setOption(opts []Option, o Option) []Option {
	for i := range opts {
		if strings.EqualFold(opts[i].Name, o.Name) {
			// UCI option names are case-insensitive: keep the first spelling.
			opts[i].Value = o.Value
			return opts
		}
	}
	return append(opts, o)
}

func looksLikeFile(s string) bool {
	ext := strings.ToLower(filepath.Ext(s))
	return ext == ".yaml" || ext == ".yml" || strings.ContainsRune(s, '/')
}

func isLabratCmd(cmd string) bool {
	base := strings.TrimSuffix(filepath.Base(cmd), ".exe")
	return base == "labrat"
}

// cycle describes the extends chain that leads back to r.
func (l *loader) cycle(r *rawEngine) string {
	names := []string{r.name}
	cur := r
	for i := 0; i < len(l.engines)+1; i++ {
		next, ok := l.byName[cur.extends]
		if !ok {
			break
		}
		names = append(names, next.name)
		if next == r {
			break
		}
		cur = next
	}
	return strings.Join(names, " -> ")
}
