package params

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/goccy/go-yaml"
	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/parser"
	"github.com/goccy/go-yaml/token"
)

// Decoder is the lab's one strict YAML decoding path, shared by labrat
// parameter files, experiment files and Texel configurations: the input is
// bounded (CheckYAML), parsed once, and read field by field against a
// schema; each problem becomes an *Error with file:line:col and key path,
// and decoding goes on so that a file's problems are reported together.
//
// What the lab's files never need is refused rather than half supported:
// several documents, aliases, tags, merge keys and complex keys.
type Decoder struct {
	File  string
	Errs  ErrorList
	Limit int // most errors kept; 0: maxErrors
}

// Mapping is a checked YAML mapping.
type Mapping struct {
	Node   ast.Node
	Path   string
	Fields map[string]*Field
	Order  []string // keys in file order
}

// Field is one key: value of a mapping, with the key's full path.
type Field struct {
	Key     string
	Path    string
	KeyNode ast.Node
	Val     ast.Node // unwrapped (anchors followed); never nil
}

// Get is the field of key k, or nil.
func (m *Mapping) Get(k string) *Field {
	if m == nil {
		return nil
	}
	return m.Fields[k]
}

// Has reports whether key k is given.
func (m *Mapping) Has(k string) bool { return m.Get(k) != nil }

// KeyOr is the node of key k, or the mapping itself when k is absent (to
// place an error about k).
func (m *Mapping) KeyOr(k string) ast.Node {
	if f := m.Get(k); f != nil {
		return f.KeyNode
	}
	return m.Node
}

// Start is the node where the mapping begins (its first key), to place
// an error about a key that is missing.
func (m *Mapping) Start() ast.Node {
	if len(m.Order) > 0 {
		return m.Fields[m.Order[0]].KeyNode
	}
	return m.Node
}

// Parse checks data against the YAML limits and parses it. It returns the
// body of its only document, nil (and no error) when the input holds no
// value. Problems are recorded in d; ok is false when there is nothing to
// decode.
func (d *Decoder) Parse(data []byte) (body ast.Node, ok bool) {
	if err := CheckYAML(data, d.File); err != nil {
		for _, e := range Errors(err) {
			d.Add(e)
		}
		return nil, false
	}
	defer func() {
		// The parser is third-party code: a panic in it is a bad file, not
		// a crash of the lab.
		if r := recover(); r != nil {
			d.Add(&Error{File: d.File, Msg: fmt.Sprintf("YAML parser failed: %v", r)})
			body, ok = nil, false
		}
	}()
	f, err := parser.ParseBytes(data, 0, parser.AllowDuplicateMapKey())
	if err != nil {
		var ye yaml.Error
		if errors.As(err, &ye) {
			e := &Error{File: d.File, Msg: "syntax error: " + ye.GetMessage()}
			if tk := ye.GetToken(); tk != nil && tk.Position != nil {
				e.Line, e.Col = tk.Position.Line, tk.Position.Column
			}
			d.Add(e)
		} else {
			d.Add(&Error{File: d.File, Msg: "syntax error: " + err.Error()})
		}
		return nil, false
	}
	var docs []*ast.DocumentNode
	for _, doc := range f.Docs {
		if doc != nil && doc.Body != nil {
			if _, null := doc.Body.(*ast.NullNode); !null {
				docs = append(docs, doc)
			}
		}
	}
	switch len(docs) {
	case 0:
		return nil, true
	case 1:
		return docs[0].Body, true
	}
	// Point at the second document's "---" when there is one.
	e := &Error{File: d.File, Msg: fmt.Sprintf("only one YAML document is allowed, found %d", len(docs))}
	e.Line, e.Col = NodePos(docs[1].Body)
	if tk := docs[1].Start; tk != nil && tk.Position != nil {
		e.Line, e.Col = tk.Position.Line, tk.Position.Column
	}
	d.Add(e)
	return nil, false
}

// Add records e (up to the limit).
func (d *Decoder) Add(e *Error) {
	limit := d.Limit
	if limit == 0 {
		limit = maxErrors
	}
	if len(d.Errs) < limit {
		d.Errs = append(d.Errs, e)
	}
}

// Errorf records a problem at node n (its position) and key path.
func (d *Decoder) Errorf(n ast.Node, path, format string, args ...any) {
	line, col := NodePos(n)
	d.Add(&Error{File: d.File, Line: line, Col: col, Key: path, Msg: fmt.Sprintf(format, args...)})
}

