package ui

import (
	"fmt"
	"path/filepath"

	"fyne.io/fyne/v2/dialog"

	"planiverse/app/session"
)

// The autosave that could not be read: the window says so, says where the
// file was kept, and offers the moves that read.

// offerPartialAutosave starts the game of the remembered settings and asks
// whether to restore the readable moves of found's unreadable autosave
// (found.Prefix): Restore starts a game from them, New game shows the
// new-game dialog. Without readable moves it says the file could not be
// read and shows the new-game dialog under the message.
func (g *gui) offerPartialAutosave(found session.AutosaveFound) {
	set := LoadSettings(g.app.Preferences())
	if err := g.ctl.NewGame(set); err != nil {
		_ = g.ctl.NewGame(session.DefaultSettings())
	}
	note := badAutosaveNote(found)
	if found.Prefix == nil {
		g.showNewGame()
		g.ctl.Note(note)
		g.show(dialog.NewInformation("Saved game", "The saved game could not be read.\n"+keptText(found), g.win), nil)
		return
	}
	n := len(found.Prefix.Moves)
	msg := fmt.Sprintf("The saved game could not be read completely. Restore the first %d moves?\n%s", n, keptText(found))
	if n == 1 {
		msg = fmt.Sprintf("The saved game could not be read completely. Restore its first move?\n%s", keptText(found))
	}
	d := dialog.NewConfirm("Saved game", msg, func(restore bool) {
		if restore && g.restoreRecord(found.Prefix, fmt.Sprintf("Restored the first %s of the saved game; the unreadable file is kept as %s.", session.Plural(n, "move"), filepath.Base(found.Bad))) {
			return
		}
		g.ctl.Note(note)
		g.showNewGame()
	}, g.win)
	d.SetConfirmText("Restore")
	d.SetDismissText("New game")
	g.show(d, d.Confirm)
}

// keptText says where the unreadable file is now.
func keptText(found session.AutosaveFound) string {
	return fmt.Sprintf("The file is kept as %s in %s.", filepath.Base(found.Bad), filepath.Dir(found.Bad))
}

// badAutosaveNote is the game's message about an unreadable autosave.
func badAutosaveNote(found session.AutosaveFound) string {
	return fmt.Sprintf("The saved game could not be read (%v); the file is kept as %s.", found.Problem, filepath.Base(found.Bad))
}
