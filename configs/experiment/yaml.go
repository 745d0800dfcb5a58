package experiment

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/token"
)

// field is one key: value of a mapping, with the key's full path.
type field struct {
	key  string
	path string
	kn   ast.Node // key node
	val  ast.Node // value node, unwrapped (anchors followed); never nil
}

// mapping is a checked YAML mapping.
type mapping struct {
	node   ast.Node
	path   string
	fields map[string]*field
	order  []string
}

func (m *mapping) get(k string) *field {
	if m == nil {
		return nil
	}
	return m.fields[k]
}

func (m *mapping) has(k string) bool { return m.get(k) != nil }

// pos returns the line and column of a node.
func pos(n ast.Node) (int, int) {
	if n == nil {
		return 0, 0
	}
	tk := n.GetToken()
	if tk == nil || tk.Position == nil {
		return 0, 0
	}
	return tk.Position.Line, tk.Position.Column
}

func (l *loader) errAt(n ast.Node, path, format string, args ...any) {
	line, col := pos(n)
	l.add(&Error{File: l.file, Line: line, Col: col, Path: path, Msg: fmt.Sprintf(format, args...)})
}

func (l *loader) add(e *Error) {
	if len(l.errs) < maxErrors {
		l.errs = append(l.errs, e)
	}
}

// unwrap follows anchors; aliases and tags are refused (reported once).
func (l *loader) unwrap(n ast.Node, path string) (ast.Node, bool) {
	for {
		switch x := n.(type) {
		case *ast.AnchorNode:
			n = x.Value
			continue
		case *ast.AliasNode:
			l.errAt(x, path, "aliases (*name) are not supported")
			return nil, false
		case *ast.TagNode:
			l.errAt(x, path, "tags (!!type) are not supported")
			return nil, false
		}
		return n, true
	}
}

func joinPath(prefix, k string) string {
	if prefix == "" {
		return k
	}
	return prefix + "." + k
}

func mappingValues(n ast.Node) ([]*ast.MappingValueNode, bool) {
	switch x := n.(type) {
	case *ast.MappingNode:
		return x.Values, true
	case *ast.MappingValueNode:
		return []*ast.MappingValueNode{x}, true
	}
	return nil, false
}

func keyText(k ast.MapKeyNode) (string, bool) {
	if k == nil || k.IsMergeKey() {
		return "", false
	}
	switch n := k.(type) {
	case *ast.StringNode:
		return n.Value, true
	case ast.ScalarNode:
		if tk := n.GetToken(); tk != nil {
			return tk.Value, true
		}
	}
	return "", false
}

