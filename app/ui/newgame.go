package ui

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/widget"

	"planiverse/ai"
	"planiverse/app/i18n"
	"planiverse/app/session"
	"planiverse/rules"
	"planiverse/rules/registry"
)

// Texts of the new-game dialog's opponent choices, in the window's
// language.
func optVsComputer() string { return i18n.T("ui.opponent.computer", "The computer", nil) }
func optVsPerson() string {
	return i18n.T("ui.opponent.person", "Another person at this screen", nil)
}
func optWatch() string {
	return i18n.T("ui.opponent.watch", "Computer against computer (watch)", nil)
}

// newGameForm is the content of the new-game dialog: the game, the
// opponent, the level, the person's side and each registered game's
// options (rules.Descriptor.Options), shown for the chosen game only. It
// reads and writes MatchSettings and has no other state, so tests drive it
// headless.
type newGameForm struct {
	set   session.MatchSettings
	games []*rules.Descriptor

	game      *widget.RadioGroup
	opponent  *widget.RadioGroup
	level     *keySelect
	levelDesc *wrapLabel
	side      *widget.RadioGroup

	level2            *keySelect // the second seat's level in computer against computer
	clock             *keySelect
	loseTime          *keyCheck
	levelRow, sideRow *formRow
	level2Row         *formRow
	engine            *keySelect // "Planiverse" or a configured external engine of the game
	engineRow         *formRow
	engines           []session.EngineConfig
	// options holds each game's option rows, by game name.
	options  map[string][]*optionRow
	summary  map[string]*formRow // the game's Summary line, if any
	warning  *wrapLabel
	warnRow  *formRow
	syncing  bool
	keys     func(fyne.KeyName) bool // Enter and Escape from a focused drop-down or check (newGameDialog)
	content  fyne.CanvasObject
	onChange func() // called after sync (newGameDialog refits the dialog; tests)
}

// optionRow is one game option in the form: a radio group for a choice
// option, a select for a number option, and a note under it (the chosen
// choice's Note).
type optionRow struct {
	game  *rules.Descriptor
	opt   *rules.Option
	radio *widget.RadioGroup // choice options
	sel   *keySelect         // number options
	note  *wrapLabel
	row   *formRow
	nrow  *formRow
}

// value returns the value the row shows ("" when none is chosen).
func (r *optionRow) value() string {
	if r.radio != nil {
		for _, c := range r.opt.Choices {
			if choiceLabel(r.game, r.opt, c) == r.radio.Selected {
				return c.Value
			}
		}
		return ""
	}
	return r.sel.Selected
}

// setValue shows value v.
func (r *optionRow) setValue(v string) {
	if r.radio != nil {
		for _, c := range r.opt.Choices {
			if c.Value == v {
				r.radio.SetSelected(choiceLabel(r.game, r.opt, c))
			}
		}
		return
	}
	r.sel.SetSelected(v)
}

// levelOption is the text of level l in the level list: "2 · Casual".
func levelOption(l ai.Level) string {
	return fmt.Sprintf("%d · %s", l.Number, session.LevelName(l.Number))
}

// sideOptions returns the names of the two seats of game d at the start,
// the first seat first: "Black (moves first)", "White".
func sideOptions(d *rules.Descriptor) []string {
	first, second := d.Colors[0], d.Colors[1]
	if s, err := d.Start(nil); err == nil {
		first, second = d.SeatName(s, rules.First), d.SeatName(s, rules.Second)
	}
	return []string{i18n.T("ui.side.moves_first", "{{.Color}} (moves first)", map[string]any{"Color": colorName(first)}),
		colorName(second)}
}

// colorName is a seat's color name (rules.Descriptor.Colors, SeatName) in
// the window's language.
func colorName(english string) string {
	return i18n.Text("ui.color."+strings.ToLower(english), english)
}

