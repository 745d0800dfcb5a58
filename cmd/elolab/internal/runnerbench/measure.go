package runnerbench

import (
	"bytes"
	"fmt"
	"strconv"
	"time"
)

// usage is what one runner process cost: wall time from start to exit,
// the runner's own CPU and the CPU of the children it reaped (its
// engines), measured separately.
type usage struct {
	Wall    time.Duration
	Runner  time.Duration // utime+stime of the runner process
	Engines time.Duration // cutime+cstime: the children it waited for
	// Total is self+children from the rusage of the final wait
	// (microseconds rather than clock ticks): a cross-check of
	// Runner+Engines, which it matches within a few ticks.
	Total time.Duration
}

// procTimes are the four CPU-time fields of /proc/PID/stat, in clock
// ticks.
type procTimes struct {
	UTime, STime, CUTime, CSTime uint64
}

// parseStat reads utime, stime, cutime and cstime (fields 14 to 17 of
// proc(5)) from the text of /proc/PID/stat. The second field, comm, is the
// executable's name in parentheses and may itself hold spaces and ')', so
// the fields are counted from the LAST ')' of the line, as proc(5)
// advises.
func parseStat(b []byte) (procTimes, error) {
	end := bytes.LastIndexByte(b, ')')
	if end < 0 {
		return procTimes{}, fmt.Errorf("/proc stat: no ')' closing the comm field in %q", clip(b))
	}
	// After ") ": field 3 (state) onwards.
	f := bytes.Fields(b[end+1:])
	const first = 3 // number of the first field after comm
	const utime, cstime = 14, 17
	if len(f) < cstime-first+1 {
		return procTimes{}, fmt.Errorf("/proc stat: %d fields after comm, want at least %d", len(f), cstime-first+1)
	}
	var v [4]uint64
	for i := range v {
		n, err := strconv.ParseUint(string(f[utime-first+i]), 10, 64)
		if err != nil {
			return procTimes{}, fmt.Errorf("/proc stat: field %d: %v", utime+i, err)
		}
		v[i] = n
	}
	return procTimes{UTime: v[0], STime: v[1], CUTime: v[2], CSTime: v[3]}, nil
}

// ticks converts clock ticks at hz per second to a duration.
func ticks(n, hz uint64) time.Duration {
	return time.Duration(n * uint64(time.Second) / hz)
}

func clip(b []byte) string {
	if len(b) > 80 {
		return string(b[:80]) + "…"
	}
	return string(b)
}
