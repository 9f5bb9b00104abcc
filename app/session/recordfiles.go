package session

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"planiverse/app/internal/atomicfile"
	"planiverse/app/internal/filelock"
	"planiverse/app/session/quality"
	"planiverse/rules"
	"planiverse/rules/phrase"
	"planiverse/rules/registry"
	"planiverse/rules/sgf"
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
	p, err := ParseRecord(name, data)
	if err != nil {
		return err
	}
	return c.OpenParsed(set, name, p)
}

// ParsedRecord is a record file read by ParseRecord: the record and the
// analysis it carries.
type ParsedRecord struct {
	Record *rules.Record
	// Notes are the annotations of the record's moves (quality.Notes, for
	// SetFileNotes); NotesErr is quality.Notes's error (the file is not
	// SGF), Notes then nil.
	Notes    []quality.Note
	NotesErr error
}

// ParseRecord reads a record and its moves' annotations from data, the
// contents of the file name (its extension gives the format), for
// OpenParsed. It touches no Controller, so the window runs it off the UI
// goroutine. The error names the file.
func ParseRecord(name string, data []byte) (ParsedRecord, error) {
	r, _, err := registry.ReadRecord(name, data)
	if err != nil {
		return ParsedRecord{}, fmt.Errorf("%s: %w", filepath.Base(name), err)
	}
	notes, nerr := quality.NotesOf(data, r)
	return ParsedRecord{Record: r, Notes: notes, NotesErr: nerr}, nil
}