// choiceLabel is the label of game d's option choice c in the window's
// language.
func choiceLabel(d *rules.Descriptor, opt *rules.Option, c rules.Choice) string {
	return i18n.Text("ui.option."+d.Name+"."+opt.Key+"."+c.Value, c.Label)
}

// seatLevel is the label of seat's level row in computer against computer:
// "Black's level".
func seatLevel(d *rules.Descriptor, seat rules.Seat) string {
	name := d.Colors[seat]
	if s, err := d.Start(nil); err == nil {
		name = d.SeatName(s, seat)
	}
	return i18n.T("ui.newgame.seat_level", "{{.Color}}'s level", map[string]any{"Color": colorName(name)})
}

// planiverseEngine is the engine choice that means Planiverse itself.
const planiverseEngine = "Planiverse"

// newNewGameForm builds the form showing set, offering the external
// engines configured for each game.
func newNewGameForm(set session.MatchSettings, engines []session.EngineConfig) *newGameForm {
	f := &newGameForm{set: set.Normalized(), games: registry.Games(), engines: engines,
		options: map[string][]*optionRow{}, summary: map[string]*formRow{}}
	set = f.set

	titles := make([]string, len(f.games))
	for i, d := range f.games {
		titles[i] = gameTitle(d)
	}
	f.game = widget.NewRadioGroup(titles, nil)
	f.game.Horizontal = true
	f.game.Required = true
	f.game.SetSelected(gameTitle(set.Descriptor()))

	f.opponent = widget.NewRadioGroup([]string{optVsComputer(), optVsPerson(), optWatch()}, nil)
	f.opponent.Required = true
	f.opponent.SetSelected(map[session.Opponent]string{session.VsComputer: optVsComputer(), session.VsPerson: optVsPerson(), session.Watch: optWatch()}[set.Opponent])

	var levelOpts []string
	for _, l := range ai.AllLevels() {
		levelOpts = append(levelOpts, levelOption(l))
	}
	f.levelDesc = newWrapLabel("")
	f.level = newKeySelect(levelOpts, &f.keys)
	f.level.SetSelectedIndex(set.Level - ai.MinLevel)

	f.level2 = newKeySelect(levelOpts, &f.keys)
	if set.HasLevel2 {
		f.level2.SetSelectedIndex(set.Level2 - ai.MinLevel)
	} else {
		f.level2.SetSelectedIndex(set.Level - ai.MinLevel)
	}
	var clocks []string
	for _, p := range session.ClockPresets {
		clocks = append(clocks, p.Text())
	}
	f.clock = newKeySelect(clocks, &f.keys)
	f.clock.SetSelected(session.ClockPresetFor(set.Clock).Text())
	f.loseTime = newKeyCheck(i18n.T("ui.newgame.lose_on_time", "Running out of time loses the game", nil), &f.keys)
	f.loseTime.SetChecked(set.LoseOnTime)

	f.side = widget.NewRadioGroup(sideOptions(set.Descriptor()), nil)
	f.side.Horizontal = true
	f.side.Required = true
	f.side.SetSelected(f.side.Options[set.Side])

	// One form layout for everything, so that the labels line up; a row
	// whose label and content are both hidden takes no space.
	var objs []fyne.CanvasObject
	row := func(label string, content fyne.CanvasObject) *formRow {
		l := widget.NewLabelWithStyle(label, fyne.TextAlignTrailing, fyne.TextStyle{Bold: true})
		objs = append(objs, l, content)
		return &formRow{l, content}
	}
	row(i18n.T("ui.newgame.game", "Game", nil), f.game)
	row(i18n.T("ui.newgame.opponent", "Opponent", nil), f.opponent)
	f.levelRow = row(i18n.T("ui.newgame.level", "Level", nil), container.NewVBox(f.level, f.levelDesc))
	f.level2Row = row(i18n.T("ui.newgame.second_seat", "Second seat", nil), f.level2)
	f.engine = newKeySelect(nil, &f.keys)
	f.engineRow = row(i18n.T("ui.newgame.engine", "Engine", nil), f.engine)
	f.syncEngines(set)
	f.sideRow = row(i18n.T("ui.newgame.you_play", "You play", nil), f.side)
	for _, d := range f.games {
		if d.Summary != "" {
			f.summary[d.Name] = row("", newWrapLabel(i18n.Text("ui.summary."+d.Name, d.Summary)))
		}
		for i := range d.Options {
			opt := &d.Options[i]
			if opt.Label == "" {
				continue
			}
			r := &optionRow{game: d, opt: opt, note: newWrapLabel("")}
			var content fyne.CanvasObject
			if len(opt.Choices) > 0 {
				labels := make([]string, len(opt.Choices))
				for j, c := range opt.Choices {
					labels[j] = choiceLabel(d, opt, c)
				}
				r.radio = widget.NewRadioGroup(labels, nil)
				r.radio.Required = true
				r.radio.Horizontal = len(opt.Choices) <= 3 && maxLen(labels) <= 10
				content = r.radio
			} else {
				var nums []string
				for n := opt.Min; n <= opt.Max; n++ {
					nums = append(nums, strconv.Itoa(n))
				}
				r.sel = newKeySelect(nums, &f.keys)
				content = r.sel
			}
			r.setValue(set.Variants[d.Name][opt.Key])
			r.row = row(i18n.Text("ui.option."+d.Name+"."+opt.Key, opt.Label), content)
			r.nrow = row("", r.note)
			f.options[d.Name] = append(f.options[d.Name], r)
		}
	}
	row(i18n.T("ui.newgame.clock", "Clock", nil), container.NewVBox(f.clock, f.loseTime))
	f.warning = newWrapLabel("")
	f.warning.Importance = widget.WarningImportance
	f.warnRow = row("", f.warning)
	f.content = container.New(layout.NewFormLayout(), objs...)

	// Change handlers are set last so that building the form does not
	// trigger them.
	f.game.OnChanged = func(string) { f.sync() }
	f.opponent.OnChanged = func(string) { f.sync() }
	f.level.OnChanged = func(string) { f.sync() }
	f.level2.OnChanged = func(string) { f.sync() }
	f.clock.OnChanged = func(string) { f.sync() }
	f.engine.OnChanged = func(string) { f.sync() }
	for _, rows := range f.options {
		for _, r := range rows {
			if r.radio != nil {
				r.radio.OnChanged = func(string) { f.sync() }
			} else {
				r.sel.OnChanged = func(string) { f.sync() }
			}
		}
	}
	f.sync()
	return f
}

