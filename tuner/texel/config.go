package texel

import (
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/goccy/go-yaml"
	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/parser"
	"github.com/goccy/go-yaml/token"

	"github.com/elolab/elolab/engine/params"
)

// Config is a Texel run, read from YAML by LoadConfig (every key is
// documented in configs/README.md, section "Texel"). Paths are resolved
// relative to the configuration file.
type Config struct {
	File         string   // the configuration file
	Data         []string // EPD data files
	MaxPositions int      // 0: all
	Holdout      float64
	Seed         uint64
	Start        string // labrat parameter file the tuning starts from ("": defaults)
	Params       []Item // selected weights
	Exclude      []Item // removed from the selection
	Epochs       int
	LearningRate float64
	L2           float64 // penalty on the distance from the start values
	Batch        int     // 0: full batch
	K            float64 // 0: fitted
	Output       string
	OutputAll    bool
	Threads      int
}

// Item is one entry of params: or exclude:, resolved against labrat's
// registry.
type Item struct {
	Text     string
	Pos      string // file:line:col
	Defs     []*params.Def
	Explicit bool // an exact parameter name, not a prefix, group or pattern
}

// Config defaults.
const (
	DefaultHoldout      = 0.1
	DefaultEpochs       = 200
	DefaultLearningRate = 1.0
)

// ConfigError is one problem in a configuration file.
type ConfigError struct {
	Pos string // file:line:col (or file)
	Key string
	Msg string
}

func (e *ConfigError) Error() string {
	if e.Key == "" {
		return e.Pos + ": " + e.Msg
	}
	return e.Pos + ": " + e.Key + ": " + e.Msg
}

// configKeys are the accepted top-level keys.
var configKeys = []string{"data", "max_positions", "holdout", "seed", "start", "params", "exclude",
	"epochs", "learning_rate", "l2", "batch", "k", "output", "output_all", "threads"}

// LoadConfig reads and checks a Texel configuration file. Unknown keys,
// wrong types, out-of-range values and parameters that labrat does not
// have are errors naming file:line:col and the key; all problems of the
// file are reported together.
func LoadConfig(file string) (*Config, error) {
	data, err := params.ReadYAMLFile(file)
	if err != nil {
		return nil, inputError(err, file)
	}
	return ParseConfig(data, file)
}

// inputError turns an error of params.ReadYAMLFile or params.CheckYAML (the
// file cannot be read, or is beyond the YAML limits) into a *ConfigError.
func inputError(err error, file string) error {
	var pe *params.Error
	if errors.As(err, &pe) {
		return &ConfigError{Pos: pe.Pos, Msg: pe.Msg}
	}
	return &ConfigError{Pos: file, Msg: err.Error()}
}

