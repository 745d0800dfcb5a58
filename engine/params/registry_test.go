package params

import (
	"fmt"
	"math"
	"reflect"
	"sort"
	"strings"
	"testing"
)

// Parameters of the default registry used throughout the tests; they mirror
// how engine/search and engine/eval declare theirs.
var (
	tMargin     = Int("futility.margin", 125, 0, 1000, 10, "search", "frontier futility margin (cp)")
	tPreMargin  = Int("futility.prefrontier", 500, 0, 2000, 0, "search", "pre-frontier futility margin (cp)")
	tStyle      = Enum("futility.style", "chessprogramming", []string{"micromax", "moonfish", "chessprogramming"}, "search", "futility pruning style")
	tNull       = Bool("nullmove.enabled", true, "search", "null-move pruning")
	tPawn       = Int("material.pawn", 100, 50, 200, 2.5, "eval", "pawn value (cp)")
	tBishopPair = Int("eval.bishop_pair", 30, -50, 100, 0, "eval", "bishop pair bonus (cp)")
	tTrade      = Bool("eval.trade_scaling", false, "eval", "MadChess material-trade scaling")
	tOverhead   = Int("time.overhead", 10, 0, 5000, 0, "time", "move overhead (ms)")
)

// mustPanic runs f and checks that it panics with a message containing
// every one of want.
func mustPanic(t *testing.T, f func(), want ...string) {
	t.Helper()
	var msg string
	func() {
		defer func() {
			if r := recover(); r != nil {
				msg = fmt.Sprint(r)
			}
		}()
		f()
	}()
	if msg == "" {
		t.Fatalf("no panic; want one containing %q", want)
	}
	for _, w := range want {
		if !strings.Contains(msg, w) {
			t.Errorf("panic %q does not contain %q", msg, w)
		}
	}
}

func TestRegistrationPanics(t *testing.T) {
	cases := []struct {
		name string
		reg  func(r *registry)
		want []string
	}{
		{"duplicate", func(r *registry) {
			r.mustAdd(newInt("a.b", 1, 0, 2, 0, "search", "doc"))
			r.mustAdd(newBool("a.b", true, "search", "doc"))
		}, []string{`"a.b" registered twice`}},
		{"default above max", func(r *registry) { r.mustAdd(newInt("a.b", 11, 0, 10, 0, "search", "doc")) },
			[]string{`"a.b"`, "default 11 outside [0..10]"}},
		{"default below min", func(r *registry) { r.mustAdd(newInt("a.b", -1, 0, 10, 0, "search", "doc")) },
			[]string{"default -1 outside [0..10]"}},
		{"min above max", func(r *registry) { r.mustAdd(newInt("a.b", 5, 10, 0, 1, "search", "doc")) },
			[]string{"min 10 must be below max 0"}},
		{"min equals max", func(r *registry) { r.mustAdd(newInt("a.b", 5, 5, 5, 1, "search", "doc")) },
			[]string{"min 5 must be below max 5"}},
		{"upper case", func(r *registry) { r.mustAdd(newInt("Futility.margin", 1, 0, 2, 0, "search", "doc")) },
			[]string{`"Futility.margin"`, "lower-case letter"}},
		{"space", func(r *registry) { r.mustAdd(newInt("futility margin", 1, 0, 2, 0, "search", "doc")) },
			[]string{`bad character ' '`}},
		{"double dot", func(r *registry) { r.mustAdd(newInt("futility..margin", 1, 0, 2, 0, "search", "doc")) },
			[]string{"empty segment"}},
		{"trailing dot", func(r *registry) { r.mustAdd(newInt("futility.", 1, 0, 2, 0, "search", "doc")) },
			[]string{"empty segment"}},
		{"digit first", func(r *registry) { r.mustAdd(newInt("a.9lives", 1, 0, 2, 0, "search", "doc")) },
			[]string{"must start with a lower-case letter"}},
		{"hyphen", func(r *registry) { r.mustAdd(newInt("a-b", 1, 0, 2, 0, "search", "doc")) },
			[]string{`bad character '-'`}},
		{"empty name", func(r *registry) { r.mustAdd(newBool("", true, "search", "doc")) },
			[]string{"empty parameter name"}},
		{"enum default", func(r *registry) {
			r.mustAdd(newEnum("futility.style", "stockfish", []string{"micromax", "moonfish"}, "search", "doc"))
		}, []string{`default "stockfish" is not one of its choices micromax, moonfish`}},
		{"enum one choice", func(r *registry) { r.mustAdd(newEnum("a.b", "x", []string{"x"}, "search", "doc")) },
			[]string{"at least 2 choices"}},
		{"enum repeated choice", func(r *registry) { r.mustAdd(newEnum("a.b", "x", []string{"x", "y", "x"}, "search", "doc")) },
			[]string{`choice "x" listed twice`}},
		{"enum bad choice", func(r *registry) { r.mustAdd(newEnum("a.b", "x", []string{"x", "Two words"}, "search", "doc")) },
			[]string{`choice "Two words"`}},
		{"empty doc", func(r *registry) { r.mustAdd(newInt("a.b", 1, 0, 2, 0, "search", " ")) },
			[]string{"empty doc"}},
		{"two-line doc", func(r *registry) { r.mustAdd(newInt("a.b", 1, 0, 2, 0, "search", "one\ntwo")) },
			[]string{"one line"}},
		{"bad group", func(r *registry) { r.mustAdd(newInt("a.b", 1, 0, 2, 0, "Search", "doc")) },
			[]string{`group "Search"`}},
		{"negative step", func(r *registry) { r.mustAdd(newInt("a.b", 1, 0, 2, -1, "search", "doc")) },
			[]string{"SPSA step -1 must be positive"}},
		{"nan step", func(r *registry) { r.mustAdd(newInt("a.b", 1, 0, 2, math.NaN(), "search", "doc")) },
			[]string{"must be positive"}},
		{"beyond 32 bits", func(r *registry) { r.mustAdd(newInt("a.b", 1, 0, 1<<40, 0, "search", "doc")) },
			[]string{"exceeds 32 bits"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			mustPanic(t, func() { c.reg(newRegistry()) }, append(c.want, "params: ", "declared at ", "registry_test.go")...)
		})
	}
}