// levelDescription is level l's description for game d: a remark in
// parentheses about another of games (Master's "perfect play in Alak …")
// is left out.
func levelDescription(l ai.Level, d *rules.Descriptor, games []*rules.Descriptor) string {
	text := session.LevelDescription(l.Number)
	i := strings.Index(text, " (")
	if i < 0 || d == nil {
		return text
	}
	remark := text[i:]
	for _, g := range games {
		if g != d && strings.Contains(remark, g.Title) && !strings.Contains(remark, d.Title) {
			return text[:i]
		}
	}
	return text
}

func maxLen(ss []string) int {
	n := 0
	for _, s := range ss {
		n = max(n, len([]rune(s)))
	}
	return n
}

// sync shows the parts of the form that apply to the current choices.
func (f *newGameForm) sync() {
	if f.syncing {
		return
	}
	f.syncing = true
	defer func() { f.syncing = false }()
	s := f.Settings()
	d := s.Descriptor()
	for _, g := range f.games {
		chosen := g.Name == s.Game
		if r := f.summary[g.Name]; r != nil {
			r.show(chosen)
		}
		for _, r := range f.options[g.Name] {
			r.row.show(chosen)
			note := ""
			if r.opt.Applies != nil && !r.opt.Applies(s.Variants[g.Name]) {
				disable(r, true)
			} else {
				disable(r, false)
				for _, c := range r.opt.Choices {
					if c.Value == r.value() && c.Note != "" {
						note = i18n.Text("ui.option."+g.Name+"."+r.opt.Key+"."+c.Value+".note", c.Note)
					}
				}
			}
			r.note.SetText(note)
			r.nrow.show(chosen && note != "")
		}
	}
	warn := ""
	if d.Warning != nil {
		warn = session.GameWarning(d, s.Options())
	}
	f.warning.SetText(warn)
	f.warnRow.show(warn != "")
	f.syncEngines(s)
	// Against a person an external engine replaces the level; in computer
	// against computer it plays the second seat against the level.
	f.levelRow.show(s.Opponent == session.Watch || s.Opponent == session.VsComputer && s.Engine == "")
	f.engineRow.show(s.Opponent != session.VsPerson && len(f.engine.Options) > 1)
	f.sideRow.show(s.Opponent == session.VsComputer)
	f.level2Row.show(s.Opponent == session.Watch && s.Engine == "")
	if session.ClockPresetFor(s.Clock).On() {
		f.loseTime.Enable()
	} else {
		f.loseTime.Disable()
	}
	desc := levelDescription(ai.LevelOf(s.Level), d, f.games)
	if words := session.LevelWords(d, s.Level); words != "" {
		desc = i18n.T("ui.newgame.level_measured", "{{.Description}}; in {{.Game}}, {{.Measured}} (measured)",
			map[string]any{"Description": desc, "Game": gameTitle(d), "Measured": words})
	}
	f.levelDesc.SetText(desc)
	// In computer against computer each level row names its seat's
	// color.
	first, second := i18n.T("ui.newgame.level", "Level", nil), i18n.T("ui.newgame.second_seat", "Second seat", nil)
	if s.Opponent == session.Watch {
		first, second = seatLevel(d, rules.First), seatLevel(d, rules.Second)
	}
	f.levelRow.label.(*widget.Label).SetText(first)
	f.level2Row.label.(*widget.Label).SetText(second)
	if opts := sideOptions(d); opts[0] != f.side.Options[0] || opts[1] != f.side.Options[1] {
		f.side.Options = opts
		f.side.Selected = opts[s.Side]
		f.side.Refresh()
	}
	if f.onChange != nil {
		f.onChange()
	}
}

