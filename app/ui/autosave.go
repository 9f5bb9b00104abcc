package ui

import (
	"fmt"
	"path/filepath"

	"fyne.io/fyne/v2/dialog"

	"planiverse/app/i18n"
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
		g.show(dialog.NewInformation(i18n.T("ui.autosave.title", "Saved game", nil),
			i18n.T("ui.autosave.unreadable", "The saved game could not be read.\nThe file is kept as {{.File}} in {{.Folder}}.", keptData(found)), g.win), nil)
		return
	}
	n := len(found.Prefix.Moves)
	msg := i18n.N("ui.autosave.partial", "The saved game could not be read completely. Restore the first {{.Count}} moves?\nThe file is kept as {{.File}} in {{.Folder}}.", n, keptData(found))
	d := dialog.NewConfirm(i18n.T("ui.autosave.title", "Saved game", nil), msg, func(restore bool) {
		if restore && g.restoreRecord(found.Prefix, i18n.N("ui.autosave.restored_part", "Restored the first {{.Count}} moves of the saved game; the unreadable file is kept as {{.File}}.", n, keptData(found))) {
			return
		}
		g.ctl.Note(note)
		g.showNewGame()
	}, g.win)
	d.SetConfirmText(i18n.T("ui.button.restore", "Restore", nil))
	d.SetDismissText(i18n.T("ui.new_game", "New game", nil))
	g.show(d, d.Confirm)
}

// keptData names where the unreadable file is now, as the templates'
// File and Folder.
func keptData(found session.AutosaveFound) map[string]any {
	return map[string]any{"File": filepath.Base(found.Bad), "Folder": filepath.Dir(found.Bad)}
}

// badAutosaveNote is the game's message about an unreadable autosave.
func badAutosaveNote(found session.AutosaveFound) string {
	return i18n.T("ui.autosave.bad_note", "The saved game could not be read ({{.Problem}}); the file is kept as {{.File}}.",
		map[string]any{"Problem": fmt.Sprint(found.Problem), "File": filepath.Base(found.Bad)})
}
