// Package filelock holds an advisory lock on a file for as long as a
// process keeps it: flock(2) where the system has it, released by the
// kernel when the process ends, even by a crash. Two opens of one file
// conflict, in one process as in two.
//
// It imports only the standard library.
package filelock

import "os"

// Lock is a held lock on a file.
type Lock struct{ f *os.File }

// TryLock opens the file path (creating it, empty, when it is missing)
// and takes an exclusive lock on it without waiting. It returns the lock,
// or ok false when another holder has it; err is for a file that could
// not be opened or locked for another reason. Where the system has no
// flock, every TryLock succeeds.
func TryLock(path string) (l *Lock, ok bool, err error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, false, err
	}
	ok, err = tryLock(f)
	if err != nil || !ok {
		_ = f.Close()
		return nil, false, err
	}
	return &Lock{f: f}, true, nil
}

// Unlock releases the lock; the file stays. Unlocking a nil Lock does
// nothing.
func (l *Lock) Unlock() error {
	if l == nil || l.f == nil {
		return nil
	}
	err := l.f.Close() // closing the last descriptor releases the lock
	l.f = nil
	return err
}
