//go:build unix

package filelock

import (
	"path/filepath"
	"testing"
)

// TestTryLock: a second holder of the same file is refused until the
// first unlocks, even in one process.
func TestTryLock(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.lock")
	a, ok, err := TryLock(path)
	if err != nil || !ok {
		t.Fatalf("first: %v %v", ok, err)
	}
	if b, ok, err := TryLock(path); err != nil || ok {
		t.Fatalf("second while the first holds it: %v %v", ok, err)
		_ = b.Unlock()
	}
	if err := a.Unlock(); err != nil {
		t.Fatal(err)
	}
	b, ok, err := TryLock(path)
	if err != nil || !ok {
		t.Fatalf("after unlocking: %v %v", ok, err)
	}
	_ = b.Unlock()
}