// Err is nil, or the problems found in line order.
func (d *Decoder) Err() error {
	if len(d.Errs) == 0 {
		return nil
	}
	return d.Errs.Sorted()
}

// NodePos is the line and column of a node (0, 0 when unknown).
func NodePos(n ast.Node) (int, int) {
	if n == nil {
		return 0, 0
	}
	tk := n.GetToken()
	if tk == nil || tk.Position == nil {
		return 0, 0
	}
	return tk.Position.Line, tk.Position.Column
}

// Unwrap follows anchors; aliases and tags are refused (and reported).
func (d *Decoder) Unwrap(n ast.Node, path string) (ast.Node, bool) {
	for {
		switch x := n.(type) {
		case *ast.AnchorNode:
			n = x.Value
			continue
		case *ast.AliasNode:
			d.Errorf(x, path, "aliases (*name) are not supported")
			return nil, false
		case *ast.TagNode:
			d.Errorf(x, path, "tags (!!type) are not supported")
			return nil, false
		}
		return n, true
	}
}

// JoinPath is prefix.k ("k" without a prefix).
func JoinPath(prefix, k string) string {
	if prefix == "" {
		return k
	}
	return prefix + "." + k
}

// MappingValues are the key: value pairs of n when it is a mapping.
func MappingValues(n ast.Node) ([]*ast.MappingValueNode, bool) {
	switch x := n.(type) {
	case *ast.MappingNode:
		return x.Values, true
	case *ast.MappingValueNode:
		return []*ast.MappingValueNode{x}, true
	}
	return nil, false
}

