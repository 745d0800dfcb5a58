package runnerbench

import (
	"strconv"
	"strings"
	"testing"
)

// FuzzParseStat: any /proc/PID/stat text either parses, with the four
// times read from the fields after the last ')', or is refused with an
// error; it never panics.
func FuzzParseStat(f *testing.F) {
	f.Add([]byte("1234 (stock fish) S 1 1234 1234 0 -1 4194560 100 0 0 0 250 30 1700 120 20 0 1 0 100 1000 200\n"))
	f.Add([]byte("7 (a) b)) R 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15"))
	f.Add([]byte("no paren"))
	f.Fuzz(func(t *testing.T, b []byte) {
		pt, err := parseStat(b)
		if err != nil {
			return
		}
		s := string(b)
		fields := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
		want := []uint64{pt.UTime, pt.STime, pt.CUTime, pt.CSTime}
		for i, w := range want {
			if got, err := strconv.ParseUint(fields[11+i], 10, 64); err != nil || got != w {
				t.Fatalf("field %d: parsed %d, text %q", 14+i, w, fields[11+i])
			}
		}
	})
}

// FuzzParseLimit: a limit is accepted only as nodes=N or depth=N with a
// positive N, and then spelled back the same way.
func FuzzParseLimit(f *testing.F) {
	for _, s := range []string{"nodes=1000", "depth=1", "tc=10+0.1", "nodes=-1", "depth=", "=5", "nodes=1=2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		k, n, err := parseLimit(s)
		if err != nil {
			return
		}
		if (k != "nodes" && k != "depth") || n < 1 {
			t.Fatalf("%q accepted as %s=%d", s, k, n)
		}
		if v, _ := strconv.Atoi(s[len(k)+1:]); v != n || s[:len(k)+1] != k+"=" {
			t.Fatalf("%q read as %s=%d", s, k, n)
		}
	})
}
