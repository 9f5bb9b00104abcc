package puzzle

import (
	"compress/gzip"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadSources reads a folder with a match record (.txt, one line), a
// gzipped file of labeled move lines and a file of another kind, which
// is passed over.
func TestReadSources(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "alak-001.txt"), []byte("3-5 9-7 4-3\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(filepath.Join(dir, "sub", "games.txt.gz"))
	if err != nil {
		t.Fatal(err)
	}
	z := gzip.NewWriter(f)
	z.Write([]byte("game-1 B+ : 1-5 10-7\n\n# a comment\ngame-2 W+ : 4-5 10-7 2-4\n"))
	z.Close()
	f.Close()
	if err := os.WriteFile(filepath.Join(dir, "notes.md"), []byte("3-5"), 0o644); err != nil {
		t.Fatal(err)
	}
	srcs, skipped, _, err := ReadSources("alak", dir, nil)
	if err != nil || skipped != 0 {
		t.Fatalf("%v, %d skipped", err, skipped)
	}
	var got []string
	for _, s := range srcs {
		got = append(got, filepath.Base(s.Name)+" "+strings.Join(s.Moves, " "))
	}
	want := "alak-001.txt:1 3-5 9-7 4-3|games.txt.gz:1 1-5 10-7|games.txt.gz:4 4-5 10-7 2-4"
	if strings.Join(got, "|") != want {
		t.Errorf("read %q, want %q", strings.Join(got, "|"), want)
	}
	if _, _, _, err := ReadSources("alak", filepath.Join(dir, "missing"), nil); err == nil {
		t.Error("a missing folder gave no error")
	}
}
