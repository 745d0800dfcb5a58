package params

import (
	"fmt"
	"math"
	"path"
	"runtime"
	"sort"
	"strings"
	"sync"
)

// Kind is a parameter's type.
type Kind uint8

// The parameter kinds.
const (
	KindInt Kind = iota
	KindBool
	KindEnum
)

// String returns "int", "bool" or "enum".
func (k Kind) String() string {
	switch k {
	case KindInt:
		return "int"
	case KindBool:
		return "bool"
	case KindEnum:
		return "enum"
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// Def is one parameter's definition. Defs are declared as package-level vars
// in the file of the feature that uses them, e.g. in engine/search/futility.go:
//
//	var futilityMargin = params.Int("futility.margin", 125, 0, 1000, 10, "search", "frontier futility margin (cp)")
//
// A Def must not be modified after registration.
type Def struct {
	Name    string   // dotted, lower case: "futility.margin", "nullmove.enabled", "futility.style"
	Kind    Kind     // KindInt, KindBool or KindEnum
	Default int      // bool: 0/1; enum: index into Choices
	Min     int      // bool: 0; enum: 0
	Max     int      // bool: 1; enum: len(Choices)-1
	Step    float64  // SPSA c_end; for Int, 0 means (Max-Min)/20 as Stockfish's TUNE does
	Choices []string // enum only
	Group   string   // "search", "eval", "time", ...
	Doc     string   // one line
	Index   int      // position in the registry (set by registration)

	reg         *registry
	enumDefault string // the default an Enum was declared with, for error messages
}

// DefaultREnd is the SPSA r_end used when 0 is passed to the writers:
// Stockfish's TUNE default.
const DefaultREnd = 0.002

// registry is a set of definitions. The package-level functions use
// defaultRegistry; tests build private ones.
type registry struct {
	mu     sync.RWMutex
	defs   []*Def          // by Index
	sorted []*Def          // by Name
	byName map[string]*Def // by lower-cased Name
}

func newRegistry() *registry {
	return &registry{byName: make(map[string]*Def)}
}

var defaultRegistry = newRegistry()

// Int declares an integer parameter with range [min, max]. step is its SPSA
// c_end; 0 selects (max-min)/20. It panics on an invalid definition.
func Int(name string, def, min, max int, step float64, group, doc string) *Def {
	return defaultRegistry.mustAdd(newInt(name, def, min, max, step, group, doc))
}

// Bool declares an on/off parameter. It panics on an invalid definition.
func Bool(name string, def bool, group, doc string) *Def {
	return defaultRegistry.mustAdd(newBool(name, def, group, doc))
}

// Enum declares a parameter taking one of choices (lower-case words); def
// must be one of them. It panics on an invalid definition.
func Enum(name, def string, choices []string, group, doc string) *Def {
	return defaultRegistry.mustAdd(newEnum(name, def, choices, group, doc))
}

// SetDefault replaces an integer parameter's default, for defaults fitted
// by a tuner that replace the hand-set starting points of the declaring
// file. Call it from an init function, before any Values exist.
func SetDefault(name string, v int) error {
	d, ok := defaultRegistry.lookup(name)
	switch {
	case !ok:
		return fmt.Errorf("params: no parameter %q", name)
	case d.Kind != KindInt:
		return fmt.Errorf("params: %s is not an integer parameter", name)
	case v < d.Min || v > d.Max:
		return fmt.Errorf("params: %s: default %d outside [%d..%d]", name, v, d.Min, d.Max)
	}
	d.Default = v
	return nil
}

// All returns every registered definition in name order. The slice is a copy.
func All() []*Def { return usable("All").all() }

// Lookup finds a definition by name, case-insensitively.
func Lookup(name string) (*Def, bool) { return usable("Lookup").lookup(name) }

// Select returns the definitions matched by items, in name order and without
// repeats. Each item is a parameter name, a group name or a glob pattern over
// names ("futility.*"), all case-insensitive. An item matching nothing is an
// error. With no items, Select returns All().
func Select(items ...string) ([]*Def, error) { return usable("Select").selectDefs(items) }

func newInt(name string, def, min, max int, step float64, group, doc string) *Def {
	if step == 0 {
		step = float64(max-min) / 20
	}
	return &Def{Name: name, Kind: KindInt, Default: def, Min: min, Max: max, Step: step, Group: group, Doc: doc}
}

func newBool(name string, def bool, group, doc string) *Def {
	d := &Def{Name: name, Kind: KindBool, Min: 0, Max: 1, Group: group, Doc: doc}
	if def {
		d.Default = 1
	}
	return d
}

func newEnum(name, def string, choices []string, group, doc string) *Def {
	d := &Def{Name: name, Kind: KindEnum, Default: -1, Min: 0, Max: len(choices) - 1,
		Choices: append([]string(nil), choices...), Group: group, Doc: doc, enumDefault: def}
	for i, c := range choices {
		if c == def {
			d.Default = i
		}
	}
	return d
}

// mustAdd registers d and panics with the declaring file:line on error.
func (r *registry) mustAdd(d *Def) *Def {
	if err := r.add(d); err != nil {
		where := ""
		if _, file, line, ok := runtime.Caller(2); ok {
			where = fmt.Sprintf(" (declared at %s:%d)", file, line)
		}
		panic("params: " + err.Error() + where)
	}
	return d
}

func (r *registry) add(d *Def) error {
	if err := validateDef(d); err != nil {
		return err
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	key := strings.ToLower(d.Name)
	if _, dup := r.byName[key]; dup {
		return fmt.Errorf("parameter %q registered twice", d.Name)
	}
	d.Index = len(r.defs)
	d.reg = r
	r.defs = append(r.defs, d)
	r.byName[key] = d
	i := sort.Search(len(r.sorted), func(i int) bool { return r.sorted[i].Name > d.Name })
	r.sorted = append(r.sorted, nil)
	copy(r.sorted[i+1:], r.sorted[i:])
	r.sorted[i] = d
	return nil
}

func validateDef(d *Def) error {
	if err := checkName(d.Name); err != nil {
		return err
	}
	n := d.Name
	if !isWord(d.Group, false) {
		return fmt.Errorf("parameter %q: group %q must be a lower-case word ([a-z][a-z0-9_-]*)", n, d.Group)
	}
	if strings.TrimSpace(d.Doc) == "" {
		return fmt.Errorf("parameter %q: empty doc", n)
	}
	if strings.ContainsAny(d.Doc, "\r\n") {
		return fmt.Errorf("parameter %q: doc must be one line", n)
	}
	switch d.Kind {
	case KindInt:
		if d.Min < math.MinInt32 || d.Max > math.MaxInt32 {
			return fmt.Errorf("parameter %q: range [%d..%d] exceeds 32 bits", n, d.Min, d.Max)
		}
		if d.Min >= d.Max {
			return fmt.Errorf("parameter %q: min %d must be below max %d", n, d.Min, d.Max)
		}
		if d.Default < d.Min || d.Default > d.Max {
			return fmt.Errorf("parameter %q: default %d outside [%d..%d]", n, d.Default, d.Min, d.Max)
		}
		if math.IsNaN(d.Step) || math.IsInf(d.Step, 0) || d.Step <= 0 {
			return fmt.Errorf("parameter %q: SPSA step %v must be positive", n, d.Step)
		}
	case KindBool:
		if d.Min != 0 || d.Max != 1 || (d.Default != 0 && d.Default != 1) {
			return fmt.Errorf("parameter %q: bool must have range [0..1] and default 0 or 1", n)
		}
	case KindEnum:
		if len(d.Choices) < 2 {
			return fmt.Errorf("parameter %q: an enum needs at least 2 choices, has %d", n, len(d.Choices))
		}
		seen := make(map[string]bool, len(d.Choices))
		for _, c := range d.Choices {
			if !isWord(c, true) {
				return fmt.Errorf("parameter %q: choice %q must be a lower-case word ([a-z0-9][a-z0-9_-]*)", n, c)
			}
			if seen[c] {
				return fmt.Errorf("parameter %q: choice %q listed twice", n, c)
			}
			seen[c] = true
		}
		if d.Default < 0 || d.Default > d.Max {
			return fmt.Errorf("parameter %q: default %q is not one of its choices %s",
				n, d.enumDefault, strings.Join(d.Choices, ", "))
		}
		if d.Min != 0 || d.Max != len(d.Choices)-1 {
			return fmt.Errorf("parameter %q: enum range must be [0..%d] with default inside", n, len(d.Choices)-1)
		}
	default:
		return fmt.Errorf("parameter %q: unknown kind %d", n, d.Kind)
	}
	if d.Kind != KindInt && d.Step != 0 {
		return fmt.Errorf("parameter %q: only int parameters have an SPSA step", n)
	}
	return nil
}

// checkName accepts dotted lower-case names: "futility.margin", "lmr.base_q8".
func checkName(name string) error {
	if name == "" {
		return fmt.Errorf("empty parameter name")
	}
	if len(name) > 64 {
		return fmt.Errorf("parameter name %q longer than 64 bytes", name)
	}
	for _, seg := range strings.Split(name, ".") {
		if seg == "" {
			return fmt.Errorf("parameter name %q has an empty segment (leading, trailing or doubled dot)", name)
		}
		if c := seg[0]; c < 'a' || c > 'z' {
			return fmt.Errorf("parameter name %q: each dotted segment must start with a lower-case letter", name)
		}
		for i := 0; i < len(seg); i++ {
			c := seg[i]
			if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_') {
				return fmt.Errorf("parameter name %q: bad character %q (want a-z, 0-9, _ and dots)", name, c)
			}
		}
	}
	return nil
}

// isWord reports whether s matches [a-z][a-z0-9_-]* (or [a-z0-9][a-z0-9_-]*
// when digitFirst).
func isWord(s string, digitFirst bool) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z':
		case c >= '0' && c <= '9':
			if i == 0 && !digitFirst {
				return false
			}
		case c == '_' || c == '-':
			if i == 0 {
				return false
			}
		default:
			return false
		}
	}
	return true
}

