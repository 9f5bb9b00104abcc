//go:build unix

package atomicfile

import (
	"bufio"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
)

// childEnv makes the test binary a child of TestSignalRemovesTemp: it
// starts a write into the folder named by the variable and waits there.
const childEnv = "ATOMICFILE_TEST_WRITING_IN"

func TestMain(m *testing.M) {
	if dir := os.Getenv(childEnv); dir != "" {
		f, err := createTemp(filepath.Join(dir, "big.sgf"))
		if err != nil {
			fmt.Println("error", err)
			os.Exit(1)
		}
		_, _ = f.Write(make([]byte, 1<<20))
		fmt.Println("writing")
		select {}
	}
	os.Exit(m.Run())
}

// TestSignalRemovesTemp: SIGINT, SIGTERM or SIGHUP while a write is in
// progress removes its temporary file, and the process still ends by the
// signal.
func TestSignalRemovesTemp(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP} {
		dir := t.TempDir()
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), childEnv+"="+dir)
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		line, _ := bufio.NewReader(out).ReadString('\n')
		if line != "writing\n" {
			_ = cmd.Process.Kill()
			t.Fatalf("child said %q", line)
		}
		if left, _ := filepath.Glob(filepath.Join(dir, ".*.tmp")); len(left) != 1 {
			t.Fatalf("no temporary file while writing: %v", left)
		}
		_ = cmd.Process.Signal(sig)
		err = cmd.Wait()
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.Sys().(syscall.WaitStatus).Signal() != sig {
			t.Errorf("%v: the child ended with %v, not by the signal", sig, err)
		}
		if left, _ := filepath.Glob(filepath.Join(dir, ".*")); len(left) != 0 {
			t.Errorf("%v: left %v", sig, left)
		}
	}
}

// TestErrorsNameTarget: a write into a missing folder or over a
// read-only folder names the file asked for, never a temporary file.
func TestErrorsNameTarget(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "nodir", "x.sgf")
	for _, write := range []func(string, []byte) error{Write, WriteNew} {
		err := write(path, []byte("x"))
		if err == nil || !strings.Contains(err.Error(), path) || strings.Contains(err.Error(), ".tmp") {
			t.Errorf("error %v, want one naming %s and no temporary file", err, path)
		}
	}
}

// TestWriteNewRace: of writers racing with WriteNew for one new path,
// exactly one succeeds; the others get an error wrapping fs.ErrExist and
// the file holds the winner's data.
func TestWriteNewRace(t *testing.T) {
	for round := range 20 {
		path := filepath.Join(t.TempDir(), "race.txt")
		errs := make([]error, 4)
		var wg sync.WaitGroup
		for i := range errs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				errs[i] = WriteNew(path, []byte(fmt.Sprint("writer ", i)))
			}()
		}
		wg.Wait()
		won := -1
		for i, err := range errs {
			switch {
			case err == nil && won >= 0:
				t.Fatalf("round %d: writers %d and %d both succeeded", round, won, i)
			case err == nil:
				won = i
			case !errors.Is(err, fs.ErrExist):
				t.Fatalf("round %d: writer %d: %v", round, i, err)
			}
		}
		if data, _ := os.ReadFile(path); won < 0 || string(data) != fmt.Sprint("writer ", won) {
			t.Fatalf("round %d: winner %d, file %q", round, won, data)
		}
		if left, _ := filepath.Glob(filepath.Join(filepath.Dir(path), ".*")); len(left) != 0 {
			t.Fatalf("round %d: left %v", round, left)
		}
	}
}
