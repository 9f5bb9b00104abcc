package ui

import (
	"fmt"
	"image/color"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"planiverse/app/session"
	"planiverse/app/session/quality"
	"planiverse/rules"
	"planiverse/widgets"
)

// The game report, the values on the board and the teaching game in the
// window: an Analysis menu, a box in the panel (progress with Cancel, the
// sides' accuracy, Previous and Next mistake, the move on view in words,
// the teaching game's verdict with Take back, Learn from your mistakes),
// the moves of the move list and the graph colored by class, and labels
// on the board (widgets.ValueLabeler).

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

// classGlyphs are the annotation marks the move list adds to a move.
var classGlyphs = [quality.NumClasses]string{"", "", "?!", "?", "??", "?? missed win", "?? losing"}

// analysisUI is the window's part of the analysis.
type analysisUI struct {
	g *gui

	box                  *fyne.Container
	boxMin               fyne.Size // the box's least size at the last layout
	progress             *widget.ProgressBar
	progRow              *fyne.Container
	summary              *tipLabel // one line; the whole text in its tooltip
	offer                *widget.Button
	prev, next, open     *widget.Button
	learnBtn             *widget.Button
	navRow               *fyne.Container
	words                *tipLabel // the move on view in words, one line; the whole in its tooltip
	verdict              *widget.Label
	takeBack             *widget.Button
	teachRow             *fyne.Container
	learnText            *widget.Label
	learnRow             *fyne.Container
	reveal, learnNext    *widget.Button
	analyseItem, valItem *fyne.MenuItem
	cancelItem           *fyne.MenuItem // Cancel analysis: enabled while a report runs
	teachItem, learnItem *fyne.MenuItem
	learnBoard           widgets.Board // the board taking tried moves, nil when none
}

// newAnalysisUI adds the analysis to g's window: the menu, the panel box,
// the move list's colors.
func newAnalysisUI(g *gui) *analysisUI {
	a := &analysisUI{g: g, progress: widget.NewProgressBar(), summary: newTipLabel(""),
		words: newTipLabel(""), verdict: widget.NewLabel(""), learnText: widget.NewLabel("")}
	// The summary and the move's words keep to one line each, so that the
	// move list keeps its rows; the verdict and the learning text wrap.
	for _, l := range []*widget.Label{&a.summary.Label, &a.words.Label} {
		l.Truncation = fyne.TextTruncateEllipsis
	}
	for _, l := range []*widget.Label{a.verdict, a.learnText} {
		l.Wrapping = fyne.TextWrapWord
	}
	c := g.ctl
	cancel := widget.NewButtonWithIcon("Cancel", theme.CancelIcon(), c.CancelReport)
	a.progRow = container.NewBorder(nil, nil, nil, cancel, a.progress)
	a.offer = widget.NewButtonWithIcon("Analyse this game", theme.SearchIcon(), a.analyse)
	a.offer.Importance = widget.HighImportance
	a.prev = widget.NewButtonWithIcon("", theme.NavigateBackIcon(), func() { c.ReviewMistake(-1) })
	a.next = widget.NewButtonWithIcon("Next mistake", theme.NavigateNextIcon(), func() { c.ReviewMistake(1) })
	a.open = widget.NewButtonWithIcon("Report", theme.DocumentIcon(), a.showReport)
	a.learnBtn = widget.NewButton("Learn", a.learn)
	a.navRow = container.NewHBox(a.prev, a.next, a.open, a.learnBtn)
	a.takeBack = widget.NewButtonWithIcon("Take back and try again", theme.ContentUndoIcon(), func() { c.TakeBack() })
	a.takeBack.Importance = widget.WarningImportance
	a.teachRow = container.NewVBox(a.verdict, a.takeBack)
	a.reveal = widget.NewButton("Show the answer", c.RevealLearn)
	a.learnNext = widget.NewButton("Next", func() { c.LearnNext(1) })
	a.learnRow = container.NewVBox(a.learnText, container.NewHBox(a.reveal, a.learnNext,
		widget.NewButton("Stop", c.StopLearning)))
	a.box = container.NewVBox(a.progRow, a.offer, a.summary, a.navRow, a.words, a.teachRow, a.learnRow)
	a.insertInPanel()
	a.colorMoveList()
	a.addMenu()
	prevOver := c.OnGameOver
	c.OnGameOver = func(summary string) {
		if prevOver != nil {
			prevOver(summary)
		}
		a.refresh()
	}
	a.refresh()
	return a
}

// insertInPanel puts the box in the panel's body, after the message
// line and before the "Moves" title (panelLayout gives it its least
// height).
func (a *analysisUI) insertInPanel() {
	body := a.g.panel.body
	objs := body.Objects
	at := len(objs) - 3 // before the title, the list and the graph
	for i, o := range objs {
		if o == fyne.CanvasObject(a.g.panel.msgSlot) {
			at = i + 1
		}
	}
	body.Objects = append(objs[:at:at], append([]fyne.CanvasObject{a.box}, objs[at:]...)...)
	body.Refresh()
}

