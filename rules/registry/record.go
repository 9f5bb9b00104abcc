package registry

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"

	"planiverse/rules"
	"planiverse/rules/phrase"
)

// ReadRecord reads the game record data of the file filename with the
// format its extension names (rules.Format; case does not matter). When
// several games read the extension (.sgf, .txt), each game's format tries
// in registry order: a game whose format says the file is another game's
// (an error wrapping rules.ErrFormat, such as an SGF GM it does not play)
// is passed over, the first record read wins, and failing that the error
// of the game that read furthest (one wrapping rules.ErrIllegal) is
// returned. An extension no game reads gives an error wrapping
// rules.ErrFormat that lists the known ones. A UTF-8 byte order mark at
// the start of data is skipped.
func ReadRecord(filename string, data []byte) (*rules.Record, *rules.Format, error) {
	fs, err := formatsFor(filename)
	if err != nil {
		return nil, nil, err
	}
	data = bytes.TrimPrefix(data, utf8BOM)
	var firstErr, illegal, formatErr error
	for _, f := range fs {
		r, err := f.Read(data)
		if err == nil {
			return r, f, nil
		}
		switch {
		case errors.Is(err, rules.ErrIllegal) && illegal == nil:
			illegal = err
		case errors.Is(err, rules.ErrFormat):
			formatErr = err
		case firstErr == nil:
			firstErr = err
		}
	}
	switch {
	case illegal != nil:
		return nil, nil, illegal
	case firstErr != nil:
		return nil, nil, firstErr
	case len(fs) == 1:
		return nil, nil, formatErr
	}
	return nil, nil, rules.Errorp(rules.ErrFormat, phrase.T("error.record.no_game", "{{.File}}: no game reads this {{.Format}} file", map[string]any{"File": rules.Quote(filepath.Base(filename)), "Format": fs[0].Name}))
}

// ReadGameRecord reads data, the record of the file filename, as a record
// of the game named game only: that game's format for filename's
// extension reads it, and its error is the one returned (not another
// game's). A record of another game that some other game's format reads
// gives an error that names both games ("holds a DVONN game, not an
// Othello game"), wrapping ErrOtherGame and rules.ErrFormat. A UTF-8 byte order mark is
// skipped.
func ReadGameRecord(game, filename string, data []byte) (*rules.Record, *rules.Format, error) {
	d, err := Lookup(game)
	if err != nil {
		return nil, nil, err
	}
	f := d.FormatFor(ext(filename))
	if f == nil {
		if _, err := formatsFor(filename); err != nil {
			return nil, nil, err
		}
		return nil, nil, rules.Errorp(rules.ErrFormat, phrase.T("error.record.wrong_extension", "{{.File}}: {{.Game}} records are not read from {{.Extension}} files", map[string]any{"File": rules.Quote(filepath.Base(filename)), "Game": d.Title, "Extension": rules.Quote(filepath.Ext(filename))}))
	}
	data = bytes.TrimPrefix(data, utf8BOM)
	r, err := f.Read(data)
	if err == nil && r.Game == game {
		return r, f, nil
	}
	if other, _, oerr := ReadRecord(filename, data); oerr == nil && other.Game != game {
		r, err = other, nil
	}
	if err == nil {
		return nil, nil, otherGameError(fmt.Sprintf("%s holds %s, not %s", rules.Quote(filepath.Base(filename)), GameWithArticle(r.Game), GameWithArticle(game)))
	}
	return nil, nil, err
}

// ErrOtherGame is wrapped by ReadGameRecord's error for a record of
// another game than the one asked for (it wraps rules.ErrFormat too).
var ErrOtherGame = errors.New("a record of another game")

// otherGameError is ReadGameRecord's error for a record of another game.
type otherGameError string

func (e otherGameError) Error() string { return string(e) }

// Is makes the error match ErrOtherGame and rules.ErrFormat.
func (e otherGameError) Is(target error) bool {
	return target == ErrOtherGame || target == rules.ErrFormat
}

// GameWithArticle names the game called name for a sentence, by its
// descriptor's title with "a" or "an": "an Othello game", "a DVONN
// game". An unregistered name is quoted.
func GameWithArticle(name string) string {
	title := rules.Quote(name)
	if d, err := Lookup(name); err == nil {
		title = d.Title
	}
	article := "a"
	if title != "" && strings.ContainsRune("AEIOUaeiou", rune(title[0])) {
		article = "an"
	}
	return article + " " + title + " game"
}

// utf8BOM is the byte order mark some editors put at the start of a UTF-8
// text file.
var utf8BOM = []byte("\xef\xbb\xbf")

