package ui

import (
	"image/color"
	"math"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"planiverse/app/internal/sessiontest"
	"planiverse/app/session"
	"planiverse/rules"
)

// sendKey delivers key k as the desktop driver does: to the focused
// widget, else to the canvas.
func sendKey(g *gui, k fyne.KeyName) {
	ev := &fyne.KeyEvent{Name: k}
	if f := g.win.Canvas().Focused(); f != nil {
		f.TypedKey(ev)
		return
	}
	g.win.Canvas().(interface {
		OnTypedKey() func(*fyne.KeyEvent)
	}).OnTypedKey()(ev)
}

// newTestGUI returns a window with instant computer moves.
func newTestGUI(t *testing.T) (*gui, *sessiontest.Queue) {
	t.Helper()
	a := test.NewTempApp(t)
	q := sessiontest.NewQueue()
	g := newGUI(a, sessiontest.NewScripted(false), q.Post, 1)
	g.ctl.MinDelay, g.ctl.WatchDelay, g.ctl.ShowDelay = 0, 0, 0
	t.Cleanup(func() {
		if !g.closed {
			g.win.Close()
		}
	})
	return g, q
}

// TestPanelPlaces: at the window's least size and at the default size the
// "Moves" caption sits above the list, the list keeps at least six rows
// and the graph below it; messages piling up move nothing and never make
// the window's least size grow.
func TestPanelPlaces(t *testing.T) {
	g, _ := newTestGUI(t)
	g.startGame(settings("othello", session.VsPerson))
	least := g.win.Content().MinSize()
	for _, size := range []fyne.Size{least, defaultWindow} {
		g.win.Resize(size)
		p := g.panel
		listTop := p.moves.Position().Y
		if title := p.movesTitle.Position().Y + p.movesTitle.Size().Height; title > listTop {
			t.Fatalf("%v: the Moves caption (bottom %v) over the list (top %v)", size, title, listTop)
		}
		row := p.moves.CreateItem().MinSize().Height
		if h := p.moves.Size().Height; h < 6*row {
			t.Fatalf("%v: the move list is %v high, under six rows of %v", size, h, row)
		}
		if gy := p.graphBox.Position().Y; p.graphBox.Visible() && gy < listTop+p.moves.Size().Height {
			t.Fatalf("%v: the graph (top %v) over the list", size, gy)
		}
		for i := range 12 {
			g.ctl.Note(strings.Repeat("A long message that would wrap onto several lines. ", i%3+1))
		}
		if p.moves.Position().Y != listTop {
			t.Fatalf("%v: messages moved the list from %v to %v", size, listTop, p.moves.Position().Y)
		}
		if m := g.win.Content().MinSize(); m != least {
			t.Fatalf("messages grew the window's least size from %v to %v", least, m)
		}
	}
	// At the default size the panel fits without scrolling, with the
	// graph.
	g.win.Resize(defaultWindow)
	if body, view := g.panel.body.MinSize().Height, g.panel.content.Size().Height; body > view || !g.panel.graphBox.Visible() {
		t.Fatalf("the panel needs %v at the default size, has %v; graph shown %v", body, view, g.panel.graphBox.Visible())
	}
}

// TestWindowFitsScreen: the first size, a saved size and the least size
// fit 1366x768 at scales 1, 1.5 and 2, and 1920x1080.
func TestWindowFitsScreen(t *testing.T) {
	g, _ := newTestGUI(t)
	g.startGame(settings("gomoku", session.VsComputer))
	least := g.win.Content().MinSize()
	saved := screenPixels
	t.Cleanup(func() { screenPixels = saved })
	for _, sc := range []struct {
		w, h  int
		scale float32
	}{{1366, 768, 1}, {1366, 768, 1.5}, {1366, 768, 2}, {1920, 1080, 1}, {1920, 1080, 2}} {
		screenPixels.w, screenPixels.h = sc.w, sc.h
		for _, want := range []fyne.Size{defaultWindow, fyne.NewSize(3000, 2000)} {
			got := fitScreen(want, sc.scale)
			if got.Width*sc.scale > float32(sc.w) || got.Height*sc.scale > float32(sc.h-screenMarginH) {
				t.Errorf("%dx%d at %v: %v is %vx%v pixels", sc.w, sc.h, sc.scale, got, got.Width*sc.scale, got.Height*sc.scale)
			}
		}
		least := fyne.NewSize(least.Width, g.leastSize(sc.scale).Height+menuHeight)
		if least.Width*sc.scale > float32(sc.w) || least.Height*sc.scale > float32(sc.h-screenMarginH) {
			t.Errorf("%dx%d at %v: the least size %v does not fit", sc.w, sc.h, sc.scale, least)
		}
	}
}