// syncEngines offers Planiverse and the engines configured for s.Game,
// showing s.Engine (Planiverse when it is not among them).
func (f *newGameForm) syncEngines(s session.MatchSettings) {
	opts := []string{planiverseEngine}
	for _, e := range f.engines {
		if e.Game == s.Game {
			opts = append(opts, e.Name)
		}
	}
	sel := planiverseEngine
	if _, ok := session.EngineFor(f.engines, s.Game, s.Engine); ok {
		sel = s.Engine
	}
	if !slices.Equal(opts, f.engine.Options) {
		f.engine.Options = opts
		f.engine.Refresh()
	}
	if f.engine.Selected != sel {
		f.engine.Selected = sel
		f.engine.Refresh()
	}
}

// disable turns an option row's input off or on.
func disable(r *optionRow, off bool) {
	var w fyne.Disableable = r.sel
	if r.radio != nil {
		w = r.radio
	}
	if off {
		w.Disable()
	} else {
		w.Enable()
	}
}

// formRow is one label and its content in the dialog's form layout.
type formRow struct{ label, content fyne.CanvasObject }

func (r *formRow) show(on bool) {
	showIf(r.label, on)
	showIf(r.content, on)
}

// Visible reports whether the row is shown.
func (r *formRow) Visible() bool { return r.content.Visible() }

func showIf(o fyne.CanvasObject, on bool) {
	if on {
		o.Show()
	} else {
		o.Hide()
	}
}

// optionRow returns the row of game's option key, or nil.
func (f *newGameForm) optionRow(game, key string) *optionRow {
	for _, r := range f.options[game] {
		if r.opt.Key == key {
			return r
		}
	}
	return nil
}

