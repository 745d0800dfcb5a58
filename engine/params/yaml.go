package params

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"reflect"
	"sort"
	"strconv"
	"strings"

	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/token"
)

// maxErrors bounds how many errors one YAML file or map reports.
const maxErrors = 20

// position of a key or value.
type position struct {
	file      string
	line, col int
}

func (p position) err(key, format string, args ...any) *Error {
	return &Error{File: p.file, Line: p.line, Col: p.col, Key: key, Msg: fmt.Sprintf(format, args...)}
}

// entry is one key/value pair of a flattened parameter map.
type entry struct {
	key    string // dotted path as written
	keyPos position
	valPos position
	val    any    // int64, uint64, float64, bool, string, nil or a nodeKind
	bad    string // a structural problem with the value, reported as is
}

// nodeKind stands for a value that is not a scalar.
type nodeKind string

// WriteYAML writes the values as a flat YAML map. With all, every parameter
// is written, grouped by Group (groups in name order, parameters in name
// order within a group), each under a "# group: doc [min..max]" comment line,
// with a blank line between groups. Without all, only Changed() parameters
// are written, in name order and without comments ("{}" when none changed).
func (v *Values) WriteYAML(w io.Writer, all bool) error {
	bw := bufio.NewWriter(w)
	if all {
		defs := v.reg.all()
		sort.SliceStable(defs, func(i, j int) bool { return defs[i].Group < defs[j].Group })
		for i, d := range defs {
			if i > 0 && defs[i-1].Group != d.Group {
				bw.WriteString("\n")
			}
			fmt.Fprintf(bw, "# %s: %s %s\n", d.Group, d.Doc, rangeText(d))
			fmt.Fprintf(bw, "%s: %s\n", d.Name, yamlValue(d, v.Get(d)))
		}
	} else {
		changed := v.Changed()
		if len(changed) == 0 {
			bw.WriteString("{}\n")
		}
		for _, d := range changed {
			fmt.Fprintf(bw, "%s: %s\n", d.Name, yamlValue(d, v.Get(d)))
		}
	}
	return bw.Flush()
}

// rangeText is "[0..1000]", "[true|false]" or "[micromax|moonfish|chessprogramming]".
func rangeText(d *Def) string {
	switch d.Kind {
	case KindBool:
		return "[true|false]"
	case KindEnum:
		return "[" + strings.Join(d.Choices, "|") + "]"
	}
	return fmt.Sprintf("[%d..%d]", d.Min, d.Max)
}

func yamlValue(d *Def, n int) string {
	s := FormatValue(d, n)
	if d.Kind == KindEnum && token.IsNeedQuoted(s) {
		return strconv.Quote(s)
	}
	return s
}

// LoadYAML returns the defaults overridden by the YAML map in data (see the
// package doc for the accepted forms). filename only labels errors, which
// read "filename:line:col: key path: message"; several problems are joined
// into one error, each an *Error. Data beyond MaxYAMLSize or MaxYAMLDepth is
// refused (see CheckYAML); LoadYAMLFile reads a file safely.
func LoadYAML(data []byte, filename string) (*Values, error) {
	return usable("LoadYAML").loadYAML(data, filename)
}

func (r *registry) loadYAML(data []byte, filename string) (*Values, error) {
	v := r.newValues()
	if err := v.ApplyYAML(data, filename); err != nil {
		return nil, err
	}
	return v, nil
}

// ApplyYAML overrides v with the YAML map in data, as LoadYAML does. On error
// v is left unchanged.
func (v *Values) ApplyYAML(data []byte, filename string) error {
	if filename == "" {
		filename = "<yaml>"
	}
	if err := CheckYAML(data, filename); err != nil {
		return err
	}
	entries, errs := parseYAMLEntries(v.reg, data, filename)
	if len(errs) > 0 {
		return joinErrors(errs)
	}
	return v.applyEntries(entries)
}

