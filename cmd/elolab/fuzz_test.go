package main

import (
	"strconv"
	"strings"
	"testing"
)

// FuzzParseCounts: the --wdl/--penta parser never panics, and whatever it
// accepts is n non-negative counts that print back to an accepted value.
func FuzzParseCounts(f *testing.F) {
	for _, s := range []string{"1,2,3", "[3, 0, 22, 15, 58]", " 0 ,0,0", "1,,2", "-1,2,3", "9999999999999999999,1,1", "1,2,3,4,5"} {
		f.Add(s, 3)
		f.Add(s, 5)
	}
	f.Fuzz(func(t *testing.T, s string, n int) {
		if n != 3 && n != 5 {
			return
		}
		c, err := parseCounts("wdl", s, n)
		if err != nil {
			if !strings.Contains(err.Error(), "--wdl") {
				t.Fatalf("error does not name the flag: %v", err)
			}
			return
		}
		if len(c) != n {
			t.Fatalf("%d counts", len(c))
		}
		parts := make([]string, n)
		for i, v := range c {
			if v < 0 {
				t.Fatalf("negative count %d", v)
			}
			parts[i] = strconv.FormatInt(v, 10)
		}
		if _, err := parseCounts("wdl", strings.Join(parts, ","), n); err != nil {
			t.Fatalf("round trip: %v", err)
		}
	})
}
