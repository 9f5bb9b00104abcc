package cli

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"planiverse/app/puzzle"
)

// TestPuzzlesGenerate generates puzzles from a few Alak records: each
// verifies, and a second run does not replace the file without --force.
func TestPuzzlesGenerate(t *testing.T) {
	out := filepath.Join(t.TempDir(), "alak.jsonl")
	stdout, stderr, code := runArgs("puzzles", "generate", "alak", "--records", "testdata/puzzles-alak", "--out", out, "--jobs", "2")
	if code != 0 {
		t.Fatalf("status %d: %s", code, stderr)
	}
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ps, err := puzzle.Read(f, out)
	if err != nil || len(ps) == 0 {
		t.Fatalf("%d puzzles, %v; output %s", len(ps), err, stdout)
	}
	if want := "puzzles from 6 records"; !strings.Contains(stdout, want) {
		t.Errorf("output %q, want it to say %q", stdout, want)
	}
	for i := range ps {
		if _, err := puzzle.Verify(context.Background(), &ps[i]); err != nil {
			t.Error(err)
		}
	}
	_, stderr, code = runArgs("puzzles", "generate", "alak", "--records", "testdata/puzzles-alak", "--out", out)
	if code != 2 || !strings.Contains(stderr, "exists; give --force") {
		t.Errorf("second run: status %d, %q; want 2 and the advice to give --force", code, stderr)
	}
}

// TestPuzzlesList checks the listing: --json writes the shipped set, a
// line each; --theme filters; the last line of the text counts them.
func TestPuzzlesList(t *testing.T) {
	ps, err := puzzle.Shipped("alak")
	if err != nil {
		t.Fatal(err)
	}
	stdout, stderr, code := runArgs("puzzles", "alak", "--json")
	if code != 0 {
		t.Fatalf("status %d: %s", code, stderr)
	}
	got, err := puzzle.Read(strings.NewReader(stdout), "stdout")
	if err != nil || len(got) != len(ps) {
		t.Errorf("--json: %d puzzles, %v; want %d", len(got), err, len(ps))
	}
	stdout, _, code = runArgs("puzzles", "alak", "--theme", "capture")
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	n := len(puzzle.Filter(ps, "capture", 0, 0))
	if code != 0 || len(lines) != n+1 || !strings.HasSuffix(lines[len(lines)-1], "puzzles") {
		t.Fatalf("--theme capture: status %d, %d lines; want %d and a count", code, len(lines), n+1)
	}
	for _, l := range lines[:n] {
		if !strings.Contains(l, "capture") {
			t.Errorf("line without the theme: %s", l)
		}
	}
}

// TestPuzzlesErrors checks the usage errors.
func TestPuzzlesErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"puzzles", "chess"}, `no puzzles for "chess"`},
		{[]string{"puzzles", "othello", "--theme", "VCF"}, "othello puzzles have the themes corner, edge, parity, wipe-out"},
		{[]string{"puzzles", "generate", "alak", "--out", "x.jsonl"}, "give --records and --out"},
		{[]string{"puzzles", "verify", "chess"}, `no puzzles for "chess"`},
		{[]string{"puzzles", "alak", "--rating", "-5"}, "--rating"},
	} {
		_, stderr, code := runArgs(c.args...)
		if code != 2 || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: status %d, %q; want 2 and %q", c.args, code, stderr, c.want)
		}
	}
}

// TestPuzzlesVerify re-proves the shipped Alak set through the command.
func TestPuzzlesVerify(t *testing.T) {
	stdout, stderr, code := runArgs("puzzles", "verify", "alak")
	if code != 0 || !strings.Contains(stdout, "alak: ") || !strings.Contains(stdout, "verified") {
		t.Errorf("status %d, %q %q; want 0 and alak's puzzles verified", code, stdout, stderr)
	}
}
