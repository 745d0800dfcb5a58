package experiment

import (
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"

	"github.com/goccy/go-yaml"
	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/parser"

	"github.com/elolab/elolab/engine/params"
	"github.com/elolab/elolab/match/cli"
	"github.com/elolab/elolab/match/suite"
	"github.com/elolab/elolab/match/tc"
	"github.com/elolab/elolab/openings"
	"github.com/elolab/elolab/sprt"
)

// Keys accepted in each mapping.
var (
	topKeys = []string{"name", "kind", "engines", "tc", "nodes", "depth", "movetime", "timemargin",
		"book", "seed", "concurrency", "pairs", "rounds", "sprt", "adjudication", "db", "pgnout",
		"gauntlet", "ladder", "labrat_cmd", "wac", "spsa"}
	engineKeys = []string{"name", "cmd", "args", "dir", "proto", "options", "labrat", "extends", "params",
		"tc", "nodes", "depth", "movetime", "timemargin"}
	stepKeys   = []string{"feature", "category", "name", "extends", "params"}
	bookKeys   = []string{"file", "format", "order", "plies", "start"}
	sprtKeys   = []string{"elo0", "elo1", "alpha", "beta", "model", "max_pairs"}
	adjKeys    = []string{"draw", "resign", "maxmoves"}
	drawKeys   = []string{"movenumber", "movecount", "score"}
	resignKeys = []string{"movecount", "score", "twosided"}
	wacKeys    = []string{"file", "movetime", "nodes", "depth"}
)

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
// the error is an ErrorList (or, when the file cannot be read, an *Error).
func Load(path string) (*Experiment, error) {
	return LoadWith(path, Options{})
}

// LoadWith is Load with options.
func LoadWith(path string, opts Options) (*Experiment, error) {
	data, err := params.ReadYAMLFile(path)
	if err != nil {
		return nil, ErrorList{inputError(err, path, "cannot read experiment file: ")}
	}
	return Parse(data, path, opts)
}

// inputError turns an error of params.ReadYAMLFile or params.CheckYAML into
// an *Error; prefix starts the message of those without a line (the file
// could not be read, or is too large).
func inputError(err error, file, prefix string) *Error {
	var pe *params.Error
	if !errors.As(err, &pe) {
		return &Error{File: file, Msg: prefix + err.Error()}
	}
	if pe.Line == 0 {
		return &Error{File: file, Msg: prefix + pe.Msg}
	}
	return &Error{File: file, Line: pe.Line, Col: pe.Col, Msg: pe.Msg}
}

// Parse is LoadWith for data already read; filename labels errors and is
// the base for relative paths (extends: files, books, engine commands with
// a dir).
func Parse(data []byte, filename string, opts Options) (x *Experiment, err error) {
	// Bound what the YAML parser is given: its cost grows with the square
	// of the nesting depth (see params.CheckYAML).
	if err := params.CheckYAML(data, filename); err != nil {
		return nil, ErrorList{inputError(err, filename, "")}
	}
	l := &loader{file: filename, dir: filepath.Dir(filename), opts: opts}
	defer func() {
		// The YAML parser is third-party code: a panic in it is a bad file,
		// not a crash of the lab.
		if r := recover(); r != nil {
			x, err = nil, ErrorList{{File: filename, Msg: fmt.Sprintf("YAML parser failed: %v", r)}}
		}
	}()
	x = l.load(data)
	if len(l.errs) > 0 {
		return nil, l.errs.sorted()
	}
	return x, nil
}

type loader struct {
	file string
	dir  string
	opts Options
	errs ErrorList

	x       *Experiment
	engines []*rawEngine
	byName  map[string]*rawEngine
	// labratPath is where labrat variants' command was found ("" when
	// binaries are not checked or labrat was not found).
	labratPath string
}

// rawEngine is an engine (or ladder step) between parsing and resolution.
type rawEngine struct {
	path     string // "engines[2]" or "ladder[3]"
	node     ast.Node
	name     string
	nameNode ast.Node
	m        *mapping // its own keys
	step     bool

	extends     string
	extendsNode ast.Node
	extendsPath string

	state int // 0 new, 1 resolving, 2 resolved, 3 failed
	e     *Engine

	cmdExplicit bool
	limitsSet   bool // own tc/nodes/depth/movetime
	limits      tc.Limits
	marginSet   bool
	ok          bool // own fields parsed without error
}

func (l *loader) load(data []byte) *Experiment {
	f, err := parser.ParseBytes(data, 0, parser.AllowDuplicateMapKey())
	if err != nil {
		var ye yaml.Error
		if errors.As(err, &ye) {
			tk := ye.GetToken()
			e := &Error{File: l.file, Msg: "syntax error: " + ye.GetMessage()}
			if tk != nil && tk.Position != nil {
				e.Line, e.Col = tk.Position.Line, tk.Position.Column
			}
			l.add(e)
		} else {
			l.add(&Error{File: l.file, Msg: "syntax error: " + err.Error()})
		}
		return nil
	}
	var docs []*ast.DocumentNode
	for _, d := range f.Docs {
		if d != nil && d.Body != nil {
			if _, null := d.Body.(*ast.NullNode); !null {
				docs = append(docs, d)
			}
		}
	}
	if len(docs) == 0 {
		l.add(&Error{File: l.file, Line: 1, Col: 1, Msg: "empty experiment file (want a mapping with at least kind: and engines:)"})
		return nil
	}
	if len(docs) > 1 {
		l.errAt(docs[1].Body, "", "only one YAML document is allowed, found %d", len(docs))
		return nil
	}
	top := l.mapping(docs[0].Body, "", topKeys)
	if top == nil {
		return nil
	}
	x := &Experiment{File: l.file, Seed: DefaultSeed, LabratCmd: DefaultLabratCmd}
	l.x = x
	l.loadTop(top)
	return x
}

