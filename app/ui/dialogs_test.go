package ui

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"planiverse/app/session"
	"planiverse/app/session/quality"
	"planiverse/widgets"
)

// menuItem returns the main menu's item with label, or fails.
func menuItem(t *testing.T, g *gui, label string) *fyne.MenuItem {
	t.Helper()
	for _, m := range g.win.MainMenu().Items {
		for _, it := range m.Items {
			if it.Label == label {
				return it
			}
		}
	}
	t.Fatalf("no menu item %q", label)
	return nil
}

// TestCancelAnalysisItem: the Analysis menu's Cancel analysis is enabled
// only while a game report runs.
func TestCancelAnalysisItem(t *testing.T) {
	g, q := newTestGUI(t)
	g.startGame(settings("othello", session.VsPerson))
	firstLegal(t, g.ctl, 12)
	item := menuItem(t, g, "Cancel analysis")
	if !item.Disabled {
		t.Fatal("Cancel analysis is enabled with no analysis running")
	}
	g.ctl.SetReportOptions(quality.Options{Depth: 2})
	menuAction(t, g, "Analyze game")
	if item.Disabled {
		t.Fatal("Cancel analysis is disabled while the analysis runs")
	}
	q.RunUntil(t, "the report", func() bool { return g.ctl.Report() != nil })
	if !item.Disabled {
		t.Fatal("Cancel analysis stays enabled after the analysis")
	}
	firstLegal(t, g.ctl, 1)
	menuAction(t, g, "Analyze game")
	menuAction(t, g, "Cancel analysis")
	if !item.Disabled || g.ctl.Analyzing() {
		t.Fatal("Cancel analysis stays enabled after the analysis was canceled")
	}
}

// findPopUp returns the pop-up (a dialog's window) under o, or nil.
func findPopUp(o fyne.CanvasObject) *widget.PopUp {
	p, _ := findOf[*widget.PopUp](o)
	return p
}

// findRadio returns the radio group under o offering option, or nil.
func findRadio(o fyne.CanvasObject, option string) *widget.RadioGroup {
	r, _ := findWhere(o, func(r *widget.RadioGroup) bool { return slices.Contains(r.Options, option) })
	return r
}

// inside reports whether the object o lies wholly within the canvas of
// size win.
func inside(o fyne.CanvasObject, win fyne.Size) bool {
	p := fyne.CurrentApp().Driver().AbsolutePositionForObject(o)
	s := o.Size()
	return p.X >= 0 && p.Y >= 0 && p.X+s.Width <= win.Width+0.5 && p.Y+s.Height <= win.Height+0.5
}

// TestNewGameDialogStaysInside: at the first window size (1040x668) and
// at the window's least size, the new-game dialog and its Start and
// Cancel buttons stay inside the window while the game is switched from
// DVONN to Alak, Gomoku and back (each form a different height).
func TestNewGameDialogStaysInside(t *testing.T) {
	g, _ := newTestGUI(t)
	SaveSettings(g.app.Preferences(), settings("dvonn", session.VsComputer))
	least := g.win.Content().MinSize()
	for _, size := range []fyne.Size{fyne.NewSize(1040, 668), least} {
		g.win.Resize(size)
		g.showNewGame()
		top := g.win.Canvas().Overlays().Top()
		games := findRadio(top, "Gomoku")
		pop := findPopUp(top)
		if games == nil || pop == nil {
			t.Fatal("no new-game dialog with the game's choice")
		}
		win := g.win.Canvas().Size()
		for _, game := range []string{"DVONN", "Alak", "Gomoku", "Othello", "DVONN", "Gomoku"} {
			games.SetSelected(game)
			start, cancel := findButton(top, "Start"), findButton(top, "Cancel")
			if start == nil || cancel == nil {
				t.Fatal("no Start or Cancel button")
			}
			for what, o := range map[string]fyne.CanvasObject{"the dialog": pop, "Start": start, "Cancel": cancel} {
				if !inside(o, win) {
					t.Fatalf("%v window, %s: %s at %v size %v is not inside", win, game, what,
						fyne.CurrentApp().Driver().AbsolutePositionForObject(o), o.Size())
				}
			}
		}
		sendKey(g, fyne.KeyEscape)
		if g.win.Canvas().Overlays().Top() != nil {
			t.Fatal("Escape did not close the new-game dialog")
		}
	}
}

// findOf returns the first object under o of type T, or the zero
// value.
func findOf[T fyne.CanvasObject](o fyne.CanvasObject) (T, bool) {
	return findWhere(o, func(T) bool { return true })
}

// findWhere returns the first object under o (depth first, through
// containers and widgets' renderers) of type T for which ok holds, or the
// zero value.
func findWhere[T fyne.CanvasObject](o fyne.CanvasObject, ok func(T) bool) (found T, is bool) {
	eachObject(o, func(o fyne.CanvasObject) bool {
		if w, isT := o.(T); isT && ok(w) {
			found, is = w, true
		}
		return is
	})
	return found, is
}

