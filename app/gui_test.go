package main

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"planiverse/widgets"
)

// TestWindow builds the window headless, starts a game of each game, plays
// a move through the board widget's callback, and checks the board, panel
// and menus follow.
func TestWindow(t *testing.T) {
	a := test.NewTempApp(t)
	q := newUIQueue()
	g := newGUI(a, newScripted(false), q.post, 1)
	g.ctl.MinDelay, g.ctl.WatchDelay, g.ctl.ShowDelay = 0, 0, 0
	g.begin()
	if g.win.Canvas().Overlays().Top() == nil {
		t.Fatal("no new-game dialog at the start")
	}
	if g.ctl.Started() {
		t.Fatal("the game started before the dialog closed")
	}
	for _, game := range GameNames {
		set := settings(game, VsComputer)
		g.startGame(set)
		if LoadSettings(a.Preferences()).Game != game {
			t.Fatal("choices not remembered")
		}
		var ok bool
		switch game {
		case "othello":
			_, ok = g.board.(*widgets.OthelloBoard)
		case "gomoku":
			_, ok = g.board.(*widgets.GomokuBoard)
		case "dvonn":
			_, ok = g.board.(*widgets.DvonnBoard)
		case "alak":
			_, ok = g.board.(*widgets.AlakBoard)
		}
		if !ok || len(g.boardBox.Objects) != 1 || g.boardBox.Objects[0] != g.board {
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
		q.runUntil(t, "the computer's reply", g.ctl.PersonToMove)
		if g.undoItem.Disabled || g.panel.undo.Disabled() {
			t.Fatalf("%s: undo not offered after a move", game)
		}
		if n := len(g.panel.moveTexts); n < 2 {
			t.Fatalf("%s: move list %v", game, g.panel.moveTexts)
		}
		g.undo()
		if len(g.panel.moveTexts) != 0 || g.redoItem.Disabled {
			t.Fatalf("%s: after undo the move list is %v", game, g.panel.moveTexts)
		}
	}
	// Othello's legal-move marks.
	g.startGame(settings("othello", VsPerson))
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