func (l *loader) loadTop(top *mapping) {
	x := l.x
	// name, kind
	x.Name = strings.TrimSuffix(filepath.Base(l.file), filepath.Ext(l.file))
	if f := top.get("name"); f != nil {
		if s, ok := l.str(f); ok {
			if strings.TrimSpace(s) == "" {
				l.errAt(f.val, f.path, "must not be empty")
			}
			x.Name = s
		}
	}
	kindOK := false
	if f := top.get("kind"); f == nil {
		l.errAt(top.node, "kind", "missing (want one of %s)", kindList())
	} else if s, ok := l.str(f); ok {
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
			l.errAt(f.val, f.path, "unknown kind %q (want one of %s)%s", s, kindList(), didYouMean(s, names))
		}
	}

	// Scalars.
	if f := top.get("labrat_cmd"); f != nil {
		if s, ok := l.str(f); ok {
			x.LabratCmd = s
			l.labratPath, _ = l.checkBinary(f, s, "")
		}
	} else if !l.opts.SkipBinaries {
		// The default bin/labrat: beside elolab, in $PATH, or under the
		// experiment's directory or the current one. Not found is no error
		// here (a file may use no labrat variant): the runner fails to
		// start it and elolab check names the places looked at.
		l.labratPath, _ = cli.FindLabrat(l.dir, ".")
	}
	if f := top.get("seed"); f != nil {
		if n, ok := l.integer(f, 0, math.MaxInt64); ok {
			x.Seed = uint64(n)
		}
	}
	x.Concurrency = runtime.NumCPU()
	x.concurrencyDefaulted = true
	if f := top.get("concurrency"); f != nil {
		if n, ok := l.integer(f, 1, 4096); ok {
			x.Concurrency = int(n)
			x.concurrencyDefaulted = false
		}
	}
	if f := top.get("db"); f != nil {
		if s, ok := l.str(f); ok {
			x.DB = s
		}
	}
	if f := top.get("pgnout"); f != nil {
		if s, ok := l.str(f); ok {
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
			l.errAt(top.node, "tc", "%v", err)
		}
	}

	// Pairs.
	var pairsField *field
	for _, k := range []string{"pairs", "rounds"} {
		if f := top.get(k); f != nil {
			if pairsField != nil {
				l.errAt(f.kn, f.path, "give pairs or rounds, not both (they are the same number)")
				continue
			}
			pairsField = f
			if n, ok := l.integer(f, 1, 1<<30); ok {
				x.Pairs = int(n)
			}
		}
	}
	if kindOK && (x.Kind == KindSPRT || x.Kind == KindSPSA) {
		if pairsField != nil && x.Kind == KindSPRT {
			l.errAt(pairsField.kn, pairsField.path, "kind sprt plays until a verdict: bound it with sprt.max_pairs")
		}
		if pairsField != nil && x.Kind == KindSPSA {
			l.errAt(pairsField.kn, pairsField.path, "kind spsa plays spsa.iterations game pairs")
		}
		x.Pairs = 0
	} else if pairsField == nil {
		x.Pairs = DefaultPairs
	}

	l.loadBook(top.get("book"))
	l.loadSPRT(top, kindOK)
	l.loadAdjudication(top.get("adjudication"))
	l.loadWAC(top.get("wac"), kindOK)
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

// parseLimits reads tc, nodes, depth, movetime and timemargin from m. set
// reports whether any of the first four was given.
func (l *loader) parseLimits(m *mapping) (lim tc.Limits, set, marginSet, ok bool) {
	ok = true
	if f := m.get("tc"); f != nil {
		set = true
		if s, good := l.scalarText(f); good {
			c, err := tc.Parse(s)
			if err != nil {
				l.errAt(f.val, f.path, "%v (want moves/base+inc in seconds: 40/60+0.6, 10+0.1, 60, or inf)", err)
				ok = false
			}
			lim.TC = c
		} else {
			ok = false
		}
	}
	if f := m.get("nodes"); f != nil {
		set = true
		if n, good := l.integer(f, 1, math.MaxInt64); good {
			lim.Nodes = n
		} else {
			ok = false
		}
	}
	if f := m.get("depth"); f != nil {
		set = true
		if n, good := l.integer(f, 1, 1000); good {
			lim.Depth = int(n)
		} else {
			ok = false
		}
	}
	if f := m.get("movetime"); f != nil {
		set = true
		if s, good := l.scalarText(f); good {
			d, err := tc.ParseSeconds(s)
			if err != nil || d <= 0 {
				l.errAt(f.val, f.path, "bad move time %q (want seconds per move: 0.1, 2, or with a unit: 100ms)", s)
				ok = false
			}
			lim.MoveTime = d
		} else {
			ok = false
		}
	}
	if f := m.get("timemargin"); f != nil {
		marginSet = true
		if s, good := l.scalarText(f); good {
			d, err := tc.ParseMillis(s)
			if err != nil || d < 0 {
				l.errAt(f.val, f.path, "bad time margin %q (want milliseconds: 100, or with a unit: 0.5s)", s)
				ok = false
			}
			lim.Margin = d
		} else {
			ok = false
		}
	}
	return lim, set, marginSet, ok
}

