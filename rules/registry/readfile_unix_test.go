//go:build unix

package registry

import (
	"os"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestReadFileRegularOnly: ReadFile reads a regular file and refuses a
// FIFO at once (no writer needed) and a folder, saying what each is.
func TestReadFileRegularOnly(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(dir+"/a.txt", []byte("f5d6"), 0o644)
	if data, err := ReadFile(dir + "/a.txt"); err != nil || string(data) != "f5d6" {
		t.Errorf("regular file: %q %v", data, err)
	}
	if _, err := ReadFile(dir); err == nil || !strings.Contains(err.Error(), "is a folder") {
		t.Errorf("folder: %v", err)
	}
	if err := syscall.Mkfifo(dir+"/p.sgf", 0o644); err != nil {
		t.Skip("no FIFO here:", err)
	}
	done := make(chan error, 1)
	go func() { _, err := ReadFile(dir + "/p.sgf"); done <- err }()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "named pipe (FIFO)") {
			t.Errorf("FIFO: %v", err)
		}
	case <-time.After(5 * time.Second):
		f, _ := os.OpenFile(dir+"/p.sgf", os.O_WRONLY, 0)
		f.Close()
		t.Fatal("ReadFile waited for a writer on a FIFO")
	}
}
