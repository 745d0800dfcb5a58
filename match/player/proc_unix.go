//go:build unix

package player

import (
	"os"
	"syscall"
)

// sysProcAttr puts the engine in its own process group: a Ctrl-C on the
// terminal reaches the runner only, and a kill reaches the engine's
// children too.
func sysProcAttr() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setpgid: true} }

func killGroup(p *os.Process) {
	if syscall.Kill(-p.Pid, syscall.SIGKILL) != nil {
		p.Kill()
	}
}
