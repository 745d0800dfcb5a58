package params

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// FuzzLoadYAML checks that LoadYAML never panics, that every error is
// positioned in the named file, and that whatever loads writes back to equal
// values.
func FuzzLoadYAML(f *testing.F) {
	for _, s := range []string{
		"futility.margin: 100\nfutility.style: moonfish\nnullmove.enabled: false\n",
		"futility:\n  margin: 100\n  style: MoonFish\nnullmove: {enabled: off}\n",
		"futility.margin: [1\n",
		"futility.margin: 1\nfutility.margin: 2\n",
		"- a\n- b\n",
		"futility.margin: &a 5\nmaterial.pawn: *a\n",
		"<<: {a: 1}\n",
		"? [a]\n: 1\n",
		"futility.margin: !!int 5\n",
		"a: |\n  text\n",
		"futility.margin: 99999999999999999999999\n",
		"x: .nan\ny: -.inf\n",
		"---\n---\n",
		"",
		"futility.margin: " + strings.Repeat("- ", MaxYAMLDepth+1) + "1\n",
		"a: " + strings.Repeat("[", MaxYAMLDepth+1) + "\n",
		aliasBomb(),
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		v, err := LoadYAML(data, "fuzz.yaml")
		if err != nil {
			errs := []error{err}
			if j, ok := err.(interface{ Unwrap() []error }); ok {
				errs = j.Unwrap()
			}
			for _, e := range errs {
				pe, ok := e.(*Error)
				if !ok || !strings.HasPrefix(pe.File, "fuzz.yaml") {
					t.Fatalf("error is not a positioned *Error: %#v", e)
				}
			}
			if v != nil {
				t.Fatal("values returned with an error")
			}
			return
		}
		var buf bytes.Buffer
		if err := v.WriteYAML(&buf, true); err != nil {
			t.Fatal(err)
		}
		w, err := LoadYAML(buf.Bytes(), "again.yaml")
		if err != nil || !w.Equal(v) {
			t.Fatalf("round trip of loaded values: %v\n%s", err, buf.String())
		}
	})
}

// FuzzParseSPSA checks that ParseSPSA never panics, that errors name the
// file and a line, and that what it accepts reads back the same once written
// in fishtest form.
func FuzzParseSPSA(f *testing.F) {
	for _, s := range []string{
		"futility.margin,125,0,1000,10,0.002\n",
		"material.pawn, int, 90, 50, 200, 2.5, 0.002\nscale, float, 0.5, 0, 1, 0.05, 0.002\n",
		"# comment\n\na,1,0,10,1\n",
		"a,1e3,0,1e4,1,0.002\r\n",
		"a,1,0,10,1,0.002\na,1,0,10,1,0.002\n",
		"a, int, 1.5, 0, 10, 1, 0.002\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		ps, err := ParseSPSA(bytes.NewReader(data), "fuzz.txt")
		if err != nil {
			if !strings.HasPrefix(err.Error(), "fuzz.txt:") {
				t.Fatalf("error without file:line: %v", err)
			}
			return
		}
		var buf bytes.Buffer
		for _, p := range ps {
			fmt.Fprintf(&buf, "%s,%s,%s,%s,%s,%s\n", p.Name, fmtFloat(p.Value), fmtFloat(p.Min), fmtFloat(p.Max), fmtFloat(p.CEnd), fmtFloat(p.REnd))
		}
		again, err := ParseSPSA(&buf, "again.txt")
		if err != nil || len(again) != len(ps) {
			t.Fatalf("re-reading %d params: %v\n%s", len(ps), err, buf.String())
		}
		for i := range ps {
			want := ps[i]
			want.Float = false // fishtest lines carry no type
			if again[i] != want {
				t.Fatalf("param %d: %+v, want %+v", i, again[i], want)
			}
		}
		// Tuned values apply when they fit the registry; otherwise the error
		// must leave the values untouched.
		v := NewValues()
		before := v.Clone()
		if err := v.ApplySPSA(ps); err != nil && !v.Equal(before) {
			t.Fatalf("failed ApplySPSA changed values: %v", err)
		}
	})
}
