package experiment

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/goccy/go-yaml/ast"

	"github.com/elolab/elolab/engine/params"
)

// paramEntry is one labrat parameter override found in a params: map.
type paramEntry struct {
	key  string // dotted
	node ast.Node
	Val  any
}

// flattenParams turns a params: mapping (flat dotted keys and nested maps
// both accepted) into dotted keys with their positions.
func (l *loader) flattenParams(f *params.Field) ([]paramEntry, bool) {
	var out []paramEntry
	seen := map[string]ast.Node{}
	good := true
	var walk func(prefix string, n ast.Node, path string)
	walk = func(prefix string, n ast.Node, path string) {
		m := l.Mapping(n, path, nil)
		if m == nil {
			good = false
			return
		}
		for _, k := range m.Order {
			fl := m.Fields[k]
			key := params.JoinPath(prefix, k)
			if _, isMap := params.MappingValues(fl.Val); isMap {
				if _, known := lookupParam(key); !known {
					walk(key, fl.Val, fl.Path)
					continue
				}
			}
			lk := strings.ToLower(key)
			if first, dup := seen[lk]; dup {
				line, col := params.NodePos(first)
				l.Errorf(fl.KeyNode, fl.Path, "duplicate parameter %s (first at line %d:%d)", key, line, col)
				good = false
				continue
			}
			seen[lk] = fl.KeyNode
			out = append(out, paramEntry{key: key, node: fl.Val, Val: goValue(fl.Val)})
		}
	}
	walk("", f.Val, f.Path)
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
	return fmt.Sprintf("<%s>", params.Describe(n))
}
