package main

import (
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/widget"

	"planiverse/ai"
	"planiverse/rules"
)

// Texts of the new-game dialog's choices.
const (
	optVsComputer = "The computer"
	optVsPerson   = "Another person at this screen"
	optWatch      = "Computer against computer (watch)"

	optFreestyle = "Freestyle (five or more)"
	optExact5    = "Exact five (six or more does not count)"
	optNoOpening = "None"
	optSwap      = "Swap after the first move"
	optClassic   = "Classic (11 slots, slide)"
	optModern    = "Modern (place stones on a line)"
	optByHand    = "By hand (official)"
	optAtRandom  = "At random"

	swapExplained = "Swap: after Black's first stone, the second player may take that stone over and play Black; the first player then continues as White."
	firstWinNote  = "Note: freestyle Gomoku without an opening rule is a proven win for the first player."
)

// newGameForm is the content of the new-game dialog: the game, the
// opponent, the level, the person's side and each game's options. It reads
// and writes MatchSettings and has no other state, so tests drive it
// headless.
type newGameForm struct {
	set MatchSettings

	game      *widget.RadioGroup
	opponent  *widget.RadioGroup
	level     *widget.Select
	levelDesc *widget.Label
	side      *widget.RadioGroup

	gomokuSize    *widget.Select
	gomokuRules   *widget.RadioGroup
	gomokuOpening *widget.RadioGroup
	gomokuNote    *widget.Label
	alakRules     *widget.RadioGroup
	alakPoints    *widget.Select
	dvonnPlace    *widget.RadioGroup

	levelRow, sideRow, noteRow                   *formRow
	gomokuRows, alakRows, dvonnRows, othelloRows []*formRow

	content fyne.CanvasObject
}

// levelOption is the text of level l in the level list: "2 · Casual".
func levelOption(l ai.Level) string { return fmt.Sprintf("%d · %s", l.Number, l.Name) }

// sideOptions returns the names of the two seats of game, first seat first.
func sideOptions(game string) []string {
	switch game {
	case "dvonn":
		return []string{"White (places and moves first)", "Black"}
	case "alak":
		return []string{"X (moves first)", "O"}
	}
	return []string{"Black (moves first)", "White"}
}

// newNewGameForm builds the form showing set.
func newNewGameForm(set MatchSettings) *newGameForm {
	f := &newGameForm{set: set.normalized()}
	set = f.set

	titles := make([]string, len(GameNames))
	for i, g := range GameNames {
		titles[i] = GameTitle(g)
	}
	f.game = widget.NewRadioGroup(titles, nil)
	f.game.Horizontal = true
	f.game.Required = true
	f.game.SetSelected(GameTitle(set.Game))

	f.opponent = widget.NewRadioGroup([]string{optVsComputer, optVsPerson, optWatch}, nil)
	f.opponent.Required = true
	f.opponent.SetSelected(map[Opponent]string{VsComputer: optVsComputer, VsPerson: optVsPerson, Watch: optWatch}[set.Opponent])

	var levelOpts []string
	for _, l := range ai.Levels() {
		levelOpts = append(levelOpts, levelOption(l))
	}
	f.levelDesc = widget.NewLabel("")
	f.levelDesc.Wrapping = fyne.TextWrapWord
	f.level = widget.NewSelect(levelOpts, nil)
	f.level.SetSelectedIndex(set.Level - 1)
	f.levelDesc.SetText(ai.Levels()[set.Level-1].Description)

	f.side = widget.NewRadioGroup(sideOptions(set.Game), nil)
	f.side.Horizontal = true
	f.side.Required = true
	f.side.SetSelected(f.side.Options[set.Side])

	f.gomokuSize = widget.NewSelect([]string{"15 × 15", "19 × 19", "20 × 20"}, nil)
	f.gomokuSize.SetSelected(fmt.Sprintf("%d × %d", set.GomokuSize, set.GomokuSize))
	f.gomokuRules = widget.NewRadioGroup([]string{optFreestyle, optExact5}, nil)
	f.gomokuRules.Required = true
	f.gomokuRules.SetSelected(map[string]string{"freestyle": optFreestyle, "exact5": optExact5}[set.GomokuRules])
	f.gomokuOpening = widget.NewRadioGroup([]string{optNoOpening, optSwap}, nil)
	f.gomokuOpening.Required = true
	f.gomokuOpening.SetSelected(map[string]string{"none": optNoOpening, "swap": optSwap}[set.GomokuOpening])
	swapLabel := widget.NewLabel(swapExplained)
	swapLabel.Wrapping = fyne.TextWrapWord
	f.gomokuNote = widget.NewLabel(firstWinNote)
	f.gomokuNote.Wrapping = fyne.TextWrapWord
	f.gomokuNote.Importance = widget.WarningImportance

	f.alakRules = widget.NewRadioGroup([]string{optClassic, optModern}, nil)
	f.alakRules.Required = true
	f.alakRules.SetSelected(map[string]string{"classic": optClassic, "modern": optModern}[set.AlakRules])
	var points []string
	for n := 7; n <= 26; n++ {
		points = append(points, strconv.Itoa(n))
	}
	f.alakPoints = widget.NewSelect(points, nil)
	f.alakPoints.SetSelected(strconv.Itoa(set.AlakPoints))

	f.dvonnPlace = widget.NewRadioGroup([]string{optByHand, optAtRandom}, nil)
	f.dvonnPlace.Required = true
	if set.DvonnRandom {
		f.dvonnPlace.SetSelected(optAtRandom)
	} else {
		f.dvonnPlace.SetSelected(optByHand)
	}

	// One form layout for everything, so that the labels line up; a row
	// whose label and content are both hidden takes no space.
	var objs []fyne.CanvasObject
	row := func(label string, content fyne.CanvasObject) *formRow {
		l := widget.NewLabelWithStyle(label, fyne.TextAlignTrailing, fyne.TextStyle{Bold: true})
		objs = append(objs, l, content)
		return &formRow{l, content}
	}
	row("Game", f.game)
	row("Opponent", f.opponent)
	f.levelRow = row("Level", container.NewVBox(f.level, f.levelDesc))
	f.sideRow = row("You play", f.side)
	f.gomokuRows = []*formRow{
		row("Board", f.gomokuSize),
		row("Win rule", f.gomokuRules),
		row("Opening", f.gomokuOpening),
		row("", swapLabel),
	}
	f.noteRow = row("", f.gomokuNote)
	f.alakRows = []*formRow{row("Rules", f.alakRules), row("Points", f.alakPoints)}
	f.dvonnRows = []*formRow{row("Placement", f.dvonnPlace)}
	f.othelloRows = []*formRow{row("", widget.NewLabel("Standard 8x8 Othello; Black moves first."))}
	f.content = container.New(layout.NewFormLayout(), objs...)

	// Change handlers are set last so that building the form does not
	// trigger them.
	f.game.OnChanged = func(string) { f.sync() }
	f.opponent.OnChanged = func(string) { f.sync() }
	f.level.OnChanged = func(string) { f.sync() }
	f.gomokuRules.OnChanged = func(string) { f.sync() }
	f.gomokuOpening.OnChanged = func(string) { f.sync() }
	f.alakRules.OnChanged = func(string) { f.sync() }
	f.sync()
	return f
}

