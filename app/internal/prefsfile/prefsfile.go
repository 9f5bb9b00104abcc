// Package prefsfile checks the settings file Fyne keeps for the app
// (preferences.json, a JSON object of keys and values) before Fyne reads
// it, and repairs it: Fyne wipes a file it cannot parse and panics on a
// list of mixed types, so a damaged file would lose every setting or stop
// the window from opening. Check keeps the damaged file beside it, keeps
// every setting that still reads and drops the rest (then the app uses
// their defaults).
//
// It imports only the standard library and atomicfile.
package prefsfile

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"time"

	"planiverse/app/internal/atomicfile"
)

// MaxBytes is the most of a settings file Check reads; a longer file is
// damaged, and the settings in its first MaxBytes are kept.
const MaxBytes = 4 << 20

// Path returns the settings file Fyne keeps for the app id on this
// system (its config folder, "fyne", id, "preferences.json"), or "" when
// the system names no such folder.
func Path(id string) string {
	var root string
	switch runtime.GOOS {
	case "darwin":
		home, err := os.UserHomeDir()
		if err != nil {
			return ""
		}
		root = filepath.Join(home, "Library", "Preferences")
	case "windows":
		home, err := os.UserHomeDir()
		if err != nil {
			return ""
		}
		root = filepath.Join(home, "AppData", "Roaming")
	default:
		dir, err := os.UserConfigDir()
		if err != nil {
			return ""
		}
		root = dir
	}
	return filepath.Join(root, "fyne", id, "preferences.json")
}

// Repair is what Check did to a damaged settings file; the zero Repair
// means the file was sound (or absent) and left alone.
type Repair struct {
	// Problem is why the file was damaged: the first thing that did not
	// read.
	Problem error
	// Bad is the copy of the damaged file, preferences.bad-<YYYYMMDD-HHMMSS>.json
	// beside it.
	Bad string
	// Kept is how many settings were kept; Dropped are the keys of the
	// values of a type Fyne cannot hold, sorted.
	Kept    int
	Dropped []string
}

// Damaged reports whether Check found the file damaged.
func (r Repair) Damaged() bool { return r.Problem != nil }

// Message is the sentence the window shows once about r ("" for a sound
// file).
func (r Repair) Message() string {
	if !r.Damaged() {
		return ""
	}
	kept := "No setting could be read"
	if r.Kept > 0 {
		kept = fmt.Sprintf("%d %s that still read %s kept", r.Kept, plural(r.Kept, "setting"), plural(r.Kept, "was"))
	}
	return fmt.Sprintf("The settings file was damaged (%v). %s; the others are back to their defaults. The damaged file is kept as %s.", r.Problem, kept, filepath.Base(r.Bad))
}

// plural returns word for n == 1 and its plural otherwise.
func plural(n int, word string) string {
	switch {
	case n == 1:
		return word
	case word == "was":
		return "were"
	}
	return word + "s"
}

// Check reads the settings file path. A sound file (a JSON object whose
// values are strings, numbers, booleans or lists of one of those) and an
// absent or empty one are left alone. A damaged one (not JSON, cut short,
// too long, a value of another type) is kept as
// preferences.bad-<YYYYMMDD-HHMMSS>.json beside it (now gives the time)
// and replaced, atomically, by the settings that read. The error is for a
// file that could not be read, kept or replaced; Repair then says what
// was found.
func Check(path string, now time.Time) (Repair, error) {
	fi, err := os.Lstat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return Repair{}, nil
	}
	if err != nil {
		return Repair{}, err
	}
	if !fi.Mode().IsRegular() {
		return Repair{}, fmt.Errorf("%s is not a plain file", path)
	}
	f, err := os.Open(path)
	if err != nil {
		return Repair{}, err
	}
	data, err := io.ReadAll(io.LimitReader(f, MaxBytes+1))
	_ = f.Close()
	if err != nil {
		return Repair{}, err
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return Repair{}, nil
	}
	var long error
	if len(data) > MaxBytes {
		data, long = data[:MaxBytes], fmt.Errorf("the file is longer than %d MB", MaxBytes>>20)
	}
	kept, dropped, problem := Salvage(data)
	if long != nil {
		problem = long
	}
	if problem == nil {
		return Repair{}, nil
	}
	r := Repair{Problem: problem, Kept: len(kept), Dropped: dropped}
	if r.Bad, err = keepAside(path, data, now); err != nil {
		return r, fmt.Errorf("keeping the damaged settings file: %w", err)
	}
	out, err := json.Marshal(kept)
	if err != nil {
		return r, err
	}
	return r, atomicfile.Write(path, out)
}

// Salvage reads data, a settings file, key by key: it returns the
// settings that read, up to the first thing that does not (then problem
// says what it was), and the keys whose value has a type Fyne cannot
// hold, dropped (sorted; problem names the first).
func Salvage(data []byte) (kept map[string]json.RawMessage, dropped []string, problem error) {
	kept = map[string]json.RawMessage{}
	dec := json.NewDecoder(bytes.NewReader(data))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return kept, nil, errors.New("not a JSON object")
	}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return kept, dropped, fmt.Errorf("cut short or broken after %d %s", len(kept), plural(len(kept), "setting"))
		}
		key, _ := tok.(string)
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return kept, dropped, fmt.Errorf("cut short or broken at %q", key)
		}
		if !holdable(raw) {
			if problem == nil {
				problem = fmt.Errorf("%q has a value of the wrong type", key)
			}
			if !containsString(dropped, key) {
				dropped = append(dropped, key)
			}
			delete(kept, key)
			continue
		}
		kept[key] = raw
	}
	if _, err := dec.Token(); err != nil {
		return kept, dropped, fmt.Errorf("cut short after %d %s", len(kept), plural(len(kept), "setting"))
	}
	sort.Strings(dropped)
	return kept, dropped, problem
}

// holdable reports whether raw is a value Fyne's preferences hold: a
// string, number or boolean, or a list of strings, of numbers or of
// booleans (or an empty list).
func holdable(raw json.RawMessage) bool {
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		return false
	}
	switch x := v.(type) {
	case string, float64, bool:
		return true
	case []any:
		for _, item := range x {
			if fmt.Sprintf("%T", item) != fmt.Sprintf("%T", x[0]) {
				return false
			}
			switch item.(type) {
			case string, float64, bool:
			default:
				return false
			}
		}
		return true
	}
	return false
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// keepAside links the file path to preferences.bad-<YYYYMMDD-HHMMSS>.json
// beside it (without hard links it writes data, the file's bytes read,
// there), with -2, -3... when that name is taken, and returns the name.
func keepAside(path string, data []byte, now time.Time) (string, error) {
	stem := strings.TrimSuffix(path, filepath.Ext(path)) + ".bad-" + now.Format("20060102-150405")
	for i := 1; i < 100; i++ {
		name := stem + ".json"
		if i > 1 {
			name = fmt.Sprintf("%s-%d.json", stem, i)
		}
		err := os.Link(path, name)
		if err == nil {
			return name, nil
		}
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err := atomicfile.WriteNew(name, data); err != nil {
			if errors.Is(err, fs.ErrExist) {
				continue
			}
			return "", err
		}
		return name, nil
	}
	return "", fmt.Errorf("too many files called %s*.json", filepath.Base(stem))
}