// MaxRecordBytes is the largest record file the window and the command
// line read (ReadLimited).
const MaxRecordBytes = 16 << 20

// ReadLimited reads r to its end, at most MaxRecordBytes: a longer input
// (a huge file, /dev/zero) gives an error saying so after reading one byte
// more than the limit.
func ReadLimited(r io.Reader) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxRecordBytes+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxRecordBytes {
		return nil, rules.Errorp(nil, phrase.T("error.record.too_large", "larger than {{.MB}} MB: not a game record", map[string]any{"MB": MaxRecordBytes >> 20}))
	}
	return data, nil
}

// ReadFile reads the record file path, at most MaxRecordBytes
// (ReadLimited). Only a regular file (or a link to one) is read: a FIFO,
// a device or a folder is refused at once, never waited on (the file is
// opened without blocking and checked again once open). Errors name the
// file as given.
func ReadFile(path string) ([]byte, error) {
	f, err := OpenRegular(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := ReadLimited(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", rules.Quote(path), err)
	}
	return data, nil
}

// OpenRegular opens path for reading when it is a regular file (or a
// link to one); a FIFO, a device or a folder is an error saying what it
// is, at once: the file is checked before it is opened, opened without
// blocking, and checked again once open.
func OpenRegular(path string) (*os.File, error) {
	if fi, err := os.Stat(path); err == nil && !fi.Mode().IsRegular() {
		return nil, notRegular(path, fi)
	}
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	fi, err := f.Stat()
	if err == nil && !fi.Mode().IsRegular() {
		err = notRegular(path, fi)
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// notRegular is OpenRegular's error for a file that is not a regular one.
func notRegular(path string, fi os.FileInfo) error {
	data := map[string]any{"File": rules.Quote(path)}
	switch m := fi.Mode(); {
	case m.IsDir():
		return rules.Errorp(nil, phrase.T("error.file.folder", "{{.File}} is a folder, not a record file", data))
	case m&os.ModeNamedPipe != 0:
		return rules.Errorp(nil, phrase.T("error.file.pipe", "{{.File}} is a named pipe (FIFO), not a record file", data))
	case m&os.ModeDevice != 0:
		return rules.Errorp(nil, phrase.T("error.file.device", "{{.File}} is a device, not a record file", data))
	case m&os.ModeSocket != 0:
		return rules.Errorp(nil, phrase.T("error.file.socket", "{{.File}} is a socket, not a record file", data))
	}
	return rules.Errorp(nil, phrase.T("error.file.irregular", "{{.File}} is not a regular file, not a record file", data))
}

// WriteRecord writes r, a record of a registered game, in that game's
// format for filename's extension. Errors wrap rules.ErrFormat for an
// extension the game does not write (listing the ones it does) or a record
// the format cannot hold, rules.ErrOption for an unknown game.
func WriteRecord(filename string, r *rules.Record) ([]byte, error) {
	d, err := Lookup(r.Game)
	if err != nil {
		return nil, err
	}
	f := d.FormatFor(ext(filename))
	if f == nil {
		var exts []string
		for _, f := range d.Formats {
			exts = append(exts, f.Ext...)
		}
		return nil, rules.Errorp(rules.ErrFormat, phrase.T("error.record.write_extension", "{{.File}}: {{.Game}} records are written as .{{.Extensions}}, not {{.Extension}}", map[string]any{"File": rules.Quote(filepath.Base(filename)), "Game": d.Title, "Extensions": strings.Join(exts, ", ."), "Extension": rules.Quote(filepath.Ext(filename))}))
	}
	return f.Write(r)
}

// Extensions returns every extension a registered game reads, sorted, without
// the dot.
func Extensions() []string {
	var out []string
	for _, d := range Games() {
		for _, f := range d.Formats {
			for _, e := range f.Ext {
				if !slices.Contains(out, e) {
					out = append(out, e)
				}
			}
		}
	}
	slices.Sort(out)
	return out
}

func ext(filename string) string {
	return strings.ToLower(strings.TrimPrefix(filepath.Ext(filename), "."))
}

// formatsFor returns the registered games' formats that read filename's
// extension, in registry order.
func formatsFor(filename string) ([]*rules.Format, error) {
	var fs []*rules.Format
	for _, d := range Games() {
		if f := d.FormatFor(ext(filename)); f != nil {
			fs = append(fs, f)
		}
	}
	if len(fs) == 0 {
		return nil, rules.Errorp(rules.ErrFormat, phrase.T("error.record.unknown_format", "{{.File}}: unknown record format (known extensions: .{{.Extensions}})", map[string]any{"File": rules.Quote(filepath.Base(filename)), "Extensions": strings.Join(Extensions(), ", .")}))
	}
	return fs, nil
}
