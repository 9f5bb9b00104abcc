package ui

import (
	"bytes"
	"io"
	"log"
	"os"
	"path/filepath"
	"sync"
)

// Fyne logs a few errors that mean nothing to a player on a fresh home
// folder: it cannot create its cache folder when ~/.cache is missing (it
// makes one level only), and its file dialog finds no Videos or Music
// folder without xdg-user-dirs. prepareCache makes the cache folder
// first; quietLog drops the file dialog's favourite-folder complaint.

// prepareCache creates Fyne's cache folder of the app (the user cache
// folder, fyne, AppID), so that Fyne does not log that it could not.
func prepareCache() {
	if dir, err := os.UserCacheDir(); err == nil {
		_ = os.MkdirAll(filepath.Join(dir, "fyne", AppID), 0o700)
	}
}

// quietLog sends the standard logger (Fyne's fyne.LogError) through
// quietWriter to stderr.
func quietLog() { log.SetOutput(&quietWriter{w: os.Stderr}) }

// quietReasons are the Fyne error reasons quietWriter drops, with their
// Cause and At lines.
var quietReasons = [][]byte{
	[]byte("Fyne error:  Getting favorite locations"),
}

// quietWriter passes log lines through to w except the errors of
// quietReasons and the "  Cause:" and "  At:" lines that follow them.
type quietWriter struct {
	mu       sync.Mutex
	w        io.Writer
	dropping bool
}

func (q *quietWriter) Write(p []byte) (int, error) {
	q.mu.Lock()
	defer q.mu.Unlock()
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
