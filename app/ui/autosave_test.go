package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"planiverse/app/internal/sessiontest"
)

// overlayTexts returns the texts of the labels and buttons of the window's
// top overlay (a dialog), "" when none shows.
func overlayTexts(g *gui) (string, []*widget.Button) {
	top := g.win.Canvas().Overlays().Top()
	if top == nil {
		return "", nil
	}
	var texts []string
	var buttons []*widget.Button
	var walk func(o fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		switch w := o.(type) {
		case *widget.Label:
			texts = append(texts, w.Text)
		case *widget.Button:
			texts = append(texts, w.Text)
			buttons = append(buttons, w)
		case *widget.RichText:
			texts = append(texts, w.String())
		}
		if c, ok := o.(*fyne.Container); ok {
			for _, o := range c.Objects {
				walk(o)
			}
		} else if w, ok := o.(fyne.Widget); ok {
			for _, o := range test.WidgetRenderer(w).Objects() {
				walk(o)
			}
		}
	}
	walk(top)
	return strings.Join(texts, "\n"), buttons
}

// TestAutosaveCorrupt: a truncated autosave is moved aside, the window
// offers its readable moves in a dialog, and Restore plays them.
func TestAutosaveCorrupt(t *testing.T) {
	a := test.NewTempApp(t)
	dir := t.TempDir()
	old := autosaveRoot
	autosaveRoot = func(fyne.App) string { return dir }
	defer func() { autosaveRoot = old }()
	bad := "(;FF[4]GM[2];B[f5];W[d6];B[c3];W[d3];B[c4];W[f"
	os.WriteFile(filepath.Join(dir, "autosave.sgf"), []byte(bad), 0o644)

	q := sessiontest.NewQueue()
	g := newGUI(a, sessiontest.NewScripted(false), q.Post, 1)
	g.win.Resize(fyne.NewSize(1000, 700))
	g.begin()
	text, buttons := overlayTexts(g)
	if !strings.Contains(text, "The saved game could not be read completely. Restore the first 5 moves?") {
		t.Fatalf("no dialog offering the 5 readable moves; top overlay %q", text)
	}
	moved, _ := filepath.Glob(filepath.Join(dir, "autosave.bad-*.sgf"))
	if len(moved) != 1 || !strings.Contains(text, filepath.Base(moved[0])) {
		t.Fatalf("moved aside as %q; the dialog says %q", moved, text)
	}
	if b, _ := os.ReadFile(moved[0]); string(b) != bad {
		t.Fatalf("the file kept aside holds %q", b)
	}
	var restore *widget.Button
	for _, b := range buttons {
		if b.Text == "Restore" {
			restore = b
		}
	}
	if restore == nil {
		t.Fatalf("no Restore button in %q", text)
	}
	test.Tap(restore)
	if got := g.ctl.MoveList(); !strings.Contains(got, "c4") || g.ctl.Plies() != 5 || !g.ctl.Started() {
		t.Fatalf("after Restore: %d plies %q, started %v", g.ctl.Plies(), got, g.ctl.Started())
	}
	if msgs := strings.Join(g.ctl.Messages(), "\n"); !strings.Contains(msgs, filepath.Base(moved[0])) {
		t.Errorf("the panel does not say where the file is: %q", msgs)
	}
	// The next move saves the game again; the file aside stays.
	q.RunUntil(t, "the computer's move", func() bool { return g.ctl.Plies() == 6 })
	g.refresh()
	if b, _ := os.ReadFile(moved[0]); string(b) != bad {
		t.Fatalf("the file kept aside now holds %q", b)
	}
	if b, err := os.ReadFile(filepath.Join(dir, "autosave.sgf")); err != nil || strings.Count(string(b), ";") != 7 {
		t.Fatalf("the new autosave: %q %v", b, err)
	}
}

// TestAutosaveUnreadable: an autosave without a readable move is moved
// aside and the player told.
func TestAutosaveUnreadable(t *testing.T) {
	a := test.NewTempApp(t)
	dir := t.TempDir()
	old := autosaveRoot
	autosaveRoot = func(fyne.App) string { return dir }
	defer func() { autosaveRoot = old }()
	os.WriteFile(filepath.Join(dir, "autosave.sgf"), []byte("\x00garbage"), 0o644)
	g := newGUI(a, sessiontest.NewScripted(false), sessiontest.NewQueue().Post, 1)
	g.win.Resize(fyne.NewSize(1000, 700))
	g.begin()
	if text, _ := overlayTexts(g); !strings.Contains(text, "The saved game could not be read.") || !strings.Contains(text, "autosave.bad-") {
		t.Fatalf("top overlay %q", text)
	}
	if moved, _ := filepath.Glob(filepath.Join(dir, "autosave.bad-*.sgf")); len(moved) != 1 {
		t.Fatalf("moved aside: %q", moved)
	}
}
