package ui

import (
	"image/color"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"planiverse/app/i18n"
	"planiverse/app/session"
	"planiverse/app/session/quality"
	"planiverse/rules"
	"planiverse/widgets"
)

// The game report, the values on the board and the teaching game in the
// window: an Analysis menu, the buttons of the panel's coach area (Cancel
// while the report runs, Previous and Next mistake, Report, Learn, Take
// back and try again, Learn from your mistakes' buttons), shown as the
// controller's PanelView says, and labels on the board
// (widgets.ValueLabeler). The coach area's text is the panel's.

// classColors are the classes' colors in the move list and the graph.
var classColors = [quality.NumClasses]color.NRGBA{
	{0x2e, 0x7d, 0x32, 0xff}, // best
	{0x9c, 0xcc, 0x65, 0xff}, // good
	{0xf2, 0xc0, 0x1e, 0xff}, // inaccuracy
	{0xff, 0x8c, 0x00, 0xff}, // mistake
	{0xd3, 0x2f, 0x2f, 0xff}, // blunder
	{0x8e, 0x24, 0xaa, 0xff}, // missed win
	{0x8b, 0x00, 0x00, 0xff}, // losing move
}

// analysisUI is the window's part of the analysis.
type analysisUI struct {
	g *gui

	boxMin               fyne.Size // the coach buttons' least size at the last layout
	progRow              *fyne.Container
	offer                *widget.Button
	prev, next, open     *widget.Button
	learnBtn             *widget.Button
	navRow               *fyne.Container
	takeBack             *widget.Button
	teachRow             *fyne.Container
	learnRow             *fyne.Container
	reveal, learnNext    *widget.Button
	analyzeItem, valItem *fyne.MenuItem
	cancelItem           *fyne.MenuItem // Cancel analysis: enabled while a report runs
	teachItem, learnItem *fyne.MenuItem
	learnBoard           widgets.Board // the board taking tried moves, nil when none
}

// newAnalysisUI adds the analysis to g's window: the menu and the coach
// area's buttons.
func newAnalysisUI(g *gui) *analysisUI {
	a := &analysisUI{g: g}
	c := g.ctl
	cancel := widget.NewButtonWithIcon(i18n.T("ui.analysis.cancel", "Cancel analysis", nil), theme.CancelIcon(), c.CancelReport)
	a.progRow = container.NewHBox(cancel)
	a.offer = widget.NewButtonWithIcon(i18n.T("ui.analysis.offer", "Analyze this game", nil), theme.SearchIcon(), a.analyze)
	a.offer.Importance = widget.HighImportance
	a.prev = widget.NewButtonWithIcon("", theme.NavigateBackIcon(), func() { c.ReviewMistake(-1) })
	a.next = widget.NewButtonWithIcon(i18n.T("ui.analysis.next_mistake", "Next mistake", nil), theme.NavigateNextIcon(), func() { c.ReviewMistake(1) })
	a.open = widget.NewButtonWithIcon(i18n.T("ui.analysis.report", "Report", nil), theme.DocumentIcon(), a.showReport)
	a.learnBtn = widget.NewButton(i18n.T("ui.analysis.learn", "Learn", nil), a.learn)
	a.navRow = container.NewHBox(a.prev, a.next, a.open, a.learnBtn)
	a.takeBack = widget.NewButtonWithIcon(i18n.T("ui.analysis.take_back", "Take back and try again", nil), theme.ContentUndoIcon(), func() { c.TakeBack() })
	a.takeBack.Importance = widget.WarningImportance
	a.teachRow = container.NewHBox(a.takeBack)
	a.reveal = widget.NewButton(i18n.T("ui.analysis.show_answer", "Show the answer", nil), c.RevealLearn)
	a.learnNext = widget.NewButton(i18n.T("ui.analysis.next", "Next", nil), func() { c.LearnNext(1) })
	a.learnRow = container.NewHBox(a.reveal, a.learnNext, widget.NewButton(i18n.T("ui.analysis.stop", "Stop", nil), c.StopLearning))
	for _, row := range []fyne.CanvasObject{a.progRow, a.offer, a.navRow, a.teachRow, a.learnRow} {
		row.Hide()
		g.panel.coachButtons.Add(row)
	}
	a.addMenu()
	prevOver := c.OnGameOver
	c.OnGameOver = func(summary string) {
		if prevOver != nil {
			prevOver(summary)
		}
		a.refresh(c.Panel().Buttons)
	}
	a.refresh(c.Panel().Buttons)
	return a
}

// relayout lays the panel out again when the coach area's rows came or
// went (its least size changed), so that the move list moves down or up.
func (a *analysisUI) relayout() {
	if m := a.g.panel.coachButtons.MinSize(); m != a.boxMin {
		a.boxMin = m
		a.g.panel.body.Refresh()
	}
}

