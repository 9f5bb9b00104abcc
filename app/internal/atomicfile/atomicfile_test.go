package atomicfile

import (
	"os"
	"path/filepath"
	"testing"
)

// TestWriteFileAtomic: a failed write leaves the old file whole.
func TestWriteFileAtomic(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "game.sgf")
	if err := Write(path, []byte("old")); err != nil {
		t.Fatal(err)
	}
	if err := Write(filepath.Join(dir, "missing", "game.sgf"), []byte("new")); err == nil {
		t.Fatal("writing into a missing folder succeeded")
	}
	if err := Write(path, []byte("new")); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); string(b) != "new" {
		t.Fatalf("content %q", b)
	}
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o644 {
		t.Errorf("mode %v", fi.Mode())
	}
}
