package params

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"
)

// custom returns values with every kind of parameter moved off its default.
func custom(t testing.TB) *Values {
	v := NewValues()
	for name, val := range map[string]string{
		"futility.margin":      "0",
		"futility.style":       "moonfish",
		"nullmove.enabled":     "false",
		"eval.bishop_pair":     "-50",
		"eval.trade_scaling":   "on",
		"material.pawn":        "200",
		"futility.prefrontier": "2000",
	} {
		if err := v.Set(name, val); err != nil {
			t.Fatal(err)
		}
	}
	return v
}

func TestYAMLRoundTrip(t *testing.T) {
	for _, v := range []*Values{NewValues(), custom(t)} {
		for _, all := range []bool{true, false} {
			var buf bytes.Buffer
			if err := v.WriteYAML(&buf, all); err != nil {
				t.Fatal(err)
			}
			got, err := LoadYAML(buf.Bytes(), "roundtrip.yaml")
			if err != nil {
				t.Fatalf("all=%v: %v\n%s", all, err, buf.String())
			}
			if !got.Equal(v) {
				t.Errorf("all=%v: round trip differs; changed %v\n%s", all, got.Changed(), buf.String())
			}
		}
	}
}

func TestWriteYAMLLayout(t *testing.T) {
	var buf bytes.Buffer
	if err := custom(t).WriteYAML(&buf, true); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	for _, want := range []string{
		"# search: frontier futility margin (cp) [0..1000]\nfutility.margin: 0\n",
		"# search: futility pruning style [micromax|moonfish|chessprogramming]\nfutility.style: moonfish\n",
		"# search: null-move pruning [true|false]\nnullmove.enabled: false\n",
		"# eval: bishop pair bonus (cp) [-50..100]\neval.bishop_pair: -50\n",
		"# time: move overhead (ms) [0..5000]\ntime.overhead: 10\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	// Groups in name order, a blank line between groups and only there,
	// names in order within a group.
	blocks := strings.Split(strings.TrimSuffix(out, "\n"), "\n\n")
	var groups []string
	for _, b := range blocks {
		lines := strings.Split(b, "\n")
		group := strings.SplitN(strings.TrimPrefix(lines[0], "# "), ":", 2)[0]
		groups = append(groups, group)
		prev := ""
		for i := 0; i < len(lines); i += 2 {
			if !strings.HasPrefix(lines[i], "# "+group+": ") {
				t.Errorf("group %s: line %q is not its comment", group, lines[i])
			}
			name := strings.SplitN(lines[i+1], ":", 2)[0]
			if name <= prev {
				t.Errorf("group %s: %s after %s", group, name, prev)
			}
			prev = name
		}
	}
	if got := strings.Join(groups, ","); got != "eval,search,time" {
		t.Errorf("groups %s, want eval,search,time", got)
	}

	buf.Reset()
	if err := custom(t).WriteYAML(&buf, false); err != nil {
		t.Fatal(err)
	}
	want := "eval.bishop_pair: -50\neval.trade_scaling: true\nfutility.margin: 0\nfutility.prefrontier: 2000\n" +
		"futility.style: moonfish\nmaterial.pawn: 200\nnullmove.enabled: false\n"
	if buf.String() != want {
		t.Errorf("changed-only output:\n%s\nwant:\n%s", buf.String(), want)
	}
	buf.Reset()
	if err := NewValues().WriteYAML(&buf, false); err != nil || buf.String() != "{}\n" {
		t.Errorf("nothing changed: %q %v", buf.String(), err)
	}
}

func TestLoadYAMLForms(t *testing.T) {
	flat := "futility.margin: 100\nfutility.style: moonfish\nnullmove.enabled: false\n"
	nested := "# comment\nfutility:\n  margin: 100\n  style: MoonFish\nnullmove: {enabled: off}\n"
	a, err := LoadYAML([]byte(flat), "flat.yaml")
	if err != nil {
		t.Fatal(err)
	}
	b, err := LoadYAML([]byte(nested), "nested.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if !a.Equal(b) || a.Int(tMargin) != 100 || a.Enum(tStyle) != "moonfish" || a.Bool(tNull) {
		t.Errorf("flat and nested forms differ: %v / %v", a.Changed(), b.Changed())
	}
	for _, empty := range []string{"", "# nothing\n", "{}\n", "~\n", "---\n"} {
		v, err := LoadYAML([]byte(empty), "empty.yaml")
		if err != nil || !v.Equal(NewValues()) {
			t.Errorf("LoadYAML(%q) = %v, %v; want defaults", empty, v, err)
		}
	}
	v, err := LoadYAML([]byte("Futility.Margin: 7\nnullmove.enabled: yes\nmaterial.pawn: &p 60\n"), "case.yaml")
	if err != nil || v.Int(tMargin) != 7 || !v.Bool(tNull) || v.Int(tPawn) != 60 {
		t.Errorf("keys are case-insensitive, yes is true, anchors are followed: %v", err)
	}
}

func TestApplyYAML(t *testing.T) {
	base, err := LoadYAML([]byte("futility.margin: 100\nmaterial.pawn: 90\n"), "base.yaml")
	if err != nil {
		t.Fatal(err)
	}
	v := base.Clone()
	if err := v.ApplyYAML([]byte("futility:\n  margin: 50\n"), "over.yaml"); err != nil {
		t.Fatal(err)
	}
	if v.Int(tMargin) != 50 || v.Int(tPawn) != 90 {
		t.Errorf("override: margin %d pawn %d, want 50 90", v.Int(tMargin), v.Int(tPawn))
	}
	// A failing file changes nothing, even the keys before the bad one.
	before := v.Clone()
	if err := v.ApplyYAML([]byte("material.pawn: 150\nfutility.margin: 5000\n"), "bad.yaml"); err == nil {
		t.Fatal("no error for out-of-range value")
	}
	if !v.Equal(before) {
		t.Error("failed ApplyYAML modified the values")
	}
}

func TestLoadYAMLErrors(t *testing.T) {
	cases := []struct {
		name, src string
		want      string // the whole first error
	}{
		{"syntax", "futility.margin: [1\n", "bad.yaml:1:18: syntax error: sequence end token ']' not found"},
		{"syntax mapping", "futility.margin: 1\na: b: c\n", "bad.yaml:2:4: syntax error: mapping value is not allowed in this context"},
		{"unknown key", "futility.margin: 100\nfutility.margn: 3\n",
			`bad.yaml:2:1: futility.margn: unknown parameter (did you mean "futility.margin"?)`},
		{"string for int", "futility.margin: \"100\"\n",
			`bad.yaml:1:18: futility.margin: want an integer in [0..1000], got string "100"`},
		{"float for int", "material.pawn: 100.5\n",
			"bad.yaml:1:16: material.pawn: want an integer in [50..200], got float 100.5"},
		{"out of range", "# c\nfutility.margin: 1001\n", "bad.yaml:2:18: futility.margin: 1001 out of range [0..1000]"},
		{"below range", "eval.bishop_pair: -51\n", "bad.yaml:1:19: eval.bishop_pair: -51 out of range [-50..100]"},
		{"beyond 64 bits", "futility.margin: 99999999999999999999999\n",
			"bad.yaml:1:18: futility.margin: 99999999999999999999999 out of range [0..1000]"},
		{"bool given 5", "nullmove.enabled: 5\n", "bad.yaml:1:19: nullmove.enabled: want true or false, got integer 5"},
		{"bool given word", "nullmove.enabled: maybe\n", `bad.yaml:1:19: nullmove.enabled: want true or false, got string "maybe"`},
		{"enum bad choice", "futility.style: stockfish\n",
			`bad.yaml:1:17: futility.style: "stockfish" is not one of micromax, moonfish, chessprogramming`},
		{"enum given number", "futility.style: 1\n",
			"bad.yaml:1:17: futility.style: want one of micromax, moonfish, chessprogramming, got integer 1"},
		{"duplicate key", "futility.margin: 1\nmaterial.pawn: 60\nfutility.margin: 2\n",
			"bad.yaml:3:1: futility.margin: duplicate key (first at line 1:1)"},
		{"duplicate across forms", "futility:\n  margin: 100\nfutility.margin: 5\n",
			"bad.yaml:3:1: futility.margin: duplicate key (first at line 2:3)"},
		{"duplicate by case", "futility.margin: 1\nFUTILITY.MARGIN: 2\n",
			"bad.yaml:2:1: FUTILITY.MARGIN: duplicate key (first at line 1:1)"},
		{"nested unknown key", "futility:\n  margin: 100\n  margn: 3\n",
			`bad.yaml:3:3: futility.margn: unknown parameter (did you mean "futility.margin"?)`},
		{"top level sequence", "- futility.margin\n- 3\n",
			"bad.yaml:1:1: the top level must be a map of parameter names to values, got a sequence"},
		{"top level scalar", "futility\n", "bad.yaml:1:1: the top level must be a map of parameter names to values, got a string"},
		{"missing value", "futility.margin:\n", "bad.yaml:1:18: futility.margin: want an integer in [0..1000], got no value"},
		{"mapping for int", "futility.margin: {a: 1}\n",
			"bad.yaml:1:18: futility.margin: want an integer in [0..1000], got a mapping"},
		{"sequence for int", "futility.margin: [1, 2]\n",
			"bad.yaml:1:18: futility.margin: want an integer in [0..1000], got a sequence"},
		{"prefix given a value", "futility: 5\n",
			"bad.yaml:1:1: futility: unknown parameter (it is a prefix of futility.margin, futility.prefrontier, futility.style: nest a map under it or use the dotted name)"},
		{"alias", "futility.margin: &a 5\nmaterial.pawn: *a\n", "bad.yaml:2:16: material.pawn: aliases (*name) are not supported"},
		{"tag", "futility.margin: !!int 5\n", "bad.yaml:1:18: futility.margin: tags (!!type) are not supported"},
		{"merge key", "<<: {futility.margin: 1}\n", "bad.yaml:1:1: merge keys (<<) are not supported"},
		{"two documents", "futility.margin: 1\n---\nmaterial.pawn: 60\n", "bad.yaml:2:1: only one YAML document is allowed, found 2"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v, err := LoadYAML([]byte(c.src), "bad.yaml")
			if err == nil {
				t.Fatalf("no error; values changed: %v", v.Changed())
			}
			if v != nil {
				t.Error("values returned with an error")
			}
			first := strings.SplitN(err.Error(), "\n", 2)[0]
			if !strings.HasPrefix(first, c.want) {
				t.Errorf("error\n  %s\nwant\n  %s", first, c.want)
			}
			var pe *Error
			if !errors.As(err, &pe) || pe.Line == 0 || pe.Col == 0 {
				t.Errorf("error %v has no *Error with a line and column", err)
			}
		})
	}
}

