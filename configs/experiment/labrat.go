package experiment

import (
	"path/filepath"
	"strings"

	"github.com/goccy/go-yaml/ast"

	"github.com/elolab/elolab/engine/params"
)

// paramFile loads an extends: parameter file relative to the experiment
// file; with report, its errors are added to l.
func (l *loader) paramFile(r *rawEngine, report bool) (*params.Values, error) {
	p := r.extends
	if !filepath.IsAbs(p) {
		p = filepath.Join(l.dir, p)
	}
	v, err := params.LoadYAMLFile(p)
	if pe, ok := err.(*params.Error); ok && pe.Line == 0 && pe.Key == "" {
		// Not read (missing, not a regular file, too large).
		if report {
			l.Errorf(r.extendsNode, r.extendsPath, "parameter file %s: %s", p, pe.Msg)
		}
		return nil, err
	}
	if err != nil {
		if report {
			l.Errorf(r.extendsNode, r.extendsPath, "parameter file %s is not valid (errors follow)", p)
			for _, pe := range params.Errors(err) {
				if pe.File == "" {
					pe.File = p
				}
				l.Add(pe)
			}
		}
		return nil, err
	}
	return v, nil
}

// applyParams validates a params: map against the registry and applies it.
func (l *loader) applyParams(v *params.Values, f *params.Field) bool {
	entries, good := l.flattenParams(f)
	if !good {
		return false
	}
	if len(entries) == 0 {
		return true
	}
	flat := make(map[string]any, len(entries))
	nodes := make(map[string]ast.Node, len(entries))
	for _, e := range entries {
		flat[e.key] = e.Val
		nodes[strings.ToLower(e.key)] = e.node
	}
	err := v.ApplyMap(flat, nil)
	if err == nil {
		return true
	}
	for _, pe := range params.Errors(err) {
		n := nodes[strings.ToLower(pe.Key)]
		path := f.Path
		if pe.Key != "" {
			path += "." + pe.Key
		}
		if n == nil {
			n = f.Val
		}
		l.Errorf(n, path, "%s", pe.Msg)
	}
	return false
}

func lookupParam(key string) (*params.Def, bool) { return params.Lookup(key) }
