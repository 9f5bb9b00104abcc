package ui

import (
	"fmt"

	"fyne.io/fyne/v2"

	"planiverse/app/i18n"
)

// Move lists on the clipboard: Ctrl+C copies the game's moves, Ctrl+V
// starts a game from a pasted move list (both also in the Game menu).

// copyMoves puts the move list on the clipboard.
func (g *gui) copyMoves() {
	g.app.Clipboard().SetContent(g.ctl.MoveList())
}

// pasteMoves starts a game of the current settings from the clipboard's
// move list; a bad list gets an error dialog and changes nothing.
func (g *gui) pasteMoves() {
	text := g.app.Clipboard().Content()
	if err := g.ctl.LoadMoves(g.ctl.Settings(), text); err != nil {
		g.showError(fmt.Errorf("%s: %w", i18n.T("ui.error.clipboard", "the clipboard holds no {{.Game}} move list",
			map[string]any{"Game": gameTitle(g.ctl.Settings().Descriptor())}), err))
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
