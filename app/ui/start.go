package ui

import (
	"fmt"

	"planiverse/app/i18n"
	"planiverse/app/session"
	"planiverse/app/session/startopts"
)

// The window's first game as the command line asks for it
// (app/session/startopts): "planiverse FILE" opens the record as File →
// Open does, but between two people at the screen, so that nothing moves
// by itself while the person reviews it (or plays on); the start options start a new game as the New game
// dialog's Start does (its choices are remembered), without showing the
// dialog. Either takes the place of the autosave's restore: the FILE or
// the options win, and the autosaved game stays on disk, untouched, until
// the window's game changes (a move, the computer's included); from then
// on the window autosaves its own game as always.

// beginWith sets up the first game: st's record (for review), st's new game, or, when
// st asks for neither, the autosaved game or the New game dialog (begin).
// A record or settings that do not open (Parse has checked them, so only
// a file changed since) leave the usual start with the error in a dialog.
func (g *gui) beginWith(st startopts.Start) {
	var err error
	// A record or start options leave an autosaved game in progress for
	// the next plain start.
	g.autosaver.Fresh = st.File != "" || st.NewGame()
	switch {
	case st.File != "":
		set := LoadSettings(g.app.Preferences())
		set.Opponent = session.VsPerson
		err = g.openRecord(set, st.File, st.Data, true)
	case st.NewGame():
		err = g.startNew(st.Settings())
	default:
		g.begin()
		return
	}
	if err != nil {
		g.begin()
		g.showError(fmt.Errorf("%s: %w", i18n.T("ui.error.not_started", "the game could not be started", nil), err))
	}
}

// startNew starts a game with set, remembers the choices and leaves the
// autosave as it is until the game changes.
func (g *gui) startNew(set session.MatchSettings) error {
	if err := g.ctl.NewGame(set); err != nil {
		return err
	}
	SaveSettings(g.app.Preferences(), set)
	g.saved = g.autosaveKey()
	g.ctl.Start()
	return nil
}
