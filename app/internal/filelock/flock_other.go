//go:build !unix

package filelock

import "os"

// tryLock always succeeds where there is no flock.
func tryLock(f *os.File) (ok bool, err error) { return true, nil }
