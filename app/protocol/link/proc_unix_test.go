//go:build unix

package link

import (
	"context"
	"errors"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"planiverse/app/internal/fakeengine"
)

// gone reports whether process pid has ended within 3 s.
func gone(pid int) bool {
	for range 300 {
		if err := syscall.Kill(pid, 0); errors.Is(err, syscall.ESRCH) {
			return true
		}
		time.Sleep(10 * time.Millisecond)
	}
	return false
}

// TestProcHangWithChild: an engine that started a child holding its
// output and hangs is stopped promptly, child included (the wrapper
// script without exec of issue 63).
func TestProcHangWithChild(t *testing.T) {
	pidFile := filepath.Join(t.TempDir(), "pid")
	p, err := StartProc(context.Background(), fakeengine.Command("hangchild", pidFile))
	if err != nil {
		t.Fatal(err)
	}
	child := readPid(t, pidFile)
	if err := p.Send("START 15"); err != nil {
		t.Fatal(err)
	}
	if l, err := p.Read(time.Now().Add(10 * time.Second)); l != "OK" || err != nil {
		t.Fatalf("read %q %v, want OK", l, err)
	}
	if _, err := p.Read(time.Now().Add(100 * time.Millisecond)); err != ErrTimeout {
		t.Fatalf("a hung engine: %v, want ErrTimeout", err)
	}
	within(t, "stopping a hung engine with a child", 3*time.Second, func() { p.Stop() })
	if !gone(child) {
		syscall.Kill(child, syscall.SIGKILL)
		t.Fatalf("the engine's child %d is still running", child)
	}
}
