package ui

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"planiverse/ai"
	"planiverse/app/i18n"
	"planiverse/app/session"
	"planiverse/rules"
	"planiverse/widgets"
)

// The lessons (Help → Learn): one game's course in a dialog over the
// window, its stages listed with their stars, the stage on view on the
// game's own board widget with its task, the answer to each try and the
// buttons Retry, Show solution and Next; Back to the game closes it. The
// game on the window's board is not touched. The stars are kept in the
// preferences under prefLessonStars (session.LessonProgress's text); the
// offer of the lessons at the first start of a game never played is made
// once per game (prefLessonOffered + the game's name).
const (
	prefLessonStars   = "lessons.stars"
	prefLessonOffered = "lessons.offered."
)

// loadLessonProgress reads the stars earned in the lessons from p.
func loadLessonProgress(p fyne.Preferences) session.LessonProgress {
	return session.ParseLessonProgress(p.String(prefLessonStars))
}

// saveLessonProgress remembers the stars earned in the lessons in p.
func saveLessonProgress(p fyne.Preferences, progress session.LessonProgress) {
	p.SetString(prefLessonStars, progress.String())
}

// lessonsUI is the open Learn dialog.
type lessonsUI struct {
	g        *gui
	vm       *session.Lessons
	dlg      *dialog.CustomDialog
	list     *widget.List
	heading  *wrapLabel
	task     *wrapLabel
	feedback *wrapLabel
	tries    *widget.Label
	summary  *wrapLabel
	boardBox *fyne.Container
	board    widgets.Board
	retry    *widget.Button
	solution *widget.Button
	next     *widget.Button
	view     session.LessonView
	rowsW    float32 // the list width the rows' heights were fitted to (fitRows)
	rowsN    int     // and the number of rows
}

// showLessons opens Help → Learn on the current game's course.
func (g *gui) showLessons() { g.openLessons(g.ctl.Settings().Game) }

// openLessons opens the Learn dialog on game's course.
func (g *gui) openLessons(game string) *lessonsUI {
	prefs := g.app.Preferences()
	vm, err := session.NewLessons(game, loadLessonProgress(prefs), g.post)
	if err != nil {
		g.showError(err)
		return nil
	}
	u := &lessonsUI{g: g, vm: vm}
	vm.OnProgress = func(p session.LessonProgress) { saveLessonProgress(prefs, p) }
	vm.OnChange = u.refresh
	u.heading = newWrapLabel("")
	u.heading.TextStyle.Bold = true
	u.task = newWrapLabel("")
	u.feedback = newWrapLabel("")
	u.tries = widget.NewLabel("")
	u.summary = newWrapLabel("")
	u.retry = widget.NewButtonWithIcon(i18n.T("ui.lesson.retry", "Retry", nil), theme.ViewRefreshIcon(), func() { _ = u.vm.Retry(); u.stageChanged() })
	u.solution = widget.NewButton(i18n.T("ui.lesson.show_solution", "Show solution", nil), u.showSolution)
	u.next = widget.NewButtonWithIcon(i18n.T("ui.lesson.next", "Next", nil), theme.NavigateNextIcon(), func() {
		if u.vm.Next() {
			u.stageChanged()
		}
	})
	u.next.Importance = widget.HighImportance
	u.list = widget.NewList(
		func() int { return len(u.view.Stages) },
		func() fyne.CanvasObject {
			// The stars' column keeps the width of three stars, so that a
			// title wraps at the width fitRows sized its row for.
			room := canvas.NewRectangle(color.Transparent)
			room.SetMinSize(fyne.NewSize(starsSize().Width, 0))
			return container.NewBorder(nil, nil, nil, container.NewStack(room, widget.NewLabel("")), newWrapLabel(""))
		},
		func(i widget.ListItemID, o fyne.CanvasObject) {
			c := o.(*fyne.Container)
			item := u.view.Stages[i]
			c.Objects[0].(*wrapLabel).SetText(item.Title)
			c.Objects[1].(*fyne.Container).Objects[1].(*widget.Label).SetText(item.Stars)
		})
	u.list.OnSelected = func(i widget.ListItemID) {
		if i != u.view.Current {
			if u.vm.Open(i) == nil {
				u.stageChanged()
			}
		}
	}
	u.boardBox = container.NewStack()
	side := container.NewBorder(nil, u.summary, nil, nil, container.New(stageRowsLayout{u}, u.list))
	// The answer keeps two lines' room, so that the board does not jump
	// when one comes.
	room := canvas.NewRectangle(color.Transparent)
	room.SetMinSize(fyne.NewSize(0, widget.NewLabel("1\n2").MinSize().Height))
	text := container.NewVBox(u.task, container.NewStack(room, u.feedback))
	back := widget.NewButton(i18n.T("ui.lesson.back", "Back to the game", nil), func() { u.dlg.Hide() })
	buttons := container.NewHBox(u.retry, u.solution, layout.NewSpacer(), u.tries, u.next, back)
	stage := container.NewBorder(u.heading, buttons, nil, nil,
		container.New(stageLayout{}, u.boardBox, text))
	split := container.NewHSplit(side, stage)
	split.Offset = 0.28
	u.dlg = dialog.NewCustomWithoutButtons(i18n.T("ui.lesson.title", "Learn {{.Game}}", map[string]any{"Game": vm.Title()}), split, g.win)
	size := g.win.Canvas().Size()
	u.dlg.Resize(fyne.NewSize(max(min(1100, size.Width-24), 300), max(min(820, size.Height-24), 300)))
	u.stageChanged()
	g.learn = u
	g.show(u.dlg, u.enter)
	return u
}

