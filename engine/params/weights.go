package params

import (
	"fmt"
	"sort"
	"strings"
)

// SelectWeights resolves one selector of the integer weights a tuner may
// change: an exact parameter name, a dotted prefix ("eval.pst" selects
// eval.pst.*), a group ("eval") or a glob pattern ("eval.pst.knight.*"),
// case-insensitively. Switches and choices (bool and enum parameters) are
// left out of prefixes, groups and patterns; named exactly they are an
// error, as is a selector matching no integer parameter. explicit reports an
// exact name. The weights are in name order.
func SelectWeights(text string) (defs []*Def, explicit bool, err error) {
	if d, ok := Lookup(text); ok {
		if d.Kind != KindInt {
			article := "a"
			if d.Kind == KindEnum {
				article = "an"
			}
			return nil, false, fmt.Errorf("%s is %s %s parameter (a switch), not a weight", d.Name, article, d.Kind)
		}
		return []*Def{d}, true, nil
	}
	var found []*Def
	var patErr error
	for _, sel := range []string{text, strings.TrimSuffix(text, ".") + ".*"} {
		ds, err := Select(sel)
		if err != nil {
			if patErr == nil {
				patErr = err
			}
			continue
		}
		found = append(found, ds...)
	}
	if len(found) == 0 {
		if s := nearestPrefix(text); s != "" {
			return nil, false, fmt.Errorf("unknown parameter or prefix %q (did you mean %s?)", text, s)
		}
		return nil, false, fmt.Errorf("unknown parameter: %v", patErr)
	}
	seen := map[*Def]bool{}
	for _, d := range found {
		if d.Kind == KindInt && !seen[d] {
			seen[d] = true
			defs = append(defs, d)
		}
	}
	if len(defs) == 0 {
		return nil, false, fmt.Errorf("%q selects only switches (bool or enum parameters), no weight", text)
	}
	sort.Slice(defs, func(i, j int) bool { return defs[i].Name < defs[j].Name })
	return defs, false, nil
}

// nearestPrefix is the registered name or dotted prefix of a name Nearest
// to text ("eval.pst.knigt" → eval.pst.knight), or "".
func nearestPrefix(text string) string {
	seen := map[string]bool{}
	var cands []string
	for _, d := range All() {
		name := d.Name
		for {
			if !seen[name] {
				seen[name] = true
				cands = append(cands, name)
			}
			i := strings.LastIndexByte(name, '.')
			if i < 0 {
				break
			}
			name = name[:i]
		}
	}
	return Nearest(text, cands)
}
