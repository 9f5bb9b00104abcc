package ui

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"planiverse/app/internal/sessiontest"
	"planiverse/app/session"
	"planiverse/rules"
	"planiverse/rules/registry"
	"planiverse/widgets"
)

// TestWindow builds the window headless, starts a game of each game, plays
// a move through the board widget's callback, and checks the board, panel
// and menus follow.
func TestWindow(t *testing.T) {
	a := test.NewTempApp(t)
	q := sessiontest.NewQueue()
	g := newGUI(a, sessiontest.NewScripted(false), q.Post, 1)
	g.ctl.MinDelay, g.ctl.WatchDelay, g.ctl.ShowDelay = 0, 0, 0
	g.begin()
	if g.win.Canvas().Overlays().Top() == nil {
		t.Fatal("no new-game dialog at the start")
	}
	if g.ctl.Started() {
		t.Fatal("the game started before the dialog closed")
	}
	for _, game := range registry.Names() {
		set := settings(game, session.VsComputer)
		g.startGame(set)
		if LoadSettings(a.Preferences()).Game != game {
			t.Fatal("choices not remembered")
		}
		want, err := widgets.New(game, g.ctl.State())
		if err != nil {
			t.Fatal(err)
		}
		if reflect.TypeOf(g.board) != reflect.TypeOf(want) || len(g.boardBox.Objects) != 1 || g.boardBox.Objects[0] != g.board {
			t.Fatalf("%s: wrong board widget %T", game, g.board)
		}
		if !strings.Contains(g.panel.turn.Text, "your turn") || g.panel.hint.Disabled() {
			t.Fatalf("%s: turn %q", game, g.panel.turn.Text)
		}
		if !g.undoItem.Disabled || g.hintItem.Disabled {
			t.Fatalf("%s: menu items undo/hint disabled = %v/%v at the start", game, g.undoItem.Disabled, g.hintItem.Disabled)
		}
		// The person's move, as the board widget reports it.
		m := g.ctl.State().Moves(nil)[0]
		if err := g.ctl.Play(m); err != nil {
			t.Fatal(err)
		}
		q.RunUntil(t, "the computer's reply", g.ctl.PersonToMove)
		if g.undoItem.Disabled || g.panel.undo.Disabled() {
			t.Fatalf("%s: undo not offered after a move", game)
		}
		if n := len(g.panel.rows); n < 2 {
			t.Fatalf("%s: move list %v", game, g.panel.rows)
		}
		// Ctrl+Z and Ctrl+Y as the desktop driver delivers them.
		press(t, g, &fyne.ShortcutUndo{})
		if len(g.panel.rows) != 0 || g.redoItem.Disabled {
			t.Fatalf("%s: after Ctrl+Z the move list is %v", game, g.panel.rows)
		}
		press(t, g, &fyne.ShortcutRedo{})
		if len(g.panel.rows) < 2 {
			t.Fatalf("%s: after Ctrl+Y the move list is %v", game, g.panel.rows)
		}
		if msgs := g.ctl.Messages(); slices.Contains(msgs, "Move taken back.") {
			t.Fatalf("%s: stale message after redo: %q", game, msgs)
		}
		g.undo()
	}
	// Othello's legal-move marks.
	g.startGame(settings("othello", session.VsPerson))
	g.setShowLegal(false)
	if LoadShowLegal(a.Preferences()) || g.legalItem.Checked || g.panel.showLegal.Checked {
		t.Fatal("show-legal off not applied")
	}
	// Game over shows a dialog with New game.
	g.showGameOver("Black wins 40–24.")
	if g.gameOver == nil {
		t.Fatal("no game-over dialog")
	}
	g.showNewGame()
	if g.gameOver != nil {
		t.Fatal("the game-over dialog stays under the new-game dialog")
	}
	g.win.Close()
}

// press delivers shortcut sc to the window as Fyne's desktop driver does for
// a key press (internal/driver/glfw, triggersShortcut): Ctrl+Z arrives as
// fyne.ShortcutUndo, Ctrl+Y as fyne.ShortcutRedo, other Ctrl+key
// combinations as desktop.CustomShortcut. The main menu's items are matched
// by shortcut name first; otherwise the canvas's shortcut handlers run.
func press(t *testing.T, g *gui, sc fyne.Shortcut) {
	t.Helper()
	for _, m := range g.win.MainMenu().Items {
		for _, it := range m.Items {
			if it.Shortcut != nil && it.Shortcut.ShortcutName() == sc.ShortcutName() && it.Action != nil {
				it.Action()
				return
			}
		}
	}
	sh, ok := g.win.Canvas().(fyne.Shortcutable)
	if !ok {
		t.Fatal("the canvas takes no shortcuts")
	}
	sh.TypedShortcut(sc)
}

