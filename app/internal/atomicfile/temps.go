package atomicfile

import (
	"os"
	"path/filepath"
	"sync"
)

// The temporary files being written. While there is one, a watcher
// catches SIGINT, SIGTERM and SIGHUP (where the system has them:
// temps_unix.go); on one it removes every temporary file and ends the
// process by that signal, as it would have ended without the watcher.

var temps = struct {
	sync.Mutex
	names map[string]bool
	stop  func() // stops the watcher; nil while none runs
}{names: map[string]bool{}}

// createTemp creates the temporary file for path and records it, with
// the signal watcher running, before it returns.
func createTemp(path string) (*os.File, error) {
	temps.Lock()
	defer temps.Unlock()
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return nil, err
	}
	temps.names[f.Name()] = true
	if temps.stop == nil {
		temps.stop = watchSignals(removeTemps)
	}
	return f, nil
}

// forgetTemp records that the temporary file name is gone (renamed or
// removed) and stops the watcher after the last one.
func forgetTemp(name string) {
	temps.Lock()
	defer temps.Unlock()
	delete(temps.names, name)
	if len(temps.names) == 0 && temps.stop != nil {
		temps.stop()
		temps.stop = nil
	}
}

// removeTemps removes every temporary file being written; a write that
// is still going then fails and leaves its target as it was.
func removeTemps() {
	temps.Lock()
	defer temps.Unlock()
	for name := range temps.names {
		_ = os.Remove(name)
	}
}