// ApplyMap overrides v with a map decoded elsewhere (for example the
// "labrat:" section of an experiment file). Nested maps (map[string]any or
// map[any]any) are flattened to dotted names as in YAML files. Values follow
// the YAML rules: Go integers of any size for int parameters (floats are
// refused, as in YAML files), bool (or on/off/yes/no strings) for bool
// parameters, a choice string for enums. where, which may be nil, receives
// the dotted key path ("futility.margin" for both the flat and the nested
// form) and returns its position, such as "file:line", which starts the
// error message. Keys are visited in sorted order. On error v is left
// unchanged.
func (v *Values) ApplyMap(m map[string]any, where func(key string) string) error {
	var entries []entry
	var errs []error
	posOf := func(key string) position {
		if where == nil {
			return position{}
		}
		return position{file: where(key)}
	}
	var walk func(prefix string, m map[string]any)
	walk = func(prefix string, m map[string]any) {
		keys := make([]string, 0, len(m))
		for k := range m {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			key := JoinPath(prefix, k)
			val := m[k]
			if sub, ok := asStringMap(val); ok {
				if d, known := v.reg.lookup(key); known {
					p := posOf(key)
					errs = append(errs, p.err(key, "want %s, got a mapping", want(d)))
					continue
				}
				walk(key, sub)
				continue
			}
			p := posOf(key)
			e := entry{key: key, keyPos: p, valPos: p}
			e.val, e.bad = goValue(val)
			entries = append(entries, e)
		}
	}
	walk("", m)
	if len(errs) > 0 {
		return joinErrors(errs)
	}
	return v.applyEntries(entries)
}

// asStringMap accepts map[string]any and maps with string keys of other types.
func asStringMap(x any) (map[string]any, bool) {
	switch m := x.(type) {
	case map[string]any:
		return m, true
	case map[any]any:
		out := make(map[string]any, len(m))
		for k, val := range m {
			out[fmt.Sprint(k)] = val
		}
		return out, true
	}
	return nil, false
}

// goValue normalises a decoded Go value to what convert understands.
func goValue(x any) (any, string) {
	switch x := x.(type) {
	case nil, bool, string, int64, uint64, float64:
		return x, ""
	case int:
		return int64(x), ""
	case int8:
		return int64(x), ""
	case int16:
		return int64(x), ""
	case int32:
		return int64(x), ""
	case uint:
		return uint64(x), ""
	case uint8:
		return uint64(x), ""
	case uint16:
		return uint64(x), ""
	case uint32:
		return uint64(x), ""
	case float32:
		return float64(x), ""
	}
	rv := reflect.ValueOf(x)
	switch rv.Kind() {
	case reflect.Slice, reflect.Array:
		return nodeKind("a sequence"), ""
	case reflect.Map:
		return nodeKind("a mapping"), ""
	}
	return nil, fmt.Sprintf("unsupported value of type %T", x)
}

// applyEntries checks names, duplicates and values, then applies them all
// or nothing.
func (v *Values) applyEntries(entries []entry) error {
	next := v.Clone()
	var errs []error
	first := make(map[string]position, len(entries))
	for _, e := range entries {
		if len(errs) >= maxErrors {
			break
		}
		d, ok := v.reg.lookup(e.key)
		if !ok {
			msg := "unknown parameter" + v.reg.didYouMean(e.key)
			if s := v.reg.prefixOf(e.key); s != "" {
				msg = fmt.Sprintf("unknown parameter (it is a prefix of %s: nest a map under it or use the dotted name)", s)
			}
			errs = append(errs, e.keyPos.err(e.key, "%s", msg))
			continue
		}
		if p, dup := first[d.Name]; dup {
			at := p.file
			if p.line > 0 {
				at = fmt.Sprintf("line %d:%d", p.line, p.col)
			}
			if at == "" {
				errs = append(errs, e.keyPos.err(e.key, "duplicate key"))
			} else {
				errs = append(errs, e.keyPos.err(e.key, "duplicate key (first at %s)", at))
			}
			continue
		}
		first[d.Name] = e.keyPos
		if e.bad != "" {
			errs = append(errs, e.valPos.err(e.key, "%s", e.bad))
			continue
		}
		n, msg := convert(d, e.val)
		if msg != "" {
			errs = append(errs, e.valPos.err(e.key, "%s", msg))
			continue
		}
		next.grow(d.Index)
		next.v[d.Index] = int32(n)
	}
	if len(errs) > 0 {
		return joinErrors(errs)
	}
	v.v = next.v
	return nil
}

