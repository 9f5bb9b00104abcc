package ui

import (
	"bytes"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage/repository"

	"planiverse/app/internal/atomicfile"
)

// Fyne's save dialog opens its writer on the chosen file (os.Create: the
// old content is cut to 0 bytes, through a symbolic link too) before the
// app is called back with it. So that a save the app refuses leaves the
// old file as it was, the window replaces the "file" repository by
// safeFileRepo, whose writers touch nothing until they are closed after a
// write.

// installSafeWriter makes every writer of a file: URI a safeWriter. It
// keeps the repository the driver registered for everything else, and
// does nothing when the safe one is installed already.
func installSafeWriter() {
	inner, err := repository.ForScheme("file")
	if err != nil {
		return
	}
	if _, ok := inner.(*safeFileRepo); ok {
		return
	}
	repository.Register("file", &safeFileRepo{inner: inner})
}

// safeFileRepo is the driver's file repository with Writer replaced: it
// has every operation of that repository (one the driver's lacks gives
// repository.ErrOperationNotSupported).
type safeFileRepo struct{ inner repository.Repository }

// safeWriter holds what is written to a file: URI in memory and writes it
// with atomicfile.Write on Close; closed without a write it leaves the
// file as it was (not created, not truncated).
type safeWriter struct {
	uri     fyne.URI
	buf     bytes.Buffer
	written bool
}

func (w *safeWriter) URI() fyne.URI { return w.uri }

func (w *safeWriter) Write(p []byte) (int, error) {
	w.written = true
	return w.buf.Write(p)
}

// Close writes what was written, if anything, to the file whole or not at
// all; a symbolic link or a folder at the path is refused (atomicfile).
func (w *safeWriter) Close() error {
	if !w.written {
		return nil
	}
	w.written = false
	return atomicfile.Write(w.uri.Path(), w.buf.Bytes())
}

func (r *safeFileRepo) Writer(u fyne.URI) (fyne.URIWriteCloser, error) {
	return &safeWriter{uri: u}, nil
}

func (r *safeFileRepo) Exists(u fyne.URI) (bool, error) { return r.inner.Exists(u) }

func (r *safeFileRepo) Reader(u fyne.URI) (fyne.URIReadCloser, error) { return r.inner.Reader(u) }

func (r *safeFileRepo) CanRead(u fyne.URI) (bool, error) { return r.inner.CanRead(u) }

func (r *safeFileRepo) Destroy(scheme string) { r.inner.Destroy(scheme) }

func (r *safeFileRepo) CanWrite(u fyne.URI) (bool, error) {
	if w, ok := r.inner.(repository.WritableRepository); ok {
		return w.CanWrite(u)
	}
	return false, repository.ErrOperationNotSupported
}

func (r *safeFileRepo) Delete(u fyne.URI) error {
	if w, ok := r.inner.(repository.WritableRepository); ok {
		return w.Delete(u)
	}
	return repository.ErrOperationNotSupported
}

func (r *safeFileRepo) DeleteAll(u fyne.URI) error {
	if w, ok := r.inner.(repository.DeleteAllRepository); ok {
		return w.DeleteAll(u)
	}
	return repository.ErrOperationNotSupported
}

func (r *safeFileRepo) Appender(u fyne.URI) (fyne.URIWriteCloser, error) {
	if w, ok := r.inner.(repository.AppendableRepository); ok {
		return w.Appender(u)
	}
	return nil, repository.ErrOperationNotSupported
}

func (r *safeFileRepo) CanList(u fyne.URI) (bool, error) {
	if l, ok := r.inner.(repository.ListableRepository); ok {
		return l.CanList(u)
	}
	return false, repository.ErrOperationNotSupported
}

func (r *safeFileRepo) List(u fyne.URI) ([]fyne.URI, error) {
	if l, ok := r.inner.(repository.ListableRepository); ok {
		return l.List(u)
	}
	return nil, repository.ErrOperationNotSupported
}

func (r *safeFileRepo) CreateListable(u fyne.URI) error {
	if l, ok := r.inner.(repository.ListableRepository); ok {
		return l.CreateListable(u)
	}
	return repository.ErrOperationNotSupported
}

func (r *safeFileRepo) Parent(u fyne.URI) (fyne.URI, error) {
	if h, ok := r.inner.(repository.HierarchicalRepository); ok {
		return h.Parent(u)
	}
	return repository.GenericParent(u)
}

func (r *safeFileRepo) Child(u fyne.URI, name string) (fyne.URI, error) {
	if h, ok := r.inner.(repository.HierarchicalRepository); ok {
		return h.Child(u, name)
	}
	return repository.GenericChild(u, name)
}

func (r *safeFileRepo) Copy(src, dst fyne.URI) error {
	if c, ok := r.inner.(repository.CopyableRepository); ok {
		return c.Copy(src, dst)
	}
	return repository.ErrOperationNotSupported
}

func (r *safeFileRepo) Move(src, dst fyne.URI) error {
	if m, ok := r.inner.(repository.MovableRepository); ok {
		return m.Move(src, dst)
	}
	return repository.ErrOperationNotSupported
}
