//go:build unix

package link

import (
	"syscall"
	"time"
)

// ProcessCPU returns the CPU time (user and system) the process has used,
// from getrusage(2), and whether the platform gives it.
func ProcessCPU() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
