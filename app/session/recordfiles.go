package session

import (
	"fmt"
	"path/filepath"

	"planiverse/app/internal/atomicfile"
	"planiverse/rules/registry"
)

// SaveRecord writes the game to path in the format of path's extension
// (atomically: atomicfile.Write). It returns an error wrapping
// rules.ErrFormat when no format of the game has that extension.
func (c *Controller) SaveRecord(path string) error {
	data, err := registry.WriteRecord(path, c.Record())
	if err != nil {
		return err
	}
	return atomicfile.Write(path, data)
}

// OpenRecord reads a record from data (the file's name gives its format)
// and starts a game from it with set's opponent, level and side (see
// LoadRecord). On any error the game on screen stays as it was.
func (c *Controller) OpenRecord(set MatchSettings, name string, data []byte) error {
	r, _, err := registry.ReadRecord(name, data)
	if err != nil {
		return fmt.Errorf("%s: %w", filepath.Base(name), err)
	}
	if err := c.LoadRecord(set, r, "Opened "+filepath.Base(name)+"."); err != nil {
		return fmt.Errorf("%s: %w", filepath.Base(name), err)
	}
	return nil
}

// RecordExtensions lists every extension some game reads, with the dot.
func RecordExtensions() []string {
	var out []string
	for _, e := range registry.Extensions() {
		out = append(out, "."+e)
	}
	return out
}

// DefaultExt is the extension the current game saves in by default.
func (c *Controller) DefaultExt() string {
	if len(c.desc.Formats) > 0 && len(c.desc.Formats[0].Ext) > 0 {
		return c.desc.Formats[0].Ext[0]
	}
	return "sgf"
}