// eachObject calls visit on o and on every object under it, depth first
// through containers and widgets' renderers, until visit returns true.
func eachObject(o fyne.CanvasObject, visit func(fyne.CanvasObject) bool) bool {
	if o == nil || visit(o) {
		return o != nil
	}
	var kids []fyne.CanvasObject
	switch w := o.(type) {
	case *fyne.Container:
		kids = w.Objects
	case fyne.Widget:
		kids = test.WidgetRenderer(w).Objects()
	}
	for _, c := range kids {
		if eachObject(c, visit) {
			return true
		}
	}
	return false
}

// TestDialogKeysStayInDialog: every dialog of the window closes on Enter
// and on Escape, and neither that key nor an arrow typed while it is open
// reaches the review under it: the position on view stays, and so does
// the game.
func TestDialogKeysStayInDialog(t *testing.T) {
	g, q := newTestGUI(t)
	g.win.Resize(defaultWindow)
	g.startGame(settings("othello", session.VsPerson))
	firstLegal(t, g.ctl, 10)
	g.ctl.SetReportOptions(quality.Options{Depth: 1})
	g.ctl.StartReport()
	q.RunUntil(t, "the report", func() bool { return g.ctl.Report() != nil })
	dialogs := []struct {
		name string
		open func()
	}{
		{"Game report", g.an.showReport},
		{"Help: Move quality", g.an.showQualityHelp},
		{"Help: How to play", g.showRules},
		{"Statistics", g.showStats},
		{"Engines", g.showEngines},
		{"About", g.showAbout},
		{"Messages", g.showLog},
		{"an error", func() { g.showError(errors.New("a test error")) }},
	}
	for _, d := range dialogs {
		for _, k := range []fyne.KeyName{fyne.KeyEscape, fyne.KeyReturn} {
			g.ctl.Review(4)
			d.open()
			if g.win.Canvas().Overlays().Top() == nil {
				t.Fatalf("%s: no dialog shown", d.name)
			}
			for _, arrow := range []fyne.KeyName{fyne.KeyLeft, fyne.KeyRight, fyne.KeyHome, fyne.KeyEnd} {
				sendKey(g, arrow)
			}
			if ply, on := g.ctl.Reviewing(); !on || ply != 4 {
				t.Fatalf("%s: the arrows moved the review under the dialog to %d (reviewing %v)", d.name, ply, on)
			}
			if g.win.Canvas().Overlays().Top() == nil {
				t.Fatalf("%s: an arrow closed the dialog", d.name)
			}
			sendKey(g, k)
			if g.win.Canvas().Overlays().Top() != nil {
				t.Fatalf("%s: %s did not close the dialog", d.name, k)
			}
			if ply, on := g.ctl.Reviewing(); !on || ply != 4 || g.ctl.Plies() != 10 {
				t.Fatalf("%s: %s reached the review: on view %d (reviewing %v), %d moves", d.name, k, ply, on, g.ctl.Plies())
			}
		}
	}
	// A confirmation: Escape answers no and leaves the review alone.
	g.ctl.Review(4)
	g.continueHere()
	sendKey(g, fyne.KeyEscape)
	if ply, on := g.ctl.Reviewing(); g.win.Canvas().Overlays().Top() != nil || !on || ply != 4 || g.ctl.Plies() != 10 {
		t.Fatalf("Escape on Continue from here: on view %d (reviewing %v), %d moves", ply, on, g.ctl.Plies())
	}
}

