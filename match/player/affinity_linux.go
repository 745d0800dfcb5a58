//go:build linux

package player

import (
	"fmt"
	"os/exec"
	"runtime"

	"golang.org/x/sys/unix"
)

// startCmd starts cmd on the given CPUs. A new process inherits the CPU
// mask of the thread that forks it, so the calling goroutine is locked to
// its thread, the thread's mask narrowed, the process started and the mask
// restored: the engine and every thread it creates stay on cpus from their
// first instruction, with no window in which a thread escapes.
func startCmd(cmd *exec.Cmd, cpus []int) error {
	if len(cpus) == 0 {
		return cmd.Start()
	}
	var set unix.CPUSet
	for _, c := range cpus {
		if c < 0 || c >= len(set)*64 {
			return fmt.Errorf("CPU %d out of range", c)
		}
		set.Set(c)
	}
	runtime.LockOSThread()
	var old unix.CPUSet
	if err := unix.SchedGetaffinity(0, &old); err != nil {
		runtime.UnlockOSThread()
		return fmt.Errorf("CPU affinity: %w", err)
	}
	if err := unix.SchedSetaffinity(0, &set); err != nil {
		runtime.UnlockOSThread()
		return fmt.Errorf("CPU affinity %v: %w", cpus, err)
	}
	err := cmd.Start()
	if unix.SchedSetaffinity(0, &old) == nil {
		runtime.UnlockOSThread()
	}
	// Otherwise the thread stays locked to this goroutine (and exits with
	// it), so no other goroutine inherits the narrowed mask.
	return err
}

// AllowedCPUs lists the CPUs this process may run on (its affinity mask,
// which taskset or a container narrows), in increasing order.
func AllowedCPUs() []int {
	var set unix.CPUSet
	if err := unix.SchedGetaffinity(0, &set); err != nil {
		return defaultCPUs()
	}
	var out []int
	for c := 0; c < len(set)*64; c++ {
		if set.IsSet(c) {
			out = append(out, c)
		}
	}
	if len(out) == 0 {
		return defaultCPUs()
	}
	return out
}

// AffinitySupported reports whether engines can be pinned to CPUs here.
const AffinitySupported = true
