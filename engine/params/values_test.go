package params

import (
	"strings"
	"testing"
)

func TestSet(t *testing.T) {
	cases := []struct {
		name, value string
		def         *Def
		raw         int
		err         string
	}{
		{"futility.margin", "200", tMargin, 200, ""},
		{"FUTILITY.Margin", " 0 ", tMargin, 0, ""},
		{"futility.margin", "1000", tMargin, 1000, ""},
		{"futility.margin", "1001", tMargin, 0, "futility.margin: 1001 out of range [0..1000]"},
		{"futility.margin", "-1", tMargin, 0, "futility.margin: -1 out of range [0..1000]"},
		{"futility.margin", "12.5", tMargin, 0, `futility.margin: "12.5" is not an integer (range [0..1000])`},
		{"futility.margin", "", tMargin, 0, `is not an integer`},
		{"futility.margin", "99999999999999999999", tMargin, 0, `is not an integer`},
		{"eval.bishop_pair", "-50", tBishopPair, -50, ""},
		{"eval.bishop_pair", "-51", tBishopPair, 0, "eval.bishop_pair: -51 out of range [-50..100]"},
		{"nullmove.enabled", "false", tNull, 0, ""},
		{"nullmove.enabled", "TRUE", tNull, 1, ""},
		{"nullmove.enabled", "off", tNull, 0, ""},
		{"nullmove.enabled", "On", tNull, 1, ""},
		{"nullmove.enabled", "0", tNull, 0, ""},
		{"nullmove.enabled", "1", tNull, 1, ""},
		{"nullmove.enabled", "no", tNull, 0, ""},
		{"nullmove.enabled", "5", tNull, 0, `nullmove.enabled: "5" is not a boolean`},
		{"nullmove.enabled", "maybe", tNull, 0, `nullmove.enabled: "maybe" is not a boolean`},
		{"futility.style", "moonfish", tStyle, 1, ""},
		{"futility.style", "MicroMax", tStyle, 0, ""},
		{"futility.style", "stockfish", tStyle, 0, `futility.style: "stockfish" is not one of micromax, moonfish, chessprogramming`},
		{"futility.style", "1", tStyle, 0, `is not one of`},
		{"futility.margn", "100", nil, 0, `unknown parameter "futility.margn" (did you mean "futility.margin"?)`},
		{"margin", "100", nil, 0, `unknown parameter "margin" (did you mean "futility.margin"?)`},
		{"hash", "16", nil, 0, `unknown parameter "hash"`},
	}
	for _, c := range cases {
		v := NewValues()
		err := v.Set(c.name, c.value)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("Set(%q, %q) error %v, want %q", c.name, c.value, err, c.err)
			}
			if !v.Equal(NewValues()) {
				t.Errorf("Set(%q, %q) failed but changed the values", c.name, c.value)
			}
			continue
		}
		if err != nil {
			t.Errorf("Set(%q, %q): %v", c.name, c.value, err)
			continue
		}
		if got := v.Get(c.def); got != c.raw {
			t.Errorf("Set(%q, %q): raw %d, want %d", c.name, c.value, got, c.raw)
		}
		// SetUCI has the same behaviour.
		u := NewValues()
		if err := u.SetUCI(c.name, c.value); err != nil || !u.Equal(v) {
			t.Errorf("SetUCI(%q, %q) = %v, differs from Set", c.name, c.value, err)
		}
	}
}

func TestSetIntAndReads(t *testing.T) {
	v := NewValues()
	if v.Int(tMargin) != 125 || !v.Bool(tNull) || v.Bool(tTrade) || v.Enum(tStyle) != "chessprogramming" || v.EnumIndex(tStyle) != 2 {
		t.Fatal("defaults not read back")
	}
	for _, c := range []struct {
		d   *Def
		n   int
		err string
	}{
		{tMargin, 1001, "futility.margin: 1001 out of range [0..1000]"},
		{tNull, 2, "nullmove.enabled: 2 is not a boolean (want 0 or 1)"},
		{tStyle, 3, "futility.style: choice index 3 out of range [0..2] (micromax, moonfish, chessprogramming)"},
		{tStyle, -1, "choice index -1 out of range"},
		{nil, 0, "nil parameter"},
	} {
		if err := v.SetInt(c.d, c.n); err == nil || !strings.Contains(err.Error(), c.err) {
			t.Errorf("SetInt(%v, %d) = %v, want %q", c.d, c.n, err, c.err)
		}
	}
	if err := v.SetInt(tStyle, 0); err != nil || v.Enum(tStyle) != "micromax" || v.Format(tStyle) != "micromax" {
		t.Errorf("enum set: %v %q", err, v.Enum(tStyle))
	}
	if err := v.SetInt(tNull, 0); err != nil || v.Bool(tNull) || v.Format(tNull) != "false" {
		t.Errorf("bool set: %v", err)
	}
	if err := v.SetInt(tBishopPair, -7); err != nil || v.Int(tBishopPair) != -7 || v.Format(tBishopPair) != "-7" {
		t.Errorf("int set: %v", err)
	}
	got := v.Changed()
	want := []*Def{tBishopPair, tStyle, tNull}
	if len(got) != len(want) {
		t.Fatalf("Changed() = %d defs, want %d", len(got), len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("Changed()[%d] = %s, want %s", i, got[i].Name, want[i].Name)
		}
	}
}

