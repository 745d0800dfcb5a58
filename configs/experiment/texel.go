package experiment

import (
	"fmt"
	"math"
	"path/filepath"
	"strings"

	"github.com/goccy/go-yaml/ast"

	"github.com/elolab/elolab/engine/params"
)

// Texel is a Texel tuning run: the texel: block of a kind texel file, or a
// Texel configuration file of its own (the same keys at the top level, no
// kind:, as configs/texel.yaml). Every key is documented in
// configs/README.md, section "Texel". Paths are resolved relative to the
// file. elolab texel turns it into tuner/texel's Config.
type Texel struct {
	File         string   // the file it was read from
	Data         []string // EPD data files
	MaxPositions int      // 0: all
	Holdout      float64
	Seed         uint64
	Start        string // labrat parameter file the tuning starts from ("": defaults)
	Params       []TexelSelector
	Exclude      []TexelSelector // removed from the selection
	Epochs       int
	LearningRate float64
	L2           float64 // penalty on the distance from the start values
	Batch        int     // 0: full batch
	K            float64 // 0: fitted
	ScoreWeight  float64 // weight of the data's score labels in the targets; 0: results only
	ScoreK       float64 // the score labels' K; 0: fitted
	Output       string
	OutputAll    bool
	Threads      int
}

// TexelSelector is one entry of params: or exclude:, resolved against
// labrat's registry (params.SelectWeights).
type TexelSelector struct {
	Text     string
	Pos      string // file:line:col
	Defs     []*params.Def
	Explicit bool // an exact parameter name, not a prefix, group or pattern
}

// Texel defaults.
const (
	DefaultTexelHoldout      = 0.1
	DefaultTexelEpochs       = 200
	DefaultTexelLearningRate = 1.0
)

// texelKeys are the keys of a Texel run.
var texelKeys = []string{"data", "max_positions", "holdout", "seed", "start", "params", "exclude",
	"epochs", "learning_rate", "l2", "batch", "k", "score_weight", "score_k", "output", "output_all", "threads"}

// LoadTexel reads a Texel run: a kind texel experiment file, or a Texel
// configuration file without kind:. Errors are an ErrorList.
func LoadTexel(path string) (*Texel, error) {
	data, err := params.ReadYAMLFile(path)
	if err != nil {
		return nil, readError(err, path, "")
	}
	return ParseTexel(data, path)
}

// ParseTexel is LoadTexel on data read elsewhere; filename labels errors
// and is the base of relative paths.
func ParseTexel(data []byte, filename string) (*Texel, error) {
	l := &loader{Decoder: params.Decoder{File: filename, Limit: maxErrors}, dir: filepath.Dir(filename)}
	body, ok := l.Decoder.Parse(data)
	if !ok {
		return nil, l.Err()
	}
	if body == nil {
		l.Add(&Error{File: filename, Line: 1, Col: 1, Msg: "empty file (want a Texel run: data:, params:, output:, ...)"})
		return nil, l.Err()
	}
	if hasKey(body, "kind") {
		x, err := Parse(data, filename, Options{SkipBinaries: true, SkipBookScan: true})
		if err != nil {
			return nil, err
		}
		if x.Kind != KindTexel {
			return nil, ErrorList{{File: filename, Key: "kind", Msg: fmt.Sprintf("kind %s is not a Texel run (want kind: texel, or a Texel configuration without kind:)", x.Kind)}}
		}
		return x.Texel, nil
	}
	t := l.parseTexel(body, "")
	if err := l.Err(); err != nil {
		return nil, err
	}
	return t, nil
}

// IsTexel reports whether data is a Texel run: kind: texel, or a
// top-level mapping with data: and no kind: (every experiment has one).
// Tools that take either, such as elolab check, use it to choose the
// loader; data that does not parse is not (the loader reports it).
func IsTexel(data []byte) bool {
	d := &params.Decoder{}
	body, ok := d.Parse(data)
	if !ok || body == nil {
		return false
	}
	values, _ := params.MappingValues(body)
	for _, mv := range values {
		if k, ok := mv.Key.(*ast.StringNode); ok && k.Value == "kind" {
			v, isStr := mv.Value.(*ast.StringNode)
			return isStr && strings.EqualFold(v.Value, string(KindTexel))
		}
	}
	return hasKey(body, "data")
}