// Settings returns the choices the form shows.
func (f *newGameForm) Settings() session.MatchSettings {
	s := f.set
	for _, d := range f.games {
		if gameTitle(d) == f.game.Selected {
			s.Game = d.Name
		}
	}
	switch f.opponent.Selected {
	case optVsComputer():
		s.Opponent = session.VsComputer
	case optVsPerson():
		s.Opponent = session.VsPerson
	case optWatch():
		s.Opponent = session.Watch
	}
	if i := f.level.SelectedIndex(); i >= 0 {
		s.Level = i + ai.MinLevel
	}
	s.Level2, s.HasLevel2 = 0, false
	if i := f.level2.SelectedIndex(); i >= 0 && i+ai.MinLevel != s.Level {
		s.Level2, s.HasLevel2 = i+ai.MinLevel, true
	}
	for _, p := range session.ClockPresets {
		if p.Text() == f.clock.Selected {
			s.Clock = p.Key
		}
	}
	s.LoseOnTime = f.loseTime.Checked
	s.Engine = ""
	if _, ok := session.EngineFor(f.engines, s.Game, f.engine.Selected); ok && f.engine.Selected != planiverseEngine {
		s.Engine = f.engine.Selected
	}
	for i, o := range f.side.Options {
		if o == f.side.Selected {
			s.Side = rules.Seat(i)
		}
	}
	for game, rows := range f.options {
		for _, r := range rows {
			if v := r.value(); v != "" {
				s = s.WithOption(game, r.opt.Key, v)
			}
		}
	}
	return s.Normalized()
}

// newGameDialog returns the new-game dialog over w with set's choices and
// the configured engines, sized to fit the window (the form scrolls inside
// it) and centered in it; Start calls onStart with the chosen settings,
// Cancel calls onCancel. keys (nil: none) takes Enter and Escape typed
// while one of the form's drop-downs or checks has the keyboard focus
// (gui.dialogKey), which the widget itself would drop.
func newGameDialog(w fyne.Window, set session.MatchSettings, engines []session.EngineConfig, onStart func(session.MatchSettings), onCancel func(), keys func(fyne.KeyName) bool) *dialog.ConfirmDialog {
	f := newNewGameForm(set, engines)
	f.keys = keys
	d := dialog.NewCustomConfirm(i18n.T("ui.new_game", "New game", nil), i18n.T("ui.button.start", "Start", nil),
		i18n.T("ui.button.cancel", "Cancel", nil), container.NewVScroll(f.content), func(ok bool) {
			if ok {
				onStart(f.Settings())
			} else if onCancel != nil {
				onCancel()
			}
		}, w)
	// The dialog fits its form (no blank band under a short one) and the
	// window (a tall one scrolls), again whenever the choices change.
	fit := func() {
		size := w.Canvas().Size()
		d.Resize(fyne.NewSize(min(640, size.Width-40), min(f.content.MinSize().Height+dialogChrome, size.Height-40)))
		center(w.Canvas())
	}
	// A radio button keeps the keyboard focus after a click and drops
	// Enter and Escape: after a change made there the focus leaves it,
	// so that the two keys reach the dialog.
	f.onChange = func() {
		fit()
		if foc := w.Canvas().Focused(); foc != nil {
			if _, ok := foc.(dialogKeyed); !ok {
				w.Canvas().Unfocus()
			}
		}
	}
	fit()
	return d
}

// dialogChrome is the height a dialog adds to its content: the title, the
// buttons and the margins.
const dialogChrome = 150

// center lays the canvas's overlays out again, which puts each dialog
// resized since it was shown back in the middle of the window; without it
// a dialog that grows keeps its top left corner, and its buttons can end
// below the window's edge.
func center(c fyne.Canvas) {
	for _, o := range c.Overlays().List() {
		o.Refresh()
	}
}