func TestValuesIndependent(t *testing.T) {
	a, b := NewValues(), NewValues()
	if err := a.Set("futility.margin", "300"); err != nil {
		t.Fatal(err)
	}
	if err := b.Set("futility.style", "moonfish"); err != nil {
		t.Fatal(err)
	}
	if a.Int(tMargin) != 300 || b.Int(tMargin) != 125 {
		t.Errorf("margin a=%d b=%d", a.Int(tMargin), b.Int(tMargin))
	}
	if a.Enum(tStyle) != "chessprogramming" || b.Enum(tStyle) != "moonfish" {
		t.Errorf("style a=%s b=%s", a.Enum(tStyle), b.Enum(tStyle))
	}
	if a.Equal(b) {
		t.Error("different values Equal")
	}
	c := a.Clone()
	if !c.Equal(a) {
		t.Error("clone not Equal")
	}
	if err := c.SetInt(tMargin, 1); err != nil {
		t.Fatal(err)
	}
	if a.Int(tMargin) != 300 || c.Equal(a) {
		t.Error("clone shares storage with its source")
	}
	if NewValues().Changed() != nil {
		t.Error("fresh values report changes")
	}
}

func TestLateRegistrationAndForeignDefs(t *testing.T) {
	r := newRegistry()
	a := r.mustAdd(newInt("a.x", 5, 0, 10, 0, "search", "doc"))
	v := r.newValues()
	b := r.mustAdd(newBool("b.on", true, "search", "doc")) // registered after v was made
	if !v.Bool(b) || v.Get(b) != 1 {
		t.Error("late parameter does not read as its default")
	}
	w := r.newValues()
	if !v.Equal(w) || !w.Equal(v) {
		t.Error("late parameter breaks Equal")
	}
	if err := v.SetInt(b, 0); err != nil || v.Bool(b) {
		t.Errorf("set late parameter: %v", err)
	}
	if v.Equal(w) || len(v.Changed()) != 1 || v.Int(a) != 5 {
		t.Error("late parameter change not seen")
	}
	// A definition of another registry is refused, not silently misread.
	if err := v.SetInt(tMargin, 1); err == nil || !strings.Contains(err.Error(), "not registered with this value set") {
		t.Errorf("foreign def: %v", err)
	}
	if v.Equal(NewValues()) {
		t.Error("values of different registries Equal")
	}
	if err := v.Set("futility.margin", "1"); err == nil || !strings.Contains(err.Error(), `unknown parameter "futility.margin"`) {
		t.Errorf("private registry sees default names: %v", err)
	}
}

func TestReadsDoNotAllocate(t *testing.T) {
	v := NewValues()
	sink := 0
	allocs := testing.AllocsPerRun(1000, func() {
		sink += v.Int(tMargin) + v.Get(tPawn) + v.EnumIndex(tStyle)
		if v.Bool(tNull) {
			sink++
		}
	})
	if allocs != 0 {
		t.Errorf("reads allocate %v times per run", allocs)
	}
	if sink == 0 {
		t.Error("reads returned zeros")
	}
}

func BenchmarkReads(b *testing.B) {
	v := NewValues()
	sink := 0
	b.ReportAllocs()
	for b.Loop() {
		sink += v.Int(tMargin) + v.Get(tPawn)
		if v.Bool(tNull) {
			sink++
		}
	}
	if sink == 0 {
		b.Fatal("no reads")
	}
}
