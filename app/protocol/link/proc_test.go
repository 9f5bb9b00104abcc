package link

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"planiverse/ai"
	"planiverse/ai/games"
	"planiverse/app/internal/fakeengine"
)

// TestMain lets the test binary stand in for an engine process
// (fakeengine.Command; only the modes that need no engine mode).
func TestMain(m *testing.M) {
	ai.Use(games.Knowledge())
	if mode, args, ok := fakeengine.Requested(); ok {
		os.Exit(fakeengine.Run(mode, args, nil))
	}
	os.Exit(m.Run())
}

// within runs f and fails the test if it takes longer than limit.
func within(t *testing.T, what string, limit time.Duration, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() { f(); close(done) }()
	select {
	case <-done:
	case <-time.After(limit):
		t.Fatalf("%s took more than %v", what, limit)
	}
}

// readPid reads the process id the hangchild fake engine wrote.
func readPid(t *testing.T, path string) int {
	t.Helper()
	pid, err := fakeengine.ChildPid(path, 3*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	return pid
}

// TestProcCancel: canceling the start's context kills the engine, and a
// pending Read ends at once with an error, not at its deadline.
func TestProcCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	p, err := StartProc(ctx, fakeengine.Command("sleep"))
	if err != nil {
		t.Fatal(err)
	}
	defer p.Stop()
	time.AfterFunc(100*time.Millisecond, cancel)
	within(t, "a read after the context was canceled", 3*time.Second, func() {
		if _, err := p.Read(time.Now().Add(time.Minute)); err == nil || err == ErrTimeout {
			t.Errorf("read: %v, want the engine's exit", err)
		}
	})
}