// ParseConfig is LoadConfig on data read elsewhere; file names the data in
// errors and is the base of relative paths.
func ParseConfig(data []byte, file string) (cfg *Config, err error) {
	defer func() {
		// The parser is third-party code: a panic in it is an error here.
		if r := recover(); r != nil {
			cfg, err = nil, &ConfigError{Pos: file, Msg: fmt.Sprintf("YAML parser failed: %v", r)}
		}
	}()
	// Bound what the YAML parser is given: its cost grows with the square
	// of the nesting depth (see params.CheckYAML).
	if err := params.CheckYAML(data, file); err != nil {
		return nil, inputError(err, file)
	}
	l := &cfgLoader{file: file, dir: filepath.Dir(file)}
	c := &Config{File: file, Holdout: DefaultHoldout, Seed: 1, Epochs: DefaultEpochs, LearningRate: DefaultLearningRate}
	f, perr := parser.ParseBytes(data, 0)
	if perr != nil {
		var ye yaml.Error
		if errors.As(perr, &ye) {
			return nil, &ConfigError{Pos: l.pos(ye.GetToken()), Msg: "syntax error: " + ye.GetMessage()}
		}
		return nil, &ConfigError{Pos: file, Msg: "syntax error: " + perr.Error()}
	}
	var body ast.Node
	for _, d := range f.Docs {
		if d != nil && d.Body != nil {
			if body != nil {
				return nil, &ConfigError{Pos: l.posOf(d.Body), Msg: "only one YAML document is allowed"}
			}
			body = d.Body
		}
	}
	var fields []*ast.MappingValueNode
	switch b := body.(type) {
	case *ast.MappingNode:
		fields = b.Values
	case *ast.MappingValueNode:
		fields = []*ast.MappingValueNode{b}
	case nil:
	default:
		return nil, &ConfigError{Pos: l.posOf(b), Msg: "the top level must be a mapping of keys (data, params, epochs, ...)"}
	}
	seen := map[string]bool{}
	for _, mv := range fields {
		key := ""
		if k, ok := mv.Key.(*ast.StringNode); ok {
			key = k.Value
		} else if mv.Key != nil && mv.Key.GetToken() != nil {
			key = mv.Key.GetToken().Value
		}
		if seen[key] {
			l.fail(mv.Key, key, "given twice")
			continue
		}
		seen[key] = true
		v := mv.Value
		switch x := v.(type) {
		case *ast.AnchorNode:
			v = x.Value
		case *ast.AliasNode:
			l.fail(v, key, "aliases (*name) are not supported")
			continue
		case *ast.TagNode:
			l.fail(v, key, "tags (!!type) are not supported")
			continue
		}
		switch key {
		case "data":
			for _, s := range l.strings(v, key) {
				c.Data = append(c.Data, l.path(s.text))
			}
		case "max_positions":
			c.MaxPositions = l.integer(v, key, 0, math.MaxInt32)
		case "holdout":
			c.Holdout = l.number(v, key, 0, 0.9, true)
		case "seed":
			c.Seed = uint64(l.integer(v, key, 0, math.MaxInt64))
		case "start":
			if s, ok := l.str(v, key); ok {
				c.Start = l.path(s)
			}
		case "params":
			c.Params = l.items(v, key)
		case "exclude":
			c.Exclude = l.items(v, key)
		case "epochs":
			c.Epochs = l.integer(v, key, 1, 10_000_000)
		case "learning_rate":
			c.LearningRate = l.number(v, key, 0, 1e6, false)
		case "l2":
			c.L2 = l.number(v, key, 0, 1e6, true)
		case "batch":
			c.Batch = l.integer(v, key, 0, math.MaxInt32)
		case "k":
			if _, null := v.(*ast.NullNode); !null {
				c.K = l.number(v, key, 0, 100, false)
			}
		case "output":
			if s, ok := l.str(v, key); ok {
				c.Output = l.path(s)
			}
		case "output_all":
			c.OutputAll = l.boolean(v, key)
		case "threads":
			c.Threads = l.integer(v, key, 0, 4096)
		default:
			msg := "unknown key (known: " + strings.Join(configKeys, ", ") + ")"
			if s := closest(key, configKeys); s != "" {
				msg = "unknown key (did you mean " + s + "?)"
			}
			l.fail(mv.Key, key, "%s", msg)
		}
	}
	for _, req := range []string{"data", "params", "output"} {
		if !seen[req] {
			l.errs = append(l.errs, &ConfigError{Pos: file, Key: req, Msg: "required"})
		}
	}
	if len(l.errs) > 0 {
		if len(l.errs) == 1 {
			return nil, l.errs[0]
		}
		return nil, errors.Join(l.errs...)
	}
	return c, nil
}

// IsConfig reports whether data looks like a Texel configuration rather
// than an experiment file: a top-level mapping with a data: key and no kind:
// key (every experiment has one). Tools that take either, such as elolab
// check, use it to choose the loader.
func IsConfig(data []byte) (is bool) {
	defer func() {
		if recover() != nil {
			is = false // the loader will report the bad YAML
		}
	}()
	if params.CheckYAML(data, "") != nil {
		return false
	}
	f, err := parser.ParseBytes(data, 0, parser.AllowDuplicateMapKey())
	if err != nil || len(f.Docs) != 1 || f.Docs[0] == nil {
		return false
	}
	var fields []*ast.MappingValueNode
	switch b := f.Docs[0].Body.(type) {
	case *ast.MappingNode:
		fields = b.Values
	case *ast.MappingValueNode:
		fields = []*ast.MappingValueNode{b}
	}
	keys := map[string]bool{}
	for _, mv := range fields {
		if mv.Key != nil && mv.Key.GetToken() != nil {
			keys[mv.Key.GetToken().Value] = true
		}
	}
	return keys["data"] && !keys["kind"]
}

// Check does what a run checks before it starts: a selection that leaves
// a weight, data files that are there, and a start: file that loads.
func (c *Config) Check() error {
	var errs []error
	if len(c.Selected()) == 0 {
		errs = append(errs, &ConfigError{Pos: c.File, Key: "params", Msg: "the selection minus exclude leaves no parameter"})
	}
	for _, f := range c.Data {
		if st, err := os.Stat(f); err != nil {
			msg := err.Error()
			var pe *os.PathError
			if errors.As(err, &pe) {
				msg = f + ": " + pe.Err.Error()
			}
			errs = append(errs, &ConfigError{Pos: c.File, Key: "data", Msg: msg})
		} else if !st.Mode().IsRegular() {
			errs = append(errs, &ConfigError{Pos: c.File, Key: "data", Msg: f + ": not a regular file"})
		}
	}
	if c.Start != "" {
		if _, err := params.LoadYAMLFile(c.Start); err != nil {
			errs = append(errs, &ConfigError{Pos: c.File, Key: "start", Msg: err.Error()})
		}
	}
	return errors.Join(errs...)
}

