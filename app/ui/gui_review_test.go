package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"planiverse/app/internal/sessiontest"
	"planiverse/app/session"
	"planiverse/widgets"
)

// TestWindowReview: the arrow keys (nothing focused) and a tap on the
// evaluation graph walk through the game, the board shows the position on
// view, the graph marks it and fills in; Up gives the board the keyboard.
func TestWindowReview(t *testing.T) {
	a := test.NewTempApp(t)
	q := sessiontest.NewQueue()
	g := newGUI(a, sessiontest.NewScripted(false), q.Post, 1)
	g.startGame(settings("othello", session.VsPerson))
	playTexts(t, g.ctl, "f5 d6 c3 d3")
	typeKey := func(k fyne.KeyName) {
		g.win.Canvas().(interface {
			OnTypedKey() func(*fyne.KeyEvent)
		}).OnTypedKey()(&fyne.KeyEvent{Name: k})
	}
	typeKey(fyne.KeyLeft)
	if ply, on := g.ctl.Reviewing(); !on || ply != 3 {
		t.Fatalf("← : reviewing %d %v", ply, on)
	}
	if g.shown != g.ctl.ViewState() || g.shown == g.ctl.State() {
		t.Fatal("the board does not show the position on view")
	}
	if g.panel.graph.Current() != 3 {
		t.Errorf("the graph marks ply %d", g.panel.graph.Current())
	}
	typeKey(fyne.KeyHome)
	if ply, _ := g.ctl.Reviewing(); ply != 0 {
		t.Fatalf("Home: ply %d", ply)
	}
	g.panel.graph.OnTapped(2)
	if ply, _ := g.ctl.Reviewing(); ply != 2 {
		t.Fatalf("graph tap: ply %d", ply)
	}
	typeKey(fyne.KeyEnd)
	if _, on := g.ctl.Reviewing(); on || g.shown != g.ctl.State() {
		t.Fatal("End did not return to the game")
	}
	q.RunUntil(t, "the analysis", func() bool {
		_, known := g.ctl.Analysis()
		return len(known) == 4 && known[0] && known[3]
	})
	typeKey(fyne.KeyUp)
	if f, ok := g.board.(fyne.Focusable); !ok || g.win.Canvas().Focused() != f {
		t.Fatal("Up did not give the board the keyboard")
	}
	if widgets.CurrentAnimationSpeed() != widgets.AnimationNormal {
		t.Error("animation speed not normal by default")
	}
}