func TestRegistration(t *testing.T) {
	r := newRegistry()
	z := r.mustAdd(newInt("z.last", 3, 0, 10, 0, "search", "doc"))
	a := r.mustAdd(newBool("a.first", false, "eval", "doc"))
	m := r.mustAdd(newEnum("m.mid", "two", []string{"one", "two", "three"}, "search", "doc"))
	if z.Index != 0 || a.Index != 1 || m.Index != 2 {
		t.Errorf("indexes %d %d %d, want 0 1 2", z.Index, a.Index, m.Index)
	}
	if z.Step != 0.5 {
		t.Errorf("default step %v, want (10-0)/20 = 0.5", z.Step)
	}
	if a.Min != 0 || a.Max != 1 || a.Default != 0 || a.Kind != KindBool {
		t.Errorf("bool def %+v", *a)
	}
	if m.Default != 1 || m.Min != 0 || m.Max != 2 || m.Kind != KindEnum || m.Step != 0 {
		t.Errorf("enum def %+v", *m)
	}
	var names []string
	for _, d := range r.all() {
		names = append(names, d.Name)
	}
	if want := []string{"a.first", "m.mid", "z.last"}; !reflect.DeepEqual(names, want) {
		t.Errorf("all() = %v, want %v", names, want)
	}
	if d, ok := r.lookup(" M.Mid "); !ok || d != m {
		t.Errorf("case-insensitive lookup failed: %v %v", d, ok)
	}
	if _, ok := r.lookup("m"); ok {
		t.Error("lookup of a prefix succeeded")
	}
	if KindInt.String() != "int" || KindBool.String() != "bool" || KindEnum.String() != "enum" || Kind(9).String() != "Kind(9)" {
		t.Error("Kind.String")
	}
}

