//go:build !unix

package link

import (
	"os"
	"syscall"
)

// groupAttr gives no process group where the platform has none: only the
// engine itself is killed.
func groupAttr() *syscall.SysProcAttr { return nil }

// killGroup kills the process p.
func killGroup(p *os.Process) {
	if p != nil {
		p.Kill()
	}
}
