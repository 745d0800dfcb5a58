package player

import (
	"fmt"
	"sort"
	"testing"
)

func TestSlotCPUs(t *testing.T) {
	for _, tc := range []struct {
		cpus []int
		conc int
		want string
	}{
		{[]int{0, 1}, 2, "[[0] [1]]"},
		{[]int{0, 1}, 1, "[[0 1]]"},
		{[]int{0, 1}, 3, "[]"},
		{[]int{0, 1, 2, 3, 4}, 2, "[[0 1 2] [3 4]]"},
		{nil, 1, "[]"},
	} {
		if got := fmt.Sprint(SlotCPUs(tc.cpus, tc.conc)); got != tc.want {
			t.Errorf("SlotCPUs(%v, %d) = %s, want %s", tc.cpus, tc.conc, got, tc.want)
		}
	}
}

func TestCPUList(t *testing.T) {
	for _, tc := range []struct{ in, out string }{
		{"0", "0"}, {"0-3,5", "0-3,5"}, {"7,1-2,2,3", "1-3,7"}, {" 4 , 6-7", "4,6-7"},
	} {
		cpus, err := ParseCPUList(tc.in)
		if err != nil {
			t.Fatalf("%q: %v", tc.in, err)
		}
		sort.Ints(cpus)
		if got := FormatCPUList(cpus); got != tc.out {
			t.Errorf("%q -> %v -> %q, want %q", tc.in, cpus, got, tc.out)
		}
	}
	for _, bad := range []string{"", "-1", "a", "3-1", "1-", "0-5000", "1,,2"} {
		if _, err := ParseCPUList(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}
