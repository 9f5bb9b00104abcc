//go:build unix

package filelock

import (
	"errors"
	"os"
	"syscall"
)

// tryLock takes flock(LOCK_EX|LOCK_NB) on f: ok false when it is held.
func tryLock(f *os.File) (ok bool, err error) {
	for {
		err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		if !errors.Is(err, syscall.EINTR) {
			break
		}
	}
	if errors.Is(err, syscall.EWOULDBLOCK) {
		return false, nil
	}
	return err == nil, err
}
