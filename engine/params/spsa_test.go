package params

import (
	"bytes"
	"reflect"
	"strings"
	"testing"
)

func TestWriteSPSA(t *testing.T) {
	v := custom(t)
	defs := []*Def{tBishopPair, tMargin, tNull, tPawn, tStyle} // bool and enum are skipped
	var fish, ob bytes.Buffer
	if err := v.WriteFishtest(&fish, defs, 0); err != nil {
		t.Fatal(err)
	}
	if err := v.WriteOpenBench(&ob, defs, 0.0025); err != nil {
		t.Fatal(err)
	}
	wantFish := "eval.bishop_pair,-50,-50,100,7.5,0.002\nfutility.margin,0,0,1000,10,0.002\nmaterial.pawn,200,50,200,2.5,0.002\n"
	if fish.String() != wantFish {
		t.Errorf("fishtest:\n%s\nwant:\n%s", fish.String(), wantFish)
	}
	wantOB := "eval.bishop_pair, int, -50, -50, 100, 7.5, 0.0025\nfutility.margin, int, 0, 0, 1000, 10, 0.0025\nmaterial.pawn, int, 200, 50, 200, 2.5, 0.0025\n"
	if ob.String() != wantOB {
		t.Errorf("openbench:\n%s\nwant:\n%s", ob.String(), wantOB)
	}
	for _, text := range []string{fish.String(), ob.String()} {
		ps, err := ParseSPSA(strings.NewReader(text), "in.txt")
		if err != nil {
			t.Fatal(err)
		}
		if len(ps) != 3 {
			t.Fatalf("%d params read back, want 3", len(ps))
		}
		for i, d := range []*Def{tBishopPair, tMargin, tPawn} {
			want := SPSAParam{Name: d.Name, Value: float64(v.Get(d)), Min: float64(d.Min), Max: float64(d.Max), CEnd: d.Step, REnd: ps[0].REnd}
			if ps[i] != want {
				t.Errorf("read back %+v, want %+v", ps[i], want)
			}
		}
		w := NewValues()
		if err := w.ApplySPSA(ps); err != nil {
			t.Fatal(err)
		}
		for _, d := range []*Def{tBishopPair, tMargin, tPawn} {
			if w.Get(d) != v.Get(d) {
				t.Errorf("ApplySPSA: %s = %d, want %d", d.Name, w.Get(d), v.Get(d))
			}
		}
	}

	// nil defs: every int parameter of the registry, in name order.
	var all bytes.Buffer
	if err := NewValues().WriteFishtest(&all, nil, 0); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(all.String(), "futility.prefrontier,500,0,2000,100,0.002\n") ||
		!strings.Contains(all.String(), "time.overhead,10,0,5000,250,0.002\n") ||
		strings.Contains(all.String(), "nullmove") || strings.Contains(all.String(), "style") {
		t.Errorf("all int params:\n%s", all.String())
	}
	if err := v.WriteFishtest(&all, nil, -1); err == nil {
		t.Error("negative r_end accepted")
	}
	r := newRegistry()
	foreign := r.mustAdd(newInt("x.y", 1, 0, 2, 0, "search", "doc"))
	if err := v.WriteOpenBench(&all, []*Def{foreign}, 0); err == nil {
		t.Error("foreign def accepted")
	}
}

