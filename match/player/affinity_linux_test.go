//go:build linux

package player

import (
	"fmt"
	"testing"

	"golang.org/x/sys/unix"
)

// An engine started with CPUs runs there, and so does its restart; the
// runner's own threads keep their mask.
func TestAffinityPinsEngine(t *testing.T) {
	allowed := AllowedCPUs()
	want := allowed[len(allowed)-1:]
	cfg := fastConfig("pinned")
	cfg.CPUs = want
	p := startT(t, cfg).(*UCI)
	check := func(when string) {
		var set unix.CPUSet
		if err := unix.SchedGetaffinity(p.Pid(), &set); err != nil {
			t.Fatal(err)
		}
		if set.Count() != 1 || !set.IsSet(want[0]) {
			t.Errorf("%s: engine mask has %d CPUs, want only %d", when, set.Count(), want[0])
		}
	}
	check("start")
	if err := p.Restart(t.Context()); err != nil {
		t.Fatal(err)
	}
	check("restart")
	if got := AllowedCPUs(); fmt.Sprint(got) != fmt.Sprint(allowed) {
		t.Errorf("runner's CPUs changed from %v to %v", allowed, got)
	}
	bad := fastConfig("bad")
	bad.CPUs = []int{1 << 20}
	if _, err := Start(t.Context(), bad); err == nil {
		t.Error("CPU 1048576 accepted")
	}
}
