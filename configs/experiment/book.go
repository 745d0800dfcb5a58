package experiment

import (
	"errors"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/goccy/go-yaml/ast"

	"github.com/elolab/elolab/engine/params"
	"github.com/elolab/elolab/openings"
)

var bookKeys = []string{"file", "format", "order", "plies", "start"}

func (l *loader) loadBook(f *params.Field) {
	x := l.x
	o := openings.Options{File: DefaultBook, Order: DefaultOrder}
	var fileNode ast.Node
	var filePath = "book.file"
	tokens := []string{}
	if f != nil {
		if s, isStr := f.Val.(*ast.StringNode); isStr {
			// book: FILE is short for book: {file: FILE}.
			tokens = append(tokens, "file="+s.Value)
			fileNode, filePath = f.Val, "book"
		} else if m := l.Mapping(f.Val, "book", bookKeys); m != nil {
			good := true
			for _, k := range m.Order {
				fl := m.Fields[k]
				var v string
				switch k {
				case "plies":
					n, ok := l.Integer(fl, 0, 10000)
					good = good && ok
					v = strconv.FormatInt(n, 10)
				case "start":
					n, ok := l.Integer(fl, 1, math.MaxInt32)
					good = good && ok
					v = strconv.FormatInt(n, 10)
				default:
					s, ok := l.Str(fl)
					good = good && ok
					v = s
					if k == "file" {
						fileNode = fl.Val
					}
				}
				tokens = append(tokens, k+"="+v)
			}
			if !good {
				return
			}
		} else {
			return
		}
	}
	if len(tokens) > 0 {
		parsed, err := openings.ParseOptions(tokens)
		if err != nil {
			l.Errorf(f.Val, "book", "%v", err)
			return
		}
		if parsed.File == "" {
			parsed.File = DefaultBook
		}
		hasOrder := false
		for _, t := range tokens {
			hasOrder = hasOrder || strings.HasPrefix(t, "order=")
		}
		if !hasOrder {
			parsed.Order = DefaultOrder
		}
		o = parsed
	}
	if strings.HasPrefix(o.File, "builtin:") {
		if !slices.Contains(openings.Builtin(), o.File) {
			l.Errorf(nodeOr(fileNode, f), filePath, "no builtin book %q (builtin books: %s)%s", o.File,
				strings.Join(openings.Builtin(), ", "), params.DidYouMean(o.File, openings.Builtin()))
			return
		}
	} else {
		if !filepath.IsAbs(o.File) {
			o.File = filepath.Join(l.dir, o.File)
		}
		// The file itself is looked at by checkFiles.
		l.bookFile = &bookCheck{node: nodeOr(fileNode, f), path: filePath}
	}
	o.Seed = x.Seed
	x.Book = o
}

func nodeOr(n ast.Node, f *params.Field) ast.Node {
	if n != nil {
		return n
	}
	if f != nil {
		return f.Val
	}
	return nil
}

func unwrapPathErr(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