// sync shows the parts of the form that apply to the current choices.
func (f *newGameForm) sync() {
	s := f.Settings()
	showRows(f.gomokuRows, s.Game == "gomoku")
	showRows(f.alakRows, s.Game == "alak")
	showRows(f.dvonnRows, s.Game == "dvonn")
	showRows(f.othelloRows, s.Game == "othello")
	f.levelRow.show(s.Opponent != VsPerson)
	f.sideRow.show(s.Opponent == VsComputer)
	f.noteRow.show(s.Game == "gomoku" && s.GomokuRules == "freestyle" && s.GomokuOpening == "none")
	if s.AlakRules == "modern" {
		f.alakPoints.Enable()
	} else {
		f.alakPoints.Disable()
	}
	f.levelDesc.SetText(ai.Levels()[s.Level-1].Description)
	if opts := sideOptions(s.Game); opts[0] != f.side.Options[0] {
		f.side.Options = opts
		f.side.Selected = opts[s.Side]
		f.side.Refresh()
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

func showRows(rows []*formRow, on bool) {
	for _, r := range rows {
		r.show(on)
	}
}

func showIf(o fyne.CanvasObject, on bool) {
	if on {
		o.Show()
	} else {
		o.Hide()
	}
}

// Settings returns the choices the form shows.
func (f *newGameForm) Settings() MatchSettings {
	s := f.set
	for _, g := range GameNames {
		if GameTitle(g) == f.game.Selected {
			s.Game = g
		}
	}
	switch f.opponent.Selected {
	case optVsComputer:
		s.Opponent = VsComputer
	case optVsPerson:
		s.Opponent = VsPerson
	case optWatch:
		s.Opponent = Watch
	}
	if i := f.level.SelectedIndex(); i >= 0 {
		s.Level = i + 1
	}
	for i, o := range f.side.Options {
		if o == f.side.Selected {
			s.Side = rules.Player(i)
		}
	}
	if n, err := strconv.Atoi(strings.Fields(f.gomokuSize.Selected + " x")[0]); err == nil {
		s.GomokuSize = n
	}
	s.GomokuRules = map[string]string{optFreestyle: "freestyle", optExact5: "exact5"}[f.gomokuRules.Selected]
	s.GomokuOpening = map[string]string{optNoOpening: "none", optSwap: "swap"}[f.gomokuOpening.Selected]
	s.AlakRules = map[string]string{optClassic: "classic", optModern: "modern"}[f.alakRules.Selected]
	if n, err := strconv.Atoi(f.alakPoints.Selected); err == nil {
		s.AlakPoints = n
	}
	s.DvonnRandom = f.dvonnPlace.Selected == optAtRandom
	return s.normalized()
}

// showNewGameDialog shows the new-game dialog over w with set's choices;
// Start calls onStart with the chosen settings, Cancel calls onCancel.
func showNewGameDialog(w fyne.Window, set MatchSettings, onStart func(MatchSettings), onCancel func()) {
	f := newNewGameForm(set)
	d := dialog.NewCustomConfirm("New game", "Start", "Cancel", container.NewVScroll(f.content), func(ok bool) {
		if ok {
			onStart(f.Settings())
		} else if onCancel != nil {
			onCancel()
		}
	}, w)
	d.Resize(fyne.NewSize(620, 640))
	d.Show()
}