func TestParseSPSA(t *testing.T) {
	in := "\ufeff# tuned by hand\r\n" +
		"futility.margin,127.35,0,1000,10,0.002\r\n" +
		"\r\n" +
		"material.pawn, int, 90, 50, 200, 2.5, 0.002\n" +
		"Scale , FLOAT , 0.5 , 0 , 1 , 0.05 , 0.002\n"
	ps, err := ParseSPSA(strings.NewReader(in), "mix.txt")
	if err != nil {
		t.Fatal(err)
	}
	want := []SPSAParam{
		{Name: "futility.margin", Value: 127.35, Min: 0, Max: 1000, CEnd: 10, REnd: 0.002},
		{Name: "material.pawn", Value: 90, Min: 50, Max: 200, CEnd: 2.5, REnd: 0.002},
		{Name: "Scale", Value: 0.5, Min: 0, Max: 1, CEnd: 0.05, REnd: 0.002, Float: true},
	}
	if !reflect.DeepEqual(ps, want) {
		t.Errorf("got %+v\nwant %+v", ps, want)
	}
	v := NewValues()
	if err := v.ApplySPSA(ps[:2]); err != nil {
		t.Fatal(err)
	}
	if v.Int(tMargin) != 127 || v.Int(tPawn) != 90 {
		t.Errorf("ApplySPSA rounding: margin %d pawn %d", v.Int(tMargin), v.Int(tPawn))
	}
	before := v.Clone()
	for _, c := range []struct {
		ps   []SPSAParam
		want string
	}{
		{[]SPSAParam{{Name: "material.pawn", Value: 60}, {Name: "futility.margn", Value: 1}}, `unknown parameter "futility.margn" (did you mean "futility.margin"?)`},
		{[]SPSAParam{{Name: "nullmove.enabled", Value: 1}}, "nullmove.enabled: a bool parameter cannot be tuned by SPSA"},
		{[]SPSAParam{{Name: "futility.margin", Value: 1000.6}}, "futility.margin: 1000.6 out of range [0..1000]"},
	} {
		if err := v.ApplySPSA(c.ps); err == nil || err.Error() != c.want {
			t.Errorf("ApplySPSA(%v) = %v, want %q", c.ps, err, c.want)
		}
		if !v.Equal(before) {
			t.Error("failed ApplySPSA modified the values")
		}
	}
}

func TestParseSPSAErrors(t *testing.T) {
	cases := []struct{ src, want string }{
		{"a,1,0,10,1\n", "t.txt:1: want 6 comma-separated fields"},
		{"ok,1,0,10,1,0.002\na,1,0,10,1,0.002,9,9\n", "t.txt:2: want 6 comma-separated fields (fishtest: name,value,min,max,c_end,r_end) or 7 (OpenBench: name, int, value, min, max, c_end, r_end), got 8"},
		{"a, bool, 1, 0, 10, 1, 0.002\n", `t.txt:1: OpenBench type "bool" must be int or float`},
		{",1,0,10,1,0.002\n", "t.txt:1: empty parameter name"},
		{"a b,1,0,10,1,0.002\n", `t.txt:1: parameter name "a b" contains white space`},
		{"a,x,0,10,1,0.002\n", `t.txt:1: a: value "x" is not a finite number`},
		{"a,1,0,10,NaN,0.002\n", `t.txt:1: a: c_end "NaN" is not a finite number`},
		{"a,1,0,inf,1,0.002\n", `t.txt:1: a: max "inf" is not a finite number`},
		{"a,1,10,0,1,0.002\n", "t.txt:1: a: min 10 must be below max 0"},
		{"a,11,0,10,1,0.002\n", "t.txt:1: a: value 11 outside [0..10]"},
		{"a,1,0,10,0,0.002\n", "t.txt:1: a: c_end 0 must be positive"},
		{"a,1,0,10,1,-0.002\n", "t.txt:1: a: r_end -0.002 must be positive"},
		{"# c\n\na, int, 1.5, 0, 10, 1, 0.002\n", "t.txt:3: a: value 1.5 is not an integer on an int line"},
		{"a,1,0,10,1,0.002\nb,1,0,10,1,0.002\na, int, 1, 0, 10, 1, 0.002\n", "t.txt:3: a: duplicate parameter (first at line 1)"},
		{strings.Repeat("x", 2<<20), "t.txt:1: bufio.Scanner: token too long"},
	}
	for _, c := range cases {
		ps, err := ParseSPSA(strings.NewReader(c.src), "t.txt")
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("ParseSPSA(%.40q) = %v\nwant %s", c.src, err, c.want)
		}
		if ps != nil {
			t.Errorf("ParseSPSA(%.40q) returned params with an error", c.src)
		}
	}
	if ps, err := ParseSPSA(strings.NewReader(""), ""); err != nil || ps != nil {
		t.Errorf("empty input: %v %v", ps, err)
	}
}
