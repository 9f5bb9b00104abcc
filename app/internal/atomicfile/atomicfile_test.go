package atomicfile

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
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

// TestWriteKeepsModeAndLinks: a replaced file keeps its narrower mode, a
// symbolic link and a folder are never replaced.
func TestWriteKeepsModeAndLinks(t *testing.T) {
	dir := t.TempDir()
	private := filepath.Join(dir, "private.sgf")
	if err := os.WriteFile(private, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := Write(private, []byte("new")); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Stat(private); fi.Mode().Perm() != 0o600 {
		t.Errorf("mode %v after a write, want the old -rw-------", fi.Mode())
	}
	link := filepath.Join(dir, "link.sgf")
	if err := os.Symlink(private, link); err != nil {
		t.Fatal(err)
	}
	if err := Write(link, []byte("through")); !errors.Is(err, ErrLink) {
		t.Errorf("writing over a link: %v, want ErrLink", err)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link was replaced: %v %v", fi, err)
	}
	if b, _ := os.ReadFile(private); string(b) != "new" {
		t.Errorf("the link's target holds %q", b)
	}
	folder := filepath.Join(dir, "folder.sgf")
	if err := os.Mkdir(folder, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := Write(folder, []byte("x")); err == nil || !strings.Contains(err.Error(), "a folder") {
		t.Errorf("writing over a folder: %v", err)
	}
	if m, _ := filepath.Glob(filepath.Join(dir, ".*.tmp")); len(m) != 0 {
		t.Errorf("temporary files left: %v", m)
	}
}