// plainKey is the text of a plain scalar key ("" and false for merge keys
// and complex keys).
func plainKey(k ast.MapKeyNode) (string, bool) {
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

// Mapping checks that n is a mapping whose keys are all in allowed (nil
// allows any key; an unknown key is reported with a DidYouMean) and appear
// once. It returns nil, after reporting, when n is not a mapping.
func (d *Decoder) Mapping(n ast.Node, path string, allowed []string) *Mapping {
	n, ok := d.Unwrap(n, path)
	if !ok {
		return nil
	}
	if _, isNull := n.(*ast.NullNode); isNull || n == nil {
		d.Errorf(n, path, "want a mapping, got no value")
		return nil
	}
	values, ok := MappingValues(n)
	if !ok {
		d.Errorf(n, path, "want a mapping, got %s", Describe(n))
		return nil
	}
	m := &Mapping{Node: n, Path: path, Fields: map[string]*Field{}}
	for _, mv := range values {
		if mv == nil || mv.Key == nil {
			continue
		}
		k, ok := plainKey(mv.Key)
		if !ok {
			d.Errorf(mv.Key, path, "keys must be plain names (merge keys << and complex keys are not supported)")
			continue
		}
		p := JoinPath(path, k)
		if allowed != nil && !contains(allowed, k) {
			d.Errorf(mv.Key, p, "unknown key%s", DidYouMean(k, allowed))
			continue
		}
		if first, dup := m.Fields[k]; dup {
			line, col := NodePos(first.KeyNode)
			d.Errorf(mv.Key, p, "duplicate key (first at line %d:%d)", line, col)
			continue
		}
		var val ast.Node = mv.Value
		if val == nil {
			val = ast.Null(token.New("null", "null", mv.Key.GetToken().Position))
		}
		val, ok = d.Unwrap(val, p)
		if !ok {
			continue
		}
		m.Fields[k] = &Field{Key: k, Path: p, KeyNode: mv.Key, Val: val}
		m.Order = append(m.Order, k)
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

// Sequence checks that f's value is a list and returns its items,
// unwrapped.
func (d *Decoder) Sequence(f *Field) ([]ast.Node, bool) {
	seq, ok := f.Val.(*ast.SequenceNode)
	if !ok {
		d.Errorf(f.Val, f.Path, "want a list, got %s", Describe(f.Val))
		return nil, false
	}
	out := make([]ast.Node, 0, len(seq.Values))
	for i, v := range seq.Values {
		if v == nil {
			continue
		}
		v, ok := d.Unwrap(v, fmt.Sprintf("%s[%d]", f.Path, i))
		if !ok {
			return nil, false
		}
		out = append(out, v)
	}
	return out, true
}

// Describe names a node's type (and value) for messages.
func Describe(n ast.Node) string {
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

// Str reads a string. Plain scalars that YAML reads as numbers or booleans
// are refused, so that "name: 1" does not silently become "1".
func (d *Decoder) Str(f *Field) (string, bool) {
	switch x := f.Val.(type) {
	case *ast.StringNode:
		return x.Value, true
	case *ast.LiteralNode:
		if x.Value == nil {
			return "", true
		}
		return x.Value.Value, true
	}
	d.Errorf(f.Val, f.Path, "want a string, got %s", Describe(f.Val))
	return "", false
}

// ScalarText reads any scalar as text (numbers and booleans as written),
// for values such as time controls and UCI option values.
func (d *Decoder) ScalarText(f *Field) (string, bool) {
	switch x := f.Val.(type) {
	case *ast.StringNode, *ast.LiteralNode:
		return d.Str(f)
	case *ast.IntegerNode, *ast.FloatNode, *ast.InfinityNode:
		return x.GetToken().Value, true
	case *ast.BoolNode:
		return strconv.FormatBool(x.Value), true
	}
	d.Errorf(f.Val, f.Path, "want a scalar, got %s", Describe(f.Val))
	return "", false
}

// Integer reads an integer in [lo, hi].
func (d *Decoder) Integer(f *Field, lo, hi int64) (int64, bool) {
	x, ok := f.Val.(*ast.IntegerNode)
	if !ok {
		d.Errorf(f.Val, f.Path, "want an integer, got %s", Describe(f.Val))
		return 0, false
	}
	var n int64
	switch v := x.Value.(type) {
	case int64:
		n = v
	case uint64:
		if v > math.MaxInt64 {
			d.Errorf(f.Val, f.Path, "%d out of range [%d..%d]", v, lo, hi)
			return 0, false
		}
		n = int64(v)
	default:
		d.Errorf(f.Val, f.Path, "want an integer, got %s", Describe(f.Val))
		return 0, false
	}
	if n < lo || n > hi {
		if hi == math.MaxInt32 || hi == math.MaxInt64 {
			d.Errorf(f.Val, f.Path, "%d out of range (want at least %d)", n, lo)
		} else {
			d.Errorf(f.Val, f.Path, "%d out of range [%d..%d]", n, lo, hi)
		}
		return 0, false
	}
	return n, true
}

// Number reads an integer or a finite float. A plain scalar such as 1e-6
// (no dot), which the parser leaves as a string but YAML 1.2 calls a
// float, is a number too; a quoted one is not.
func (d *Decoder) Number(f *Field) (float64, bool) {
	switch x := f.Val.(type) {
	case *ast.IntegerNode:
		switch v := x.Value.(type) {
		case int64:
			return float64(v), true
		case uint64:
			return float64(v), true
		}
	case *ast.FloatNode:
		if !math.IsNaN(x.Value) && !math.IsInf(x.Value, 0) {
			return x.Value, true
		}
	case *ast.StringNode:
		v, err := strconv.ParseFloat(x.Value, 64)
		if tk := x.GetToken(); err == nil && tk != nil && tk.Type == token.StringType &&
			!math.IsNaN(v) && !math.IsInf(v, 0) {
			return v, true
		}
	}
	d.Errorf(f.Val, f.Path, "want a number, got %s", Describe(f.Val))
	return 0, false
}

// Bool reads true or false (also on/off/yes/no).
func (d *Decoder) Bool(f *Field) (bool, bool) {
	if x, ok := f.Val.(*ast.BoolNode); ok {
		return x.Value, true
	}
	if x, ok := f.Val.(*ast.StringNode); ok {
		switch strings.ToLower(x.Value) {
		case "on", "yes":
			return true, true
		case "off", "no":
			return false, true
		}
	}
	d.Errorf(f.Val, f.Path, "want true or false, got %s", Describe(f.Val))
	return false, false
}

// StringList reads a list of scalars as text.
func (d *Decoder) StringList(f *Field) ([]string, bool) {
	items, ok := d.Sequence(f)
	if !ok {
		return nil, false
	}
	out := make([]string, 0, len(items))
	good := true
	for i, it := range items {
		s, ok := d.ScalarText(&Field{Path: fmt.Sprintf("%s[%d]", f.Path, i), Val: it})
		good = good && ok
		out = append(out, s)
	}
	return out, good
}
