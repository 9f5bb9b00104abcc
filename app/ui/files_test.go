package ui

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"planiverse/app/internal/sessiontest"
	"planiverse/app/session"
	"planiverse/rules"
)

// TestSaveOpen saves a game in every format of its game and opens each
// file again: the same game and moves; a corrupt, truncated or foreign
// file is refused with an error and leaves the game on screen as it was;
// no temporary file is left behind.
func TestSaveOpen(t *testing.T) {
	dir := t.TempDir()
	q := sessiontest.NewQueue()
	games := map[string]string{
		"othello": "f5 d6 c3 d3 c4",
		"gomoku":  "H8 J9 H9",
		"alak":    "4-5 8-7",
		"dvonn":   "F3 F2 F1 J2 I3 I4 J3 E3",
	}
	saved := 0
	for game, moves := range games {
		set := settings(game, session.VsPerson)
		if game == "gomoku" {
			set = set.WithOption("gomoku", "opening", "none")
		}
		c := newTestController(t, sessiontest.NewScripted(false), q.Post, set)
		c.Start()
		playTexts(t, c, moves)
		for _, f := range c.Descriptor().Formats {
			path := filepath.Join(dir, game+"-"+strings.ReplaceAll(f.Name, " ", "")+"."+f.Ext[0])
			if err := c.SaveRecord(path); err != nil {
				if errors.Is(err, rules.ErrFormat) {
					continue // a format that cannot hold this variant
				}
				t.Fatalf("%s %s: %v", game, f.Name, err)
			}
			saved++
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			d := newTestController(t, sessiontest.NewScripted(false), q.Post, settings("othello", session.VsComputer))
			if err := d.OpenRecord(d.Settings(), path, data); err != nil {
				t.Fatalf("%s %s: %v\n%s", game, f.Name, err, data)
			}
			if d.Settings().Game != game || !slices.Equal(d.Record().Moves, c.Record().Moves) {
				t.Fatalf("%s %s: opened %s %v", game, f.Name, d.Settings().Game, d.Record().Moves)
			}
			if d.Settings().Opponent != session.VsComputer {
				t.Errorf("%s: opening changed the opponent", game)
			}
			for _, bad := range [][]byte{data[:len(data)/2], []byte("(;GM[99]B[zz])"), []byte("\x00\x01garbage"), {}} {
				before := d.MoveList()
				if err := d.OpenRecord(d.Settings(), path, bad); err == nil {
					// Half a transcript may still be a game: then it must be the first moves.
					if !strings.HasPrefix(c.MoveList(), d.MoveList()) {
						t.Fatalf("%s %s: %q opened as %q", game, f.Name, bad, d.MoveList())
					}
					continue
				}
				if d.MoveList() != before {
					t.Fatalf("%s %s: a bad file changed the game", game, f.Name)
				}
			}
		}
	}
	if saved < 8 {
		t.Errorf("only %d formats saved", saved)
	}
	left, _ := filepath.Glob(filepath.Join(dir, ".*"))
	if len(left) > 0 {
		t.Fatalf("temporary files left: %v", left)
	}
	if err := newTestController(t, sessiontest.NewScripted(false), q.Post, settings("othello", session.VsPerson)).SaveRecord(filepath.Join(dir, "x.doc")); !errors.Is(err, rules.ErrFormat) {
		t.Fatalf("an unknown extension: %v", err)
	}
}

// TestAutosave: every move is saved to the app's storage, and a new window
// (after the last one closed) restores the unfinished game and starts it;
// a finished game is not restored. A window open at the same time has an
// autosave of its own (TestTwoWindowsAutosave).
func TestAutosave(t *testing.T) {
	a := test.NewTempApp(t)
	dir := t.TempDir()
	old := autosaveRoot
	autosaveRoot = func(fyne.App) string { return dir }
	defer func() { autosaveRoot = old }()
	q := sessiontest.NewQueue()
	g := newGUI(a, sessiontest.NewScripted(false), q.Post, 1)
	set := settings("othello", session.VsPerson)
	g.startGame(set)
	playTexts(t, g.ctl, "f5 d6 c3")
	want := g.ctl.MoveList()
	g.win.Close()

	h := newGUI(a, sessiontest.NewScripted(false), q.Post, 2)
	h.begin()
	if got := h.ctl.MoveList(); got != want || !h.ctl.Started() {
		t.Fatalf("restored %q (started %v), want %q", got, h.ctl.Started(), want)
	}
	if msgs := strings.Join(h.ctl.Messages(), "\n"); !strings.Contains(msgs, "restored") {
		t.Errorf("no message about the restore: %q", msgs)
	}
	h.ctl.Resign()
	h.win.Close()
	k := newGUI(a, sessiontest.NewScripted(false), q.Post, 3)
	k.begin()
	if k.ctl.MoveList() == want {
		t.Fatal("a finished game was restored")
	}
	k.win.Close()
	// A corrupt autosave is ignored: the usual start.
	os.WriteFile(filepath.Join(g.autosaveDir(), autosaveBase+".sgf"), []byte("(;GM[2]B[zz"), 0o644)
	m := newGUI(a, sessiontest.NewScripted(false), q.Post, 4)
	m.begin()
	if m.ctl.Started() {
		t.Fatal("started from a corrupt autosave")
	}
}