func TestDefaultRegistry(t *testing.T) {
	all := All()
	if !sort.SliceIsSorted(all, func(i, j int) bool { return all[i].Name < all[j].Name }) {
		t.Error("All() not in name order")
	}
	for _, d := range []*Def{tMargin, tPreMargin, tStyle, tNull, tPawn, tBishopPair, tTrade, tOverhead} {
		got, ok := Lookup(strings.ToUpper(d.Name))
		if !ok || got != d {
			t.Errorf("Lookup(%q) = %v, %v", strings.ToUpper(d.Name), got, ok)
		}
	}
	if tPreMargin.Step != 100 {
		t.Errorf("futility.prefrontier step %v, want 100", tPreMargin.Step)
	}
	all[0] = nil
	if All()[0] == nil {
		t.Error("All() returned the registry's own slice")
	}
}

func TestUCIOptionLines(t *testing.T) {
	lines := UCIOptionLines()
	want := map[string]bool{
		"option name futility.margin type spin default 125 min 0 max 1000":                                              true,
		"option name nullmove.enabled type check default true":                                                          true,
		"option name futility.style type combo default chessprogramming var micromax var moonfish var chessprogramming": true,
		"option name eval.bishop_pair type spin default 30 min -50 max 100":                                             true,
		"option name eval.trade_scaling type check default false":                                                       true,
	}
	found := 0
	for _, l := range lines {
		if want[l] {
			found++
		}
	}
	if found != len(want) {
		t.Errorf("found %d of %d expected lines in\n%s", found, len(want), strings.Join(lines, "\n"))
	}
	if len(lines) != len(All()) {
		t.Errorf("%d lines for %d parameters", len(lines), len(All()))
	}
	if UCIOptionLine(tMargin) != lines[indexOf(All(), tMargin)] {
		t.Error("UCIOptionLines not in All() order")
	}
}

func indexOf(defs []*Def, d *Def) int {
	for i, x := range defs {
		if x == d {
			return i
		}
	}
	return -1
}

func TestClosestName(t *testing.T) {
	cases := map[string]string{
		"futility.margn":     "futility.margin",
		"FUTILTY.MARGIN":     "futility.margin",
		"futility.stile":     "futility.style",
		"nullmove.enable":    "nullmove.enabled",
		"margin":             "futility.margin",
		"bishop_pair":        "eval.bishop_pair",
		"xyzzy.plugh.quux":   "",
		"completely.unknown": "",
	}
	for in, want := range cases {
		if got := defaultRegistry.closest(in); got != want {
			t.Errorf("closest(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestSelect(t *testing.T) {
	names := func(ds []*Def) string {
		var s []string
		for _, d := range ds {
			s = append(s, d.Name)
		}
		return strings.Join(s, " ")
	}
	cases := []struct {
		items []string
		want  string
		err   string
	}{
		{[]string{"time"}, "time.overhead", ""},
		{[]string{"futility.*", "material.pawn"}, "futility.margin futility.prefrontier futility.style material.pawn", ""},
		{[]string{"FUTILITY.MARGIN", "futility.margin"}, "futility.margin", ""},
		{[]string{"eval"}, "eval.bishop_pair eval.trade_scaling material.pawn", ""},
		{[]string{"futility.margn"}, "", `"futility.margn" matches no parameter name or group (did you mean "futility.margin"?)`},
		{[]string{"["}, "", "bad parameter pattern"},
		{[]string{""}, "", "empty parameter selector"},
	}
	for _, c := range cases {
		got, err := Select(c.items...)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("Select(%q) error %v, want %q", c.items, err, c.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("Select(%q): %v", c.items, err)
			continue
		}
		// Other test files of this package may register more parameters in
		// the default registry; only check the ones declared here.
		var mine []*Def
		for _, d := range got {
			if strings.HasPrefix(d.Name, "futility.") || strings.HasPrefix(d.Name, "eval.") ||
				d.Name == "material.pawn" || d.Name == "time.overhead" || d.Name == "nullmove.enabled" {
				mine = append(mine, d)
			}
		}
		if names(mine) != c.want {
			t.Errorf("Select(%q) = %q, want %q", c.items, names(mine), c.want)
		}
	}
	if all, err := Select(); err != nil || len(all) != len(All()) {
		t.Errorf("Select() = %d defs, %v", len(all), err)
	}
}