// colorMoveList adds a class strip and mark to each row of the panel's
// move list.
func (a *analysisUI) colorMoveList() {
	l := a.g.panel.moves
	create, update := l.CreateItem, l.UpdateItem
	l.CreateItem = func() fyne.CanvasObject {
		strip := canvas.NewRectangle(color.Transparent)
		strip.SetMinSize(fyne.NewSize(5, 0))
		return container.NewBorder(nil, nil, strip, nil, create())
	}
	l.UpdateItem = func(id widget.ListItemID, o fyne.CanvasObject) {
		box := o.(*fyne.Container)
		var strip *canvas.Rectangle
		var row fyne.CanvasObject
		for _, x := range box.Objects {
			if r, ok := x.(*canvas.Rectangle); ok {
				strip = r
			} else {
				row = x
			}
		}
		update(id, row)
		var fill color.Color = color.Transparent
		class, ok := a.g.ctl.MoveQuality(id + 1)
		cl := class.Class
		if !ok {
			// The opened record's own analysis, while there is no report.
			n, has := a.g.ctl.FileNote(id + 1)
			cl, ok = n.Class, has && n.HasClass
		}
		if ok {
			fill = classColors[cl]
			if t := rowText(row); t != nil && classGlyphs[cl] != "" {
				t.Text += "  " + classGlyphs[cl]
				t.Refresh()
			}
		}
		if strip.FillColor != fill {
			strip.FillColor = fill
			strip.Refresh()
		}
	}
}

