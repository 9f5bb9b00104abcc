package referee

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestWriteNewFullDisk: a record whose write fails (a full disk) is
// removed, never left empty, and the error names it; an existing record
// is never replaced.
func TestWriteNewFullDisk(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "gomoku-001.txt")
	defer func(w func(*os.File, []byte) error) { writeData = w }(writeData)
	writeData = func(*os.File, []byte) error { return syscall.ENOSPC }
	err := writeNew(name, []byte("H8 H9\n"))
	if !errors.Is(err, syscall.ENOSPC) {
		t.Errorf("error %v, want ENOSPC", err)
	}
	if _, err := os.Lstat(name); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the failed record is left: %v", err)
	}
	os.WriteFile(name, []byte("kept\n"), 0o644)
	if err := writeNew(name, []byte("H8\n")); !errors.Is(err, os.ErrExist) {
		t.Errorf("over an existing record: %v", err)
	}
	if b, _ := os.ReadFile(name); string(b) != "kept\n" {
		t.Errorf("the existing record became %q", b)
	}
}

// TestRecordsFolderClaim: a folder claimed by one match is passed over
// by the next, which says why; released, it is free again.
func TestRecordsFolderClaim(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "rec")
	a, why, release, err := recordsFolder(dir, "gomoku", 2)
	if err != nil || a != dir || why != "" {
		t.Fatalf("first: %q %q %v", a, why, err)
	}
	b, why, releaseB, err := recordsFolder(dir, "gomoku", 2)
	if err != nil || b != dir+"-2" || why != dir+" is in use by another match" {
		t.Errorf("second: %q %q %v", b, why, err)
	}
	release()
	releaseB()
	if c, _, release, err := recordsFolder(dir, "gomoku", 2); err != nil || c != dir {
		t.Errorf("after release: %q %v", c, err)
	} else {
		release()
	}
}