// Selected returns the integer parameters chosen by Params minus Exclude,
// in name order.
func (c *Config) Selected() []*params.Def {
	drop := map[*params.Def]bool{}
	for _, it := range c.Exclude {
		for _, d := range it.Defs {
			drop[d] = true
		}
	}
	seen := map[*params.Def]bool{}
	var out []*params.Def
	for _, it := range c.Params {
		for _, d := range it.Defs {
			if !drop[d] && !seen[d] {
				seen[d] = true
				out = append(out, d)
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

type cfgLoader struct {
	file, dir string
	errs      []error
}

type posString struct {
	text string
	node ast.Node
}

func (l *cfgLoader) pos(tk *token.Token) string {
	if tk == nil || tk.Position == nil {
		return l.file
	}
	return fmt.Sprintf("%s:%d:%d", l.file, tk.Position.Line, tk.Position.Column)
}

func (l *cfgLoader) posOf(n ast.Node) string {
	if n == nil {
		return l.file
	}
	return l.pos(n.GetToken())
}

func (l *cfgLoader) fail(n ast.Node, key, format string, args ...any) {
	if len(l.errs) < 20 {
		l.errs = append(l.errs, &ConfigError{Pos: l.posOf(n), Key: key, Msg: fmt.Sprintf(format, args...)})
	}
}

func (l *cfgLoader) path(p string) string {
	if p == "" || filepath.IsAbs(p) {
		return p
	}
	return filepath.Join(l.dir, p)
}

func (l *cfgLoader) str(v ast.Node, key string) (string, bool) {
	if s, ok := v.(*ast.StringNode); ok && s.Value != "" {
		return s.Value, true
	}
	l.fail(v, key, "want a non-empty string, got %s", describe(v))
	return "", false
}

// strings reads a string or a list of strings.
func (l *cfgLoader) strings(v ast.Node, key string) []posString {
	if seq, ok := v.(*ast.SequenceNode); ok {
		if len(seq.Values) == 0 {
			l.fail(v, key, "empty list")
		}
		var out []posString
		for i, e := range seq.Values {
			k := fmt.Sprintf("%s[%d]", key, i)
			if s, ok := l.str(e, k); ok {
				out = append(out, posString{s, e})
			}
		}
		return out
	}
	if s, ok := l.str(v, key); ok {
		return []posString{{s, v}}
	}
	return nil
}

// items reads parameter selectors and resolves them.
func (l *cfgLoader) items(v ast.Node, key string) []Item {
	var out []Item
	for i, s := range l.strings(v, key) {
		k := key
		if _, seq := v.(*ast.SequenceNode); seq {
			k = fmt.Sprintf("%s[%d]", key, i)
		}
		it, err := ResolveItem(s.text)
		if err != nil {
			l.fail(s.node, k, "%v", err)
			continue
		}
		it.Pos = l.posOf(s.node)
		out = append(out, it)
	}
	return out
}

func (l *cfgLoader) integer(v ast.Node, key string, lo, hi int) int {
	n, ok := v.(*ast.IntegerNode)
	if !ok {
		l.fail(v, key, "want an integer in [%d, %d], got %s", lo, hi, describe(v))
		return 0
	}
	var x int
	switch val := n.Value.(type) {
	case int64:
		x = int(val)
	case uint64:
		if val > math.MaxInt64 {
			l.fail(v, key, "%d out of range [%d, %d]", val, lo, hi)
			return 0
		}
		x = int(val)
	default:
		l.fail(v, key, "want an integer, got %v", n.Value)
		return 0
	}
	if x < lo || x > hi {
		l.fail(v, key, "%d out of range [%d, %d]", x, lo, hi)
	}
	return x
}

// number reads an integer or a float in [lo, hi] (or (lo, hi] without
// closedLo).
func (l *cfgLoader) number(v ast.Node, key string, lo, hi float64, closedLo bool) float64 {
	var x float64
	switch n := v.(type) {
	case *ast.FloatNode:
		x = n.Value
	case *ast.IntegerNode:
		switch val := n.Value.(type) {
		case int64:
			x = float64(val)
		case uint64:
			x = float64(val)
		}
	case *ast.StringNode:
		// goccy reads 1e-6 (no dot) as a string; YAML 1.2 calls it a float.
		f, err := strconv.ParseFloat(n.Value, 64)
		if tk := n.GetToken(); err != nil || tk == nil || tk.Type != token.StringType {
			l.fail(v, key, "want a number, got %s", describe(v))
			return 0
		}
		x = f
	default:
		l.fail(v, key, "want a number, got %s", describe(v))
		return 0
	}
	if math.IsNaN(x) || x > hi || x < lo || (!closedLo && x == lo) {
		left := "("
		if closedLo {
			left = "["
		}
		l.fail(v, key, "%v out of range %s%v, %v]", x, left, lo, hi)
	}
	return x
}

func (l *cfgLoader) boolean(v ast.Node, key string) bool {
	if b, ok := v.(*ast.BoolNode); ok {
		return b.Value
	}
	l.fail(v, key, "want true or false, got %s", describe(v))
	return false
}

func describe(n ast.Node) string {
	switch x := n.(type) {
	case nil, *ast.NullNode:
		return "nothing"
	case *ast.SequenceNode:
		return "a list"
	case *ast.MappingNode, *ast.MappingValueNode:
		return "a mapping"
	case *ast.StringNode:
		return fmt.Sprintf("the string %q", x.Value)
	case *ast.IntegerNode:
		return fmt.Sprintf("the integer %v", x.Value)
	case *ast.FloatNode:
		return fmt.Sprintf("the number %v", x.Value)
	case *ast.BoolNode:
		return fmt.Sprintf("the boolean %v", x.Value)
	}
	return strings.ToLower(n.Type().String())
}

// ResolveItem resolves one parameter selector: an exact parameter name, a
// dotted prefix ("eval.pst" selects eval.pst.*), a group ("eval") or a
// glob pattern ("eval.pst.knight.*"), case-insensitively. Switches and
// choices (bool and enum parameters) are left out of prefixes, groups and
// patterns; named exactly they are an error, as is a selector matching no
// integer parameter.
func ResolveItem(text string) (Item, error) {
	it := Item{Text: text}
	if d, ok := params.Lookup(text); ok {
		if d.Kind != params.KindInt {
			article := "a"
			if d.Kind == params.KindEnum {
				article = "an"
			}
			return it, fmt.Errorf("%s is %s %s parameter (a switch), not a weight", d.Name, article, d.Kind)
		}
		it.Defs, it.Explicit = []*params.Def{d}, true
		return it, nil
	}
	var defs []*params.Def
	patErr := error(nil)
	for _, sel := range []string{text, strings.TrimSuffix(text, ".") + ".*"} {
		ds, err := params.Select(sel)
		if err != nil {
			if patErr == nil {
				patErr = err
			}
			continue
		}
		defs = append(defs, ds...)
	}
	if len(defs) == 0 {
		if s := closestPrefix(text); s != "" {
			return it, fmt.Errorf("unknown parameter or prefix %q (did you mean %s?)", text, s)
		}
		return it, fmt.Errorf("unknown parameter: %v", patErr)
	}
	seen := map[*params.Def]bool{}
	for _, d := range defs {
		if d.Kind == params.KindInt && !seen[d] {
			seen[d] = true
			it.Defs = append(it.Defs, d)
		}
	}
	if len(it.Defs) == 0 {
		return it, fmt.Errorf("%q selects only switches (bool or enum parameters), no weight", text)
	}
	sort.Slice(it.Defs, func(i, j int) bool { return it.Defs[i].Name < it.Defs[j].Name })
	return it, nil
}

// closestPrefix returns the registered name or dotted prefix of a name
// nearest to text, if close ("eval.pst.knigt" → eval.pst.knight).
func closestPrefix(text string) string {
	text = strings.ToLower(text)
	best, bestD := "", max(3, len(text)/5)
	seen := map[string]bool{}
	for _, d := range params.All() {
		name := d.Name
		for {
			if !seen[name] {
				seen[name] = true
				if dist := params.EditDistance(text, name); dist < bestD {
					best, bestD = name, dist
				}
			}
			i := strings.LastIndexByte(name, '.')
			if i < 0 {
				break
			}
			name = name[:i]
		}
	}
	return best
}

// closest returns the key nearest to k by edit distance, if close.
func closest(k string, keys []string) string {
	best, bestD := "", 3
	for _, c := range keys {
		if d := params.EditDistance(k, c); d < bestD {
			best, bestD = c, d
		}
	}
	return best
}