// mapping checks that n is a mapping whose keys are all in allowed (nil
// allows any key) and appear once. It reports problems and returns nil when
// n is not a mapping.
func (l *loader) mapping(n ast.Node, path string, allowed []string) *mapping {
	n, ok := l.unwrap(n, path)
	if !ok {
		return nil
	}
	if _, isNull := n.(*ast.NullNode); isNull {
		l.errAt(n, path, "want a mapping, got no value")
		return nil
	}
	values, ok := mappingValues(n)
	if !ok {
		l.errAt(n, path, "want a mapping, got %s", describe(n))
		return nil
	}
	m := &mapping{node: n, path: path, fields: map[string]*field{}}
	for _, mv := range values {
		if mv == nil || mv.Key == nil {
			continue
		}
		k, ok := keyText(mv.Key)
		if !ok {
			l.errAt(mv.Key, path, "keys must be plain names (merge keys << and complex keys are not supported)")
			continue
		}
		p := joinPath(path, k)
		if allowed != nil && !contains(allowed, k) {
			l.errAt(mv.Key, p, "unknown key%s", didYouMean(k, allowed))
			continue
		}
		if first, dup := m.fields[k]; dup {
			line, col := pos(first.kn)
			l.errAt(mv.Key, p, "duplicate key (first at line %d:%d)", line, col)
			continue
		}
		var val ast.Node = mv.Value
		if val == nil {
			val = ast.Null(token.New("null", "null", mv.Key.GetToken().Position))
		}
		val, ok = l.unwrap(val, p)
		if !ok {
			continue
		}
		m.fields[k] = &field{key: k, path: p, kn: mv.Key, val: val}
		m.order = append(m.order, k)
	}
	return m
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// sequence checks that f's value is a sequence and returns its items,
// unwrapped.
func (l *loader) sequence(f *field) ([]ast.Node, bool) {
	seq, ok := f.val.(*ast.SequenceNode)
	if !ok {
		l.errAt(f.val, f.path, "want a list, got %s", describe(f.val))
		return nil, false
	}
	out := make([]ast.Node, 0, len(seq.Values))
	for i, v := range seq.Values {
		if v == nil {
			continue
		}
		v, ok := l.unwrap(v, fmt.Sprintf("%s[%d]", f.path, i))
		if !ok {
			return nil, false
		}
		out = append(out, v)
	}
	return out, true
}

// describe names a node's type for messages.
func describe(n ast.Node) string {
	switch x := n.(type) {
	case nil, *ast.NullNode:
		return "no value"
	case *ast.SequenceNode:
		return "a list"
	case *ast.MappingNode, *ast.MappingValueNode:
		return "a mapping"
	case *ast.StringNode:
		return fmt.Sprintf("string %q", x.Value)
	case *ast.LiteralNode:
		return "a block string"
	case *ast.IntegerNode:
		return "integer " + x.GetToken().Value
	case *ast.FloatNode, *ast.InfinityNode, *ast.NanNode:
		return "float " + x.GetToken().Value
	case *ast.BoolNode:
		return fmt.Sprintf("boolean %v", x.Value)
	}
	return "a " + strings.ToLower(n.Type().String())
}

// str reads a string. Plain scalars that YAML reads as numbers or booleans
// are refused, so that "name: 1" does not silently become "1".
func (l *loader) str(f *field) (string, bool) {
	switch x := f.val.(type) {
	case *ast.StringNode:
		return x.Value, true
	case *ast.LiteralNode:
		if x.Value == nil {
			return "", true
		}
		return x.Value.Value, true
	}
	l.errAt(f.val, f.path, "want a string, got %s", describe(f.val))
	return "", false
}

// scalarText reads any scalar as text (numbers and booleans as written),
// for values such as time controls and UCI option values.
func (l *loader) scalarText(f *field) (string, bool) {
	switch x := f.val.(type) {
	case *ast.StringNode:
		return x.Value, true
	case *ast.LiteralNode:
		if x.Value == nil {
			return "", true
		}
		return x.Value.Value, true
	case *ast.IntegerNode, *ast.FloatNode, *ast.InfinityNode:
		return x.GetToken().Value, true
	case *ast.BoolNode:
		return strconv.FormatBool(x.Value), true
	}
	l.errAt(f.val, f.path, "want a scalar, got %s", describe(f.val))
	return "", false
}

// integer reads an integer in [lo, hi].
func (l *loader) integer(f *field, lo, hi int64) (int64, bool) {
	x, ok := f.val.(*ast.IntegerNode)
	if !ok {
		l.errAt(f.val, f.path, "want an integer, got %s", describe(f.val))
		return 0, false
	}
	var n int64
	switch v := x.Value.(type) {
	case int64:
		n = v
	case uint64:
		if v > math.MaxInt64 {
			l.errAt(f.val, f.path, "%d out of range [%d..%d]", v, lo, hi)
			return 0, false
		}
		n = int64(v)
	default:
		l.errAt(f.val, f.path, "want an integer, got %s", describe(f.val))
		return 0, false
	}
	if n < lo || n > hi {
		if hi == math.MaxInt32 || hi == math.MaxInt64 {
			l.errAt(f.val, f.path, "%d out of range (want at least %d)", n, lo)
		} else {
			l.errAt(f.val, f.path, "%d out of range [%d..%d]", n, lo, hi)
		}
		return 0, false
	}
	return n, true
}

// number reads an integer or a finite float.
func (l *loader) number(f *field) (float64, bool) {
	switch x := f.val.(type) {
	case *ast.IntegerNode:
		switch v := x.Value.(type) {
		case int64:
			return float64(v), true
		case uint64:
			return float64(v), true
		}
	case *ast.FloatNode:
		return x.Value, true
	}
	l.errAt(f.val, f.path, "want a number, got %s", describe(f.val))
	return 0, false
}

func (l *loader) boolean(f *field) (bool, bool) {
	if x, ok := f.val.(*ast.BoolNode); ok {
		return x.Value, true
	}
	if x, ok := f.val.(*ast.StringNode); ok {
		switch strings.ToLower(x.Value) {
		case "on", "yes":
			return true, true
		case "off", "no":
			return false, true
		}
	}
	l.errAt(f.val, f.path, "want true or false, got %s", describe(f.val))
	return false, false
}

// stringList reads a list of strings (scalars as text).
func (l *loader) stringList(f *field) ([]string, bool) {
	items, ok := l.sequence(f)
	if !ok {
		return nil, false
	}
	out := make([]string, 0, len(items))
	good := true
	for i, it := range items {
		s, ok := l.scalarText(&field{path: fmt.Sprintf("%s[%d]", f.path, i), val: it})
		good = good && ok
		out = append(out, s)
	}
	return out, good
}

// paramEntry is one labrat parameter override found in a params: map.
type paramEntry struct {
	key  string // dotted
	node ast.Node
	val  any
}

// flattenParams turns a params: mapping (flat dotted keys and nested maps
// both accepted) into dotted keys with their positions.
func (l *loader) flattenParams(f *field) ([]paramEntry, bool) {
	var out []paramEntry
	seen := map[string]ast.Node{}
	good := true
	var walk func(prefix string, n ast.Node, path string)
	walk = func(prefix string, n ast.Node, path string) {
		m := l.mapping(n, path, nil)
		if m == nil {
			good = false
			return
		}
		for _, k := range m.order {
			fl := m.fields[k]
			key := joinPath(prefix, k)
			if _, isMap := mappingValues(fl.val); isMap {
				if _, known := lookupParam(key); !known {
					walk(key, fl.val, fl.path)
					continue
				}
			}
			lk := strings.ToLower(key)
			if first, dup := seen[lk]; dup {
				line, col := pos(first)
				l.errAt(fl.kn, fl.path, "duplicate parameter %s (first at line %d:%d)", key, line, col)
				good = false
				continue
			}
			seen[lk] = fl.kn
			out = append(out, paramEntry{key: key, node: fl.val, val: goValue(fl.val)})
		}
	}
	walk("", f.val, f.path)
	sort.SliceStable(out, func(i, j int) bool { return out[i].key < out[j].key })
	return out, good
}

// goValue converts a scalar node to what params.Values.ApplyMap takes.
func goValue(n ast.Node) any {
	switch x := n.(type) {
	case *ast.NullNode:
		return nil
	case *ast.IntegerNode:
		return x.Value
	case *ast.FloatNode:
		return x.Value
	case *ast.InfinityNode:
		return x.Value
	case *ast.NanNode:
		return math.NaN()
	case *ast.BoolNode:
		return x.Value
	case *ast.StringNode:
		return x.Value
	case *ast.LiteralNode:
		if x.Value == nil {
			return ""
		}
		return x.Value.Value
	case *ast.SequenceNode:
		return []any{}
	case *ast.MappingNode, *ast.MappingValueNode:
		return map[string]any{}
	}
	return fmt.Sprintf("<%s>", describe(n))
}