// hasKey reports whether n is a mapping with key k.
func hasKey(n ast.Node, k string) bool {
	values, _ := params.MappingValues(n)
	for _, mv := range values {
		if s, ok := mv.Key.(*ast.StringNode); ok && s.Value == k {
			return true
		}
	}
	return false
}

// loadTexelKind reads a kind texel file: name:, kind: and texel: only.
func (l *loader) loadTexelKind(top *params.Mapping) {
	for _, k := range top.Order {
		if k != "name" && k != "kind" && k != "texel" {
			f := top.Get(k)
			l.Errorf(f.KeyNode, f.Path, "kind texel plays no games: it takes name:, kind: and texel: only")
		}
	}
	if f := top.Get("texel"); f != nil {
		l.x.Texel = l.parseTexel(f.Val, "texel")
	} else {
		l.Errorf(top.Start(), "texel", "kind texel needs a texel: block with data, params and output")
	}
}

// parseTexel reads a Texel run's keys from the mapping n at path.
func (l *loader) parseTexel(n ast.Node, path string) *Texel {
	m := l.Mapping(n, path, texelKeys)
	if m == nil {
		return nil
	}
	t := &Texel{File: l.File, Holdout: DefaultTexelHoldout, Seed: 1, Epochs: DefaultTexelEpochs, LearningRate: DefaultTexelLearningRate}
	for _, req := range []string{"data", "params", "output"} {
		if !m.Has(req) {
			l.Errorf(m.Start(), params.JoinPath(path, req), "required")
		}
	}
	for _, k := range m.Order {
		f := m.Fields[k]
		switch k {
		case "data":
			for _, s := range l.texelStrings(f) {
				t.Data = append(t.Data, l.texelPath(s.text))
			}
		case "max_positions":
			t.MaxPositions = int(l.texelInt(f, 0, math.MaxInt32))
		case "holdout":
			t.Holdout = l.texelNumber(f, 0, 0.9, true)
		case "seed":
			t.Seed = uint64(l.texelInt(f, 0, math.MaxInt64))
		case "start":
			if s, ok := l.nonEmpty(f); ok {
				t.Start = l.texelPath(s)
			}
		case "params":
			t.Params = l.texelSelectors(f)
		case "exclude":
			t.Exclude = l.texelSelectors(f)
		case "epochs":
			t.Epochs = int(l.texelInt(f, 1, 10_000_000))
		case "learning_rate":
			t.LearningRate = l.texelNumber(f, 0, 1e6, false)
		case "l2":
			t.L2 = l.texelNumber(f, 0, 1e6, true)
		case "batch":
			t.Batch = int(l.texelInt(f, 0, math.MaxInt32))
		case "k":
			if _, null := f.Val.(*ast.NullNode); !null {
				t.K = l.texelNumber(f, 0, 100, false)
			}
		case "score_weight":
			t.ScoreWeight = l.texelNumber(f, 0, 1, true)
		case "score_k":
			if _, null := f.Val.(*ast.NullNode); !null {
				t.ScoreK = l.texelNumber(f, 0, 100, false)
			}
		case "output":
			if s, ok := l.nonEmpty(f); ok {
				t.Output = l.texelPath(s)
			}
		case "output_all":
			t.OutputAll, _ = l.Bool(f)
		case "threads":
			t.Threads = int(l.texelInt(f, 0, 4096))
		}
	}
	// The labels' K only scales the score share of the targets: with no
	// share it would be ignored unseen.
	if f := m.Fields["score_k"]; t.ScoreK > 0 && t.ScoreWeight == 0 {
		l.Errorf(f.Val, f.Path, "has no effect while score_weight is 0 (the share of the targets the score labels give)")
	}
	return t
}

func (l *loader) texelPath(p string) string {
	if p == "" || filepath.IsAbs(p) {
		return p
	}
	return filepath.Join(l.dir, p)
}

func (l *loader) texelInt(f *params.Field, lo, hi int64) int64 {
	n, _ := l.Integer(f, lo, hi)
	return n
}

