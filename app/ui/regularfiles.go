package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage/repository"

	"planiverse/rules/registry"
)

// fileRepository is what Fyne's repository of file: URIs does: every
// optional repository interface.
type fileRepository interface {
	repository.Repository
	repository.WritableRepository
	repository.AppendableRepository
	repository.HierarchicalRepository
	repository.ListableRepository
	repository.CopyableRepository
	repository.MovableRepository
	repository.DeleteAllRepository
}

// regularReads is Fyne's file repository with one change: Reader opens
// only a regular file (registry.OpenRegular), so that a FIFO or a device
// chosen in a file dialog is an error at once instead of freezing the
// window until something writes to it.
type regularReads struct{ fileRepository }

func (r regularReads) Reader(u fyne.URI) (fyne.URIReadCloser, error) {
	f, err := registry.OpenRegular(u.Path())
	if err != nil {
		return nil, err
	}
	return uriFile{f, u}, nil
}

// uriFile is an open file with its URI.
type uriFile struct {
	fileReader
	uri fyne.URI
}

// fileReader is what uriFile needs of an *os.File.
type fileReader interface {
	Read([]byte) (int, error)
	Close() error
}

func (f uriFile) URI() fyne.URI { return f.uri }

// guardFileReads puts regularReads in place of the file: repository
// (once the driver has registered it; again after a test app replaced
// it). A repository that does not do all Fyne's does is left as it is.
func guardFileReads() {
	repo, err := repository.ForScheme("file")
	if err != nil {
		return
	}
	if _, done := repo.(regularReads); done {
		return
	}
	if full, ok := repo.(fileRepository); ok {
		repository.Register("file", regularReads{full})
	}
}