// TestProcFlood: output nobody asked for is drained and bounded: the
// queue keeps at most MaxQueuedLines lines (the latest), the reader never
// blocks, and nothing is left running after Stop.
func TestProcFlood(t *testing.T) {
	before := runtime.NumGoroutine()
	var m0, m1 runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m0)
	const n = 100_000 // 30 MB
	p, err := StartProc(context.Background(), fakeengine.Command("spew", strconv.Itoa(n)))
	if err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(30 * time.Second)
	for {
		waiting, dropped := p.Queued()
		if waiting > MaxQueuedLines {
			t.Fatalf("%d lines queued, more than %d", waiting, MaxQueuedLines)
		}
		if waiting+dropped == n+1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the output was not drained: %d queued, %d dropped", waiting, dropped)
		}
		time.Sleep(time.Millisecond)
	}
	runtime.GC()
	runtime.ReadMemStats(&m1)
	if grew := int64(m1.HeapAlloc) - int64(m0.HeapAlloc); grew > 8<<20 {
		t.Errorf("the heap grew by %d MB", grew>>20)
	}
	last := ""
	for {
		l, err := p.Read(time.Now().Add(time.Second))
		if err != nil {
			t.Fatal(err)
		}
		if l == "done" {
			break
		}
		last = l
	}
	if len(last) != fakeengine.FloodLineBytes-1 {
		t.Errorf("line before done: %.20q", last)
	}
	within(t, "stopping", 3*time.Second, func() { p.Stop() })
	for i := 0; runtime.NumGoroutine() > before; i++ {
		if i > 300 {
			t.Fatalf("%d goroutines after the engine stopped, %d before", runtime.NumGoroutine(), before)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestProcStderr: the error of an engine that exited names its exit
// status and quotes its last standard-error lines.
func TestProcStderr(t *testing.T) {
	p, err := StartProc(context.Background(), fakeengine.Command("stderr", "first", "weights.bin:missing"))
	if err != nil {
		t.Fatal(err)
	}
	defer p.Stop()
	_, err = p.Read(time.Now().Add(10 * time.Second))
	if err == nil || !strings.Contains(err.Error(), "exit status 3") || !strings.Contains(err.Error(), "first | weights.bin:missing") {
		t.Fatalf("error %v", err)
	}
	r := newLineRing(3)
	r.Write([]byte("a\nb\r\nc\nd\n" + strings.Repeat("z", 1000)))
	if got := r.lines(); len(got) != 3 || got[0] != "c" || len(got[2]) != stderrLineBytes {
		t.Errorf("ring %q", got)
	}
}

// TestProcMissing: a command that does not exist fails at its first read
// with the shell's complaint, at once.
func TestProcMissing(t *testing.T) {
	p, err := StartProc(context.Background(), "/nonexistent/engine --x")
	if err != nil {
		t.Fatal(err)
	}
	defer p.Stop()
	_, err = p.Read(time.Now().Add(10 * time.Second))
	if err == nil || !strings.Contains(err.Error(), "/nonexistent/engine") {
		t.Fatalf("error %v", err)
	}
}

// TestProcWriteTimeout: a write to an engine that reads nothing fails
// after the write timeout instead of blocking.
func TestProcWriteTimeout(t *testing.T) {
	old := writeTimeout
	writeTimeout = 200 * time.Millisecond
	defer func() { writeTimeout = old }()
	p, err := StartProc(context.Background(), fakeengine.Command("sleep"))
	if err != nil {
		t.Fatal(err)
	}
	defer p.Stop()
	line := strings.Repeat("y", 4096)
	within(t, "writing to an engine that reads nothing", 5*time.Second, func() {
		for range 1000 { // 4 MB, far beyond a pipe's buffer
			if err = p.Send(line); err != nil {
				break
			}
		}
	})
	if err == nil || !strings.Contains(err.Error(), "did not read its input") {
		t.Fatalf("error %v", err)
	}
}

// TestCheckCommand: a missing or unrunnable program is found before any
// engine starts; quotes, env and pipes are read as the shell does.
func TestCheckCommand(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "my engine")
	os.WriteFile(script, []byte("#!/bin/sh\n"), 0o644)
	for cmd, want := range map[string]string{
		"/nonexistent/engine --level 3":       "not found",
		"env A=1 /nonexistent/x":              "not found",
		"no-such-program-xyz --a":             "not found in PATH",
		"'" + script + "' --x":                "not executable",
		dir:                                   "is a folder",
		"":                                    "empty",
		"sh -c 'exit 0'":                      "",
		"tee /tmp/log | /nonexistent/engine":  "",
		"env -i A=1 sh":                       "",
		"\"" + os.Args[0] + "\" -fake-engine": "",
		"$HOME/engine":                        "",
	} {
		err := CheckCommand(cmd)
		if want == "" && err != nil || want != "" && (err == nil || !strings.Contains(err.Error(), want)) {
			t.Errorf("%q: %v, want %q", cmd, err, want)
		}
	}
}

// TestProcSendToExited: a write to an engine that has exited names its
// exit and quotes its standard error.
func TestProcSendToExited(t *testing.T) {
	p, err := StartProc(context.Background(), fakeengine.Command("stderr", "weights.bin:missing"))
	if err != nil {
		t.Fatal(err)
	}
	defer p.Stop()
	<-p.Exited()
	err = p.Send("START 15")
	if err == nil || !strings.Contains(err.Error(), "exit status 3") || !strings.Contains(err.Error(), "weights.bin:missing") {
		t.Fatalf("error %v", err)
	}
}

// TestProcKeepsNeededLines: when an engine writes more informational
// lines than the queue holds right after a move, the lines its protocol
// marks droppable go, and the move stays to be read.
func TestProcKeepsNeededLines(t *testing.T) {
	const n = 3 * MaxQueuedLines
	p, err := StartProc(context.Background(), fmt.Sprintf(`sh -c 'read l; echo "=== f5"; i=0; while [ $i -lt %d ]; do echo "status x"; i=$((i+1)); done'`, n))
	if err != nil {
		t.Fatal(err)
	}
	defer p.Stop()
	p.SetDroppable(func(l string) bool { return strings.HasPrefix(l, "status") })
	if err := p.Send("go"); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(time.Millisecond) {
		waiting, dropped := p.Queued()
		if waiting+dropped == n+1 {
			if waiting > MaxQueuedLines {
				t.Fatalf("%d lines queued, more than %d", waiting, MaxQueuedLines)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the output was not read: %d queued, %d dropped", waiting, dropped)
		}
	}
	if l, err := p.Read(time.Now().Add(time.Second)); l != "=== f5" || err != nil {
		t.Errorf("first line read: %q %v, want the move", l, err)
	}
}