// texelNumber reads a number in [lo, hi] (or (lo, hi] without closedLo).
func (l *loader) texelNumber(f *params.Field, lo, hi float64, closedLo bool) float64 {
	x, ok := l.Number(f)
	if !ok {
		return 0
	}
	if x > hi || x < lo || (!closedLo && x == lo) {
		left := "("
		if closedLo {
			left = "["
		}
		l.Errorf(f.Val, f.Path, "%v out of range %s%v, %v]", x, left, lo, hi)
	}
	return x
}

// nonEmpty reads a non-empty string.
func (l *loader) nonEmpty(f *params.Field) (string, bool) {
	if s, ok := f.Val.(*ast.StringNode); ok && s.Value != "" {
		return s.Value, true
	}
	l.Errorf(f.Val, f.Path, "want a non-empty string, got %s", params.Describe(f.Val))
	return "", false
}

type posString struct {
	text string
	node ast.Node
	path string
}

// texelStrings reads a non-empty string or a non-empty list of them.
func (l *loader) texelStrings(f *params.Field) []posString {
	if _, isSeq := f.Val.(*ast.SequenceNode); !isSeq {
		if s, ok := l.nonEmpty(f); ok {
			return []posString{{s, f.Val, f.Path}}
		}
		return nil
	}
	items, ok := l.Sequence(f)
	if !ok {
		return nil
	}
	if len(items) == 0 {
		l.Errorf(f.Val, f.Path, "empty list")
	}
	var out []posString
	for i, it := range items {
		p := fmt.Sprintf("%s[%d]", f.Path, i)
		if s, ok := l.nonEmpty(&params.Field{Path: p, Val: it}); ok {
			out = append(out, posString{s, it, p})
		}
	}
	return out
}

// texelSelectors reads parameter selectors and resolves them.
func (l *loader) texelSelectors(f *params.Field) []TexelSelector {
	var out []TexelSelector
	for _, s := range l.texelStrings(f) {
		defs, explicit, err := params.SelectWeights(s.text)
		if err != nil {
			l.Errorf(s.node, s.path, "%v", err)
			continue
		}
		line, col := params.NodePos(s.node)
		out = append(out, TexelSelector{Text: s.text, Pos: fmt.Sprintf("%s:%d:%d", l.File, line, col), Defs: defs, Explicit: explicit})
	}
	return out
}

// canonical writes the texel: block of a kind texel file's canonical text:
// every key, defaults filled in, paths relative to the file as written.
func (t *Texel) canonical(w *yw) {
	rel := func(p string) string {
		if filepath.IsAbs(p) {
			return p
		}
		if r, err := filepath.Rel(filepath.Dir(t.File), p); err == nil {
			return r
		}
		return p
	}
	data := make([]string, len(t.Data))
	for i, p := range t.Data {
		data[i] = rel(p)
	}
	list := func(key string, items []string) {
		quoted := make([]string, len(items))
		for i, s := range items {
			quoted[i] = q(s)
		}
		w.line(1, "%s: [%s]", key, strings.Join(quoted, ", "))
	}
	texts := func(sel []TexelSelector) []string {
		out := make([]string, len(sel))
		for i, s := range sel {
			out[i] = s.Text
		}
		return out
	}
	w.line(0, "texel:")
	list("data", data)
	w.line(1, "max_positions: %d", t.MaxPositions)
	w.line(1, "holdout: %s", fnum(t.Holdout))
	w.line(1, "seed: %d", t.Seed)
	if t.Start != "" {
		w.line(1, "start: %s", q(rel(t.Start)))
	}
	list("params", texts(t.Params))
	if len(t.Exclude) > 0 {
		list("exclude", texts(t.Exclude))
	}
	w.line(1, "epochs: %d", t.Epochs)
	w.line(1, "learning_rate: %s", fnum(t.LearningRate))
	w.line(1, "l2: %s", fnum(t.L2))
	w.line(1, "batch: %d", t.Batch)
	if t.K > 0 {
		w.line(1, "k: %s", fnum(t.K))
	}
	if t.ScoreWeight > 0 {
		w.line(1, "score_weight: %s", fnum(t.ScoreWeight))
	}
	if t.ScoreK > 0 {
		w.line(1, "score_k: %s", fnum(t.ScoreK))
	}
	w.line(1, "output: %s", q(rel(t.Output)))
	w.line(1, "output_all: %v", t.OutputAll)
	w.line(1, "threads: %d", t.Threads)
}
