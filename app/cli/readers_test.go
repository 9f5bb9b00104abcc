package cli

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

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

// TestControlCharactersEscaped: names read from a record and an engine's
// standard error reach the terminal with their control characters
// escaped, so that an escape sequence in them cannot act on it.
func TestControlCharactersEscaped(t *testing.T) {
	dir := t.TempDir()
	rec := filepath.Join(dir, "evil.sgf")
	os.WriteFile(rec, []byte("(;FF[4]GM[2]PB[\x1b\\]0;pwned\x07Eve]PW[\x1b[2JMallory]RE[B+2\x1b[31m];B[f5])"), 0o644)
	code, out, errText := cli("show", "othello", "--record", rec)
	if code != 0 || strings.Contains(out, "\x1b") || !strings.Contains(out, `\x1b]0;pwned\aEve`) || !strings.Contains(out, `\x1b[2JMallory`) {
		t.Errorf("show: exit %d\n%q%s", code, out, errText)
	}
	code, out, errText = cli("match", "gomoku", "--a", fake("stderr", "\x1b[31mred\x07"), "--b", fake("engine", "gomoku", "--depth", "1"))
	if code != 2 || strings.ContainsAny(out+errText, "\x1b\x07") || !strings.Contains(errText, `\x1b[31mred\a`) {
		t.Errorf("match: exit %d\n%q%q", code, out, errText)
	}
}

// TestFlagErrorsInWords: a negative depth says the depth must be
// positive (not "flag provided but not defined: -1"), and an option of
// another variant names the variant it needs (not "(  )").
func TestFlagErrorsInWords(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"perft", "othello", "-1"}, `DEPTH "-1": the depth must be positive`},
		{[]string{"perft", "othello", "--moves", "f5", "-2"}, `DEPTH "-2": the depth must be positive`},
		{[]string{"perft", "othello", "0"}, `DEPTH "0": the depth must be positive`},
		{[]string{"show", "alak", "--size", "9"}, "the size option does not apply to rules classic; give rules modern"},
		{[]string{"show", "gomoku", "--rules", "renju", "--size", "19"}, "does not apply to rules renju; give rules freestyle or exact5"},
	} {
		code, out, errText := cli(tc.args...)
		if code != 2 || out != "" || !strings.Contains(errText, tc.want) || strings.Contains(errText, "()") {
			t.Errorf("%q: exit %d, want %q\n%s%s", tc.args, code, tc.want, out, errText)
		}
	}
	if code, out, errText := cli("perft", "othello", "1", "--moves", "-3"); code != 2 || !strings.Contains(errText, `move "-3"`) {
		t.Errorf("a flag's negative value: exit %d\n%s%s", code, out, errText)
	}
}

// TestSolveRefusesManyEmpties: solve refuses a position of more than
// MaxSolveEmpties empty squares at once, saying so and naming --force,
// instead of running for hours without a word.
func TestSolveRefusesManyEmpties(t *testing.T) {
	file := filepath.Join(t.TempDir(), "start.txt")
	// The standard start: 60 empty squares.
	os.WriteFile(file, []byte(strings.Repeat("-", 27)+"OX------XO"+strings.Repeat("-", 27)+" X\n"), 0o644)
	code, out, errText := cli("solve", "othello", file)
	if code != 2 || out != "" || !strings.Contains(errText, "line 1: 60 empty squares, more than 24") || !strings.Contains(errText, "--force") {
		t.Errorf("exit %d\n%s%s", code, out, errText)
	}
}

// TestSolveProgress: a solve that takes a while says which position it
// is solving and for how long, on standard error, until it ends.
func TestSolveProgress(t *testing.T) {
	var buf syncBuffer
	defer func(w io.Writer, d time.Duration) { progressOut, progressEvery = w, d }(progressOut, progressEvery)
	progressOut, progressEvery = &buf, 10*time.Millisecond
	stop := solveProgress(7, 22, time.Now())
	time.Sleep(100 * time.Millisecond)
	stop()
	n := strings.Count(buf.String(), "solve: line 7 (22 empty squares): ")
	time.Sleep(50 * time.Millisecond)
	if n < 2 || strings.Count(buf.String(), "\n") != n {
		t.Errorf("progress %q", buf.String())
	}
}

// syncBuffer is a bytes.Buffer safe for concurrent use.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