func TestLoadYAMLReportsEveryProblem(t *testing.T) {
	_, err := LoadYAML([]byte("futility.margin: 5000\nnullmove.enabled: 2\nbogus: 1\n"), "many.yaml")
	if err == nil {
		t.Fatal("no error")
	}
	lines := strings.Split(err.Error(), "\n")
	if len(lines) != 3 || !strings.HasPrefix(lines[0], "many.yaml:1:") ||
		!strings.HasPrefix(lines[1], "many.yaml:2:") || !strings.HasPrefix(lines[2], "many.yaml:3:1: bogus: unknown parameter") {
		t.Errorf("errors:\n%v", err)
	}
	var sb strings.Builder
	for i := 0; i < 50; i++ {
		fmt.Fprintf(&sb, "bogus%d: 1\n", i)
	}
	_, err = LoadYAML([]byte(sb.String()), "flood.yaml")
	if n := strings.Count(err.Error(), "\n") + 1; n != maxErrors {
		t.Errorf("%d errors reported, want at most %d", n, maxErrors)
	}
}

func TestApplyMap(t *testing.T) {
	lines := map[string]string{"futility.margin": "7", "nullmove.enabled": "9"}
	where := func(key string) string {
		if l, ok := lines[key]; ok {
			return "exp.yaml:" + l
		}
		return "exp.yaml:1"
	}
	v := NewValues()
	err := v.ApplyMap(map[string]any{
		"futility":         map[string]any{"margin": 42, "style": "micromax"},
		"nullmove.enabled": false,
		"material":         map[any]any{"pawn": uint64(77)},
		"eval.bishop_pair": int8(-3),
	}, where)
	if err != nil {
		t.Fatal(err)
	}
	if v.Int(tMargin) != 42 || v.Enum(tStyle) != "micromax" || v.Bool(tNull) || v.Int(tPawn) != 77 || v.Int(tBishopPair) != -3 {
		t.Errorf("ApplyMap result: %v", v.Changed())
	}
	before := v.Clone()
	cases := []struct {
		m    map[string]any
		want string
	}{
		{map[string]any{"futility.margin": 1001}, "exp.yaml:7: futility.margin: 1001 out of range [0..1000]"},
		{map[string]any{"futility.margin": 12.0}, "exp.yaml:7: futility.margin: want an integer in [0..1000], got float 12"},
		{map[string]any{"nullmove": map[string]any{"enabled": 1}}, "exp.yaml:9: nullmove.enabled: want true or false, got integer 1"},
		{map[string]any{"futility.margin": []any{1}}, "exp.yaml:7: futility.margin: want an integer in [0..1000], got a sequence"},
		{map[string]any{"futility.margin": map[string]any{"x": 1}}, "exp.yaml:7: futility.margin: want an integer in [0..1000], got a mapping"},
		{map[string]any{"futility.margin": struct{}{}}, "exp.yaml:7: futility.margin: unsupported value of type struct {}"},
		{map[string]any{"futility": map[string]any{"margin": 1}, "futility.margin": 2}, "exp.yaml:7: futility.margin: duplicate key (first at exp.yaml:7)"},
		{map[string]any{"futility.margn": 1}, `exp.yaml:1: futility.margn: unknown parameter (did you mean "futility.margin"?)`},
	}
	for _, c := range cases {
		err := v.ApplyMap(c.m, where)
		if err == nil || err.Error() != c.want {
			t.Errorf("ApplyMap(%v) = %v\nwant %s", c.m, err, c.want)
		}
		if !v.Equal(before) {
			t.Errorf("failed ApplyMap(%v) modified the values", c.m)
		}
	}
	if err := v.ApplyMap(map[string]any{"bogus": 1}, nil); err == nil || err.Error() != "bogus: unknown parameter" {
		t.Errorf("nil where: %v", err)
	}
}
