package ui

import (
	"errors"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/widget"

	"planiverse/app/i18n"
	"planiverse/app/protocol"
	"planiverse/app/session"
	"planiverse/rules/registry"
)

// enginesForm is the content of the Engines dialog: the configured external
// engines, each with a Remove button, and a form to add one (name, game,
// command line). It reads and writes the preferences through save.
type enginesForm struct {
	list    []session.EngineConfig
	save    func([]session.EngineConfig)
	rows    *fyne.Container
	name    *keyEntry
	game    *keySelect
	command *keyEntry
	add     *widget.Button
	status  *wrapLabel
	content fyne.CanvasObject
	// keys takes Enter and Escape typed in the entries or the drop-down
	// (gui.dialogKey); nil: they keep them.
	keys func(fyne.KeyName) bool
}

// gameTitles are the titles of the games that have an engine protocol, in
// registry order, and the names by title.
func protocolGames() (titles []string, names map[string]string) {
	names = map[string]string{}
	for _, d := range registry.Games() {
		if _, ok := protocol.For(d); ok {
			titles = append(titles, gameTitle(d))
			names[gameTitle(d)] = d.Name
		}
	}
	return titles, names
}

// newEnginesForm builds the form for list, the game select showing the
// game titled current (when it has a protocol).
func newEnginesForm(list []session.EngineConfig, current string, save func([]session.EngineConfig)) *enginesForm {
	f := &enginesForm{list: list, save: save, rows: container.NewVBox()}
	titles, names := protocolGames()
	f.name = newKeyEntry(&f.keys)
	f.name.SetPlaceHolder(i18n.T("ui.engines.name_hint", "a name, such as AIWine", nil))
	f.game = newKeySelect(titles, &f.keys)
	if len(titles) > 0 {
		f.game.SetSelectedIndex(0)
		f.game.SetSelected(current) // no change when current has no protocol
	}
	f.command = newKeyEntry(&f.keys)
	f.command.SetPlaceHolder(i18n.T("ui.engines.command_hint", "/path/to/engine --its-options", nil))
	f.status = newWrapLabel("")
	f.add = widget.NewButton(i18n.T("ui.engines.add", "Add", nil), func() {
		e := session.EngineConfig{Name: strings.TrimSpace(f.name.Text), Game: names[f.game.Selected], Command: strings.TrimSpace(f.command.Text)}
		if err := f.addEngine(e); err != nil {
			f.status.SetText(session.ErrorText(err))
			return
		}
		f.name.SetText("")
		f.command.SetText("")
		f.status.SetText(i18n.T("ui.engines.added", "Added {{.Name}}. Choose it as the engine in the New game dialog.", map[string]any{"Name": e.Name}))
	})
	help := newWrapLabel(i18n.T("ui.engines.help", "An external engine is a program that speaks the game's engine protocol: "+
		"Gomocup pbrain (Gomoku), NBoard (Othello), CodeCup 2011 (DVONN) or Planiverse's Alak protocol "+
		"(see the README). It runs as a child process; a crash, a hang or garbage ends the game with a message.", nil))
	form := container.New(layout.NewFormLayout(),
		widget.NewLabel(i18n.T("ui.engines.name", "Name", nil)), f.name,
		widget.NewLabel(i18n.T("ui.newgame.game", "Game", nil)), f.game,
		widget.NewLabel(i18n.T("ui.engines.command", "Command", nil)), f.command)
	f.content = container.NewBorder(help, container.NewVBox(form, f.add, f.status), nil, nil, container.NewVScroll(f.rows))
	f.refresh()
	return f
}

// titleOf is the title of the game named name in the window's language
// (name itself when no game has it).
func titleOf(name string) string {
	if d, err := registry.Lookup(name); err == nil {
		return gameTitle(d)
	}
	return name
}

// addEngine checks e and adds it to the list.
func (f *enginesForm) addEngine(e session.EngineConfig) error {
	switch {
	case e.Name == "":
		return errors.New(i18n.T("ui.engines.err_name", "give the engine a name", nil))
	case e.Name == planiverseEngine:
		return errors.New(i18n.T("ui.engines.err_builtin", "“{{.Name}}” is the built-in engine's name", map[string]any{"Name": planiverseEngine}))
	case e.Game == "":
		return errors.New(i18n.T("ui.engines.err_game", "choose the game it plays", nil))
	case e.Command == "":
		return errors.New(i18n.T("ui.engines.err_command", "give the command line that starts it", nil))
	}
	if _, dup := session.EngineFor(f.list, e.Game, e.Name); dup {
		return errors.New(i18n.T("ui.engines.err_duplicate", "there is already an engine “{{.Name}}” for {{.Game}}", map[string]any{"Name": e.Name, "Game": titleOf(e.Game)}))
	}
	f.list = append(f.list, e)
	f.save(f.list)
	f.refresh()
	return nil
}

// remove deletes engine i.
func (f *enginesForm) remove(i int) {
	f.list = append(f.list[:i:i], f.list[i+1:]...)
	f.save(f.list)
	f.refresh()
}

// refresh rebuilds the list's rows (a handful; the dialog is not a board).
func (f *enginesForm) refresh() {
	f.rows.Objects = nil
	if len(f.list) == 0 {
		f.rows.Add(widget.NewLabel(i18n.T("ui.engines.none", "No external engine yet.", nil)))
	}
	for i, e := range f.list {
		label := widget.NewLabel(e.Name + " — " + titleOf(e.Game) + " — " + e.Command)
		label.Truncation = fyne.TextTruncateEllipsis
		f.rows.Add(container.NewBorder(nil, nil, nil, widget.NewButton(i18n.T("ui.engines.remove", "Remove", nil), func() { f.remove(i) }), label))
	}
	f.rows.Refresh()
}

// showEngines shows the Engines dialog. Enter adds the engine typed in
// the form, or closes the dialog when the form is empty; Escape closes it.
func (g *gui) showEngines() {
	title := ""
	if d := g.ctl.Settings().Descriptor(); d != nil {
		title = gameTitle(d)
	}
	f := newEnginesForm(LoadEngines(g.app.Preferences()), title, func(list []session.EngineConfig) { SaveEngines(g.app.Preferences(), list) })
	d := dialog.NewCustom(i18n.T("ui.engines.title", "External engines", nil), i18n.T("ui.button.close", "Close", nil), f.content, g.win)
	size := g.win.Canvas().Size()
	d.Resize(fyne.NewSize(min(640, size.Width-40), min(520, size.Height-40)))
	f.keys = g.dialogKey
	g.show(d, func() {
		if strings.TrimSpace(f.name.Text+f.command.Text) != "" {
			f.add.OnTapped()
			return
		}
		d.Hide()
	})
}