// TestWindowSize checks the first size fits a 1366x768 screen with a title
// bar and a task bar, and that the size is remembered within limits.
func TestWindowSize(t *testing.T) {
	a := test.NewTempApp(t)
	p := a.Preferences()
	if s := windowSize(p); s.Width > 1366 || s.Height > 700 {
		t.Fatalf("first size %v does not fit 1366x768", s)
	}
	saveWindowSize(p, fyne.NewSize(900, 600))
	if s := windowSize(p); s != fyne.NewSize(900, 600) {
		t.Fatalf("size not remembered: %v", s)
	}
	p.SetFloat(prefWidth, 1e9)
	if s := windowSize(p); s != defaultWindow {
		t.Fatalf("absurd stored size used: %v", s)
	}
	g := newGUI(a, sessiontest.NewScripted(false), func(f func()) { f() }, 1)
	g.win.Resize(fyne.NewSize(1000, 640))
	g.win.Close()
	if s := windowSize(p); s.Width != 1000 || s.Height != 640 {
		t.Fatalf("closing did not remember the size: %v", s)
	}
}

// TestPanelStableLayout checks that the buttons stay where they are when
// the thinking indicator or a hint comes and goes.
func TestPanelStableLayout(t *testing.T) {
	a := test.NewTempApp(t)
	q := sessiontest.NewQueue()
	eng := sessiontest.NewScripted(true)
	g := newGUI(a, eng, q.Post, 1)
	g.ctl.MinDelay = 0
	g.win.Resize(fyne.NewSize(1040, 660))
	g.startGame(settings("othello", session.VsComputer))
	// The top of the move list: the buttons and the message line are
	// above it, below the thinking row.
	at := func() float32 { return g.panel.moves.Position().Y }
	idle := at()
	if err := g.ctl.Play(g.ctl.State().Moves(nil)[0]); err != nil {
		t.Fatal(err)
	}
	eng.WaitStarted(t)
	q.Drain()
	if on, _, _ := g.ctl.Thinking(); !on || at() != idle {
		t.Fatalf("thinking %v: the panel top changed height from %v to %v", on, idle, at())
	}
	close(eng.Release)
	q.RunUntil(t, "the computer's reply", g.ctl.PersonToMove)
	g.hint()
	q.RunUntil(t, "the hint", func() bool { return g.ctl.Hint() != rules.NoMove })
	if at() != idle {
		t.Fatalf("with a hint the panel top changed height from %v to %v", idle, at())
	}
	g.win.Close()
}

// TestClipboardMoves copies the move list with Ctrl+C and sets up a game
// from a pasted list with Ctrl+V, as the desktop driver delivers them; a
// bad list changes nothing.
func TestClipboardMoves(t *testing.T) {
	a := test.NewTempApp(t)
	q := sessiontest.NewQueue()
	g := newGUI(a, sessiontest.NewScripted(false), q.Post, 1)
	g.ctl.MinDelay = 0
	g.startGame(settings("othello", session.VsPerson))
	for _, mv := range []string{"d3", "c5"} {
		m, _ := g.ctl.State().ParseMove(mv)
		if err := g.ctl.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	press(t, g, &fyne.ShortcutCopy{})
	if got := a.Clipboard().Content(); got != "d3 c5" {
		t.Fatalf("copied %q", got)
	}
	a.Clipboard().SetContent("# a game\nf5 d6\nc3\n")
	press(t, g, &fyne.ShortcutPaste{})
	if got := g.ctl.MoveList(); got != "f5 d6 c3" || len(g.panel.rows) != 3 {
		t.Fatalf("after paste: %q, panel %v", got, g.panel.rows)
	}
	h := g.ctl.State().Hash()
	a.Clipboard().SetContent("f5 f5")
	press(t, g, &fyne.ShortcutPaste{})
	if g.ctl.State().Hash() != h || g.ctl.MoveList() != "f5 d6 c3" {
		t.Fatal("a bad move list changed the game")
	}
	if g.win.Canvas().Overlays().Top() == nil {
		t.Fatal("no error dialog for a bad move list")
	}
	// Undo takes pasted moves back like played ones.
	if !g.ctl.Undo() || g.ctl.MoveList() != "f5 d6" {
		t.Fatalf("undo after paste: %q", g.ctl.MoveList())
	}
	g.win.Close()
}
