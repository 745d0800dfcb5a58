//go:build !linux

package player

import "os/exec"

// startCmd starts cmd; CPU affinity is only applied on Linux.
func startCmd(cmd *exec.Cmd, cpus []int) error { return cmd.Start() }

// AllowedCPUs lists the CPUs this process may run on.
func AllowedCPUs() []int { return defaultCPUs() }

// AffinitySupported reports whether engines can be pinned to CPUs here.
const AffinitySupported = false
