package experiment

import (
	"math"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/goccy/go-yaml/ast"

	"github.com/elolab/elolab/engine/params"
	"github.com/elolab/elolab/match/tc"
)

// Keys accepted at the top level.
var topKeys = []string{"name", "kind", "engines", "tc", "nodes", "depth", "movetime", "timemargin",
	"book", "seed", "concurrency", "pairs", "rounds", "sprt", "adjudication", "db", "pgnout",
	"gauntlet", "ladder", "labrat_cmd", "wac", "spsa", "texel"}

// Options change how Load checks a file.
type Options struct {
	// SkipBinaries does not look engine commands up (for checking a file
	// on a machine that lacks an engine). Engine.Path stays empty.
	SkipBinaries bool
	// SkipBookScan checks that a book file exists without reading every
	// opening in it.
	SkipBookScan bool
}

// Load reads, resolves and validates the experiment file at path. On failure
// the error is an ErrorList.
func Load(path string) (*Experiment, error) {
	return LoadWith(path, Options{})
}

// LoadWith is Load with options.
func LoadWith(path string, opts Options) (*Experiment, error) {
	data, err := params.ReadYAMLFile(path)
	if err != nil {
		return nil, readError(err, path, "cannot read experiment file: ")
	}
	return Parse(data, path, opts)
}

// readError is the ErrorList of a file that could not be read (missing,
// not a regular file, too large, beyond the YAML limits); prefix starts the
// message of those without a line.
func readError(err error, file, prefix string) ErrorList {
	var out ErrorList
	for _, e := range params.Errors(err) {
		e := *e
		if e.File == "" {
			e.File = file
		}
		if e.Line == 0 {
			e.Msg = prefix + e.Msg
		}
		out = append(out, &e)
	}
	return out
}

// Parse is LoadWith for data already read; filename labels errors and is
// the base for relative paths (extends: files, books, engine commands with
// a dir).
//
// Loading runs in passes: the YAML is decoded and every block parsed
// (load); engines are resolved along their extends: chains (resolve);
// then the checks that touch the file system run (checkFiles: books,
// suites, engine directories and binaries), so that parsing never depends
// on the machine.
func Parse(data []byte, filename string, opts Options) (*Experiment, error) {
	l := &loader{Decoder: params.Decoder{File: filename, Limit: maxErrors}, dir: filepath.Dir(filename), opts: opts}
	body, ok := l.Decoder.Parse(data)
	if ok && body == nil {
		l.Add(&Error{File: filename, Line: 1, Col: 1, Msg: "empty experiment file (want a mapping with at least kind: and engines:)"})
	}
	var x *Experiment
	if ok && body != nil {
		x = l.load(body)
	}
	if err := l.Err(); err != nil {
		return nil, err
	}
	if x != nil {
		x.Source = data
	}
	return x, nil
}

type loader struct {
	params.Decoder
	dir  string
	opts Options

	x       *Experiment
	engines []*rawEngine
	byName  map[string]*rawEngine
	// labratPath is where labrat variants' command was found ("" when
	// binaries are not checked or labrat was not found).
	labratPath string
	// labratCmdField is labrat_cmd: when given (checked with the files).
	labratCmdField *params.Field
	// bookFile and wacFile are the book and the test suite that
	// checkFiles looks at (nil: none, or builtin).
	bookFile *bookCheck
	wacFile  *wacCheck
}

// load parses the top-level mapping, resolves the engines and runs the
// file checks.
func (l *loader) load(body ast.Node) *Experiment {
	top := l.Mapping(body, "", topKeys)
	if top == nil {
		return nil
	}
	x := &Experiment{File: l.File, Seed: DefaultSeed, LabratCmd: DefaultLabratCmd}
	l.x = x
	l.loadTop(top)
	if x.Kind != KindTexel {
		l.checkFiles()
	}
	return x
}