// relayout lays the panel out again when the box's rows came or went
// (its least size changed), so that the move list moves down or up.
func (a *analysisUI) relayout() {
	if m := a.box.MinSize(); m != a.boxMin {
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
	a.analyseItem = fyne.NewMenuItem("Analyse game", a.analyse)
	a.analyseItem.Shortcut = shortcut(fyne.KeyR, 0)
	g.win.Canvas().AddShortcut(shortcut(fyne.KeyR, 0), func(fyne.Shortcut) { a.analyse() })
	a.valItem = fyne.NewMenuItem("Values on the board", func() { c.SetValues(!c.ValuesOn()) })
	a.teachItem = fyne.NewMenuItem("Teaching game", func() { c.SetTeaching(!c.Teaching()) })
	a.learnItem = fyne.NewMenuItem("Learn from your mistakes", a.learn)
	a.cancelItem = fyne.NewMenuItem("Cancel analysis", c.CancelReport)
	a.cancelItem.Disabled = !c.Analysing()
	menu := fyne.NewMenu("Analysis", a.analyseItem, a.cancelItem,
		fyne.NewMenuItem("Game report…", a.showReport),
		fyne.NewMenuItem("Previous mistake", func() { c.ReviewMistake(-1) }),
		fyne.NewMenuItem("Next mistake", func() { c.ReviewMistake(1) }),
		fyne.NewMenuItemSeparator(), a.valItem, a.teachItem, a.learnItem)
	items := g.menu.Items
	at := len(items)
	for i, m := range items {
		if m.Label == "Help" {
			at = i
			m.Items = append(m.Items, fyne.NewMenuItem("Move quality", a.showQualityHelp))
		}
	}
	g.menu.Items = append(items[:at:at], append([]*fyne.Menu{menu}, items[at:]...)...)
	g.win.SetMainMenu(g.menu)
}

// analyse starts the game report (a report already made stays).
func (a *analysisUI) analyse() {
	if !a.g.ctl.StartReport() {
		a.g.ctl.Note("There is no move to analyse yet.")
	}
}

// opened starts the report of a game just opened from a record.
func (a *analysisUI) opened(data []byte) {
	c := a.g.ctl
	if c.Plies() == 0 {
		return
	}
	// A record with its own analysis (planiverse analyze --sgf) shows it;
	// Analyse game makes a new one.
	if notes, err := quality.Notes(data); err == nil && c.SetFileNotes(notes) {
		c.Note("The record holds an analysis: its marks are shown (Analyse game, Ctrl+R, makes a new one).")
		a.g.panel.moves.Refresh()
		return
	}
	c.StartReport()
}

// learn starts Learn from your mistakes, making the report first.
func (a *analysisUI) learn() {
	c := a.g.ctl
	if c.Report() == nil {
		a.analyse()
		c.Note("Analysing the game first: choose Learn again when the report is ready.")
		return
	}
	if !c.StartLearning() {
		c.Note("No mistake to learn from in this game.")
	}
}

// refresh shows the analysis's state (after every change).
func (a *analysisUI) refresh() {
	if a == nil || a.g.ctl.State() == nil {
		return
	}
	defer a.relayout()
	c := a.g.ctl
	running, done, total := c.ReportProgress()
	showIf(a.progRow, running)
	if running && total > 0 {
		a.progress.TextFormatter = func() string { return fmt.Sprintf("Analysing: %d of %s", done, session.Plural(total, "move")) }
		a.progress.SetValue(float64(done) / float64(total))
	}
	rep := c.Report()
	showIf(a.offer, c.Over() && rep == nil && !running)
	showIf(a.summary, rep != nil)
	showIf(a.navRow, rep != nil)
	if rep != nil {
		a.summary.SetText(session.ReportSummary(rep))
		a.summary.SetTip(session.ReportSummary(rep) + "\n" + session.AccuracyMeaning)
	}
	ply, _ := c.Reviewing()
	words := ""
	if q, ok := c.MoveQuality(ply); ok {
		words = session.MoveWords(q, rep.Scale, c.Settings().Opponent == session.VsComputer && !c.IsComputer(q.Seat))
	} else if n, ok := c.FileNote(ply); ok && n.Comment != "" {
		words = fmt.Sprintf("Move %d, from the record: %s", ply, n.Comment)
	}
	a.words.SetText(words)
	a.words.SetTip(words)
	showIf(a.words, words != "")
	v := c.VerdictWords()
	a.verdict.SetText(v)
	showIf(a.teachRow, v != "")
	a.showLearning()
	a.markBoard()
	a.markGraph(rep)
	a.syncMenu()
}

// showLearning shows Learn from your mistakes and lets the board take the
// moves tried.
func (a *analysisUI) showLearning() {
	g, c := a.g, a.g.ctl
	_, n, of, ok := c.Learning()
	showIf(a.learnRow, ok)
	if ok {
		a.learnText.SetText(c.LearnPrompt())
		if n == of {
			a.learnNext.SetText("Finish")
		} else {
			a.learnNext.SetText("Next")
		}
	}
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

// markGraph colors the graph's plies by class (inaccuracies and worse).
func (a *analysisUI) markGraph(rep *quality.Report) {
	var marks []color.Color
	if rep != nil {
		marks = make([]color.Color, len(rep.Moves))
		for i, q := range rep.Moves {
			if q.Class >= quality.Inaccuracy {
				marks[i] = classColors[q.Class]
			}
		}
	}
	a.g.panel.graph.SetMarks(marks)
}

// syncMenu keeps the menu's checks, and Cancel analysis (enabled only
// while a report runs), in step.
func (a *analysisUI) syncMenu() {
	c := a.g.ctl
	changed := setDisabled(a.cancelItem, !c.Analysing())
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
		a.analyse()
		return
	}
	var lead []fyne.CanvasObject
	for _, s := range r.Sides {
		lead = append(lead, widget.NewLabelWithStyle(s.Color+": "+session.MistakeCounts(s), fyne.TextAlignLeading, fyne.TextStyle{Bold: true}))
	}
	cells := []fyne.CanvasObject{widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})}
	for _, s := range r.Sides {
		cells = append(cells, widget.NewLabelWithStyle(s.Color, fyne.TextAlignTrailing, fyne.TextStyle{Bold: true}))
	}
	for cl := range quality.NumClasses {
		sw := canvas.NewRectangle(classColors[cl])
		sw.SetMinSize(fyne.NewSize(12, 12))
		cells = append(cells, container.NewHBox(container.NewCenter(sw), widget.NewLabel(cl.Title())))
		for _, s := range r.Sides {
			cells = append(cells, widget.NewLabelWithStyle(fmt.Sprint(s.Counts[cl]), fyne.TextAlignTrailing, fyne.TextStyle{}))
		}
	}
	cells = append(cells, widget.NewLabelWithStyle("Accuracy", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}))
	for _, s := range r.Sides {
		cells = append(cells, widget.NewLabelWithStyle(fmt.Sprintf("%.1f%%", s.Accuracy), fyne.TextAlignTrailing, fyne.TextStyle{Bold: true}))
	}
	cells = append(cells, widget.NewLabel("Mean loss ("+r.Scale.LossUnit()+")"))
	for _, s := range r.Sides {
		cells = append(cells, widget.NewLabelWithStyle(fmt.Sprintf("%.1f", s.MeanLoss), fyne.TextAlignTrailing, fyne.TextStyle{}))
	}
	if list := session.MistakeList(r); len(list) > 0 {
		l := widget.NewLabel(strings.Join(list, "\n"))
		l.Wrapping = fyne.TextWrapWord
		scroll := container.NewVScroll(l)
		scroll.SetMinSize(fyne.NewSize(0, 120))
		lead = append(lead, scroll)
	}
	grid := container.NewGridWithColumns(3, cells...)
	note := widget.NewLabel(session.AccuracyMeaning + "\n" + session.ReportNote(r))
	note.Wrapping = fyne.TextWrapWord
	d := dialog.NewCustom("Game report", "Close", container.NewVScroll(container.NewVBox(append(lead, grid, note)...)), a.g.win)
	size := a.g.win.Canvas().Size()
	d.Resize(fyne.NewSize(min(560, size.Width-40), min(640, size.Height-40)))
	a.g.show(d, nil)
}
