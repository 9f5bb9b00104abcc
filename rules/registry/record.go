package registry

import (
	"errors"
	"path/filepath"
	"slices"
	"strings"

	"planiverse/rules"
)

// ReadRecord reads the game record data of the file filename with the
// format its extension names (rules.Format; case does not matter). When
// several games read the extension (.sgf, .txt), each game's format tries
// in registry order: a game whose format says the file is another game's
// (an error wrapping rules.ErrFormat, such as an SGF GM it does not play)
// is passed over, the first record read wins, and failing that the error
// of the game that read furthest (one wrapping rules.ErrIllegal) is
// returned. An extension no game reads gives an error wrapping
// rules.ErrFormat that lists the known ones.
func ReadRecord(filename string, data []byte) (*rules.Record, *rules.Format, error) {
	fs, err := formatsFor(filename)
	if err != nil {
		return nil, nil, err
	}
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
	return nil, nil, rules.Errorf(rules.ErrFormat, "%s: no game reads this %s file", rules.Quote(filepath.Base(filename)), fs[0].Name)
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
		return nil, rules.Errorf(rules.ErrFormat, "%s: %s records are written as .%s, not %s", rules.Quote(filepath.Base(filename)), d.Title, strings.Join(exts, ", ."), rules.Quote(filepath.Ext(filename)))
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
		return nil, rules.Errorf(rules.ErrFormat, "%s: unknown record format (known extensions: .%s)", rules.Quote(filepath.Base(filename)), strings.Join(Extensions(), ", ."))
	}
	return fs, nil
}
