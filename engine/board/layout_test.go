package board

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// These tests read the module's Go source (not its tests) to keep two
// names single and DESIGN's import arrows true. They live here because
// board is the one package all the lab may import.

const module = "github.com/elolab/elolab"

// goFile is one non-test Go file of the module.
type goFile struct {
	pkg  string // import path
	name string // path relative to the module root
	ast  *ast.File
}

// moduleFiles parses every non-test Go file of the module (imports and
// declarations; bodies are skipped).
func moduleFiles(t *testing.T) []goFile {
	t.Helper()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(filepath.Join(root, "go.mod")); err != nil || !strings.HasPrefix(string(b), "module "+module+"\n") {
		t.Fatalf("%s is not the module root: %v", root, err)
	}
	var files []goFile
	fset := token.NewFileSet()
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if p != root && (strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || name == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, p, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		rel = filepath.ToSlash(rel)
		files = append(files, goFile{pkg: path.Join(module, path.Dir(rel)), name: rel, ast: f})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 100 {
		t.Fatalf("found only %d Go files under %s", len(files), root)
	}
	return files
}

// TestOneStartFEN: the initial position is defined once, as StartFEN here;
// every other package uses this one (or, as results/pgn, is given the
// position by its caller).
func TestOneStartFEN(t *testing.T) {
	var defs []string
	for _, f := range moduleFiles(t) {
		for _, decl := range f.ast.Decls {
			g, ok := decl.(*ast.GenDecl)
			if !ok {
				continue
			}
			for _, s := range g.Specs {
				v, ok := s.(*ast.ValueSpec)
				if !ok {
					continue
				}
				for _, n := range v.Names {
					if strings.EqualFold(n.Name, "StartFEN") {
						defs = append(defs, f.name)
					}
				}
			}
		}
	}
	if len(defs) != 1 || defs[0] != "engine/board/fen.go" {
		t.Errorf("StartFEN defined in %q, want only engine/board/fen.go", defs)
	}
}

// TestNoBlankImports: no package of the module is imported for its side
// effects. labrat's parameters are registered by search.Register(), an
// explicit call, so a package that needs them says so in code.
func TestNoBlankImports(t *testing.T) {
	for _, f := range moduleFiles(t) {
		for _, im := range f.ast.Imports {
			p, _ := strconv.Unquote(im.Path.Value)
			if im.Name != nil && im.Name.Name == "_" && (p == module || strings.HasPrefix(p, module+"/")) {
				t.Errorf("%s: blank import of %s", f.name, p)
			}
		}
	}
}

// TestImportArrows checks DESIGN's arrows: engine/ imports nothing else of
// the lab (match/game → engine/board is the other way and allowed);
// results imports only sprt; sprt imports nothing of the lab; openings
// imports only engine/ (the one StartFEN); match never imports tuner,
// results or configs; configs never imports tuner or results; nothing
// imports cmd.
func TestImportArrows(t *testing.T) {
	under := func(pkg, dir string) bool {
		return pkg == module+"/"+dir || strings.HasPrefix(pkg, module+"/"+dir+"/")
	}
	for _, f := range moduleFiles(t) {
		for _, im := range f.ast.Imports {
			p, _ := strconv.Unquote(im.Path.Value)
			if p != module && !strings.HasPrefix(p, module+"/") {
				continue
			}
			var bad bool
			switch {
			case under(f.pkg, "engine"):
				bad = !under(p, "engine")
			case under(f.pkg, "sprt"):
				bad = !under(p, "sprt")
			case under(f.pkg, "results"):
				bad = !under(p, "results") && !under(p, "sprt")
			case under(f.pkg, "openings"):
				bad = !under(p, "openings") && !under(p, "engine")
			case under(f.pkg, "match"):
				bad = under(p, "tuner") || under(p, "results") || under(p, "configs")
			case under(f.pkg, "configs"):
				bad = under(p, "tuner") || under(p, "results")
			}
			bad = bad || under(p, "cmd") && !under(f.pkg, "cmd")
			if bad {
				t.Errorf("%s (%s) imports %s, against DESIGN's arrows", f.name, f.pkg, p)
			}
		}
	}
}