// TestTwoWindowsAutosave: a window started while another plays (its game
// restored from the same autosave) then abandoned for a new game never
// writes over the first window's game: after both close, the next window
// restores the first one's game.
func TestTwoWindowsAutosave(t *testing.T) {
	a := test.NewTempApp(t)
	dir := t.TempDir()
	old := autosaveRoot
	autosaveRoot = func(fyne.App) string { return dir }
	defer func() { autosaveRoot = old }()
	q := sessiontest.NewQueue()
	g := newGUI(a, sessiontest.NewScripted(false), q.Post, 1)
	g.startGame(settings("othello", session.VsPerson))
	playTexts(t, g.ctl, "f5 d6 c3 d3 c4 f4 f6 f3 e6 e7")
	want := g.ctl.MoveList()

	h := newGUI(a, sessiontest.NewScripted(false), q.Post, 2)
	h.begin()
	h.startGame(settings("othello", session.VsPerson)) // New game, the old one abandoned
	playTexts(t, h.ctl, "f5")
	g.win.Close() // the first window quits first
	h.win.Close()

	k := newGUI(a, sessiontest.NewScripted(false), q.Post, 3)
	k.begin()
	if got := k.ctl.MoveList(); got != want {
		t.Fatalf("the next start restored %q, want the first window's %q", got, want)
	}
	k.win.Close()
}

// FuzzOpenRecord: any file, under any record extension, either opens as a
// game or is refused with an error that leaves the game on screen as it
// was; never a panic.
func FuzzOpenRecord(f *testing.F) {
	f.Add("game.sgf", []byte("(;GM[2]FF[4]SZ[8];B[f5];W[d6])"))
	f.Add("game.txt", []byte("f5d6c3"))
	f.Add("game.psq", []byte("Piskvorky 15x15, 11:11, 0\n8,8,0\n"))
	f.Add("game.ggf", []byte("(;GM[Othello]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[F5];)"))
	f.Add("game.dvn", []byte("x over W1 B0 : F3 F2 F1"))
	f.Add("game.sgf", []byte("(;PV[alak]RU[modern]SZ[9];B[e])"))
	q := sessiontest.NewQueue()
	c := session.NewController(sessiontest.NewScripted(false), q.Post, 1)
	if err := c.NewGame(settings("othello", session.VsPerson)); err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, name string, data []byte) {
		base := settings("othello", session.VsPerson)
		if err := c.LoadMoves(base, "f5 d6"); err != nil {
			t.Fatal(err)
		}
		ext := []string{".sgf", ".txt", ".psq", ".ggf", ".dvn"}[len(name)%5]
		if err := c.OpenRecord(base, "x"+ext, data); err != nil {
			if c.Settings().Game != "othello" || c.MoveList() != "f5 d6" {
				t.Fatalf("a refused file changed the game: %s %q", c.Settings().Game, c.MoveList())
			}
		}
	})
}

// TestFileDialogs opens the Save and Open dialogs of the window (they
// panicked once when resized before being shown).
func TestFileDialogs(t *testing.T) {
	a := test.NewTempApp(t)
	g := newGUI(a, sessiontest.NewScripted(false), sessiontest.NewQueue().Post, 1)
	g.startGame(settings("othello", session.VsPerson))
	g.saveGame()
	if g.win.Canvas().Overlays().Top() == nil {
		t.Fatal("no Save dialog")
	}
	g.win.Canvas().Overlays().Top().Hide()
	g.openGame()
	if g.win.Canvas().Overlays().Top() == nil {
		t.Fatal("no Open dialog")
	}
}