// rowText is the text of a move-list row (newMoveList's item), or nil.
func rowText(row fyne.CanvasObject) *canvas.Text {
	if box, ok := row.(*fyne.Container); ok && len(box.Objects) > 0 {
		t, _ := box.Objects[0].(*canvas.Text)
		return t
	}
	return nil
}

// addMenu adds the Analysis menu and the Help's page on move quality.
func (a *analysisUI) addMenu() {
	g, c := a.g, a.g.ctl
	a.analyzeItem = fyne.NewMenuItem(i18n.T("ui.analysis.analyze", "Analyze game", nil), a.analyze)
	a.analyzeItem.Shortcut = shortcut(fyne.KeyR, 0)
	g.win.Canvas().AddShortcut(shortcut(fyne.KeyR, 0), func(fyne.Shortcut) { a.analyze() })
	a.valItem = fyne.NewMenuItem(i18n.T("ui.analysis.values", "Values on the board", nil), func() { c.SetValues(!c.ValuesOn()) })
	a.teachItem = fyne.NewMenuItem(i18n.T("ui.analysis.teaching", "Teaching game", nil), func() { c.SetTeaching(!c.Teaching()) })
	a.learnItem = fyne.NewMenuItem(i18n.T("ui.analysis.learn_mistakes", "Learn from your mistakes", nil), a.learn)
	a.cancelItem = fyne.NewMenuItem(i18n.T("ui.analysis.cancel", "Cancel analysis", nil), c.CancelReport)
	a.cancelItem.Disabled = !c.Analyzing()
	menu := fyne.NewMenu(i18n.T("ui.analysis.menu", "Analysis", nil), a.analyzeItem, a.cancelItem,
		fyne.NewMenuItem(i18n.T("ui.analysis.report_menu", "Game report…", nil), a.showReport),
		fyne.NewMenuItem(i18n.T("ui.analysis.previous_mistake", "Previous mistake", nil), func() { c.ReviewMistake(-1) }),
		fyne.NewMenuItem(i18n.T("ui.analysis.next_mistake", "Next mistake", nil), func() { c.ReviewMistake(1) }),
		fyne.NewMenuItemSeparator(), a.valItem, a.teachItem, a.learnItem)
	items := g.menu.Items
	at := len(items)
	for i, m := range items {
		if m.Label == i18n.T("ui.menu.help", "Help", nil) {
			at = i
			m.Items = append(m.Items, fyne.NewMenuItem(i18n.T("ui.quality.title", "Move quality", nil), a.showQualityHelp))
		}
	}
	g.menu.Items = append(items[:at:at], append([]*fyne.Menu{menu}, items[at:]...)...)
	g.win.SetMainMenu(g.menu)
}

// analyze starts the game report (a report already made stays).
func (a *analysisUI) analyze() {
	if !a.g.ctl.StartReport() {
		a.g.ctl.Note(i18n.T("ui.analysis.no_move", "There is no move to analyze yet.", nil))
	}
}

// opened starts the report of a game just opened from a record, whose own
// analysis is notes (session.ParsedRecord.Notes, with its error).
func (a *analysisUI) opened(notes []quality.Note, err error) {
	c := a.g.ctl
	if c.Plies() == 0 {
		return
	}
	// A record with its own analysis (planiverse analyze --sgf) shows it;
	// Analyze game makes a new one.
	if err == nil && c.SetFileNotes(notes) {
		c.Note(i18n.T("ui.analysis.from_record", "The record holds an analysis: its marks are shown (Analyze game, Ctrl+R, makes a new one).", nil))
		return
	}
	c.StartReport()
}

// learn starts Learn from your mistakes, making the report first.
func (a *analysisUI) learn() {
	c := a.g.ctl
	if c.Report() == nil {
		a.analyze()
		c.Note(i18n.T("ui.analysis.first", "Analyzing the game first: choose Learn again when the report is ready.", nil))
		return
	}
	if !c.StartLearning() {
		c.Note(i18n.T("ui.analysis.no_mistake", "No mistake to learn from in this game.", nil))
	}
}

// refresh shows the coach area's buttons as the controller's PanelView
// says, and lets the board take the moves tried in Learn from your
// mistakes (after every change).
func (a *analysisUI) refresh(b session.PanelButtons) {
	if a == nil || a.g.ctl.State() == nil {
		return
	}
	defer a.relayout()
	showIf(a.progRow, b.CancelAnalysis)
	showIf(a.offer, b.Analyze)
	showIf(a.navRow, b.Report)
	enable(a.prev, b.PrevMistake)
	enable(a.next, b.NextMistake)
	showIf(a.teachRow, b.TakeBack)
	showIf(a.learnRow, b.LearnStop)
	enable(a.reveal, b.ShowAnswer)
	if b.LearnLast {
		a.learnNext.SetText(i18n.T("ui.analysis.finish", "Finish", nil))
	} else {
		a.learnNext.SetText(i18n.T("ui.analysis.next", "Next", nil))
	}
	a.showLearning()
	a.markBoard()
	a.syncMenu()
}

