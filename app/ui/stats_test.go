package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"planiverse/app/internal/sessiontest"
	"planiverse/app/session"
)

// TestStatistics: a resigned game against the computer counts once as
// lost at its game and level, even when it is taken back and resigned
// again; games between two people do not count.
func TestStatistics(t *testing.T) {
	a := test.NewTempApp(t)
	q := sessiontest.NewQueue()
	g := newGUI(a, sessiontest.NewScripted(false), q.Post, 1)
	g.ctl.MinDelay, g.ctl.WatchDelay, g.ctl.ShowDelay = 0, 0, 0
	set := settings("othello", session.VsComputer)
	set.Level = 3
	g.startGame(set)
	playTexts(t, g.ctl, "f5")
	q.RunUntil(t, "the computer's reply", g.ctl.PersonToMove)
	if !g.ctl.Resign() {
		t.Fatal("cannot resign")
	}
	if out, ok := g.ctl.PersonOutcome(); !ok || out != "lost" {
		t.Fatalf("outcome %q %v", out, ok)
	}
	g.ctl.Undo()
	g.ctl.Resign()
	lines := loadStats(a.Preferences())
	if len(lines) != 1 || lines[0].Game != "Othello" || lines[0].Level != 3 || lines[0].Count != [3]int{0, 0, 1} {
		t.Fatalf("statistics %+v, want one Othello level 3 loss", lines)
	}
	g.startGame(settings("othello", session.VsPerson))
	g.ctl.Resign()
	if lines := loadStats(a.Preferences()); len(lines) != 1 || lines[0].Count != [3]int{0, 0, 1} {
		t.Fatalf("a game between people was counted: %+v", lines)
	}
	g.showStats()
	if g.win.Canvas().Overlays().Top() == nil {
		t.Fatal("no statistics dialog")
	}
	resetStats(a.Preferences())
	if lines := loadStats(a.Preferences()); len(lines) != 0 {
		t.Fatalf("after reset: %+v", lines)
	}
}

// TestStatisticsDialogLayout: the table sits at the top at its own height
// (one row does not float in blank space) and Reset is a small button
// beside Close, not a full-width bar.
func TestStatisticsDialogLayout(t *testing.T) {
	g, _ := newTestGUI(t)
	g.win.Resize(defaultWindow)
	countGame(g.app.Preferences(), "othello", 2, "won")
	d, box, reset := g.statsDialog()
	g.show(d, nil)
	if grid := box.Objects[1]; grid.Size().Height > grid.MinSize().Height+1 || grid.Position().Y > 60 {
		t.Fatalf("the table is at %v, %v high (needs %v)", grid.Position().Y, grid.Size().Height, grid.MinSize().Height)
	}
	if reset.Size().Width > box.Size().Width/3 {
		t.Fatalf("Reset is %v wide in a %v dialog", reset.Size().Width, box.Size().Width)
	}
	sendKey(g, fyne.KeyEscape)
	if g.win.Canvas().Overlays().Top() != nil {
		t.Fatal("Escape did not close the statistics")
	}
}
