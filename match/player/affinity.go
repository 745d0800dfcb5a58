package player

import (
	"fmt"
	"runtime"
	"strconv"
	"strings"
)

func defaultCPUs() []int {
	out := make([]int, runtime.NumCPU())
	for i := range out {
		out[i] = i
	}
	return out
}

// SlotCPUs splits cpus into one disjoint set per concurrent game, so that
// both engines of a game share their slot's CPUs and games do not compete
// for a core. It returns nil (no pinning) when there are fewer CPUs than
// games. Leftover CPUs go to the first slots.
func SlotCPUs(cpus []int, concurrency int) [][]int {
	if concurrency <= 0 || len(cpus) < concurrency {
		return nil
	}
	out := make([][]int, concurrency)
	per, extra := len(cpus)/concurrency, len(cpus)%concurrency
	i := 0
	for s := range out {
		n := per
		if s < extra {
			n++
		}
		out[s] = cpus[i : i+n : i+n]
		i += n
	}
	return out
}

// ParseCPUList reads a CPU list as taskset and fastchess write it:
// "0-3,5,7-8".
func ParseCPUList(s string) ([]int, error) {
	var out []int
	seen := map[int]bool{}
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		lo, hi, isRange := strings.Cut(part, "-")
		a, err := strconv.Atoi(lo)
		if err != nil || a < 0 {
			return nil, fmt.Errorf("CPU list %q: %q is not a CPU number or range", s, part)
		}
		b := a
		if isRange {
			if b, err = strconv.Atoi(hi); err != nil || b < a {
				return nil, fmt.Errorf("CPU list %q: %q is not a CPU range low-high", s, part)
			}
		}
		if b >= 1024 {
			return nil, fmt.Errorf("CPU list %q: CPU %d out of range (0-1023)", s, b)
		}
		for c := a; c <= b; c++ {
			if !seen[c] {
				seen[c] = true
				out = append(out, c)
			}
		}
	}
	return out, nil
}

// FormatCPUList writes cpus (increasing) as ParseCPUList reads them.
func FormatCPUList(cpus []int) string {
	var b strings.Builder
	for i := 0; i < len(cpus); {
		j := i
		for j+1 < len(cpus) && cpus[j+1] == cpus[j]+1 {
			j++
		}
		if b.Len() > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(cpus[i]))
		if j > i {
			b.WriteByte('-')
			b.WriteString(strconv.Itoa(cpus[j]))
		}
		i = j + 1
	}
	return b.String()
}