func (l *loader) loadTop(top *params.Mapping) {
	x := l.x
	// name, kind
	x.Name = strings.TrimSuffix(filepath.Base(l.File), filepath.Ext(l.File))
	if f := top.Get("name"); f != nil {
		if s, ok := l.Str(f); ok {
			if strings.TrimSpace(s) == "" {
				l.Errorf(f.Val, f.Path, "must not be empty")
			}
			x.Name = s
		}
	}
	kindOK := false
	if f := top.Get("kind"); f == nil {
		l.Errorf(top.Node, "kind", "missing (want one of %s)", kindList())
	} else if s, ok := l.Str(f); ok {
		for _, k := range Kinds {
			if strings.EqualFold(s, string(k)) {
				x.Kind, kindOK = k, true
			}
		}
		if !kindOK {
			var names []string
			for _, k := range Kinds {
				names = append(names, string(k))
			}
			l.Errorf(f.Val, f.Path, "unknown kind %q (want one of %s)%s", s, kindList(), params.DidYouMean(s, names))
		}
	}

	if kindOK && x.Kind == KindTexel {
		l.loadTexelKind(top)
		return
	}
	if f := top.Get("texel"); f != nil {
		l.Errorf(f.KeyNode, f.Path, "only kind texel takes a texel: block")
	}

	// Scalars.
	if f := top.Get("labrat_cmd"); f != nil {
		if s, ok := l.Str(f); ok {
			x.LabratCmd = s
			l.labratCmdField = f // looked up by checkFiles
		}
	}
	if f := top.Get("seed"); f != nil {
		if n, ok := l.Integer(f, 0, math.MaxInt64); ok {
			x.Seed = uint64(n)
		}
	}
	x.Concurrency = runtime.NumCPU()
	x.concurrencyDefaulted = true
	if f := top.Get("concurrency"); f != nil {
		if n, ok := l.Integer(f, 1, 4096); ok {
			x.Concurrency = int(n)
			x.concurrencyDefaulted = false
		}
	}
	if f := top.Get("db"); f != nil {
		if s, ok := l.Str(f); ok {
			x.DB = s
		}
	}
	if f := top.Get("pgnout"); f != nil {
		if s, ok := l.Str(f); ok {
			x.PGNOut = s
		}
	}

	// Limits.
	lim, set, _, limOK := l.parseLimits(top)
	if !set && limOK {
		lim.TC, _ = tc.Parse(DefaultTC)
	}
	x.Limits = lim
	if limOK {
		if err := lim.Validate(); err != nil {
			l.Errorf(top.Node, "tc", "%v", err)
		}
	}

	// Pairs.
	var pairsField *params.Field
	for _, k := range []string{"pairs", "rounds"} {
		if f := top.Get(k); f != nil {
			if pairsField != nil {
				l.Errorf(f.KeyNode, f.Path, "give pairs or rounds, not both (they are the same number)")
				continue
			}
			pairsField = f
			if n, ok := l.Integer(f, 1, 1<<30); ok {
				x.Pairs = int(n)
			}
		}
	}
	if kindOK && (x.Kind == KindSPRT || x.Kind == KindSPSA) {
		if pairsField != nil && x.Kind == KindSPRT {
			l.Errorf(pairsField.KeyNode, pairsField.Path, "kind sprt plays until a verdict: bound it with sprt.max_pairs")
		}
		if pairsField != nil && x.Kind == KindSPSA {
			l.Errorf(pairsField.KeyNode, pairsField.Path, "kind spsa plays spsa.iterations game pairs")
		}
		x.Pairs = 0
	} else if pairsField == nil {
		x.Pairs = DefaultPairs
	}

	l.loadBook(top.Get("book"))
	l.loadSPRT(top, kindOK)
	l.loadAdjudication(top.Get("adjudication"))
	l.loadWAC(top.Get("wac"), kindOK)
	l.loadSPSA(top, kindOK)
	l.loadEngines(top, kindOK)
	l.resolveSPSA()
}

func kindList() string {
	names := make([]string, len(Kinds))
	for i, k := range Kinds {
		names[i] = string(k)
	}
	return strings.Join(names, ", ")
}

// kindBlock returns the top-level block key that exactly kind k requires
// (nil, with an error, when it is missing from a file of kind k or given
// in a file of another kind).
func (l *loader) kindBlock(top *params.Mapping, key string, k Kind, kindOK bool, needs string) *params.Field {
	f := top.Get(key)
	if f == nil {
		if kindOK && l.x.Kind == k {
			l.Errorf(top.Node, key, "kind %s needs an %s: block with %s", k, key, needs)
		}
		return nil
	}
	if kindOK && l.x.Kind != k {
		l.Errorf(f.KeyNode, f.Path, "only kind %s takes an %s: block (this is kind %s)", k, key, l.x.Kind)
		return nil
	}
	return f
}

// parseLimits reads tc, nodes, depth, movetime and timemargin from m. set
// reports whether any of the first four was given.
func (l *loader) parseLimits(m *params.Mapping) (lim tc.Limits, set, marginSet, ok bool) {
	ok = true
	if f := m.Get("tc"); f != nil {
		set = true
		if s, good := l.ScalarText(f); good {
			c, err := tc.Parse(s)
			if err != nil {
				l.Errorf(f.Val, f.Path, "%v (want moves/base+inc in seconds: 40/60+0.6, 10+0.1, 60, or inf)", err)
				ok = false
			}
			lim.TC = c
		} else {
			ok = false
		}
	}
	if f := m.Get("nodes"); f != nil {
		set = true
		if n, good := l.Integer(f, 1, math.MaxInt64); good {
			lim.Nodes = n
		} else {
			ok = false
		}
	}
	if f := m.Get("depth"); f != nil {
		set = true
		if n, good := l.Integer(f, 1, 1000); good {
			lim.Depth = int(n)
		} else {
			ok = false
		}
	}
	if f := m.Get("movetime"); f != nil {
		set = true
		if s, good := l.ScalarText(f); good {
			d, err := tc.ParseSeconds(s)
			if err != nil || d <= 0 {
				l.Errorf(f.Val, f.Path, "bad move time %q (want seconds per move: 0.1, 2, or with a unit: 100ms)", s)
				ok = false
			}
			lim.MoveTime = d
		} else {
			ok = false
		}
	}
	if f := m.Get("timemargin"); f != nil {
		marginSet = true
		if s, good := l.ScalarText(f); good {
			d, err := tc.ParseMillis(s)
			if err != nil || d < 0 {
				l.Errorf(f.Val, f.Path, "bad time margin %q (want milliseconds: 100, or with a unit: 0.5s)", s)
				ok = false
			}
			lim.Margin = d
		} else {
			ok = false
		}
	}
	return lim, set, marginSet, ok
}
