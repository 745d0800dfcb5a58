//go:build linux

package runnerbench

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// errPlatform is nil: Linux has waitid(WNOWAIT) and /proc/PID/stat.
var errPlatform error

// atClkTck is AT_CLKTCK of <elf.h>: the auxiliary-vector entry in which
// the kernel hands every process its USER_HZ, the unit of the times in
// /proc/PID/stat. glibc's sysconf(_SC_CLK_TCK) returns this value; Go has
// no sysconf without cgo, so it is read from the auxiliary vector here.
const atClkTck = 17

// clockTicks is sysconf(_SC_CLK_TCK): the kernel's AT_CLKTCK, else 100,
// USER_HZ on every Linux architecture (the kernel fixes it at 100 for
// user space whatever its internal HZ).
func clockTicks() uint64 {
	if av, err := unix.Auxv(); err == nil {
		for _, kv := range av {
			if kv[0] == atClkTck && kv[1] > 0 {
				return uint64(kv[1])
			}
		}
	}
	return 100
}

// measure runs cmd (already configured, not started) and returns its cost.
// The child's exit is awaited WITHOUT reaping it (waitid with WNOWAIT), so
// that its /proc/PID/stat still exists and tells its own CPU (utime,
// stime) apart from that of the children it waited for (cutime, cstime) —
// a runner reaps its engines before it exits, so the latter are the
// engines. Only then is it reaped by cmd.Wait, whose rusage is the total.
// The error is cmd.Wait's (an *exec.ExitError for a non-zero exit).
func measure(cmd *exec.Cmd) (usage, error) {
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return usage{}, err
	}
	pid := cmd.Process.Pid
	var info unix.Siginfo
	for {
		err := unix.Waitid(unix.P_PID, pid, &info, unix.WEXITED|unix.WNOWAIT, nil)
		if err == nil {
			break
		}
		if !errors.Is(err, syscall.EINTR) {
			_ = cmd.Process.Kill()
			_ = cmd.Wait()
			return usage{}, fmt.Errorf("waitid %d: %w", pid, err)
		}
	}
	u := usage{Wall: time.Since(start)}
	stat, statErr := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	waitErr := cmd.Wait()
	if statErr != nil {
		return u, fmt.Errorf("reading the runner's CPU times: %w", statErr)
	}
	t, err := parseStat(stat)
	if err != nil {
		return u, err
	}
	hz := clockTicks()
	u.Runner = ticks(t.UTime+t.STime, hz)
	u.Engines = ticks(t.CUTime+t.CSTime, hz)
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		u.Total = time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	return u, waitErr
}
