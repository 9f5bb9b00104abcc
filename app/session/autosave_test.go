package session

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"planiverse/app/internal/sessiontest"
)

// fixedNow is the clock of the tests' autosaves.
func fixedNow() time.Time { return time.Date(2026, 11, 29, 10, 15, 0, 0, time.Local) }

// TestAutosaveFindBad: an autosave that does not read whole is moved aside
// (never deleted, a second one under another name), and the moves before
// the break are offered.
func TestAutosaveFindBad(t *testing.T) {
	cases := []struct {
		name, text string
		prefix     []string // nil: none offered
	}{
		{"truncated", "(;FF[4]GM[2]PB[Ann];B[f5];W[d6];B[c3];W[e", []string{"f5", "d6", "c3"}},
		{"unclosed", "(;FF[4]GM[2];B[f5];W[d6]", []string{"f5", "d6"}},
		{"illegal", "(;GM[2];B[f5];W[d6];B[c3];W[f5];B[e6])", []string{"f5", "d6", "c3"}},
		{"comment with ;", "(;GM[2]GC[a;b];B[f5];W[d6];B[zz])", []string{"f5", "d6"}},
		{"gomoku", "(;GM[4]SZ[15]RU[freestyle none];B[hh];W[hi];B[hh])", []string{"H8", "H7"}},
		{"garbage", "\x00\x01 not a record", nil},
		{"no move reads", "(;GM[2];B[a1]", nil},
	}
	for _, c := range cases {
		dir := t.TempDir()
		path := filepath.Join(dir, "autosave.sgf")
		if err := os.WriteFile(path, []byte(c.text), 0o644); err != nil {
			t.Fatal(err)
		}
		a := &Autosave{Dir: dir, Now: fixedNow}
		found := a.Find()
		want := filepath.Join(dir, "autosave.bad-20261129-101500.sgf")
		if found.Problem == nil || found.Bad != want || found.Record != nil {
			t.Errorf("%s: found %+v, want a problem and the file moved to %s", c.name, found, want)
			continue
		}
		if b, err := os.ReadFile(want); err != nil || string(b) != c.text {
			t.Errorf("%s: the file moved aside holds %q (%v)", c.name, b, err)
		}
		if _, err := os.Stat(path); err == nil {
			t.Errorf("%s: the bad autosave is still in place", c.name)
		}
		var got []string
		if found.Prefix != nil {
			got = found.Prefix.Moves
		}
		if !slices.Equal(got, c.prefix) || found.Prefix != nil && found.Prefix.Info.Result != "" {
			t.Errorf("%s: prefix %q, want %q", c.name, got, c.prefix)
		}
		// A second bad file at the same second keeps the first.
		os.WriteFile(path, []byte("(;GM[2];B[zz])"), 0o644)
		if second := a.Find(); !strings.HasSuffix(second.Bad, "autosave.bad-20261129-101500-2.sgf") {
			t.Errorf("%s: the second bad file went to %q", c.name, second.Bad)
		}
		if b, _ := os.ReadFile(want); string(b) != c.text {
			t.Errorf("%s: the first bad file was overwritten", c.name)
		}
	}
}

// TestAutosaveKeepsBadFile: after a bad autosave was moved aside, the
// first move of another game saves beside it, and the moved file stays.
func TestAutosaveKeepsBadFile(t *testing.T) {
	dir := t.TempDir()
	bad := "(;FF[4]GM[2];B[f5];W[d6];B[c3];W[e"
	os.WriteFile(filepath.Join(dir, "autosave.sgf"), []byte(bad), 0o644)
	a := &Autosave{Dir: dir, Now: fixedNow}
	if found := a.Find(); found.Problem == nil || found.Prefix == nil || len(found.Prefix.Moves) != 3 {
		t.Fatalf("found %+v", found)
	}
	q := sessiontest.NewQueue()
	c := newTestController(t, sessiontest.NewScripted(false), q.Post, settings("gomoku", VsPerson))
	c.Start()
	playTexts(t, c, "h8")
	if err := a.Save(c); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "autosave.bad-20261129-101500.sgf")); string(b) != bad {
		t.Fatalf("the bad autosave now holds %q", b)
	}
	if found := a.Find(); found.Record == nil || found.Record.Game != "gomoku" || found.Problem != nil {
		t.Fatalf("the new game's autosave: %+v", found)
	}
}

