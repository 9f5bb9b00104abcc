//go:build unix

package link

import (
	"os"
	"syscall"
)

// groupAttr puts an engine process in a process group of its own, so
// that killGroup reaches whatever it starts.
func groupAttr() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setpgid: true} }

// killGroup kills the process group that p leads (its id is p's, by
// groupAttr); a group already gone is no error.
func killGroup(p *os.Process) {
	if p == nil {
		return
	}
	syscall.Kill(-p.Pid, syscall.SIGKILL)
}
