//go:build !unix

package link

import "time"

// ProcessCPU reports that the platform gives no process CPU time here
// (--cpu-clock is refused).
func ProcessCPU() (time.Duration, bool) { return 0, false }