// prefixOf returns "a.b, a.c" when key names a dotted prefix of registered
// names (at most 3 listed), else "".
func (r *registry) prefixOf(key string) string {
	p := strings.ToLower(key) + "."
	var names []string
	for _, d := range r.all() {
		if strings.HasPrefix(d.Name, p) {
			names = append(names, d.Name)
		}
	}
	if len(names) > 3 {
		names = append(names[:3], "…")
	}
	return strings.Join(names, ", ")
}

// want describes the values d accepts.
func want(d *Def) string {
	switch d.Kind {
	case KindBool:
		return "true or false"
	case KindEnum:
		return "one of " + strings.Join(d.Choices, ", ")
	}
	return fmt.Sprintf("an integer in [%d..%d]", d.Min, d.Max)
}

// describe names a value's type for messages.
func describe(x any) string {
	switch x := x.(type) {
	case nil:
		return "no value"
	case bool:
		return fmt.Sprintf("boolean %v", x)
	case string:
		return fmt.Sprintf("string %q", x)
	case int64, uint64:
		return fmt.Sprintf("integer %v", x)
	case float64:
		return "float " + strconv.FormatFloat(x, 'g', -1, 64)
	case nodeKind:
		return string(x)
	}
	return fmt.Sprintf("%T", x)
}

// convert checks a decoded value against d and returns its raw value, or a
// message.
func convert(d *Def, x any) (int, string) {
	switch d.Kind {
	case KindInt:
		var n int64
		switch x := x.(type) {
		case int64:
			n = x
		case uint64:
			if x > math.MaxInt64 {
				return 0, fmt.Sprintf("%d out of range [%d..%d]", x, d.Min, d.Max)
			}
			n = int64(x)
		case string:
			// The YAML parser leaves integers beyond 64 bits as plain strings.
			if _, err := strconv.ParseInt(x, 10, 64); errors.Is(err, strconv.ErrRange) {
				return 0, fmt.Sprintf("%s out of range [%d..%d]", x, d.Min, d.Max)
			}
			return 0, fmt.Sprintf("want %s, got %s", want(d), describe(x))
		default:
			return 0, fmt.Sprintf("want %s, got %s", want(d), describe(x))
		}
		if n < int64(d.Min) || n > int64(d.Max) {
			return 0, fmt.Sprintf("%d out of range [%d..%d]", n, d.Min, d.Max)
		}
		return int(n), ""
	case KindBool:
		switch x := x.(type) {
		case bool:
			if x {
				return 1, ""
			}
			return 0, ""
		case string:
			switch strings.ToLower(strings.TrimSpace(x)) {
			case "true", "on", "yes":
				return 1, ""
			case "false", "off", "no":
				return 0, ""
			}
		}
		return 0, fmt.Sprintf("want %s, got %s", want(d), describe(x))
	case KindEnum:
		if s, ok := x.(string); ok {
			for i, c := range d.Choices {
				if strings.EqualFold(c, strings.TrimSpace(s)) {
					return i, ""
				}
			}
			return 0, fmt.Sprintf("%q is not one of %s", s, strings.Join(d.Choices, ", "))
		}
		return 0, fmt.Sprintf("want %s, got %s", want(d), describe(x))
	}
	return 0, fmt.Sprintf("parameter of unknown kind %d", d.Kind)
}

func joinErrors(errs []error) error {
	if len(errs) == 1 {
		return errs[0]
	}
	return errors.Join(errs...)
}

// yamlWalker flattens a YAML AST into entries.
type yamlWalker struct {
	reg     *registry
	file    string
	entries []entry
	errs    []error
}

func (w *yamlWalker) pos(tk *token.Token) position {
	if tk == nil || tk.Position == nil {
		return position{file: w.file}
	}
	p := tk.Position
	return position{file: w.file, line: p.Line, col: p.Column}
}

func (w *yamlWalker) fail(p position, key, format string, args ...any) {
	if len(w.errs) < maxErrors {
		w.errs = append(w.errs, p.err(key, format, args...))
	}
}