// TestNewGameEnterFromFocusedWidget: Enter starts the new game while one
// of the dialog's drop-downs has the keyboard focus, or after a click on
// one of its radio buttons; Escape cancels it from a drop-down.
func TestNewGameEnterFromFocusedWidget(t *testing.T) {
	g, _ := newTestGUI(t)
	g.win.Resize(defaultWindow)
	SaveSettings(g.app.Preferences(), settings("othello", session.VsComputer))
	g.begin()
	top := g.win.Canvas().Overlays().Top()
	sel, ok := findOf[*keySelect](top)
	if !ok {
		t.Fatal("the new-game dialog has no drop-down that takes Enter")
	}
	g.win.Canvas().Focus(sel)
	if g.win.Canvas().Focused() == nil {
		t.Fatal("the drop-down took no focus")
	}
	sendKey(g, fyne.KeyEscape)
	if g.win.Canvas().Overlays().Top() != nil {
		t.Fatal("Escape in a focused drop-down did not cancel the dialog")
	}

	g.showNewGame()
	top = g.win.Canvas().Overlays().Top()
	sel, _ = findOf[*keySelect](top)
	g.win.Canvas().Focus(sel)
	sendKey(g, fyne.KeyReturn)
	if g.win.Canvas().Overlays().Top() != nil || !g.ctl.Started() {
		t.Fatal("Enter in a focused drop-down did not start the game")
	}

	// A click on a radio button (the game Gomoku), then Enter.
	g.showNewGame()
	top = g.win.Canvas().Overlays().Top()
	games := findRadio(top, "Gomoku")
	var gomoku fyne.Tappable
	for _, o := range test.WidgetRenderer(games).Objects() {
		if w, ok := o.(fyne.Tappable); ok && strings.Contains(labelsOfWidget(o), "Gomoku") {
			gomoku = w
		}
	}
	if gomoku == nil {
		t.Fatal("no Gomoku radio button")
	}
	test.Tap(gomoku)
	if games.Selected != "Gomoku" {
		t.Fatalf("the click chose %q", games.Selected)
	}
	sendKey(g, fyne.KeyReturn)
	if g.win.Canvas().Overlays().Top() != nil || g.ctl.Settings().Game != "gomoku" {
		t.Fatalf("Enter after a click on Gomoku: dialog open %v, game %s", g.win.Canvas().Overlays().Top() != nil, g.ctl.Settings().Game)
	}
}

// labelsOfWidget joins the texts drawn under o.
func labelsOfWidget(o fyne.CanvasObject) string {
	var out []string
	eachObject(o, func(o fyne.CanvasObject) bool {
		if w, ok := o.(*canvas.Text); ok {
			out = append(out, w.Text)
		}
		return false
	})
	return strings.Join(out, " ")
}

// TestWindowReviewLabelsWithValues: with the values on the board, the
// review of a mistake still writes the best move's label ("best …")
// beside the values of the position on view.
func TestWindowReviewLabelsWithValues(t *testing.T) {
	g, q := newTestGUI(t)
	g.startGame(settings("othello", session.VsPerson))
	firstLegal(t, g.ctl, 14)
	g.ctl.SetReportOptions(quality.Options{Depth: 2})
	g.ctl.StartReport()
	q.RunUntil(t, "the report", func() bool { return g.ctl.Report() != nil })
	g.ctl.SetValuesMaxDepth(2)
	menuAction(t, g, "Values on the board")
	g.ctl.Review(0)
	test.Tap(g.an.next)
	if ply, on := g.ctl.Reviewing(); !on || ply == 0 {
		t.Fatal("Next mistake put no mistake on view")
	}
	q.RunUntil(t, "the values", func() bool { _, _, done := g.ctl.Values(); return done })
	labels := g.board.(widgets.ValueLabeler).ValueLabels()
	best, values := false, 0
	for _, text := range labels {
		if strings.HasPrefix(text, "best ") {
			best = true
		} else {
			values++
		}
	}
	if !best || values < 2 {
		t.Fatalf("the board reads %v: the review's best move and the values should both show", labels)
	}
}

// TestEnginesDialogKeys: in the Engines dialog, Enter typed in the
// command entry adds the engine typed in the form and keeps the dialog;
// Escape typed there closes it; Enter with an empty form closes it.
func TestEnginesDialogKeys(t *testing.T) {
	g, _ := newTestGUI(t)
	g.win.Resize(defaultWindow)
	g.startGame(settings("othello", session.VsPerson))
	g.showEngines()
	top := g.win.Canvas().Overlays().Top()
	var entries []*keyEntry
	var walk func(fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		switch w := o.(type) {
		case *keyEntry:
			entries = append(entries, w)
		case *fyne.Container:
			for _, c := range w.Objects {
				walk(c)
			}
		case fyne.Widget:
			for _, c := range test.WidgetRenderer(w).Objects() {
				walk(c)
			}
		}
	}
	walk(top)
	if len(entries) != 2 {
		t.Fatalf("%d entries in the Engines dialog, want the name and the command", len(entries))
	}
	name, command := entries[0], entries[1]
	name.SetText("Zebra")
	command.SetText("/opt/zebra --nboard")
	g.win.Canvas().Focus(command)
	sendKey(g, fyne.KeyReturn)
	if got := LoadEngines(g.app.Preferences()); len(got) != 1 || got[0].Name != "Zebra" {
		t.Fatalf("Enter in the command entry stored %+v", got)
	}
	if g.win.Canvas().Overlays().Top() == nil {
		t.Fatal("Enter that added an engine closed the dialog")
	}
	g.win.Canvas().Focus(command)
	sendKey(g, fyne.KeyEscape)
	if g.win.Canvas().Overlays().Top() != nil {
		t.Fatal("Escape in the command entry did not close the dialog")
	}
	g.showEngines()
	sendKey(g, fyne.KeyReturn)
	if g.win.Canvas().Overlays().Top() != nil {
		t.Fatal("Enter with an empty form did not close the dialog")
	}
}
