package params

import (
	"testing"

	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/parser"
)

// FuzzYAMLShape checks that scanYAML's counts bound what the parser builds:
// its nesting depth, the keys of a block mapping and the key paths it
// copies into nodes. Were one of them lower, a file could pass CheckYAML and
// still cost the parser what the limits are there to prevent.
func FuzzYAMLShape(f *testing.F) {
	for _, s := range []string{
		"a: 1\nb:\n  c: [1, {d: 2}]\n",
		"- - - x\n- a: 1\n  b: [2]\n",
		"a: |\n  - - [[\nb: 'x''y [' # [\n",
		"a: \"x\n  [y\"\n? [k]\n: v\n",
		"a: x\n  'y\nb: [[1]]\n",
		"[a]: 1\n{b: c}: 2\n",
		"a: &x !!map {b: 1}\nc: *x\n",
		"a:\r  b: 1\r",
		"k:\n- 1\n- k2:\n  - 2\n",
		"? |\n  long key\n: - 1\n",
		"a: [\n b,\n [c\n ]]\n",
		"{a]bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb:c}\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 4096 {
			return
		}
		s := scanYAML(data, noLimits)
		file, err := func() (file *ast.File, err error) {
			defer func() {
				if recover() != nil {
					err = errParserPanic
				}
			}()
			return parser.ParseBytes(data, 0, parser.AllowDuplicateMapKey())
		}()
		if err != nil {
			return
		}
		var m shapeMeter
		for _, d := range file.Docs {
			m.walk(d.Body, 0, false)
		}
		// The parser has quirks of its own on malformed text (a ":" on the
		// line after a key, "&|" as an anchor and a block scalar, ...) that
		// the scan need not mirror one by one: it may miss by a level or a
		// key, never by more (that would grow with repetition). The parser
		// also quotes path parts with special characters and turns each
		// invalid UTF-8 byte into three: bounds up to a factor do.
		if m.depth > s.depth+slack || m.keys > s.keys+slack || m.path > 3*s.path+3*s.depth+16 {
			t.Fatalf("scanYAML: depth %d, keys %d, path %d; the parser built depth %d, keys %d, path %d",
				s.depth, s.keys, s.path, m.depth, m.keys, m.path)
		}
	})
}

var errParserPanic = &Error{Msg: "parser panic"}

// slack is how far below the parser's counts scanYAML may stay.
const slack = 2

// shapeMeter measures a parsed YAML tree as scanYAML does the text.
type shapeMeter struct{ depth, keys, path int }

func (m *shapeMeter) walk(n ast.Node, depth int, flow bool) {
	if n == nil {
		return
	}
	m.path = max(m.path, len(n.GetPath()))
	switch x := n.(type) {
	case *ast.MappingNode:
		// Only block mappings (not in a flow collection) cost the parser
		// the square of their keys.
		flow = flow || x.IsFlowStyle
		if !flow {
			m.keys = max(m.keys, len(x.Values))
		}
		m.depth = max(m.depth, depth+1)
		for _, v := range x.Values {
			m.walk(v.Key, depth+1, flow)
			m.walk(v.Value, depth+1, flow)
		}
	case *ast.MappingValueNode:
		if !flow {
			m.keys = max(m.keys, 1)
		}
		m.depth = max(m.depth, depth+1)
		m.walk(x.Key, depth+1, flow)
		m.walk(x.Value, depth+1, flow)
	case *ast.SequenceNode:
		flow = flow || x.IsFlowStyle
		m.depth = max(m.depth, depth+1)
		for _, v := range x.Values {
			m.walk(v, depth+1, flow)
		}
	case *ast.MappingKeyNode:
		m.walk(x.Value, depth, flow)
	case *ast.AnchorNode:
		m.walk(x.Value, depth, flow)
	case *ast.TagNode:
		m.walk(x.Value, depth, flow)
	}
}
