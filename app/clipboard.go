package main

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"

	"planiverse/rules"
)

// Move lists on the clipboard: Ctrl+C copies the game's moves, Ctrl+V
// starts a game from a pasted move list (both also in the Game menu).

// MoveList returns the moves of the game so far in the game's notation,
// space-separated (the text --moves and paste read).
func (c *Controller) MoveList() string {
	texts, _, _ := c.History()
	return strings.Join(texts, " ")
}

// LoadMoves starts a new game with set and plays the moves of text on it
// (the game's notation, separated by spaces or new lines; lines starting
// with '#' are comments). Every move is checked first: on a bad one it
// returns an error naming it, and the game on screen stays as it was. The
// moves count as played by their seats, so Undo takes them back as usual.
func (c *Controller) LoadMoves(set MatchSettings, text string) error {
	var moves []string
	for _, line := range strings.Split(text, "\n") {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
			moves = append(moves, line)
		}
	}
	joined := strings.Join(moves, " ")
	if strings.TrimSpace(joined) == "" {
		return fmt.Errorf("no moves to set up")
	}
	_, check, err := NewGame(set.Game, set.Options())
	if err != nil {
		return err
	}
	played, err := rules.PlayMoveList(check, joined)
	if err != nil {
		return err
	}
	return c.newGame(set, played)
}

// copyMoves puts the move list on the clipboard.
func (g *gui) copyMoves() {
	g.app.Clipboard().SetContent(g.ctl.MoveList())
}

// pasteMoves starts a game of the current settings from the clipboard's
// move list; a bad list gets an error dialog and changes nothing.
func (g *gui) pasteMoves() {
	text := g.app.Clipboard().Content()
	if err := g.ctl.LoadMoves(g.ctl.Settings(), text); err != nil {
		dialog.ShowError(fmt.Errorf("the clipboard holds no %s move list: %w", g.ctl.Settings().Descriptor().Title, err), g.win)
		return
	}
	g.ctl.Start()
}

// clipboardShortcuts registers Ctrl+C and Ctrl+V, which Fyne's desktop
// driver delivers as ShortcutCopy and ShortcutPaste.
func (g *gui) clipboardShortcuts(c fyne.Canvas) {
	c.AddShortcut(&fyne.ShortcutCopy{}, func(fyne.Shortcut) { g.copyMoves() })
	c.AddShortcut(&fyne.ShortcutPaste{}, func(fyne.Shortcut) { g.pasteMoves() })
}
