//go:build !linux

package runnerbench

import (
	"errors"
	"os/exec"
)

// errPlatform: the split of a runner's CPU from its engines' needs
// waitid(WNOWAIT) and /proc/PID/stat, which only Linux has.
var errPlatform = errors.New("bench-runner is Linux-only: it tells the runner's CPU from its engines' with waitid(WNOWAIT) and /proc/PID/stat")

func measure(*exec.Cmd) (usage, error) { return usage{}, errPlatform }
