package ui

import (
	"bytes"
	"fmt"
	"io"
	"log"
	"os"
	"path/filepath"
	"sync"
)

// Fyne logs a few errors that mean nothing to a player on a fresh home
// folder: it cannot create its cache folder when ~/.cache is missing (it
// makes one level only), and its file dialog finds no Videos or Music
// folder without xdg-user-dirs, and without a D-Bus session it cannot
// follow the desktop's theme changes. prepareCache makes the cache folder
// first; quietLog drops the file dialog's favorite-folder complaint.

// prepareCache creates Fyne's cache folder of the app (the user cache
// folder, fyne, AppID), so that Fyne does not log that it could not.
func prepareCache() {
	if dir, err := os.UserCacheDir(); err == nil {
		_ = os.MkdirAll(filepath.Join(dir, "fyne", AppID), 0o700)
	}
}

// quietLog sends the standard logger (Fyne's fyne.LogError) through
// quietWriter to stderr; a window that cannot open ends the program with
// one line and exit status 1 (Fyne's driver would wait without a window).
func quietLog() {
	log.SetOutput(&quietWriter{w: os.Stderr, fatal: func(cause string) {
		fmt.Fprintf(os.Stderr, "planiverse: the window could not open (%s); use the CLI commands (planiverse help) or check DISPLAY and OpenGL\n", cause)
		os.Exit(1)
	}})
}

// fatalReasons are the Fyne errors after which no window can open: GLFW
// did not start, or it made no window (no OpenGL on the display).
var fatalReasons = [][]byte{
	[]byte("Fyne error:  window creation error"),
	[]byte("Fyne error:  failed to initialize GLFW"),
}

// quietReasons are the Fyne error reasons quietWriter drops, with their
// Cause and At lines.
var quietReasons = [][]byte{
	[]byte("Fyne error:  Getting favorite locations"),
	[]byte("Fyne error:  failed to watch theme settings"), // no D-Bus session (dbus-launch): the theme stays as it started
	// A system language Planiverse does not speak (Fyne's own words are
	// translated, Planiverse's fall back to English) makes lang log every
	// sentence; the bundles' tests keep the eight languages complete.
	[]byte("Fyne error:  Translation failure"),
}

// quietWriter passes log lines through to w except the errors of
// quietReasons and the "  Cause:" and "  At:" lines that follow them. An
// error of fatalReasons is not passed on: fatal is called with its cause
// (the text of its "  Cause:" line).
type quietWriter struct {
	mu       sync.Mutex
	w        io.Writer
	dropping bool
	failing  bool // a fatal reason was logged; its cause comes next
	fatal    func(cause string)
}

func (q *quietWriter) Write(p []byte) (int, error) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.failing {
		if _, cause, ok := bytes.Cut(p, []byte("  Cause: ")); ok && q.fatal != nil {
			q.fatal(string(bytes.TrimSpace(cause)))
		}
		q.failing = false
		return len(p), nil
	}
	for _, r := range fatalReasons {
		if bytes.Contains(p, r) {
			q.failing = true
			return len(p), nil
		}
	}
	for _, r := range quietReasons {
		if bytes.Contains(p, r) {
			q.dropping = true
			return len(p), nil
		}
	}
	if q.dropping && (bytes.Contains(p, []byte("  Cause:")) || bytes.Contains(p, []byte("  At:"))) {
		return len(p), nil
	}
	q.dropping = false
	return q.w.Write(p)
}