// TestNewGameKeysAndAbandon: Enter starts the new-game dialog's game,
// Escape cancels it; New game over a game in progress asks, and the
// abandoned game counts as a loss; the clocks wait while a dialog is open.
func TestNewGameKeysAndAbandon(t *testing.T) {
	g, q := newTestGUI(t)
	set := settings("othello", session.VsComputer)
	set.Clock = session.ClockPresets[1].Key
	SaveSettings(g.app.Preferences(), set)
	g.begin()
	if !g.ctl.ClockHeld() {
		t.Fatal("the clocks run under the new-game dialog")
	}
	sendKey(g, fyne.KeyReturn)
	if !g.ctl.Started() || g.win.Canvas().Overlays().Top() != nil {
		t.Fatal("Enter did not start the game")
	}
	if g.ctl.ClockHeld() {
		t.Fatal("the clocks stay held after the dialog")
	}
	g.showNewGame()
	sendKey(g, fyne.KeyEscape)
	if g.win.Canvas().Overlays().Top() != nil || !g.ctl.Started() {
		t.Fatal("Escape did not close the dialog")
	}
	if err := g.ctl.Play(g.ctl.State().Moves(nil)[0]); err != nil {
		t.Fatal(err)
	}
	q.RunUntil(t, "the reply", g.ctl.PersonToMove)
	g.showNewGame()
	sendKey(g, fyne.KeyReturn) // Start
	top := g.win.Canvas().Overlays().Top()
	if top == nil || !strings.Contains(labelsOf(top), "counts as a loss") {
		t.Fatalf("no question before abandoning the game: %q", labelsOf(top))
	}
	if g.ctl.Plies() == 0 {
		t.Fatal("the game was dropped before the answer")
	}
	sendKey(g, fyne.KeyReturn) // Abandon
	if g.ctl.Plies() != 0 || g.ctl.Started() == false {
		t.Fatalf("no new game after Abandon: %d plies", g.ctl.Plies())
	}
	if lines := loadStats(g.app.Preferences()); len(lines) != 1 || lines[0].Count[2] != 1 {
		t.Fatalf("the abandoned game is not a loss: %+v", lines)
	}
}

// labelsOf joins the texts of the labels under o.
func labelsOf(o fyne.CanvasObject) string {
	var out []string
	eachObject(o, func(o fyne.CanvasObject) bool {
		switch w := o.(type) {
		case *widget.Label:
			out = append(out, w.Text)
		case *wrapLabel:
			out = append(out, w.Source)
		}
		return false
	})
	return strings.Join(out, "\n")
}

// TestListKeysAndFollow: after a click on a move in the list the review
// keys still work, and the list follows the move on view after End.
func TestListKeysAndFollow(t *testing.T) {
	g, _ := newTestGUI(t)
	g.win.Resize(defaultWindow)
	g.startGame(settings("othello", session.VsPerson))
	for range 16 {
		if err := g.ctl.Play(g.ctl.State().Moves(nil)[0]); err != nil {
			t.Fatal(err)
		}
	}
	pos := fyne.CurrentApp().Driver().AbsolutePositionForObject(g.panel.moves)
	test.TapCanvas(g.win.Canvas(), pos.AddXY(20, 5)) // the first row on view
	ply, on := g.ctl.Reviewing()
	if !on {
		t.Fatal("a click on a move did not put it on view")
	}
	sendKey(g, fyne.KeyLeft)
	if p, _ := g.ctl.Reviewing(); p != ply-1 {
		t.Fatalf("← after a click: ply %d, want %d", p, ply-1)
	}
	sendKey(g, fyne.KeyHome)
	if p, _ := g.ctl.Reviewing(); p != 0 || g.panel.moves.GetScrollOffset() != 0 {
		t.Fatalf("Home after a click: ply %d, the list scrolled to %v", p, g.panel.moves.GetScrollOffset())
	}
	sendKey(g, fyne.KeyEnd)
	if _, on := g.ctl.Reviewing(); on {
		t.Fatal("End did not return to the game")
	}
	// The last row is on view: the list's offset shows it.
	row := g.panel.moves.CreateItem().MinSize().Height + 1
	bottom := float32(g.ctl.Plies()) * row
	if off := g.panel.moves.GetScrollOffset(); bottom-off > g.panel.moves.Size().Height+1 {
		t.Fatalf("after End the list shows from %v, the last row ends at %v (height %v)", off, bottom, g.panel.moves.Size().Height)
	}
}

// TestCtrlQ quits.
func TestCtrlQ(t *testing.T) {
	g, _ := newTestGUI(t)
	g.startGame(settings("othello", session.VsPerson))
	press(t, g, shortcut(fyne.KeyQ, 0))
	if !g.closed || g.ctl.PersonToMove() {
		t.Fatal("Ctrl+Q did not close the window")
	}
}

