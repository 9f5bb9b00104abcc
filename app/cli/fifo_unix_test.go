//go:build unix

package cli

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestFIFORefused: a FIFO named like a record or an openings file is
// refused at once with a message that says what it is, by every command
// that reads one; nothing waits for a writer.
func TestFIFORefused(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "game.sgf")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no FIFO here:", err)
	}
	engine := fake("engine", "othello", "--depth", "1")
	for _, args := range [][]string{
		{"show", "othello", "--record", fifo},
		{"convert", fifo, filepath.Join(dir, "out.txt")},
		{"analyze", "othello", "--record", fifo, "--depth", "1"},
		{"solve", "othello", fifo},
		{"match", "othello", "--a", engine, "--b", engine, "--openings", fifo},
	} {
		done := make(chan struct{})
		var code int
		var out, errText string
		go func() {
			code, out, errText = cli(args...)
			close(done)
		}()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			// Let the command go on: open the FIFO for writing.
			if f, err := os.OpenFile(fifo, os.O_WRONLY, 0); err == nil {
				f.Close()
			}
			<-done
			t.Errorf("%q waited for a writer on the FIFO", args)
			continue
		}
		if code != 2 || !strings.Contains(errText, "named pipe (FIFO), not a record file") {
			t.Errorf("%q: exit %d\n%s%s", args, code, out, errText)
		}
	}
}
