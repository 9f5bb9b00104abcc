//go:build !unix

package main

import "time"

// processCPU reports that the platform gives no process CPU time here
// (--cpu-clock is refused).
func processCPU() (time.Duration, bool) { return 0, false }