// TestRenjuRefusalSaysWhy: a tap on a forbidden point says why.
func TestRenjuRefusalSaysWhy(t *testing.T) {
	g, _ := newTestGUI(t)
	g.win.Resize(defaultWindow)
	set := settings("gomoku", session.VsPerson).WithOption("gomoku", "rules", "renju").WithOption("gomoku", "opening", "none")
	g.startGame(set)
	playTexts(t, g.ctl, "F8 A1 G8 A3 H9 A5 H10 A7")
	if _, ok := g.board.(interface{ SetOnRefused(func(rules.Move)) }); !ok {
		t.Fatal("the Gomoku board does not report refused taps")
	}
	// H8 through the keyboard: Up gives the board the keys with the
	// cursor on the last move (A7); seven right, one up, Return.
	sendKey(g, fyne.KeyUp)
	for range 7 {
		sendKey(g, fyne.KeyRight)
	}
	sendKey(g, fyne.KeyUp)
	sendKey(g, fyne.KeyReturn)
	if g.ctl.Plies() != 8 {
		t.Fatalf("the forbidden point was played (%s)", g.ctl.MoveList())
	}
	if !strings.Contains(g.panel.messages.Text, "Forbidden for Black: double three") {
		t.Fatalf("message line %q", g.panel.messages.Text)
	}
}

// TestLightRadioVisible: in the light theme an unselected radio button's
// ring (the input border color) has at least 2.5:1 contrast against the
// background.
func TestLightRadioVisible(t *testing.T) {
	g, _ := newTestGUI(t)
	th, ok := g.app.Settings().Theme().(*appTheme)
	if !ok {
		t.Fatalf("the window uses %T, not the app theme", g.app.Settings().Theme())
	}
	ring := th.Color(theme.ColorNameInputBorder, theme.VariantLight)
	bg := th.Color(theme.ColorNameBackground, theme.VariantLight)
	if c := contrast(ring, bg); c < 2.5 {
		t.Fatalf("radio ring contrast %.2f:1 in the light theme", c)
	}
}

// contrast is the WCAG contrast ratio of two colors.
func contrast(a, b color.Color) float64 {
	lum := func(c color.Color) float64 {
		r, g, b, _ := c.RGBA()
		ch := func(v uint32) float64 {
			x := float64(v) / 0xffff
			if x <= 0.03928 {
				return x / 12.92
			}
			return math.Pow((x+0.055)/1.055, 2.4)
		}
		return 0.2126*ch(r) + 0.7152*ch(g) + 0.0722*ch(b)
	}
	la, lb := lum(a), lum(b)
	return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
}

// TestMessageLineFollowsState: the message line shows one message, which
// goes at the next action (Save, through Ctrl+S), and the hint's ring
// leaves the board when an earlier position is put on view.
func TestMessageLineFollowsState(t *testing.T) {
	g, q := newTestGUI(t)
	g.startGame(settings("othello", session.VsPerson))
	playTexts(t, g.ctl, "f5 d6 c3")
	press(t, g, &fyne.ShortcutUndo{})
	if g.panel.messages.Text != "Move taken back." {
		t.Fatalf("message line %q after Undo", g.panel.messages.Text)
	}
	press(t, g, shortcut(fyne.KeyS, 0))
	if g.panel.messages.Text != "" {
		t.Fatalf("message line %q after Save", g.panel.messages.Text)
	}
	for top := g.win.Canvas().Overlays().Top(); top != nil; top = g.win.Canvas().Overlays().Top() {
		g.win.Canvas().Overlays().Remove(top) // the file dialog: no key passes it
	}
	g.win.Canvas().Unfocus()
	press(t, g, shortcut(fyne.KeyH, 0))
	hint := func() rules.Move { return g.board.(interface{ Hint() rules.Move }).Hint() }
	q.RunUntil(t, "the hint", func() bool { return hint() != rules.NoMove })
	sendKey(g, fyne.KeyLeft)
	if hint() != rules.NoMove {
		t.Fatal("the hint ring stayed on the board while reviewing")
	}
	sendKey(g, fyne.KeyEnd)
	if hint() != rules.NoMove {
		t.Fatal("the hint ring for another position came back after review")
	}
}

// TestNewGameDialogFits: the new-game dialog fits the window, and
// Othello's short form leaves no tall blank band above the buttons.
func TestNewGameDialogFits(t *testing.T) {
	g, _ := newTestGUI(t)
	g.win.Resize(defaultWindow)
	g.begin()
	start := findButton(g.win.Canvas().Overlays().Top(), "Start")
	if start == nil {
		t.Fatal("no Start button")
	}
	bottom := fyne.CurrentApp().Driver().AbsolutePositionForObject(start).Y + start.Size().Height
	if win := g.win.Canvas().Size().Height; bottom > win-20 || bottom > 580 {
		t.Fatalf("Start ends at %v in a %v high window", bottom, win)
	}
}

// findButton returns the button with text under o, or nil.
func findButton(o fyne.CanvasObject, text string) *widget.Button {
	b, _ := findWhere(o, func(b *widget.Button) bool { return b.Text == text })
	return b
}