func (l *loader) loadBook(f *field) {
	x := l.x
	o := openings.Options{File: DefaultBook, Order: DefaultOrder}
	var fileNode ast.Node
	var filePath = "book.file"
	tokens := []string{}
	if f != nil {
		if s, isStr := f.val.(*ast.StringNode); isStr {
			// book: FILE is short for book: {file: FILE}.
			tokens = append(tokens, "file="+s.Value)
			fileNode, filePath = f.val, "book"
		} else if m := l.mapping(f.val, "book", bookKeys); m != nil {
			good := true
			for _, k := range m.order {
				fl := m.fields[k]
				var v string
				switch k {
				case "plies":
					n, ok := l.integer(fl, 0, 10000)
					good = good && ok
					v = strconv.FormatInt(n, 10)
				case "start":
					n, ok := l.integer(fl, 1, math.MaxInt32)
					good = good && ok
					v = strconv.FormatInt(n, 10)
				default:
					s, ok := l.str(fl)
					good = good && ok
					v = s
					if k == "file" {
						fileNode = fl.val
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
			l.errAt(f.val, "book", "%v", err)
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
		if !contains(openings.Builtin(), o.File) {
			l.errAt(nodeOr(fileNode, f), filePath, "no builtin book %q (builtin books: %s)%s", o.File,
				strings.Join(openings.Builtin(), ", "), didYouMean(o.File, openings.Builtin()))
			return
		}
	} else {
		if !filepath.IsAbs(o.File) {
			o.File = filepath.Join(l.dir, o.File)
		}
		st, err := os.Stat(o.File)
		switch {
		case err != nil:
			l.errAt(nodeOr(fileNode, f), filePath, "book %s: %v", o.File, unwrapPathErr(err))
			return
		case st.IsDir():
			l.errAt(nodeOr(fileNode, f), filePath, "book %s is a directory", o.File)
			return
		}
		if !l.opts.SkipBookScan {
			if n, err := openings.Validate(o); err != nil {
				l.errAt(nodeOr(fileNode, f), filePath, "bad book: %v", err)
				return
			} else if n == 0 {
				l.errAt(nodeOr(fileNode, f), filePath, "book %s holds no openings", o.File)
				return
			}
		}
	}
	o.Seed = x.Seed
	x.Book = o
}

func nodeOr(n ast.Node, f *field) ast.Node {
	if n != nil {
		return n
	}
	if f != nil {
		return f.val
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

// kindBlock returns the top-level block key that exactly kind k requires
// (nil, with an error, when it is missing from a file of kind k or given
// in a file of another kind).
func (l *loader) kindBlock(top *mapping, key string, k Kind, kindOK bool, needs string) *field {
	f := top.get(key)
	if f == nil {
		if kindOK && l.x.Kind == k {
			l.errAt(top.node, key, "kind %s needs an %s: block with %s", k, key, needs)
		}
		return nil
	}
	if kindOK && l.x.Kind != k {
		l.errAt(f.kn, f.path, "only kind %s takes an %s: block (this is kind %s)", k, key, l.x.Kind)
		return nil
	}
	return f
}

func (l *loader) loadSPRT(top *mapping, kindOK bool) {
	x := l.x
	f := l.kindBlock(top, "sprt", KindSPRT, kindOK, "elo0 and elo1")
	if f == nil {
		return
	}
	x.SPRT = l.parseSPRT(f, "sprt")
}

// parseSPRT reads an SPRT block ({elo0, elo1, alpha, beta, model,
// max_pairs}) at path; nil when it has errors.
func (l *loader) parseSPRT(f *field, path string) *SPRT {
	m := l.mapping(f.val, path, sprtKeys)
	if m == nil {
		return nil
	}
	good := true
	var elo0, elo1 float64
	alpha, beta := DefaultAlpha, DefaultBeta
	model, _ := sprt.ParseModel(DefaultModel)
	for _, k := range []string{"elo0", "elo1"} {
		fl := m.get(k)
		if fl == nil {
			l.errAt(m.node, path+"."+k, "missing (the SPRT's %s hypothesis, in Elo)", map[string]string{"elo0": "H0", "elo1": "H1"}[k])
			good = false
			continue
		}
		v, ok := l.number(fl)
		if ok && math.Abs(v) > 4000 {
			l.errAt(fl.val, fl.path, "%g out of range [-4000..4000]", v)
			ok = false
		}
		good = good && ok
		if k == "elo0" {
			elo0 = v
		} else {
			elo1 = v
		}
	}
	if good && elo0 >= elo1 {
		fl := m.get("elo1")
		l.errAt(fl.val, fl.path, "elo1 (%g) must be greater than elo0 (%g)", elo1, elo0)
		good = false
	}
	for _, k := range []string{"alpha", "beta"} {
		fl := m.get(k)
		if fl == nil {
			continue
		}
		v, ok := l.number(fl)
		if ok && !(v > 0 && v < 1) {
			l.errAt(fl.val, fl.path, "%g out of range: want a probability in (0, 1)", v)
			ok = false
		}
		good = good && ok
		if k == "alpha" {
			alpha = v
		} else {
			beta = v
		}
	}
	if good && alpha+beta >= 1 {
		l.errAt(m.node, path, "alpha + beta must be below 1 (got %g + %g)", alpha, beta)
		good = false
	}
	if fl := m.get("model"); fl != nil {
		if s, ok := l.str(fl); ok {
			md, err := sprt.ParseModel(s)
			if err != nil {
				l.errAt(fl.val, fl.path, "unknown model %q (want logistic, normalized or bayeselo)%s", s,
					didYouMean(s, []string{"logistic", "normalized", "bayeselo"}))
				good = false
			}
			model = md
		} else {
			good = false
		}
	}
	maxPairs := 0
	if fl := m.get("max_pairs"); fl != nil {
		n, ok := l.integer(fl, 0, 1<<30)
		good = good && ok
		maxPairs = int(n)
	}
	if !good {
		return nil
	}
	t, err := sprt.NewTest(model, elo0, elo1, alpha, beta)
	if err != nil {
		l.errAt(m.node, path, "%v", err)
		return nil
	}
	return &SPRT{Test: t, MaxPairs: maxPairs}
}

func (l *loader) loadAdjudication(f *field) {
	if f == nil {
		return
	}
	m := l.mapping(f.val, "adjudication", adjKeys)
	if m == nil {
		return
	}
	a := &l.x.Adjudication
	if fl := m.get("maxmoves"); fl != nil {
		if n, ok := l.integer(fl, 0, 10000); ok {
			a.MaxMoves = int(n)
		}
	}
	if fl := m.get("draw"); fl != nil {
		if dm := l.mapping(fl.val, fl.path, drawKeys); dm != nil {
			// fishtest's defaults: -draw movenumber=34 movecount=8 score=20.
			d := &DrawAdjudication{MoveNumber: 34, MoveCount: 8, Score: 20}
			good := true
			if g := dm.get("movenumber"); g != nil {
				n, ok := l.integer(g, 0, 10000)
				good, d.MoveNumber = good && ok, int(n)
			}
			if g := dm.get("movecount"); g != nil {
				n, ok := l.integer(g, 1, 10000)
				good, d.MoveCount = good && ok, int(n)
			}
			if g := dm.get("score"); g != nil {
				n, ok := l.integer(g, 0, 100000)
				good, d.Score = good && ok, int(n)
			}
			if good {
				a.Draw = d
			}
		}
	}
	if fl := m.get("resign"); fl != nil {
		if rm := l.mapping(fl.val, fl.path, resignKeys); rm != nil {
			// fishtest's defaults: -resign movecount=3 score=400.
			r := &ResignAdjudication{MoveCount: 3, Score: 400}
			good := true
			if g := rm.get("movecount"); g != nil {
				n, ok := l.integer(g, 1, 10000)
				good, r.MoveCount = good && ok, int(n)
			}
			if g := rm.get("score"); g != nil {
				n, ok := l.integer(g, 1, 100000)
				good, r.Score = good && ok, int(n)
			}
			if g := rm.get("twosided"); g != nil {
				b, ok := l.boolean(g)
				good, r.TwoSided = good && ok, b
			}
			if good {
				a.Resign = r
			}
		}
	}
}

func (l *loader) loadEngines(top *mapping, kindOK bool) {
	x := l.x
	l.byName = map[string]*rawEngine{}
	f := top.get("engines")
	if f == nil {
		l.errAt(top.node, "engines", "missing: list the engines that play")
	} else if items, ok := l.sequence(f); ok {
		if len(items) == 0 {
			l.errAt(f.val, "engines", "empty: list the engines that play")
		}
		for i, it := range items {
			p := fmt.Sprintf("engines[%d]", i)
			m := l.mapping(it, p, engineKeys)
			if m == nil {
				continue
			}
			r := &rawEngine{path: p, node: it, m: m}
			l.parseEngine(r)
			l.register(r)
		}
	}

	// Ladder steps become labrat engines, each extending the previous.
	ladderField := top.get("ladder")
	if ladderField != nil && kindOK && x.Kind != KindLadder {
		l.errAt(ladderField.kn, "ladder", "only kind ladder takes ladder: steps (this is kind %s)", x.Kind)
		ladderField = nil
	}
	var steps []*rawEngine
	var stepInfo [][2]string
	if ladderField != nil {
		if items, ok := l.sequence(ladderField); ok {
			if len(items) == 0 {
				l.errAt(ladderField.val, "ladder", "empty: list the ladder's steps")
			}
			for i, it := range items {
				p := fmt.Sprintf("ladder[%d]", i)
				m := l.mapping(it, p, stepKeys)
				if m == nil {
					continue
				}
				r := &rawEngine{path: p, node: it, m: m, step: true, ok: true}
				var feature, category string
				if fl := m.get("feature"); fl == nil {
					l.errAt(it, p+".feature", "missing: name the feature this step adds")
					r.ok = false
				} else if s, ok := l.str(fl); ok {
					feature = s
					r.name, r.nameNode = s, fl.val
				} else {
					r.ok = false
				}
				if fl := m.get("category"); fl != nil {
					if s, ok := l.str(fl); ok {
						category = s
					}
				}
				if fl := m.get("name"); fl != nil {
					if s, ok := l.str(fl); ok {
						r.name, r.nameNode = s, fl.val
					}
				}
				if fl := m.get("extends"); fl != nil {
					if len(steps) > 0 {
						l.errAt(fl.kn, fl.path, "only the first ladder step takes extends: (each later step extends the previous one)")
						r.ok = false
					} else if s, ok := l.str(fl); ok {
						r.extends, r.extendsNode, r.extendsPath = s, fl.val, fl.path
					}
				} else if len(steps) > 0 {
					prev := steps[len(steps)-1]
					r.extends, r.extendsNode, r.extendsPath = prev.name, it, p
				}
				if r.name == "" && r.ok {
					l.errAt(it, p+".feature", "must not be empty")
					r.ok = false
				}
				steps = append(steps, r)
				stepInfo = append(stepInfo, [2]string{feature, category})
				l.register(r)
			}
		}
	}

	// Resolve.
	for _, r := range l.engines {
		l.resolve(r)
	}
	for _, r := range l.engines {
		if r.state == 2 {
			x.Engines = append(x.Engines, r.e)
		}
	}
	// Ladder steps.
	for i, r := range steps {
		if r.state != 2 {
			continue
		}
		st := &Step{Feature: stepInfo[i][0], Category: stepInfo[i][1], Engine: r.e}
		var prev *params.Values
		if i > 0 && steps[i-1].state == 2 {
			prev = steps[i-1].e.Params
		} else if i == 0 {
			prev = l.baseParams(r)
		}
		if prev != nil {
			st.Added = diff(prev, r.e.Params)
			if len(st.Added) == 0 && (i > 0 || r.extends != "") {
				l.errAt(r.node, r.path, "step %q changes no parameter of the previous one", r.name)
			}
		}
		x.Ladder = append(x.Ladder, st)
	}

	if !kindOK {
		return
	}
	l.checkKind(top, steps)
}

// baseParams is the parameter set the first ladder step extends.
func (l *loader) baseParams(r *rawEngine) *params.Values {
	if r.extends == "" {
		return params.NewValues()
	}
	if p, ok := l.byName[r.extends]; ok && p.state == 2 {
		return p.e.Params
	}
	if v, err := l.paramFile(r, false); err == nil {
		return v
	}
	return nil
}

func diff(a, b *params.Values) []Option {
	var out []Option
	for _, d := range b.Defs() {
		if a.Get(d) != b.Get(d) {
			out = append(out, Option{Name: d.Name, Value: b.Format(d)})
		}
	}
	return out
}

func (l *loader) register(r *rawEngine) {
	if r.name == "" {
		return
	}
	for name, other := range l.byName {
		if strings.EqualFold(name, r.name) {
			line, col := pos(other.nameNode)
			l.errAt(r.nameNode, r.path+".name", "duplicate engine name %q (first at line %d:%d)", r.name, line, col)
			r.ok = false
			return
		}
	}
	l.byName[r.name] = r
	l.engines = append(l.engines, r)
}

// parseEngine reads an engines: entry's own keys.
func (l *loader) parseEngine(r *rawEngine) {
	m := r.m
	r.ok = true
	fail := func(ok bool) {
		if !ok {
			r.ok = false
		}
	}
	if f := m.get("name"); f == nil {
		l.errAt(r.node, r.path+".name", "missing: every engine needs a name")
		r.ok = false
	} else if s, ok := l.str(f); ok {
		if strings.TrimSpace(s) == "" || strings.ContainsRune(s, '"') || hasControl(s) {
			l.errAt(f.val, f.path, "bad engine name %q (want a non-empty name without control characters (tabs, newlines) or quotes)", s)
			r.ok = false
		} else {
			r.name, r.nameNode = s, f.val
		}
	} else {
		r.ok = false
	}
	if f := m.get("extends"); f != nil {
		s, ok := l.str(f)
		fail(ok)
		r.extends, r.extendsNode, r.extendsPath = s, f.val, f.path
	}
	lim, set, marginSet, ok := l.parseLimits(m)
	fail(ok)
	r.limits, r.limitsSet, r.marginSet = lim, set, marginSet
}

// resolve builds r.e, resolving what it extends first.
func (l *loader) resolve(r *rawEngine) bool {
	switch r.state {
	case 1:
		l.errAt(r.extendsNode, r.extendsPath, "extends cycle: %s", l.cycle(r))
		r.state = 3
		return false
	case 2:
		return true
	case 3:
		return false
	}
	r.state = 1
	e := &Engine{Name: r.name, Proto: "uci", Extends: r.extends}
	if line, _ := pos(r.node); line > 0 {
		e.Line = line
	}
	var parent *rawEngine
	var fileParams *params.Values
	ok := r.ok
	assumeLabrat := false
	if r.extends != "" {
		if p, isEngine := l.byName[r.extends]; isEngine {
			if p == r {
				l.errAt(r.extendsNode, r.extendsPath, "an engine cannot extend itself")
				r.state = 3
				return false
			}
			if !l.resolve(p) {
				if r.state == 1 {
					r.state = 3
				}
				return false
			}
			if r.state == 3 { // reported as part of a cycle
				return false
			}
			parent = p
		} else if looksLikeFile(r.extends) {
			v, err := l.paramFile(r, true)
			if err != nil {
				ok = false
			}
			fileParams = v
		} else {
			names := make([]string, 0, len(l.byName))
			for n := range l.byName {
				names = append(names, n)
			}
			sort.Strings(names)
			l.errAt(r.extendsNode, r.extendsPath, "unknown engine %q (not an engine of this file, nor a .yaml parameter file)%s", r.extends, didYouMean(r.extends, names))
			ok = false
			// Most likely a misspelt labrat variant: still check its
			// params: against labrat's registry.
			assumeLabrat = r.m.get("cmd") == nil
		}
	}
	if parent != nil {
		pe := parent.e
		e.Cmd, e.Path, e.Dir, e.Proto, e.Labrat = pe.Cmd, pe.Path, pe.Dir, pe.Proto, pe.Labrat
		e.Args = append([]string(nil), pe.Args...)
		e.Options = append([]Option(nil), pe.Options...)
		e.Limits = pe.Limits
		r.cmdExplicit = parent.cmdExplicit
		if pe.Params != nil {
			e.Params = pe.Params.Clone()
		}
	} else {
		e.Limits = l.x.Limits
	}
	if fileParams != nil {
		e.Labrat = true
		e.Params = fileParams
	}
	m := r.m

	// Command.
	labratSet := false
	if f := m.get("labrat"); f != nil && !r.step {
		b, good := l.boolean(f)
		if good {
			labratSet = true
			if !b && (e.Labrat || fileParams != nil) {
				l.errAt(f.val, f.path, "labrat: false, but this engine extends a labrat variant")
				ok = false
			}
			e.Labrat = e.Labrat || b
		} else {
			ok = false
		}
	}
	if r.step || assumeLabrat {
		e.Labrat = true
	}
	if f := m.get("cmd"); f != nil && !r.step {
		if s, good := l.str(f); good && s != "" {
			e.Cmd, e.Path = s, ""
			r.cmdExplicit = true
			if isLabratCmd(s) {
				e.Labrat = true
			}
		} else {
			if good {
				l.errAt(f.val, f.path, "must not be empty")
			}
			ok = false
		}
	}
	if f := m.get("args"); f != nil && !r.step {
		a, good := l.stringList(f)
		e.Args = a
		ok = ok && good && l.engineTexts(f, a)
	}
	if f := m.get("dir"); f != nil && !r.step {
		s, good := l.str(f)
		e.Dir = s
		ok = ok && good
		if good {
			dir := s
			if !filepath.IsAbs(dir) {
				dir = filepath.Join(l.dir, dir)
			}
			if st, err := os.Stat(dir); err != nil || !st.IsDir() {
				l.errAt(f.val, f.path, "directory %s does not exist", dir)
				ok = false
			}
		}
	}
	if f := m.get("proto"); f != nil && !r.step {
		if s, good := l.str(f); good {
			switch strings.ToLower(s) {
			case "uci":
				e.Proto = "uci"
			case "xboard", "cecp", "winboard":
				e.Proto = "xboard"
			default:
				l.errAt(f.val, f.path, "unknown protocol %q (want uci or xboard)", s)
				ok = false
			}
		} else {
			ok = false
		}
	}
	if e.Labrat {
		if e.Cmd == "" {
			e.Cmd = l.x.LabratCmd
		}
		if e.Cmd == l.x.LabratCmd && !r.cmdExplicit {
			e.Path = l.labratPath
		}
		if e.Proto != "uci" {
			if f := m.get("proto"); f != nil {
				l.errAt(f.val, f.path, "labrat speaks uci only")
			}
			ok = false
		}
		if e.Params == nil {
			e.Params = params.NewValues()
		}
	} else if e.Cmd == "" && ok {
		if !labratSet && m.get("params") != nil {
			l.errAt(r.node, r.path, "params: is only for labrat variants: add labrat: true (or extends: a labrat variant)")
		} else {
			l.errAt(r.node, r.path+".cmd", "missing: an external engine needs cmd: (a labrat variant needs labrat: true)")
		}
		ok = false
	} else if f := m.get("params"); f != nil && !e.Labrat {
		l.errAt(f.kn, f.path, "params: is only for labrat variants (external engines take options:)")
		ok = false
	}

	// Options.
	if f := m.get("options"); f != nil && !r.step {
		if om := l.mapping(f.val, f.path, nil); om != nil {
			for _, k := range om.order {
				fl := om.fields[k]
				v, good := l.scalarText(fl)
				if !good || !l.engineText(fl, "option name", k) || !l.engineText(fl, fmt.Sprintf("option %q", k), v) {
					ok = false
					continue
				}
				if e.Labrat {
					if _, isParam := params.Lookup(k); isParam {
						l.errAt(fl.kn, fl.path, "%s is a labrat parameter: set it under params:", k)
						ok = false
						continue
					}
				}
				e.Options = setOption(e.Options, Option{Name: k, Value: v})
			}
		} else {
			ok = false
		}
	}

	// Parameters.
	if f := m.get("params"); f != nil && e.Labrat {
		if !l.applyParams(e.Params, f) {
			ok = false
		}
	}

	// Limits.
	if r.limitsSet {
		margin := e.Limits.Margin
		e.Limits = r.limits
		e.Limits.Margin = margin
	}
	if r.marginSet {
		e.Limits.Margin = r.limits.Margin
	}
	if r.limitsSet || r.marginSet {
		if err := e.Limits.Validate(); err != nil {
			l.errAt(r.node, r.path+".tc", "%v", err)
			ok = false
		}
	}

	// Binary.
	if e.Cmd != "" && r.cmdExplicit && !l.opts.SkipBinaries && (parent == nil || parent.e.Path == "" || m.has("cmd") || m.has("dir")) {
		f := m.get("cmd")
		if f == nil {
			f = &field{path: r.path + ".cmd", val: r.node}
		}
		if p, good := l.checkBinary(f, e.Cmd, e.Dir); good {
			e.Path = p
		} else {
			ok = false
		}
	}

	if e.Params != nil {
		for _, d := range e.Params.Changed() {
			e.Changed = append(e.Changed, Option{Name: d.Name, Value: e.Params.Format(d)})
		}
	}
	sort.Slice(e.Options, func(i, j int) bool { return e.Options[i].Name < e.Options[j].Name })
	r.e = e
	if !ok {
		r.state = 3
		return false
	}
	r.state = 2
	return true
}

func setOption(opts []Option, o Option) []Option {
	for i := range opts {
		if strings.EqualFold(opts[i].Name, o.Name) {
			// UCI option names are case-insensitive: keep the first spelling.
			opts[i].Value = o.Value
			return opts
		}
	}
	return append(opts, o)
}

func looksLikeFile(s string) bool {
	ext := strings.ToLower(filepath.Ext(s))
	return ext == ".yaml" || ext == ".yml" || strings.ContainsRune(s, '/')
}

func isLabratCmd(cmd string) bool {
	base := strings.TrimSuffix(filepath.Base(cmd), ".exe")
	return base == "labrat"
}

// cycle describes the extends chain that leads back to r.
func (l *loader) cycle(r *rawEngine) string {
	names := []string{r.name}
	cur := r
	for i := 0; i < len(l.engines)+1; i++ {
		next, ok := l.byName[cur.extends]
		if !ok {
			break
		}
		names = append(names, next.name)
		if next == r {
			break
		}
		cur = next
	}
	return strings.Join(names, " -> ")
}

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
			l.errAt(r.extendsNode, r.extendsPath, "parameter file %s: %s", p, pe.Msg)
		}
		return nil, err
	}
	if err != nil {
		if report {
			l.errAt(r.extendsNode, r.extendsPath, "parameter file %s is not valid (errors follow)", p)
			for _, pe := range paramErrors(err) {
				e := &Error{File: p, Line: pe.Line, Col: pe.Col, Path: pe.Key, Msg: pe.Msg}
				if pe.Line == 0 {
					e.File = pe.Pos
					if e.File == "" {
						e.File = p
					}
				}
				l.add(e)
			}
		}
		return nil, err
	}
	return v, nil
}

// paramErrors flattens what params returns into its *params.Error parts.
func paramErrors(err error) []*params.Error {
	var out []*params.Error
	var walk func(error)
	walk = func(err error) {
		if err == nil {
			return
		}
		if pe, ok := err.(*params.Error); ok {
			out = append(out, pe)
			return
		}
		if j, ok := err.(interface{ Unwrap() []error }); ok {
			for _, e := range j.Unwrap() {
				walk(e)
			}
			return
		}
		var pe *params.Error
		if errors.As(err, &pe) {
			out = append(out, pe)
			return
		}
		out = append(out, &params.Error{Msg: err.Error()})
	}
	walk(err)
	return out
}

// applyParams validates a params: map against the registry and applies it.
func (l *loader) applyParams(v *params.Values, f *field) bool {
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
		flat[e.key] = e.val
		nodes[strings.ToLower(e.key)] = e.node
	}
	err := v.ApplyMap(flat, nil)
	if err == nil {
		return true
	}
	for _, pe := range paramErrors(err) {
		n := nodes[strings.ToLower(pe.Key)]
		path := f.path
		if pe.Key != "" {
			path += "." + pe.Key
		}
		if n == nil {
			n = f.val
		}
		l.errAt(n, path, "%s", pe.Msg)
	}
	return false
}

func lookupParam(key string) (*params.Def, bool) { return params.Lookup(key) }

// checkBinary finds cmd as the runner will (cli.FindEngine: a name without
// a slash in $PATH, then /usr/games, where Debian installs chess engines; a
// path relative to dir, itself relative to the experiment's directory, or
// to the current directory). It returns the absolute path.
func (l *loader) checkBinary(f *field, cmd, dir string) (string, bool) {
	if l.opts.SkipBinaries {
		return "", true
	}
	if dir != "" && !filepath.IsAbs(dir) {
		dir = filepath.Join(l.dir, dir)
	}
	p, err := cli.FindEngine(cmd, dir)
	if err != nil {
		l.errAt(f.val, f.path, "%v", err)
		return "", false
	}
	return p, true
}

// checkKind checks what each kind needs and fills Tested and Opponents.
func (l *loader) checkKind(top *mapping, steps []*rawEngine) {
	x := l.x
	nEngines := 0
	if f := top.get("engines"); f != nil {
		if seq, ok := f.val.(*ast.SequenceNode); ok {
			nEngines = len(seq.Values)
		}
	}
	gf := top.get("gauntlet")
	if gf != nil && x.Kind != KindGauntlet && x.Kind != KindLadder {
		l.errAt(gf.kn, "gauntlet", "only kinds gauntlet and ladder take a gauntlet: list (this is kind %s)", x.Kind)
		gf = nil
	}
	var opponents []*Engine
	if gf != nil {
		names, ok := l.stringList(gf)
		seen := map[string]bool{}
		for i, n := range names {
			if !ok {
				break
			}
			p := fmt.Sprintf("gauntlet[%d]", i)
			r, found := l.byName[n]
			items, _ := l.sequence(gf)
			var node ast.Node = gf.val
			if i < len(items) {
				node = items[i]
			}
			switch {
			case !found || r.step:
				var cands []string
				for _, e := range l.engines {
					if !e.step {
						cands = append(cands, e.name)
					}
				}
				l.errAt(node, p, "unknown engine %q (opponents must be listed under engines:)%s", n, didYouMean(n, cands))
			case seen[n]:
				l.errAt(node, p, "engine %q listed twice", n)
			default:
				seen[n] = true
				if r.state == 2 {
					opponents = append(opponents, r.e)
				}
			}
		}
	}
	switch x.Kind {
	case KindSPSA:
		if nEngines != 1 {
			l.errAt(keyOr(top, "engines"), "engines", "kind spsa tunes exactly 1 engine (it plays copies of itself), got %d", nEngines)
			return
		}
		x.Tested = x.Engines
	case KindSPRT, KindMatch:
		if nEngines != 2 {
			at := top.get("engines")
			var n ast.Node = top.node
			if at != nil {
				n = at.kn
			}
			l.errAt(n, "engines", "kind %s needs exactly 2 engines (the tested one first, then the baseline), got %d", x.Kind, nEngines)
			return
		}
		if len(x.Engines) == 2 {
			x.Tested, x.Opponents = x.Engines[:1], x.Engines[1:]
		}
	case KindGauntlet:
		if nEngines < 2 {
			l.errAt(keyOr(top, "engines"), "engines", "kind gauntlet needs at least 2 engines, got %d", nEngines)
			return
		}
		if gf == nil {
			x.Tested, x.Opponents = x.Engines[:min(1, len(x.Engines))], x.Engines[min(1, len(x.Engines)):]
			return
		}
		in := map[*Engine]bool{}
		for _, o := range opponents {
			in[o] = true
		}
		for _, e := range x.Engines {
			if !in[e] {
				x.Tested = append(x.Tested, e)
			}
		}
		x.Opponents = opponents
		if len(x.Tested) == 0 {
			l.errAt(gf.val, "gauntlet", "every engine is an opponent: leave at least one engine out of gauntlet: to be tested")
		}
	case KindRoundRobin:
		if nEngines < 2 {
			l.errAt(keyOr(top, "engines"), "engines", "kind roundrobin needs at least 2 engines, got %d", nEngines)
			return
		}
		x.Tested = x.Engines
	case KindLadder:
		if top.get("ladder") == nil {
			l.errAt(top.node, "ladder", "kind ladder needs ladder: steps ({feature, category, params})")
		}
		if gf == nil {
			l.errAt(top.node, "gauntlet", "kind ladder needs a gauntlet: list of opponents (engines every step plays)")
		}
		for _, r := range steps {
			if r.state == 2 {
				x.Tested = append(x.Tested, r.e)
			}
		}
		x.Opponents = opponents
	}
}

// keyOr is the node of key k in m, or m itself when k is absent.
func keyOr(m *mapping, k string) ast.Node {
	if f := m.get(k); f != nil {
		return f.kn
	}
	return m.node
}

// loadWAC reads the ladder's test suite: wac: {file:, movetime: | nodes: |
// depth:}. The suite is read in full, so a malformed line is an error here.
func (l *loader) loadWAC(f *field, kindOK bool) {
	if f == nil {
		return
	}
	x := l.x
	if kindOK && x.Kind != KindLadder {
		l.errAt(f.kn, "wac", "only kind ladder measures a test suite per step (this is kind %s)", x.Kind)
		return
	}
	m := l.mapping(f.val, "wac", wacKeys)
	if m == nil {
		return
	}
	w := &Suite{File: DefaultSuite, Line: f.kn.GetToken().Position.Line}
	fileField := m.get("file")
	if fileField != nil {
		s, ok := l.str(fileField)
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
	ps, err := suite.Open(path)
	if err != nil {
		l.errAt(nodeOr(fieldVal(fileField), f), "wac.file", "%v", err)
		return
	}
	if len(ps) == 0 {
		l.errAt(nodeOr(fieldVal(fileField), f), "wac.file", "%s holds no positions", w.File)
		return
	}
	x.WAC = w
}

func fieldVal(f *field) ast.Node {
	if f == nil {
		return nil
	}
	return f.val
}
