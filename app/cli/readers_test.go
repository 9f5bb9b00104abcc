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

// TestOpeningsBounded: an openings file is read with bounds: an
// over-long line says so (not the scanner's "token too long"), a byte
// order mark at its start is skipped, and CR LF line ends read.
func TestOpeningsBounded(t *testing.T) {
	dir := t.TempDir()
	engine := fake("engine", "othello", "--depth", "1")
	long := filepath.Join(dir, "long.txt")
	os.WriteFile(long, []byte("f5d6\n"+strings.Repeat("f5d6c3", 20000)+"\n"), 0o644)
	code, out, errText := cli("match", "othello", "--a", engine, "--b", engine, "--openings", long)
	if code != 2 || out != "" || !strings.Contains(errText, "line 2: longer than 4096 bytes") {
		t.Errorf("over-long line: exit %d\n%s%s", code, out, errText)
	}
	many := filepath.Join(dir, "many.txt")
	os.WriteFile(many, []byte(strings.Repeat("f5\n", 100_001)), 0o644)
	code, out, errText = cli("match", "othello", "--a", engine, "--b", engine, "--openings", many)
	if code != 2 || out != "" || !strings.Contains(errText, "more than 100000 openings") {
		t.Errorf("too many openings: exit %d\n%s%s", code, out, errText)
	}
	bom := filepath.Join(dir, "bom.txt")
	os.WriteFile(bom, []byte("\ufefff5d6c3\r\n# a comment\r\nf5 f6\r\n"), 0o644)
	code, out, errText = cli("match", "othello", "--a", engine, "--b", engine, "--openings", bom, "--games", "2", "--time-ms", "2000")
	if code != 0 || strings.Count("\n"+out, "\ngame ") != 2 {
		t.Errorf("openings with a byte order mark: exit %d\n%s%s", code, out, errText)
	}
}
