// Package atomicfile writes files whole or not at all.
//
// A write goes through a temporary file beside its target. While one is
// being written, SIGINT, SIGTERM and SIGHUP remove it before the process
// ends by the signal (see temps.go), so an interrupted write leaves the
// target as it was and no temporary file behind. Errors name the target,
// never the temporary file.
//
// It imports only the standard library.
package atomicfile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
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
func Write(path string, data []byte) error {
	return write(path, data, false)
}

// WriteNew is Write for a file that must not exist yet: the last step
// links the temporary file to path (link(2) fails when path exists, even
// when another process made it a moment earlier) and removes the
// temporary name, so of two writers racing for one path exactly one
// wins; the other gets an error wrapping fs.ErrExist and path keeps the
// winner's content. Where the file system has no hard links, path is
// created with O_EXCL and written directly instead (then a failure can
// leave a partial file, which is removed).
func WriteNew(path string, data []byte) error {
	return write(path, data, true)
}

// write is Write, or WriteNew when excl.
func write(path string, data []byte, excl bool) (err error) {
	mode := NewFileMode
	if fi, err := os.Lstat(path); err == nil {
		switch {
		case fi.Mode()&fs.ModeSymlink != 0:
			return fmt.Errorf("%s %w; write to the file it points to", path, ErrLink)
		case !fi.Mode().IsRegular():
			return fmt.Errorf("%s is not a plain file (%s)", path, kind(fi.Mode()))
		case excl:
			return &fs.PathError{Op: "write", Path: path, Err: fs.ErrExist}
		}
		mode = fi.Mode().Perm()
	}
	f, err := createTemp(path)
	if err != nil {
		return userError(path, err)
	}
	tmp := f.Name()
	defer func() {
		if err != nil {
			_ = os.Remove(tmp)
		}
		forgetTemp(tmp)
	}()
	if err = f.Chmod(mode); err != nil {
		_ = f.Close()
		return userError(path, err)
	}
	if _, err = f.Write(data); err != nil {
		_ = f.Close()
		return userError(path, err)
	}
	if err = f.Sync(); err != nil {
		_ = f.Close()
		return userError(path, err)
	}
	if err = f.Close(); err != nil {
		return userError(path, err)
	}
	if !excl {
		return userError(path, os.Rename(tmp, path))
	}
	if err = os.Link(tmp, path); err == nil {
		_ = os.Remove(tmp)
		return nil
	}
	if errors.Is(err, fs.ErrExist) {
		return userError(path, err)
	}
	err = writeExclusive(path, data, mode) // no hard links here
	return err
}

// writeExclusive creates path with O_EXCL and writes data to it; on a
// failure after the create it removes what it wrote.
func writeExclusive(path string, data []byte, mode fs.FileMode) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, mode)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		_ = os.Remove(path)
	}
	return err
}

// userError restates err, an error of a step on the temporary file of
// path, as an error about path: "write PATH: no space left on device",
// never the temporary file's name. A nil err stays nil.
func userError(path string, err error) error {
	var pe *fs.PathError
	var le *os.LinkError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &pe):
		op := pe.Op
		if op != "open" {
			op = "write"
		}
		return &fs.PathError{Op: op, Path: path, Err: pe.Err}
	case errors.As(err, &le):
		return &fs.PathError{Op: "write", Path: path, Err: le.Err}
	}
	return fmt.Errorf("write %s: %w", path, err)
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