func (r *registry) all() []*Def {
	r.mu.RLock()
	defer r.mu.RUnlock()
	return append([]*Def(nil), r.sorted...)
}

func (r *registry) lookup(name string) (*Def, bool) {
	r.mu.RLock()
	defer r.mu.RUnlock()
	d, ok := r.byName[strings.ToLower(strings.TrimSpace(name))]
	return d, ok
}

func (r *registry) selectDefs(items []string) ([]*Def, error) {
	all := r.all()
	if len(items) == 0 {
		return all, nil
	}
	picked := make([]bool, len(all))
	for _, item := range items {
		it := strings.ToLower(strings.TrimSpace(item))
		if it == "" {
			return nil, fmt.Errorf("empty parameter selector")
		}
		if _, err := path.Match(it, ""); err != nil {
			return nil, fmt.Errorf("bad parameter pattern %q: %v", item, err)
		}
		found := false
		for i, d := range all {
			ok, _ := path.Match(it, d.Name)
			if ok || d.Group == it {
				picked[i] = true
				found = true
			}
		}
		if !found {
			return nil, fmt.Errorf("%q matches no parameter name or group%s", item, r.didYouMean(it))
		}
	}
	var out []*Def
	for i, d := range all {
		if picked[i] {
			out = append(out, d)
		}
	}
	return out, nil
}

