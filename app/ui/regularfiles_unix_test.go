//go:build unix

package ui

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/storage/repository"
	"fyne.io/fyne/v2/test"

	"planiverse/app/internal/sessiontest"
	"planiverse/app/session"
)

// TestOpenRefusesFIFO: once the window's Open dialog is shown, reading a
// FIFO named like a record through Fyne's storage (as the dialog does
// with the file chosen) is an error at once, not a frozen window; a
// regular file still reads.
func TestOpenRefusesFIFO(t *testing.T) {
	a := test.NewTempApp(t)
	g := newGUI(a, sessiontest.NewScripted(false), sessiontest.NewQueue().Post, 1)
	g.startGame(settings("othello", session.VsPerson))
	g.openGame()
	if repo, _ := repository.ForScheme("file"); repo == nil {
		t.Fatal("no file repository")
	} else if _, ok := repo.(regularReads); !ok {
		t.Fatalf("the file repository is %T", repo)
	}
	dir := t.TempDir()
	fifo := filepath.Join(dir, "game.sgf")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no FIFO here:", err)
	}
	done := make(chan error, 1)
	go func() {
		r, err := storage.Reader(storage.NewFileURI(fifo))
		if err == nil {
			r.Close()
		}
		done <- err
	}()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "named pipe (FIFO)") {
			t.Errorf("FIFO: %v", err)
		}
	case <-time.After(5 * time.Second):
		f, _ := os.OpenFile(fifo, os.O_WRONLY, 0)
		f.Close()
		t.Fatal("reading a FIFO waited for a writer")
	}
	file := filepath.Join(dir, "a.txt")
	os.WriteFile(file, []byte("f5d6"), 0o644)
	r, err := storage.Reader(storage.NewFileURI(file))
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if b, err := io.ReadAll(r); string(b) != "f5d6" || err != nil || r.URI().Path() != file {
		t.Errorf("regular file: %q %v %v", b, err, r.URI())
	}
}
