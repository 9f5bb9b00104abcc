// Package atomicfile writes files whole or not at all.
//
// It imports only the standard library.
package atomicfile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// ErrLink is wrapped by Write's error for a path that is a symbolic link:
// Write never replaces a link by a file.
var ErrLink = errors.New("is a symbolic link")

// NewFileMode is the permission of a file Write creates.
const NewFileMode fs.FileMode = 0o644

// Write writes data to path through a temporary file in the same
// folder, synced and then renamed over path, so that path always holds
// either its old content or all of data, never part of it. A file that
// was there keeps its permission bits (never widened to NewFileMode); a
// new file gets NewFileMode. A symbolic link at path is left alone and
// gives an error wrapping ErrLink; a folder or other non-regular file at
// path gives an error too.
func Write(path string, data []byte) (err error) {
	mode := NewFileMode
	if fi, err := os.Lstat(path); err == nil {
		switch {
		case fi.Mode()&fs.ModeSymlink != 0:
			return fmt.Errorf("%s %w; write to the file it points to", path, ErrLink)
		case !fi.Mode().IsRegular():
			return fmt.Errorf("%s is not a plain file (%s)", path, kind(fi.Mode()))
		}
		mode = fi.Mode().Perm()
	}
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			_ = os.Remove(f.Name())
		}
	}()
	if err = f.Chmod(mode); err != nil {
		_ = f.Close()
		return err
	}
	if _, err = f.Write(data); err != nil {
		_ = f.Close()
		return err
	}
	if err = f.Sync(); err != nil {
		_ = f.Close()
		return err
	}
	if err = f.Close(); err != nil {
		return err
	}
	return os.Rename(f.Name(), path)
}

// kind names a file type for an error message.
func kind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a folder"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	}
	return "not a regular file"
}
