package params

import "testing"

func TestAppendRaw(t *testing.T) {
	r := newRegistry()
	a := r.mustAdd(newInt("a.x", 5, 0, 10, 1, "g", "a"))
	b := r.mustAdd(newBool("b.on", true, "g", "b"))
	v := r.newValues()
	if err := v.SetInt(a, 7); err != nil {
		t.Fatal(err)
	}
	c := r.mustAdd(newInt("c.y", 3, 0, 9, 1, "g", "registered after the values were made"))
	got := v.AppendRaw(make([]int32, 0, 8))
	if len(got) != 3 || got[a.Index] != 7 || got[b.Index] != 1 || got[c.Index] != 3 {
		t.Fatalf("AppendRaw = %v", got)
	}
	buf := make([]int32, 0, 8)
	if n := testing.AllocsPerRun(50, func() { buf = v.AppendRaw(buf) }); n != 0 {
		t.Fatalf("AppendRaw allocates %v times", n)
	}
}