// OpenParsed starts a game from p.Record, read from the file name by
// ParseRecord, with set's opponent, level and side (see LoadRecord). On
// any error the game on screen stays as it was.
func (c *Controller) OpenParsed(set MatchSettings, name string, p ParsedRecord) error {
	opened := phrase.T("session.message.opened", "Opened {{.File}}.", map[string]any{"File": filepath.Base(name)})
	if err := c.loadRecord(set, p.Record, opened); err != nil {
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

// AutosaveBase is the autosave's file name without its extension.
const AutosaveBase = "autosave"

// Autosave keeps the game in progress in a file of a folder, Dir/autosave.<ext>
// (the game's first record format), written after every move and read at
// the next start. A file that cannot be read back is never deleted or
// overwritten: Find moves it aside and offers its readable moves. A zero
// Autosave with Dir set is ready to use; it is not safe for concurrent use.
//
// There is one autosave per window: the first Find or Save claims the
// lowest-numbered name not held by another Autosave, of this process or
// another, autosave, autosave-2, autosave-3..., by a lock on
// Dir/<name>.lock (filelock: released by Release, or by the kernel when
// the process ends). So a second window never writes over the first's
// game, and a start restores the game of the lowest-numbered autosave
// that no open window holds.
type Autosave struct {
	// Dir is the folder of the autosave, "" for none (nothing is saved).
	Dir string
	// Now gives the time in the name of a file moved aside; nil means
	// time.Now.
	Now func() time.Time
	// Fresh makes the claim skip the names that hold an autosaved file,
	// so that a window started on a record or by start options leaves
	// the game in progress of an earlier session for the next start.
	Fresh bool

	failing bool   // the last save failed and the player was told
	stuck   string // an unreadable autosave that could not be moved aside

	base     string         // the claimed file name without extension; "" before a claim
	baseDir  string         // the Dir base was claimed in
	baseLock *filelock.Lock // the lock on base, nil when none could be taken
}

// MaxAutosaves is how many autosave names Autosave tries to claim
// (autosave, autosave-2... autosave-MaxAutosaves) before it shares the
// last one.
const MaxAutosaves = 50

// Base returns the name of the autosave's files without extension
// (autosave, autosave-2...), claiming one first when Dir changed since
// the last claim; "" when Dir is "".
func (a *Autosave) Base() string {
	if a.Dir == "" {
		return ""
	}
	if a.base != "" && a.baseDir == a.Dir {
		return a.base
	}
	a.Release()
	a.base, a.baseDir = AutosaveBase, a.Dir
	if err := os.MkdirAll(a.Dir, 0o755); err != nil {
		return a.base // Save reports the folder
	}
	for i := 1; i <= MaxAutosaves; i++ {
		name := AutosaveBase
		if i > 1 {
			name = fmt.Sprintf("%s-%d", AutosaveBase, i)
		}
		l, ok, err := filelock.TryLock(filepath.Join(a.Dir, name+".lock"))
		if err != nil {
			return a.base // no lock can be taken here: the first name, unlocked
		}
		if ok && a.Fresh && i < MaxAutosaves && a.holdsFile(name) {
			_ = l.Unlock()
			continue
		}
		if ok {
			a.base, a.baseLock = name, l
			return a.base
		}
	}
	return a.base
}

// holdsFile reports whether Dir holds an autosave file of the name base in
// any record format.
func (a *Autosave) holdsFile(base string) bool {
	for _, ext := range RecordExtensions() {
		if fi, err := os.Lstat(filepath.Join(a.Dir, base+ext)); err == nil && fi.Mode().IsRegular() {
			return true
		}
	}
	return false
}

// Release gives up the autosave's name (its lock), for another window to
// claim; the files stay. The next Find or Save claims a name again.
func (a *Autosave) Release() {
	_ = a.baseLock.Unlock()
	a.base, a.baseDir, a.baseLock = "", "", nil
}

// AutosaveFound is what Autosave.Find found in the folder.
type AutosaveFound struct {
	// Record is an unfinished game with at least one move to restore, or
	// nil.
	Record *rules.Record
	// Problem is why an autosave could not be read completely (nil when
	// every one read). Bad is where that file now is: moved aside to
	// <base>.bad-<YYYYMMDD-HHMMSS>.<ext> in Dir, or still at its place
	// when moving it failed (Problem then says so too).
	Problem error
	Bad     string
	// Prefix holds the moves of the unreadable file that read and replay
	// (the game up to a truncation or an illegal move), or nil when not
	// one move does.
	Prefix *rules.Record
}

// Path returns the autosave's file for the game of c.
func (a *Autosave) Path(c *Controller) string {
	return filepath.Join(a.Dir, a.Base()+"."+c.DefaultExt())
}

// errStuck is wrapped by the error of a save to an autosave file that
// could not be read and is kept as it is.
var errStuck = errors.New("autosave kept")

// Save writes c's game to its file (Path) when it has begun and its game
// has a record format, and removes the autosaves in other formats, stale
// now. The first failure after a success is told to the player once, as a
// message of the game (Controller.Note); the error is returned every time.
func (a *Autosave) Save(c *Controller) error {
	if a.Dir == "" || c.State() == nil || !c.Started() || len(c.Descriptor().Formats) == 0 {
		return nil // a game without a record format (a test's toy game) is not kept
	}
	path := a.Path(c)
	err := os.MkdirAll(a.Dir, 0o755)
	switch {
	case err != nil:
	case path == a.stuck:
		err = rules.Errorp(errStuck, phrase.T("error.autosave.kept", "{{.File}} could not be read and is kept as it is", map[string]any{"File": path}))
	default:
		err = c.SaveRecord(path)
	}
	if err != nil {
		if !a.failing {
			a.failing = true
			c.note(phrase.T("session.message.autosaveOff", "The game is not being saved automatically: {{.Error}}.", map[string]any{"Error": ErrorPhrase(err)}))
		}
		return err
	}
	a.failing = false
	for _, ext := range RecordExtensions() {
		if other := filepath.Join(a.Dir, a.Base()+ext); other != path && other != a.stuck {
			if fi, err := os.Lstat(other); err == nil && fi.Mode().IsRegular() {
				_ = os.Remove(other)
			}
		}
	}
	return nil
}

// Find reads the autosaves in Dir. An unfinished game that reads whole is
// Record; a file that does not read whole (truncated, a bad move, not a
// record) is moved aside, never deleted, and its readable moves are
// Prefix. A finished game or one without moves is left where it is and
// not restored.
func (a *Autosave) Find() AutosaveFound {
	var found AutosaveFound
	if a.Dir == "" {
		return found
	}
	for _, ext := range RecordExtensions() {
		path := filepath.Join(a.Dir, a.Base()+ext)
		if fi, err := os.Lstat(path); err != nil || !fi.Mode().IsRegular() {
			continue // none, or a folder Save will report
		}
		data, err := readFileLimited(path)
		var r *rules.Record
		if err == nil {
			r, err = readWhole(path, data)
		}
		if err == nil {
			if found.Record == nil && r.Info.Result == "" && len(r.Moves) > 0 {
				found.Record = r
			}
			continue
		}
		if found.Problem != nil {
			a.moveAside(path) // a second bad file: kept aside as well
			continue
		}
		found.Problem, found.Bad = err, path
		if moved, merr := a.moveAside(path); merr != nil {
			a.stuck = path
			found.Problem = fmt.Errorf("%w; moving it aside failed: %v", err, merr)
		} else {
			found.Bad = moved
		}
		found.Prefix = readablePrefix(path, data)
	}
	return found
}

// moveAside renames the file path to <base>.bad-<YYYYMMDD-HHMMSS>.<ext>
// beside it (with -2, -3... when that name is taken) and returns the new
// name.
func (a *Autosave) moveAside(path string) (string, error) {
	now := time.Now
	if a.Now != nil {
		now = a.Now
	}
	ext := filepath.Ext(path)
	stem := filepath.Join(filepath.Dir(path), a.Base()+".bad-"+now().Format("20060102-150405"))
	for i := 1; i < 100; i++ {
		name := stem + ext
		if i > 1 {
			name = fmt.Sprintf("%s-%d%s", stem, i, ext)
		}
		if _, err := os.Lstat(name); errors.Is(err, fs.ErrNotExist) {
			return name, os.Rename(path, name)
		}
	}
	return "", rules.Errorp(nil, phrase.T("error.file.too_many", "too many files called {{.Name}}", map[string]any{"Name": filepath.Base(stem) + "*" + ext}))
}

// readFileLimited reads the record file path, at most
// registry.MaxRecordBytes, refusing anything but a regular file
// (registry.ReadFile).
func readFileLimited(path string) ([]byte, error) { return registry.ReadFile(path) }

// readWhole reads the record data of the file name and checks that its
// variant and every move replay.
func readWhole(name string, data []byte) (*rules.Record, error) {
	r, _, err := registry.ReadRecord(name, data)
	if err != nil {
		return nil, err
	}
	d, err := registry.Lookup(r.Game)
	if err != nil {
		return nil, err
	}
	if _, _, err := d.Replay(r); err != nil {
		return nil, err
	}
	return r, nil
}

// readablePrefix returns the longest start of the SGF record data (of the
// file name) that reads and replays: the moves before a truncation or a
// bad move, with the record's header. It returns nil when not one move
// does, or when data is not SGF.
func readablePrefix(name string, data []byte) *rules.Record {
	if !strings.EqualFold(filepath.Ext(name), ".sgf") {
		return nil
	}
	cut, nodes := sgf.MainLineCuts(data)
	read := func(n int) *rules.Record {
		r, err := readWhole(name, cut(n))
		if err != nil {
			return nil
		}
		return r
	}
	best := read(nodes)
	if best == nil {
		// The moves that replay are a start of the main line: search for
		// the most nodes that still read.
		lo, hi := 0, nodes // read(lo) is known good (or lo is 0), read(hi) bad
		for hi-lo > 1 {
			mid := (lo + hi) / 2
			if r := read(mid); r != nil {
				lo, best = mid, r
			} else {
				hi = mid
			}
		}
	}
	if best == nil || len(best.Moves) == 0 {
		return nil
	}
	best.Info.Result = "" // the game did not end where the file breaks off
	return best
}