// unknownName is the error for a name that is not registered.
func (r *registry) unknownName(name string) error {
	return fmt.Errorf("unknown parameter %q%s", name, r.didYouMean(name))
}

// didYouMean returns ` (did you mean "x"?)` for the registered name closest
// to name, or "" when none is close.
func (r *registry) didYouMean(name string) string {
	if s := r.closest(name); s != "" {
		return fmt.Sprintf(" (did you mean %q?)", s)
	}
	return ""
}

// closest returns the registered name nearest to name by edit distance,
// or the name whose last segments name is, or "".
func (r *registry) closest(name string) string {
	name = strings.ToLower(strings.TrimSpace(name))
	if name == "" {
		return ""
	}
	var names []string
	suffix := ""
	suffixCount := 0
	for _, d := range r.all() {
		names = append(names, d.Name)
		if strings.HasSuffix(d.Name, "."+name) || strings.HasPrefix(d.Name, name+".") {
			if suffixCount == 0 {
				suffix = d.Name
			}
			suffixCount++
		}
	}
	if best := Nearest(name, names); best != "" {
		return best
	}
	if suffixCount > 0 {
		return suffix
	}
	return ""
}

// Nearest returns the candidate nearest to name by EditDistance (ignoring
// case), or "" when none is within max(2, len(name)/4) edits: the rule of
// every "did you mean" about labrat's names (parameters, groups, UCI
// options).
func Nearest(name string, candidates []string) string {
	name = strings.ToLower(strings.TrimSpace(name))
	if name == "" {
		return ""
	}
	best, bestDist := "", math.MaxInt
	for _, c := range candidates {
		if dist := EditDistance(name, strings.ToLower(c)); dist < bestDist {
			best, bestDist = c, dist
		}
	}
	if best != "" && bestDist <= max(2, len(name)/4) {
		return best
	}
	return ""
}

// EditDistance is the Levenshtein distance of a and b (for "did you mean"
// suggestions).
func EditDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