// parseYAMLEntries parses data (through the lab's one Decoder) and
// flattens its top-level map.
func parseYAMLEntries(reg *registry, data []byte, filename string) (entries []entry, errs []error) {
	dec := &Decoder{File: filename, Limit: maxErrors}
	body, ok := dec.Parse(data)
	if !ok {
		return nil, dec.Errs.Unwrap()
	}
	w := &yamlWalker{reg: reg, file: filename}
	if a, ok := body.(*ast.AnchorNode); ok {
		body = a.Value
	}
	switch b := body.(type) {
	case nil, *ast.NullNode:
	case *ast.MappingNode:
		w.walkMap("", b.Values)
	case *ast.MappingValueNode:
		w.walkMap("", []*ast.MappingValueNode{b})
	default:
		w.fail(w.pos(b.GetToken()), "", "the top level must be a map of parameter names to values, got %s", nodeName(b))
	}
	return w.entries, w.errs
}

func (w *yamlWalker) walkMap(prefix string, values []*ast.MappingValueNode) {
	for _, mv := range values {
		if mv == nil || mv.Key == nil {
			continue
		}
		kp := w.pos(mv.Key.GetToken())
		k, bad := keyText(mv.Key)
		if bad != "" {
			w.fail(kp, prefix, "%s", bad)
			continue
		}
		key := JoinPath(prefix, k)
		val := mv.Value
		if a, ok := val.(*ast.AnchorNode); ok {
			val = a.Value
		}
		var vp position
		if val != nil {
			vp = w.pos(val.GetToken())
		} else {
			vp = kp
		}
		e := entry{key: key, keyPos: kp, valPos: vp}
		switch n := val.(type) {
		case *ast.MappingNode:
			if _, ok := w.reg.lookup(key); ok {
				e.val = nodeKind("a mapping")
				break
			}
			w.walkMap(key, n.Values)
			continue
		case *ast.MappingValueNode:
			if _, ok := w.reg.lookup(key); ok {
				e.val = nodeKind("a mapping")
				break
			}
			w.walkMap(key, []*ast.MappingValueNode{n})
			continue
		default:
			e.val, e.bad = scalarValue(val)
		}
		w.entries = append(w.entries, e)
	}
}

func keyText(k ast.MapKeyNode) (string, string) {
	if k.IsMergeKey() {
		return "", "merge keys (<<) are not supported"
	}
	switch n := k.(type) {
	case *ast.StringNode:
		return n.Value, ""
	case ast.ScalarNode:
		if tk := n.GetToken(); tk != nil {
			return tk.Value, ""
		}
	}
	return "", "keys must be plain parameter names, got " + nodeName(k)
}

// scalarValue converts a YAML value node.
func scalarValue(n ast.Node) (any, string) {
	switch n := n.(type) {
	case nil, *ast.NullNode:
		return nil, ""
	case *ast.IntegerNode:
		return n.Value, ""
	case *ast.FloatNode:
		return n.Value, ""
	case *ast.InfinityNode:
		return n.Value, ""
	case *ast.NanNode:
		return math.NaN(), ""
	case *ast.BoolNode:
		return n.Value, ""
	case *ast.StringNode:
		return n.Value, ""
	case *ast.LiteralNode:
		if n.Value == nil {
			return "", ""
		}
		return n.Value.Value, ""
	case *ast.SequenceNode:
		return nodeKind("a sequence"), ""
	case *ast.AliasNode:
		return nil, "aliases (*name) are not supported"
	case *ast.TagNode:
		return nil, "tags (!!type) are not supported"
	}
	return nil, "unsupported value: " + nodeName(n)
}

func nodeName(n ast.Node) string {
	switch n.(type) {
	case *ast.SequenceNode:
		return "a sequence"
	case *ast.MappingNode, *ast.MappingValueNode:
		return "a mapping"
	case *ast.StringNode, *ast.LiteralNode:
		return "a string"
	case *ast.IntegerNode:
		return "an integer"
	case *ast.FloatNode, *ast.InfinityNode, *ast.NanNode:
		return "a float"
	case *ast.BoolNode:
		return "a boolean"
	}
	return "a " + strings.ToLower(n.Type().String())
}