// showLearning lets the board take the moves tried in Learn from your
// mistakes, and marks the answer once revealed.
func (a *analysisUI) showLearning() {
	g, c := a.g, a.g.ctl
	_, _, _, ok := c.Learning()
	if g.board == nil {
		return
	}
	switch {
	case ok:
		g.board.SetInteractive(true)
		if a.learnBoard != g.board {
			a.learnBoard = g.board
			g.board.SetOnMove(func(m rules.Move) { _ = g.ctl.TryLearn(m) })
		}
		if c.LearnRevealed() {
			g.board.SetHint(c.LearnBest())
		}
	case a.learnBoard == g.board:
		a.learnBoard = nil
		g.board.SetOnMove(func(m rules.Move) { _ = g.ctl.Play(m) })
	}
}

// markBoard writes the values on the board and the report's labels of
// the move on view (Controller.BoardLabels); none while learning.
func (a *analysisUI) markBoard() {
	vl, ok := a.g.board.(widgets.ValueLabeler)
	if !ok {
		return
	}
	c := a.g.ctl
	if _, _, _, learning := c.Learning(); learning {
		vl.SetValueLabels(nil)
		return
	}
	vl.SetValueLabels(c.BoardLabels())
}

// syncMenu keeps the menu's checks, and Cancel analysis (enabled only
// while a report runs), in step.
func (a *analysisUI) syncMenu() {
	c := a.g.ctl
	changed := setDisabled(a.cancelItem, !c.Analyzing())
	if a.valItem.Checked != c.ValuesOn() || a.teachItem.Checked != c.Teaching() {
		a.valItem.Checked, a.teachItem.Checked = c.ValuesOn(), c.Teaching()
		changed = true
	}
	if changed {
		a.g.menu.Refresh()
	}
}

// showReport shows the game report: first each side's mistakes and
// worse (session.MistakeCounts) and the list of them with why
// (session.MistakeList), then per class the moves of each side, the
// accuracy with its meaning and the mean loss.
func (a *analysisUI) showReport() {
	c := a.g.ctl
	r := c.Report()
	if r == nil {
		a.analyze()
		return
	}
	var lead []fyne.CanvasObject
	for _, s := range r.Sides {
		lead = append(lead, widget.NewLabelWithStyle(s.Color+": "+session.MistakeCounts(s), fyne.TextAlignLeading, fyne.TextStyle{Bold: true}))
	}
	cells := []fyne.CanvasObject{widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})}
	for _, s := range r.Sides {
		cells = append(cells, widget.NewLabelWithStyle(colorName(s.Color), fyne.TextAlignTrailing, fyne.TextStyle{Bold: true}))
	}
	for cl := range quality.NumClasses {
		sw := canvas.NewRectangle(classColors[cl])
		sw.SetMinSize(fyne.NewSize(12, 12))
		cells = append(cells, container.NewHBox(container.NewCenter(sw), widget.NewLabel(cl.Title())))
		for _, s := range r.Sides {
			cells = append(cells, widget.NewLabelWithStyle(i18n.Number(s.Counts[cl]), fyne.TextAlignTrailing, fyne.TextStyle{}))
		}
	}
	cells = append(cells, widget.NewLabelWithStyle(i18n.T("ui.report.accuracy", "Accuracy", nil), fyne.TextAlignLeading, fyne.TextStyle{Bold: true}))
	for _, s := range r.Sides {
		cells = append(cells, widget.NewLabelWithStyle(i18n.Percent(s.Accuracy, 1), fyne.TextAlignTrailing, fyne.TextStyle{Bold: true}))
	}
	cells = append(cells, widget.NewLabel(i18n.T("ui.report.mean_loss", "Mean loss ({{.Unit}})", map[string]any{"Unit": lossUnit(r.Scale.LossUnit())})))
	for _, s := range r.Sides {
		cells = append(cells, widget.NewLabelWithStyle(i18n.Decimal(s.MeanLoss, 1), fyne.TextAlignTrailing, fyne.TextStyle{}))
	}
	if list := session.MistakeList(r); len(list) > 0 {
		l := newWrapLabel(strings.Join(list, "\n"))
		scroll := container.NewVScroll(l)
		scroll.SetMinSize(fyne.NewSize(0, 120))
		lead = append(lead, scroll)
	}
	grid := container.NewGridWithColumns(3, cells...)
	note := newWrapLabel(session.AccuracyMeaning() + "\n" + session.ReportNote(r))
	d := dialog.NewCustom(i18n.T("ui.report.title", "Game report", nil), i18n.T("ui.button.close", "Close", nil), container.NewVScroll(container.NewVBox(append(lead, grid, note)...)), a.g.win)
	size := a.g.win.Canvas().Size()
	d.Resize(fyne.NewSize(min(560, size.Width-40), min(640, size.Height-40)))
	a.g.show(d, nil)
}

// lossUnit is a loss unit of the analysis scale ("discs", "%") in the
// window's language.
func lossUnit(unit string) string { return i18n.Text("ui.unit."+unit, unit) }