// stageChanged shows a stage just opened or restarted: a new board for
// its position.
func (u *lessonsUI) stageChanged() {
	b, err := widgets.New(u.vm.Game(), u.vm.Position())
	if err != nil {
		u.g.showError(err)
		return
	}
	u.board = b
	if lm, ok := b.(widgets.LegalMarker); ok {
		lm.ShowLegal(u.g.showLegal)
	}
	b.SetOnMove(u.vm.Try)
	if r, ok := b.(interface{ SetOnRefused(func(rules.Move)) }); ok {
		r.SetOnRefused(u.vm.Try)
	}
	u.boardBox.Objects = []fyne.CanvasObject{b}
	u.boardBox.Refresh()
	u.refresh()
}

// refresh shows the view-model's state.
func (u *lessonsUI) refresh() {
	v := u.vm.View()
	u.view = v
	u.heading.SetText(v.Heading)
	u.task.SetText(v.Task)
	text := v.Feedback
	if v.Solved && v.Stars != "" {
		text = v.Stars + "  " + text
	}
	u.feedback.SetText(text)
	u.feedback.Importance = widget.MediumImportance
	switch {
	case v.Solved:
		u.feedback.Importance = widget.SuccessImportance
	case v.Feedback != "" && !v.Busy && !v.Shown:
		u.feedback.Importance = widget.WarningImportance
	}
	u.feedback.Refresh()
	u.tries.SetText(v.Tries)
	u.summary.SetText(v.Summary)
	u.board.Update()
	u.board.SetInteractive(!v.Solved && !v.Busy)
	u.board.SetHint(rules.NoMove)
	setEnabled(u.next, v.HasNext)
	setEnabled(u.solution, !v.Solved)
	u.list.Refresh()
	u.list.Select(v.Current)
}

// enter answers Enter: Next once the stage is solved (Escape closes the
// dialog).
func (u *lessonsUI) enter() {
	if u.view.Solved && u.view.HasNext && u.vm.Next() {
		u.stageChanged()
	}
}

// showSolution marks the stage's solution on the board.
func (u *lessonsUI) showSolution() {
	m := u.vm.ShowSolution()
	u.refresh()
	u.board.SetHint(m)
}

// setEnabled enables or disables a button.
func setEnabled(b *widget.Button, on bool) {
	if on {
		b.Enable()
	} else {
		b.Disable()
	}
}

