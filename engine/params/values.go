package params

import (
	"fmt"
	"strconv"
	"strings"
)

// Values holds one engine instance's parameter settings. Two Values are
// independent, so two configurations can live in one process. Reads are
// O(1) and allocation-free. A Values is not safe for concurrent writes;
// concurrent reads are fine. The zero Values is not usable: make one with
// NewValues.
type Values struct {
	reg *registry
	v   []int32 // by Def.Index
}

// NewValues returns a set holding every registered parameter's default.
// Parameters registered later read as their defaults until set.
func NewValues() *Values { return usable("NewValues").newValues() }

func (r *registry) newValues() *Values {
	r.mu.RLock()
	defer r.mu.RUnlock()
	v := &Values{reg: r, v: make([]int32, len(r.defs))}
	for i, d := range r.defs {
		v.v[i] = int32(d.Default)
	}
	return v
}

// Get returns d's raw value: the integer, 0/1 for a bool, the choice index
// for an enum.
func (v *Values) Get(d *Def) int {
	if uint(d.Index) < uint(len(v.v)) {
		return int(v.v[d.Index])
	}
	return d.Default
}

// Int returns an int parameter's value.
func (v *Values) Int(d *Def) int {
	if uint(d.Index) < uint(len(v.v)) {
		return int(v.v[d.Index])
	}
	return d.Default
}

// Bool returns a bool parameter's value.
func (v *Values) Bool(d *Def) bool {
	if uint(d.Index) < uint(len(v.v)) {
		return v.v[d.Index] != 0
	}
	return d.Default != 0
}

// EnumIndex returns an enum parameter's choice index.
func (v *Values) EnumIndex(d *Def) int {
	if uint(d.Index) < uint(len(v.v)) {
		return int(v.v[d.Index])
	}
	return d.Default
}

// Enum returns an enum parameter's choice.
func (v *Values) Enum(d *Def) string {
	return d.Choices[v.EnumIndex(d)]
}

// owns reports whether d belongs to v's registry.
func (v *Values) owns(d *Def) error {
	if d == nil {
		return fmt.Errorf("nil parameter")
	}
	if d.reg != v.reg {
		return fmt.Errorf("parameter %q is not registered with this value set", d.Name)
	}
	return nil
}

// SetInt sets d's raw value (0/1 for a bool, the choice index for an enum),
// checking it against d's range.
func (v *Values) SetInt(d *Def, n int) error {
	if err := v.owns(d); err != nil {
		return err
	}
	if n < d.Min || n > d.Max {
		switch d.Kind {
		case KindBool:
			return fmt.Errorf("%s: %d is not a boolean (want 0 or 1)", d.Name, n)
		case KindEnum:
			return fmt.Errorf("%s: choice index %d out of range [0..%d] (%s)", d.Name, n, d.Max, strings.Join(d.Choices, ", "))
		}
		return fmt.Errorf("%s: %d out of range [%d..%d]", d.Name, n, d.Min, d.Max)
	}
	v.grow(d.Index)
	v.v[d.Index] = int32(n)
	return nil
}

// grow makes room for index i, filling new slots with defaults.
func (v *Values) grow(i int) {
	if i < len(v.v) {
		return
	}
	v.reg.mu.RLock()
	defer v.reg.mu.RUnlock()
	for j := len(v.v); j <= i; j++ {
		v.v = append(v.v, int32(v.reg.defs[j].Default))
	}
}

// Set sets a parameter from text: an integer ("125"); for a bool
// true/false/on/off/yes/no/1/0; for an enum one of its choices. Names and
// words are case-insensitive. An unknown name is an error naming it and the
// closest registered name.
func (v *Values) Set(name, value string) error {
	d, ok := v.reg.lookup(name)
	if !ok {
		return v.reg.unknownName(strings.TrimSpace(name))
	}
	n, err := ParseValue(d, value)
	if err != nil {
		return err
	}
	return v.SetInt(d, n)
}

// SetUCI applies "setoption name <name> value <value>" for a registry
// parameter, with the same validation as Set. UCI sends "true"/"false" for
// check options and the choice for combo options.
func (v *Values) SetUCI(name, value string) error {
	return v.Set(name, value)
}

// ParseValue converts text to d's raw value (see Values.Set), checking its
// range.
func ParseValue(d *Def, text string) (int, error) {
	s := strings.TrimSpace(text)
	switch d.Kind {
	case KindBool:
		switch strings.ToLower(s) {
		case "true", "on", "yes", "1":
			return 1, nil
		case "false", "off", "no", "0":
			return 0, nil
		}
		return 0, fmt.Errorf("%s: %q is not a boolean (want true/false, on/off, yes/no or 1/0)", d.Name, text)
	case KindEnum:
		for i, c := range d.Choices {
			if strings.EqualFold(c, s) {
				return i, nil
			}
		}
		return 0, fmt.Errorf("%s: %q is not one of %s", d.Name, text, strings.Join(d.Choices, ", "))
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0, fmt.Errorf("%s: %q is not an integer (range [%d..%d])", d.Name, text, d.Min, d.Max)
	}
	if n < d.Min || n > d.Max {
		return 0, fmt.Errorf("%s: %d out of range [%d..%d]", d.Name, n, d.Min, d.Max)
	}
	return n, nil
}

// Format returns d's value as text: "125", "true", "moonfish".
func (v *Values) Format(d *Def) string {
	return FormatValue(d, v.Get(d))
}

// FormatValue returns the raw value n of d as text.
func FormatValue(d *Def, n int) string {
	switch d.Kind {
	case KindBool:
		return strconv.FormatBool(n != 0)
	case KindEnum:
		if n >= 0 && n < len(d.Choices) {
			return d.Choices[n]
		}
	}
	return strconv.Itoa(n)
}

// Clone returns an independent copy.
func (v *Values) Clone() *Values {
	return &Values{reg: v.reg, v: append([]int32(nil), v.v...)}
}

// Equal reports whether v and o belong to the same registry and hold the
// same value for every parameter.
func (v *Values) Equal(o *Values) bool {
	if v == nil || o == nil {
		return v == o
	}
	if v.reg != o.reg {
		return false
	}
	for _, d := range v.reg.all() {
		if v.Get(d) != o.Get(d) {
			return false
		}
	}
	return true
}

// Changed returns, in name order, the definitions whose value differs from
// the default.
func (v *Values) Changed() []*Def {
	var out []*Def
	for _, d := range v.reg.all() {
		if v.Get(d) != d.Default {
			out = append(out, d)
		}
	}
	return out
}

// Defs returns every definition of v's registry in name order (All() for
// values made by NewValues).
func (v *Values) Defs() []*Def { return v.reg.all() }

// Lookup finds a definition of v's registry by name, case-insensitively.
func (v *Values) Lookup(name string) (*Def, bool) { return v.reg.lookup(name) }

// AppendRaw appends every registered parameter's raw value, by Def.Index,
// to dst[:0] and returns it: a snapshot for hot loops that allocates
// nothing when dst is large enough.
func (v *Values) AppendRaw(dst []int32) []int32 {
	v.reg.mu.RLock()
	defer v.reg.mu.RUnlock()
	dst = dst[:0]
	for i, d := range v.reg.defs {
		if i < len(v.v) {
			dst = append(dst, v.v[i])
		} else {
			dst = append(dst, int32(d.Default))
		}
	}
	return dst
}