// TestAutosaveFailureToldOnce: when the autosave's path is a folder, every
// save fails and the player is told once, until a save works again.
func TestAutosaveFailureToldOnce(t *testing.T) {
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "autosave.sgf"), 0o755); err != nil {
		t.Fatal(err)
	}
	a := &Autosave{Dir: dir}
	if found := a.Find(); found.Problem != nil || found.Record != nil {
		t.Fatalf("a folder found as %+v", found)
	}
	q := sessiontest.NewQueue()
	c := newTestController(t, sessiontest.NewScripted(false), q.Post, settings("othello", VsPerson))
	c.Start()
	told := func() int {
		n := 0
		for _, m := range c.MessageLog() {
			if strings.Contains(m, "not being saved automatically") {
				n++
			}
		}
		return n
	}
	for _, mv := range []string{"f5", "d6", "c3"} {
		playTexts(t, c, mv)
		if err := a.Save(c); err == nil {
			t.Fatal("saving onto a folder worked")
		}
	}
	if n := told(); n != 1 {
		t.Fatalf("told %d times, want once: %q", n, c.MessageLog())
	}
	if !strings.Contains(strings.Join(c.MessageLog(), "\n"), "a folder") {
		t.Errorf("the message does not say why: %q", c.MessageLog())
	}
	os.Remove(filepath.Join(dir, "autosave.sgf"))
	playTexts(t, c, "d3")
	if err := a.Save(c); err != nil {
		t.Fatal(err)
	}
	os.Remove(filepath.Join(dir, "autosave.sgf"))
	os.Mkdir(filepath.Join(dir, "autosave.sgf"), 0o755)
	playTexts(t, c, "c5")
	if a.Save(c) == nil || told() != 2 {
		t.Errorf("a failure after a success is not told again: %q", c.Messages())
	}
}

// TestAutosaveOnePerWindow: a second window's autosave (a second Autosave
// on the same folder, holding its own lock) never writes over the first
// window's game: window A has a 10-move game, window B starts, restores
// nothing of A's and saves a new game; after both quit, A's game is the
// one the next start restores, and B's is kept under its own name.
func TestAutosaveOnePerWindow(t *testing.T) {
	dir := t.TempDir()
	q := sessiontest.NewQueue()
	const gameA = "f5 d6 c3 d3 c4 f4 f6 f3 e6 e7"
	a := &Autosave{Dir: dir}
	ca := newTestController(t, sessiontest.NewScripted(false), q.Post, settings("othello", VsPerson))
	ca.Start()
	playTexts(t, ca, gameA)
	if err := a.Save(ca); err != nil {
		t.Fatal(err)
	}
	b := &Autosave{Dir: dir}
	if found := b.Find(); found.Record != nil || found.Problem != nil {
		t.Fatalf("window B found %+v in window A's autosave", found)
	}
	cb := newTestController(t, sessiontest.NewScripted(false), q.Post, settings("othello", VsPerson))
	cb.Start()
	playTexts(t, cb, "f5")
	if err := b.Save(cb); err != nil {
		t.Fatal(err)
	}
	if a.Base() == b.Base() {
		t.Fatalf("both windows autosave to %s", a.Base())
	}
	a.Release() // A quits first, B after
	b.Release()
	next := &Autosave{Dir: dir}
	found := next.Find()
	if found.Record == nil || strings.Join(found.Record.Moves, " ") != gameA {
		t.Fatalf("the next start found %+v, want window A's game", found.Record)
	}
	second := &Autosave{Dir: dir}
	if found := second.Find(); found.Record == nil || strings.Join(found.Record.Moves, " ") != "f5" {
		t.Fatalf("a second window then found %+v, want window B's game", found.Record)
	}
}

// TestAutosaveFresh checks that a window started on a record or by start
// options (Autosave.Fresh) autosaves beside the game in progress of an
// earlier session, which the next plain start restores.
func TestAutosaveFresh(t *testing.T) {
	dir := t.TempDir()
	q := sessiontest.NewQueue()
	const earlier = "f5 d6 c3 d3 c4"
	a := &Autosave{Dir: dir}
	ca := newTestController(t, sessiontest.NewScripted(false), q.Post, settings("othello", VsPerson))
	ca.Start()
	playTexts(t, ca, earlier)
	if err := a.Save(ca); err != nil {
		t.Fatal(err)
	}
	a.Release() // the earlier session ends

	b := &Autosave{Dir: dir, Fresh: true}
	cb := newTestController(t, sessiontest.NewScripted(false), q.Post, settings("othello", VsPerson))
	cb.Start()
	playTexts(t, cb, "f5")
	if err := b.Save(cb); err != nil {
		t.Fatal(err)
	}
	if b.Base() == AutosaveBase {
		t.Fatalf("the fresh window autosaves over the earlier game (%s)", b.Base())
	}
	b.Release()
	next := &Autosave{Dir: dir}
	if found := next.Find(); found.Record == nil || strings.Join(found.Record.Moves, " ") != earlier {
		t.Fatalf("the next start found %+v, want the earlier game", found.Record)
	}
}
