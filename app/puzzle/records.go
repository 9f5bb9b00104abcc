package puzzle

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"planiverse/rules"
	"planiverse/rules/registry"
)

// Source is one game record that Generate looks for puzzles in.
type Source struct {
	Name    string        // where it came from: the file, and the line for a file of move lines
	Options rules.Options // the variant
	Moves   []string      // the moves from the start position, in the game's notation
}

// ReadSources reads the records of game in the folder dir and its
// subfolders: every file a format of the game reads by its extension
// (rules.Descriptor.Formats), and files of move lines (.txt not read by
// the game's formats, and .txt.gz): one game a line, its moves separated
// by spaces, optionally after a label and " : " (planiverse match
// --records writes GAME-001.txt files of one line; the boardspace DVONN
// collection is a .txt.gz of "name result : moves" lines). Records of
// other variants than opts are skipped. It returns the records, how many
// files or lines it could not read and the first such error, or an error
// when dir cannot be read.
func ReadSources(game, dir string, opts rules.Options) (srcs []Source, skipped int, firstErr error, err error) {
	d, err := registry.Lookup(game)
	if err != nil {
		return nil, 0, nil, err
	}
	want, err := d.Resolve(opts)
	if err != nil {
		return nil, 0, nil, err
	}
	skip := func(e error) {
		skipped++
		if firstErr == nil {
			firstErr = e
		}
	}
	err = filepath.WalkDir(dir, func(path string, e fs.DirEntry, werr error) error {
		if werr != nil {
			return werr
		}
		if e.IsDir() {
			return nil
		}
		name := strings.ToLower(e.Name())
		lines := strings.HasSuffix(name, ".txt.gz")
		format := d.FormatFor(strings.TrimPrefix(filepath.Ext(name), "."))
		if !lines && format == nil && !strings.HasSuffix(name, ".txt") {
			return nil
		}
		data, rerr := readAll(path)
		if rerr != nil {
			skip(rerr)
			return nil
		}
		if format != nil && !lines {
			if rec, _, rerr := registry.ReadGameRecord(game, path, data); rerr == nil {
				if o, oerr := d.Resolve(rec.Options); oerr == nil && sameOptions(o, want) {
					srcs = append(srcs, Source{Name: path, Options: o, Moves: rec.Moves})
				}
				return nil
			} else if !strings.HasSuffix(name, ".txt") {
				skip(fmt.Errorf("%s: %w", path, rerr))
				return nil
			}
		}
		srcs = append(srcs, moveLines(path, data, want)...)
		return nil
	})
	if err != nil {
		return nil, 0, nil, err
	}
	return srcs, skipped, firstErr, nil
}

// sameOptions reports whether two resolved variants are the same.
func sameOptions(a, b rules.Options) bool {
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return len(a) == len(b)
}

// maxSourceBytes bounds a record file, uncompressed.
const maxSourceBytes = 256 << 20

// readAll reads a file, uncompressing a .gz one.
func readAll(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var r io.Reader = f
	if strings.HasSuffix(strings.ToLower(path), ".gz") {
		z, err := gzip.NewReader(f)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		r = z
	}
	data, err := io.ReadAll(io.LimitReader(r, maxSourceBytes+1))
	if err == nil && len(data) > maxSourceBytes {
		err = errors.New("too large")
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return data, nil
}

// moveLines reads the games of a file of move lines.
func moveLines(path string, data []byte, opts rules.Options) []Source {
	var out []Source
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if _, after, ok := strings.Cut(line, " : "); ok {
			line = after
		}
		moves := strings.Fields(line)
		if len(moves) == 0 || strings.HasPrefix(moves[0], "#") {
			continue
		}
		out = append(out, Source{Name: fmt.Sprintf("%s:%d", path, n), Options: opts, Moves: slices.Clip(moves)})
	}
	return out
}
