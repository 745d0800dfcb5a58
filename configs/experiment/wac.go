package experiment

import (
	"path/filepath"
	"strings"

	"github.com/goccy/go-yaml/ast"

	"github.com/elolab/elolab/engine/params"
)

var wacKeys = []string{"file", "movetime", "nodes", "depth"}

// loadWAC reads the ladder's test suite: wac: {file:, movetime: | nodes: |
// depth:}. The suite is read in full, so a malformed line is an error here.
func (l *loader) loadWAC(f *params.Field, kindOK bool) {
	if f == nil {
		return
	}
	x := l.x
	if kindOK && x.Kind != KindLadder {
		l.Errorf(f.KeyNode, "wac", "only kind ladder measures a test suite per step (this is kind %s)", x.Kind)
		return
	}
	m := l.Mapping(f.Val, "wac", wacKeys)
	if m == nil {
		return
	}
	w := &Suite{File: DefaultSuite, Line: f.KeyNode.GetToken().Position.Line}
	fileField := m.Get("file")
	if fileField != nil {
		s, ok := l.Str(fileField)
		if !ok {
			return
		}
		w.File = s
	}
	lim, set, _, ok := l.parseLimits(m)
	if !ok {
		return
	}
	if !set {
		lim.MoveTime = DefaultSuiteMoveTime
	}
	w.Limits = lim
	path := w.File
	if !strings.HasPrefix(path, "builtin:") && !filepath.IsAbs(path) {
		path = filepath.Join(l.dir, path)
		w.File = path
	}
	// The suite is read by checkFiles.
	l.wacFile = &wacCheck{node: nodeOr(fieldVal(fileField), f), w: w}
}

func fieldVal(f *params.Field) ast.Node {
	if f == nil {
		return nil
	}
	return f.Val
}