// TestRefusedSaveKeepsFile goes through the Save dialog to an existing
// file the save refuses (a .psq for an Othello game; a link to a data
// file) and confirms the overwrite: the game is not saved, and the old
// file, the link and the file it points to are left byte for byte.
func TestRefusedSaveKeepsFile(t *testing.T) {
	dir := t.TempDir()
	precious := filepath.Join(dir, "precious.psq")
	target := filepath.Join(dir, "target.dat")
	link := filepath.Join(dir, "link.sgf")
	old := []byte("old content, not to be lost\n")
	for _, p := range []string{precious, target} {
		if err := os.WriteFile(p, old, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink("target.dat", link); err != nil {
		t.Fatal(err)
	}
	g, _ := newTestGUI(t)
	g.startGame(settings("othello", session.VsPerson))
	playTexts(t, g.ctl, "f5 d6")
	for _, name := range []string{"precious.psq", "link.sgf"} {
		d := g.saveGame()
		loc, err := storage.ListerForURI(storage.NewFileURI(dir))
		if err != nil {
			t.Fatal(err)
		}
		d.SetLocation(loc)
		d.SetFileName(name)
		tapButton(t, g.win, "Save")
		tapButton(t, g.win, "Yes") // overwrite
		if dlg := findLabel(g.win, "not saved"); dlg == "" {
			t.Errorf("%s: no error shown", name)
		}
		for _, o := range g.win.Canvas().Overlays().List() {
			o.Hide()
		}
		for _, p := range []string{precious, target} {
			if data, err := os.ReadFile(p); err != nil || string(data) != string(old) {
				t.Fatalf("after saving to %s, %s holds %q (%v)", name, filepath.Base(p), data, err)
			}
		}
		if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
			t.Fatalf("after saving to %s the link is gone (%v)", name, err)
		}
	}
}

// tapButton taps the visible button labeled text in the top overlay of
// w (a dialog), failing the test when there is none.
func tapButton(t *testing.T, w fyne.Window, text string) {
	t.Helper()
	var found *widget.Button
	for _, o := range w.Canvas().Overlays().List() {
		walkObjects(o, func(obj fyne.CanvasObject) {
			if b, ok := obj.(*widget.Button); ok && b.Text == text && b.Visible() {
				found = b
			}
		})
	}
	if found == nil {
		t.Fatalf("no %q button", text)
	}
	test.Tap(found)
}

// findLabel returns the text of a label or rich text in w's overlays that
// contains part, or "".
func findLabel(w fyne.Window, part string) string {
	out := ""
	for _, o := range w.Canvas().Overlays().List() {
		walkObjects(o, func(obj fyne.CanvasObject) {
			var s string
			switch l := obj.(type) {
			case *widget.Label:
				s = l.Text
			case *widget.RichText:
				s = l.String()
			}
			if strings.Contains(strings.ToLower(s), part) {
				out = s
			}
		})
	}
	return out
}

// walkObjects calls f on o and every object under it, widgets' rendered
// parts included.
func walkObjects(o fyne.CanvasObject, f func(fyne.CanvasObject)) {
	f(o)
	switch x := o.(type) {
	case *fyne.Container:
		for _, c := range x.Objects {
			walkObjects(c, f)
		}
	case fyne.Widget:
		for _, c := range test.WidgetRenderer(x).Objects() {
			walkObjects(c, f)
		}
	}
}

// TestOpenOffTheUIGoroutine: File → Open reads and parses the chosen
// record on a goroutine of its own and opens it only when posted back to
// the UI goroutine, so a large record never freezes the window.
func TestOpenOffTheUIGoroutine(t *testing.T) {
	a := test.NewTempApp(t)
	q := sessiontest.NewQueue()
	g := newGUI(a, sessiontest.NewScripted(false), q.Post, 1)
	g.startGame(settings("othello", session.VsPerson))
	path := filepath.Join(t.TempDir(), "game.txt")
	if err := os.WriteFile(path, []byte("f5 d6 c3 d3 c4\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := storage.Reader(storage.NewFileURI(path))
	if err != nil {
		t.Fatal(err)
	}
	g.openChosen(r)
	if g.ctl.Plies() != 0 {
		t.Fatalf("the record was opened on the calling goroutine: %d plies", g.ctl.Plies())
	}
	q.RunUntil(t, "the opened record", func() bool { return g.ctl.Plies() == 5 })
	if msgs := strings.Join(g.ctl.Messages(), "\n"); !strings.Contains(msgs, "Opened game.txt.") {
		t.Fatalf("messages %q", msgs)
	}
}