// offerLessons offers game's lessons once, at the first start of a game
// never played against the computer (no finished game of it in the
// statistics): "New to DVONN? Learn the rules in 8 short steps", with
// Learn and Not now.
func (g *gui) offerLessons(game string) {
	prefs := g.app.Preferences()
	played := 0
	for _, l := range ai.AllLevels() {
		for _, o := range statOutcomes {
			played += prefs.Int(statKey(game, l.Number, o))
		}
	}
	text := session.LessonOffer(game, played, prefs.Bool(prefLessonOffered+game))
	if text == "" {
		return
	}
	prefs.SetBool(prefLessonOffered+game, true)
	d := dialog.NewConfirm(i18n.T("ui.lesson.learn", "Learn", nil), text, func(yes bool) {
		if yes {
			g.openLessons(game)
		}
	}, g.win)
	d.SetConfirmText(i18n.T("ui.lesson.learn", "Learn", nil))
	d.SetDismissText(i18n.T("ui.lesson.not_now", "Not now", nil))
	g.show(d, d.Confirm)
}

// stageLayout places a lesson's board and its text (objects 0 and 1):
// the text beside the board or under it, whichever leaves the board
// (drawn at its least size's aspect ratio) the larger; the board takes the
// rest.
type stageLayout struct{}

// sideShare is the share of the width the text takes beside the board.
const sideShare = 0.36

func (stageLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	b, t := objs[0].MinSize(), objs[1].MinSize()
	return fyne.NewSize(max(b.Width, t.Width), b.Height+t.Height+theme.Padding())
}

func (stageLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	board, text := objs[0], objs[1]
	pad := theme.Padding()
	aspect := float32(1)
	if m := board.MinSize(); m.Width > 0 && m.Height > 0 {
		aspect = m.Width / m.Height
	}
	sideW := max(size.Width*sideShare, text.MinSize().Width)
	text.Resize(fyne.NewSize(size.Width, text.MinSize().Height))
	underH := text.MinSize().Height // after the wrapping at this width
	beside := min((size.Width-sideW-pad)/aspect, size.Height)
	under := min(size.Width/aspect, size.Height-underH-pad)
	if beside > under {
		board.Resize(fyne.NewSize(size.Width-sideW-pad, size.Height))
		board.Move(fyne.NewPos(0, 0))
		text.Resize(fyne.NewSize(sideW, size.Height))
		relayout(text) // its wrapped labels are taller at this width
		text.Move(fyne.NewPos(size.Width-sideW, 0))
		return
	}
	board.Resize(fyne.NewSize(size.Width, max(size.Height-underH-pad, 0)))
	board.Move(fyne.NewPos(0, 0))
	text.Resize(fyne.NewSize(size.Width, underH))
	relayout(text)
	text.Move(fyne.NewPos(0, size.Height-underH))
}

// relayout lays out container o again, once its wrapped labels know their
// width (a label's least height depends on it).
func relayout(o fyne.CanvasObject) {
	if c, ok := o.(*fyne.Container); ok && c.Layout != nil {
		c.Layout.Layout(c.Objects, c.Size())
	}
}

// stageRowsLayout lays the list of stages out at its size and fits each
// row's height to its title wrapped at that width (fitRows), so that no
// title is cut, however narrow the dialog or long the language's words.
type stageRowsLayout struct{ u *lessonsUI }

func (l stageRowsLayout) MinSize(objects []fyne.CanvasObject) fyne.Size { return objects[0].MinSize() }

func (l stageRowsLayout) Layout(objects []fyne.CanvasObject, size fyne.Size) {
	l.u.fitRows(size.Width)
	objects[0].Move(fyne.NewPos(0, 0))
	objects[0].Resize(size)
}

// fitRows sets the height of each row of the list of stages to that of
// its title wrapped at a list width wide beside the stars, and at least a
// one-line row's, when the width or the rows changed.
func (u *lessonsUI) fitRows(width float32) {
	if (width == u.rowsW && len(u.view.Stages) == u.rowsN) || width <= 0 {
		return
	}
	u.rowsW, u.rowsN = width, len(u.view.Stages)
	stars := starsSize()
	measure := newWrapLabel("")
	textW := max(width-stars.Width-theme.Padding(), 1)
	for i, s := range u.view.Stages {
		measure.SetText(s.Title)
		measure.Resize(fyne.NewSize(textW, stars.Height))
		u.list.SetItemHeight(i, max(measure.MinSize().Height, stars.Height))
	}
}

// starsSize is the size of a label of three stars, a stage's best.
func starsSize() fyne.Size { return widget.NewLabel("★★★").MinSize() }
