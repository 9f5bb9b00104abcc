package ui

import (
	"image/color"
	"math"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"planiverse/app/i18n"
	"planiverse/app/session"
	"planiverse/app/session/quality"
	"planiverse/rules"
	"planiverse/widgets"
)

// prefPanelGraph is the preference key of the Moves | Graph toggle's
// choice: true shows the graph where there is no room for both.
const prefPanelGraph = "panel.graph"

// panelWidth is the width of the side panel in Fyne units.
const panelWidth = 330

// Swatch colors of the two piece colors (dark: Black; light: White).
var swatchFill = [2]color.Color{
	color.NRGBA{0x1b, 0x1b, 0x1d, 0xff},
	color.NRGBA{0xf4, 0xf2, 0xec, 0xff},
}

var swatchEdge = color.NRGBA{0x40, 0x40, 0x40, 0xff}

// seatRow is one side's line in the panel: a swatch, the side and who
// plays it, and its score.
type seatRow struct {
	swatch *canvas.Circle
	name   *widget.Label
	score  *widget.Label
	clock  *widget.Label // the seat's time left, hidden without a clock
	box    fyne.CanvasObject
}

func newSwatch() *canvas.Circle {
	c := canvas.NewCircle(swatchFill[0])
	c.StrokeColor = swatchEdge
	c.StrokeWidth = 1.5
	return c
}

// swatchTile is the neutral tile behind a swatch, so that black and white
// pieces both stand out in light and dark themes.
var swatchTile = color.NRGBA{0x8c, 0x8c, 0x88, 0xff}

// swatchBox centers a swatch of the given size on a rounded tile.
func swatchBox(c *canvas.Circle, size float32) fyne.CanvasObject {
	r := canvas.NewRectangle(swatchTile)
	r.CornerRadius = size / 4
	r.SetMinSize(fyne.NewSize(size, size))
	return container.NewCenter(container.NewStack(r, container.New(&insetLayout{inset: size / 8}, c)))
}

// insetLayout gives its objects the container's area less an inset.
type insetLayout struct{ inset float32 }

func (l *insetLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objs {
		o.Move(fyne.NewPos(l.inset, l.inset))
		o.Resize(fyne.NewSize(size.Width-2*l.inset, size.Height-2*l.inset))
	}
}

func (l *insetLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	m := fyne.NewSize(0, 0)
	for _, o := range objs {
		m = m.Max(o.MinSize())
	}
	return m.AddWidthHeight(2*l.inset, 2*l.inset)
}

func newSeatRow() *seatRow {
	r := &seatRow{swatch: newSwatch(), name: widget.NewLabel(""), score: widget.NewLabel(""),
		clock: widget.NewLabelWithStyle("", fyne.TextAlignTrailing, fyne.TextStyle{Monospace: true})}
	r.score.Alignment = fyne.TextAlignTrailing
	r.name.Truncation = fyne.TextTruncateEllipsis
	r.clock.Hide()
	r.box = container.NewBorder(nil, nil, swatchBox(r.swatch, 22), container.NewHBox(r.score, r.clock), r.name)
	return r
}

// panel is the side panel. It draws the controller's PanelView
// (session.Controller.Panel) and adds no game text of its own. From the
// top: the fixed part (the game's title, the turn line, the two seat rows
// with their clocks and the main buttons), which never scrolls out of
// view; one line shared by the message, the thinking line and the review
// bar (showSlot); the coach
// area, one wrapped text with its buttons, which scrolls within itself
// when it is taller than its room; and the move list and the evaluation
// graph, which share the rest, or, where the rest is too short for both,
// take turns by the Moves | Graph toggle.
type panel struct {
	title    *canvas.Text // the game and its variant (caption size)
	titleBox fyne.CanvasObject
	turnSwat *canvas.Circle
	turn     *wrapLabel
	seats    [2]*seatRow
	activity *widget.Activity
	thinking *tipLabel // the engine's figures in words; the numbers in its tooltip
	thinkRow *fyne.Container
	msgRow   *fyne.Container // the message line with the log button
	// reviewOn, searching and thinkText are what showSlot chooses by.
	reviewOn, searching bool
	thinkText           string
	messages            *widget.Label  // the latest message that holds, on one line
	logButton           *widget.Button // shows every message of the game (onLog)
	onLog               func()
	moves               *moveList
	rows                []session.MoveRow // the move list's rows
	viewPly             int               // the ply on view when the list last followed it
	// legalMarks: the board can mark the legal moves (widgets.LegalMarker),
	// so the panel offers the toggle.
	legalMarks bool

	// review: the bar shown while an earlier position is on view, with
	// its buttons; onReview(ply) puts the position after ply moves on
	// view, onContinue asks to play on from it.
	review                     *fyne.Container
	first, back, forward, last *widget.Button
	cont                       *widget.Button
	onReview                   func(ply int)
	onContinue                 func()
	reviewPly, reviewLen       int

	graph                                   *widgets.EvalGraph // the evaluation by move
	pause                                   *widget.Button
	specials                                *fyne.Container // buttons of PanelButtons.Specials
	specialMoves                            []rules.Special
	onSpecial                               func(rules.Move)
	undo, redo, hint, swap, newGame, resign *widget.Button
	showLegal                               *widget.Check
	header, buttons, top, msgSlot           *fyne.Container

	// coach is the coach area: coachBox, with coachText (wrapped, never
	// cut short) and coachBar (the game report's progress), in
	// coachScroll; below it coachButtons, the rows of buttons the analysis
	// adds (report.go), always in view.
	coach        *fyne.Container
	coachScroll  *container.Scroll
	coachBox     *fyne.Container
	coachButtons *fyne.Container
	coachText    *wrapLabel
	coachBar     *widget.ProgressBar

	movesTitle fyne.CanvasObject
	graphBox   *fyne.Container
	// toggle chooses between the move list and the graph when there is
	// no room for both; graphChosen is the choice, onChoose remembers it.
	toggle                *fyne.Container
	showMoves, showGraphs *widget.Button
	graphChosen           bool
	onChoose              func(graph bool)
	// analyzing: the last view had a game report running; when it
	// finishes, the graph with its mistake dots is put in view (showGraph).
	analyzing bool
	// graphCaption is the graph's caption, left out where the graph has
	// less than its least height with it.
	graphCaption fyne.CanvasObject
	body         *fyne.Container // the parts in panelLayout

	content fyne.CanvasObject
}

// newPanel builds the panel; the callbacks are the buttons' actions.
func newPanel(onNew, onUndo, onRedo, onHint, onResign, onSwap, onPause func(), onShowLegal func(bool)) *panel {
	p := &panel{
		turnSwat:  newSwatch(),
		turn:      newWrapLabel(""),
		activity:  widget.NewActivity(),
		thinking:  newTipLabel(""),
		messages:  widget.NewLabel(""),
		coachText: newWrapLabel(""),
		coachBar:  widget.NewProgressBar(),
		viewPly:   -1,
	}
	p.titleBox = newCaption(" ", true)
	p.title = p.titleBox.(*fyne.Container).Objects[0].(*canvas.Text)
	p.turn.TextStyle = fyne.TextStyle{Bold: true}
	// One line each: a long message is cut short (the whole message is
	// in the log), never wrapped onto the move list.
	p.messages.Truncation = fyne.TextTruncateEllipsis
	p.thinking.Truncation = fyne.TextTruncateEllipsis
	p.logButton = widget.NewButtonWithIcon("", theme.ListIcon(), func() {
		if p.onLog != nil {
			p.onLog()
		}
	})
	p.logButton.Importance = widget.LowImportance
	p.seats[0], p.seats[1] = newSeatRow(), newSeatRow()
	p.newGame = widget.NewButtonWithIcon(i18n.T("ui.new_game", "New game", nil), theme.DocumentCreateIcon(), onNew)
	p.resign = widget.NewButtonWithIcon(i18n.T("ui.resign.title", "Resign", nil), theme.CancelIcon(), onResign)
	p.undo = widget.NewButtonWithIcon(i18n.T("ui.menu.undo", "Undo", nil), theme.ContentUndoIcon(), onUndo)
	p.redo = widget.NewButtonWithIcon(i18n.T("ui.menu.redo", "Redo", nil), theme.ContentRedoIcon(), onRedo)
	p.hint = widget.NewButtonWithIcon(i18n.T("ui.menu.hint", "Hint", nil), theme.SearchIcon(), onHint)
	p.swap = widget.NewButtonWithIcon(i18n.T("ui.swap", "Swap colors", nil), theme.ViewRefreshIcon(), onSwap)
	p.swap.Importance = widget.HighImportance
	p.pause = widget.NewButtonWithIcon(i18n.T("ui.pause", "Pause", nil), theme.MediaPauseIcon(), onPause)
	p.specials = container.NewVBox()
	p.showLegal = widget.NewCheck(i18n.T("ui.show_legal", "Show legal moves", nil), onShowLegal)

	p.moves = newMoveList(func() int { return len(p.rows) }, func(i int) session.MoveRow { return p.rows[i] })
	// A click on a row puts the position after that move on view; the
	// row stays selected while it is on view.
	p.moves.OnSelected = func(id widget.ListItemID) {
		if p.onReview != nil && id+1 != p.reviewPly {
			p.onReview(id + 1)
		}
	}
	step := func(f func() int) func() {
		return func() {
			if p.onReview != nil {
				p.onReview(f())
			}
		}
	}
	p.first = widget.NewButtonWithIcon("", theme.MediaSkipPreviousIcon(), step(func() int { return 0 }))
	p.back = widget.NewButtonWithIcon("", theme.NavigateBackIcon(), step(func() int { return p.reviewPly - 1 }))
	p.forward = widget.NewButtonWithIcon("", theme.NavigateNextIcon(), step(func() int { return p.reviewPly + 1 }))
	p.last = widget.NewButtonWithIcon("", theme.MediaSkipNextIcon(), step(func() int { return p.reviewLen }))
	p.cont = widget.NewButtonWithIcon(i18n.T("ui.continue.title", "Continue from here", nil), theme.MediaPlayIcon(), func() {
		if onContinue := p.onContinue; onContinue != nil {
			onContinue()
		}
	})
	p.review = container.NewBorder(nil, nil, container.NewHBox(p.first, p.back, p.forward, p.last), nil, p.cont)
	p.review.Hide()
	p.thinkRow = container.NewBorder(nil, nil, p.activity, nil, p.thinking)
	p.thinkRow.Hide()

	p.header = container.NewVBox(
		p.titleBox,
		container.NewBorder(nil, nil, swatchBox(p.turnSwat, 28), nil, p.turn),
		widget.NewSeparator(),
		p.seats[0].box, p.seats[1].box,
	)
	p.buttons = container.NewVBox(
		container.NewGridWithColumns(3, p.newGame, p.hint, p.resign, p.undo, p.redo, p.pause),
		p.swap,
		p.specials,
	)
	p.top = container.NewVBox(p.header, p.buttons)
	// The message line, the thinking line and the review bar share one
	// place of one height (showSlot).
	p.msgRow = container.NewBorder(nil, nil, nil, p.logButton, p.messages)
	p.msgSlot = container.NewStack(p.msgRow, p.thinkRow, p.review)
	p.coachBar.Hide()
	p.coachBox = container.NewVBox(p.coachText, p.coachBar)
	p.coachScroll = container.NewVScroll(p.coachBox)
	p.coachButtons = container.NewVBox()
	p.coach = container.NewBorder(nil, p.coachButtons, nil, nil, p.coachScroll)
	p.coach.Hide()
	p.movesTitle = newCaption(i18n.T("ui.moves", "Moves", nil), true)
	p.graph = widgets.NewEvalGraph()
	p.graph.OnTapped = func(ply int) {
		if p.onReview != nil {
			p.onReview(ply)
		}
	}
	p.graphCaption = newCaption(i18n.T("ui.graph.caption", "Evaluation by move (up: the dark side ahead)", nil), false)
	p.graphBox = container.NewBorder(p.graphCaption, nil, nil, nil, p.graph)
	p.showMoves = widget.NewButtonWithIcon(i18n.T("ui.moves", "Moves", nil), theme.ListIcon(), func() { p.choose(false) })
	p.showGraphs = widget.NewButtonWithIcon(i18n.T("ui.graph", "Graph", nil), theme.GridIcon(), func() { p.choose(true) })
	p.toggle = container.NewGridWithColumns(2, p.showMoves, p.showGraphs)
	p.toggle.Hide()
	p.markChoice()
	p.body = container.New(&panelLayout{p: p}, p.top, p.msgSlot, p.coach, p.movesTitle, p.toggle, p.moves, p.graphBox)
	// The panel does not scroll: panelLayout keeps the fixed part in
	// view and gives the coach area, the list and the graph what is left.
	p.content = container.NewPadded(p.body)
	return p
}

// choose shows the graph (or the move list) where there is no room for
// both, and remembers the choice (onChoose).
func (p *panel) choose(graph bool) {
	if graph == p.graphChosen {
		return
	}
	p.graphChosen = graph
	p.markChoice()
	if p.onChoose != nil {
		p.onChoose(graph)
	}
	p.body.Refresh()
}

// showGraph puts the graph in view where there is no room for both it and
// the move list, without remembering it as the player's choice: when an
// analysis finishes, so that its mistake dots are seen.
func (p *panel) showGraph() {
	if !p.graphChosen {
		p.graphChosen = true
		p.markChoice()
		p.body.Refresh()
	}
}

// markChoice highlights the toggle's chosen button.
func (p *panel) markChoice() {
	p.showMoves.Importance, p.showGraphs.Importance = widget.HighImportance, widget.LowImportance
	if p.graphChosen {
		p.showMoves.Importance, p.showGraphs.Importance = widget.LowImportance, widget.HighImportance
	}
	p.showMoves.Refresh()
	p.showGraphs.Refresh()
}

// show draws v, the controller's PanelView; the panel is laid out again
// when the fixed part's height changed (a turn line wrapping onto more
// lines, the swap or special buttons coming or going).
func (p *panel) show(v session.PanelView) {
	topMin := p.top.MinSize()
	defer func() {
		if p.top.MinSize() != topMin {
			p.body.Refresh()
		}
	}()
	if p.title.Text != v.Title {
		p.title.Text = v.Title
		p.title.Refresh()
	}
	setSwatch(p.turnSwat, v.TurnColor)
	p.turn.SetText(v.Turn)
	for seat := range p.seats {
		r, sv := p.seats[seat], v.Seats[seat]
		setSwatch(r.swatch, sv.Color)
		r.name.SetText(sv.Name)
		r.score.SetText(sv.Score)
	}
	p.showClocks(v.Seats)
	p.showThinking(v.Thinking)

	// One line: the latest message that holds (the log button shows them
	// all).
	p.messages.SetText(v.Message)
	enable(p.logButton, v.HasLog)

	p.updateReview(v) // and showSlot, with the message and thinking set
	p.showCoach(v.Coach)
	if p.analyzing && !v.Buttons.CancelAnalysis && v.Buttons.Report {
		p.showGraph()
	}
	p.analyzing = v.Buttons.CancelAnalysis
	p.graph.SetScores(v.GraphScores, v.GraphKnown)
	p.graph.SetCurrent(v.GraphCurrent)
	p.graph.SetMarks(graphMarks(v.Moves))
	changed := !slices.Equal(v.Moves, p.rows)
	p.rows = v.Moves
	p.moves.Refresh()
	switch {
	case !changed && p.viewPly == p.reviewPly:
	case p.reviewPly > 0:
		// The list follows the move on view (the newest after a move,
		// End or Open). ScrollTo places the row by arithmetic on the
		// row height; the list's own ScrollToBottom would use the content
		// height of the previous layout and leave the newest row hidden.
		p.moves.follow = p.reviewPly - 1
		p.moves.ScrollTo(p.reviewPly - 1)
	default:
		p.moves.follow = -1
		p.moves.ScrollToTop() // the start position (Home)
	}
	p.viewPly = p.reviewPly

	b := v.Buttons
	enable(p.undo, b.Undo)
	enable(p.redo, b.Redo)
	enable(p.hint, b.Hint)
	enable(p.resign, b.Resign)
	showIf(p.pause, b.Pause)
	enable(p.pause, b.CanPause)
	if b.Paused {
		p.pause.SetText(i18n.T("ui.resume", "Resume", nil))
		p.pause.SetIcon(theme.MediaPlayIcon())
	} else {
		p.pause.SetText(i18n.T("ui.pause", "Pause", nil))
		p.pause.SetIcon(theme.MediaPauseIcon())
	}
	showIf(p.swap, b.Swap)
	p.showSpecials(b.Specials)
	// The legal-move marks are toggled from the Game menu (the panel
	// keeps the check in step with it but does not show it: the move list
	// needs the room).
}

// showCoach shows the coach area's one thing, or hides the area; the
// panel is laid out again when its height changes.
func (p *panel) showCoach(cv session.CoachView) {
	before := p.coachBox.MinSize()
	shown := p.coach.Visible()
	p.coachText.SetText(cv.Text)
	showIf(p.coachBar, cv.Kind == session.CoachProgress)
	p.coachBar.SetValue(cv.Progress)
	showIf(p.coach, cv.Kind != session.CoachNone)
	if cv.Kind != session.CoachNone {
		p.coachScroll.ScrollToTop()
	}
	if p.coach.Visible() != shown || p.coachBox.MinSize() != before {
		p.body.Refresh()
	}
}

// graphMarks colors the graph's plies by class (inaccuracies and worse).
func graphMarks(rows []session.MoveRow) []color.Color {
	marks := make([]color.Color, len(rows))
	for i, r := range rows {
		if r.Judged && r.Class >= quality.Inaccuracy && r.Class < quality.NumClasses {
			marks[i] = classColors[r.Class]
		}
	}
	return marks
}

// showThinking shows the thinking line: the search's latest progress, or
// the hint found.
func (p *panel) showThinking(t session.ThinkingView) {
	p.thinking.SetText(t.Text)
	p.thinking.SetTip(t.Tip)
	p.searching, p.thinkText = t.On, t.Text
	if t.On {
		p.activity.Show()
		p.activity.Start()
	} else {
		p.activity.Stop()
		p.activity.Hide()
	}
	p.showSlot()
}

// showSlot shows one of the three lines that share a place below the
// buttons: the review bar while an earlier position is on view, else the
// thinking line while a search runs, else the message line when there is
// a message, else the thinking line with the hint found, else the empty
// message line (with its log button).
func (p *panel) showSlot() {
	shown := fyne.CanvasObject(p.msgRow)
	switch {
	case p.reviewOn:
		shown = p.review
	case p.searching:
		shown = p.thinkRow
	case p.messages.Text != "":
	case p.thinkText != "":
		shown = p.thinkRow
	}
	for _, o := range p.msgSlot.Objects {
		showIf(o, o == shown)
	}
}

func setSwatch(c *canvas.Circle, color rules.Color) {
	if c.FillColor != swatchFill[color&1] {
		c.FillColor = swatchFill[color&1]
		c.Refresh()
	}
}

func enable(b *widget.Button, on bool) {
	if on {
		b.Enable()
	} else {
		b.Disable()
	}
}

// updateReview shows the review bar while an earlier position is on view
// and selects its row in the move list.
func (p *panel) updateReview(v session.PanelView) {
	r := v.Review
	p.reviewPly, p.reviewLen = r.Ply, r.Len
	p.reviewOn = r.On
	if !r.On {
		p.moves.UnselectAll()
		p.showSlot()
		return
	}
	if r.Ply == 0 {
		p.moves.UnselectAll()
	} else {
		p.moves.Select(r.Ply - 1)
	}
	enable(p.first, v.Buttons.First)
	enable(p.back, v.Buttons.Back)
	enable(p.cont, v.Buttons.Continue)
	p.showSlot()
}

// showClocks shows each seat's time left, the running one highlighted.
func (p *panel) showClocks(seats [2]session.SeatView) {
	for seat, sv := range seats {
		l := p.seats[seat].clock
		if sv.Clock == "" {
			l.Hide()
			continue
		}
		l.Importance = widget.MediumImportance
		switch {
		case sv.LowTime:
			l.Importance = widget.DangerImportance
		case sv.Running:
			l.Importance = widget.HighImportance
		}
		l.SetText(sv.Clock)
		l.Show()
	}
}

// showSpecials shows a button for each special move (rebuilt only when
// they change).
func (p *panel) showSpecials(sp []rules.Special) {
	if slices.Equal(sp, p.specialMoves) {
		return
	}
	p.specialMoves = sp
	p.specials.Objects = nil
	for _, m := range sp {
		b := widget.NewButton(m.Label, func() {
			if p.onSpecial != nil {
				p.onSpecial(m.Move)
			}
		})
		b.Importance = widget.HighImportance
		p.specials.Add(b)
	}
	p.specials.Refresh()
}

// panelLayout places the panel's parts (see panel) top to bottom: the
// fixed part and the message line at their least heights; the coach area
// at the height of its text and buttons, up to what leaves the move list
// minListRows rows (and never less than a third of the room below the
// message line, nor than two lines of text and its buttons); then the "Moves" caption, the list and the graph, the graph
// taking graphShare of the spare height beside the list's least. Where
// the room left is too short for the list and the graph both, the toggle
// takes the caption's place and the chosen one takes the room.
type panelLayout struct{ p *panel }

// minListRows is the least number of move-list rows the panel shows.
const minListRows = 6

// graphShare is the share of the spare height (beyond the parts' least)
// the evaluation graph takes, up to twice its least height.
const graphShare = 0.25

func (l *panelLayout) Layout(_ []fyne.CanvasObject, size fyne.Size) {
	p := l.p
	pad := theme.Padding()
	w := size.Width
	y := float32(0)
	place := func(o fyne.CanvasObject, h float32) {
		o.Move(fyne.NewPos(0, y))
		o.Resize(fyne.NewSize(w, h))
		y += h + pad
	}
	place(p.top, p.top.MinSize().Height)
	place(p.msgSlot, p.msgSlot.MinSize().Height)
	listMin := l.listMin()
	capH := p.movesTitle.MinSize().Height
	if p.coach.Visible() {
		// The wrapped text's height follows its width: size the box to
		// the width first.
		p.coachBox.Resize(fyne.NewSize(w, p.coachBox.MinSize().Height))
		buttons := float32(0)
		if b := p.coachButtons.MinSize().Height; b > 0 {
			buttons = b + pad
		}
		need := p.coachBox.MinSize().Height + buttons
		room := max(size.Height-y, 0)
		// At least two lines of text and the buttons where the window is
		// short.
		twoLines := p.messages.MinSize().Height + fyne.MeasureText("Ag", theme.TextSize(), fyne.TextStyle{}).Height
		h := min(need, max(room-capH-listMin-2*pad, room/3, twoLines+buttons))
		if h < need {
			h = wholeLines(h-buttons) + buttons
		}
		place(p.coach, max(h, 0))
	}
	room := size.Height - y
	p.graphCaption.Show()
	gh := p.graphBox.MinSize().Height
	spare := room - capH - pad - listMin - pad - gh
	if spare >= 0 {
		p.toggle.Hide()
		p.movesTitle.Show()
		p.moves.Show()
		p.graphBox.Show()
		place(p.movesTitle, capH)
		gh += min(spare*graphShare, gh)
		p.moves.Move(fyne.NewPos(0, y))
		p.moves.Resize(fyne.NewSize(w, size.Height-gh-pad-y))
		p.graphBox.Move(fyne.NewPos(0, size.Height-gh))
		p.graphBox.Resize(fyne.NewSize(w, gh))
		return
	}
	// No room for both: the toggle chooses.
	p.movesTitle.Hide()
	p.toggle.Show()
	place(p.toggle, p.toggle.MinSize().Height)
	shown, hidden := fyne.CanvasObject(p.moves), fyne.CanvasObject(p.graphBox)
	if p.graphChosen {
		shown, hidden = hidden, shown
	}
	hidden.Hide()
	shown.Show()
	if size.Height-y < gh {
		p.graphCaption.Hide() // the room is the graph's
	}
	shown.Move(fyne.NewPos(0, y))
	shown.Resize(fyne.NewSize(w, max(size.Height-y, 0)))
}

// wholeLines is the height, at most h, of a wrapped label that shows a
// whole number of lines (at least one), so that a coach text that scrolls
// shows no line cut in half. The heights of a label of one and of two
// lines give the first line's and each next line's; the label's padding
// below its last line is left out, where the next line would show.
func wholeLines(h float32) float32 {
	one, next := labelLines()
	if next <= 0 || h <= one {
		return one
	}
	return one + float32(math.Floor(float64((h-one)/next)))*next - theme.InnerPadding()/2
}

// lineHeights caches labelLines' measures by the theme's text size.
var lineHeights = map[float32][2]float32{}

// labelLines returns the height of a label of one line and what each next
// line adds, measured once per text size (layout runs on every resize).
func labelLines() (one, next float32) {
	size := theme.TextSize()
	if m, ok := lineHeights[size]; ok {
		return m[0], m[1]
	}
	one = widget.NewLabel("Ag").MinSize().Height
	next = widget.NewLabel("Ag\nAg").MinSize().Height - one
	lineHeights[size] = [2]float32{one, next}
	return one, next
}

// listMin is the move list's least height: minListRows rows.
func (l *panelLayout) listMin() float32 {
	row := l.p.moves.CreateItem().MinSize().Height
	return minListRows*(row+theme.SeparatorThicknessSize()) + theme.Padding()
}

// MinSize is the height of the fixed part, which must be in view: the
// rest gives way (the message line and the coach area go below, the list
// shrinks, the graph hides), so that the panel never makes the window
// taller than the screen. The window's least size asks for more where
// the screen has room (panel.fullHeight).
func (l *panelLayout) MinSize([]fyne.CanvasObject) fyne.Size {
	m := l.p.top.MinSize()
	return fyne.NewSize(max(panelWidth, m.Width), m.Height)
}

// fullHeight is the height the panel needs for its fixed part, the
// message line, the "Moves" caption and minListRows rows of the list.
func (p *panel) fullHeight() float32 {
	l := panelLayout{p: p}
	pad := theme.Padding()
	return l.MinSize(nil).Height + pad + p.msgSlot.MinSize().Height + pad + p.movesTitle.MinSize().Height + pad + l.listMin()
}

// moveList is the move list: compact rows of text, and the review keys
// (arrows, Home, End) when it has the keyboard focus (after a click on a
// row), handed to onKey.
type moveList struct {
	widget.List
	onKey func(fyne.KeyName) bool
	// follow is the row the list keeps in sight (the move on view), -1
	// for the top: a resize (the panel's parts above it growing or
	// shrinking) scrolls to it again.
	follow int
}

// Resize sizes the list and scrolls the followed row back into sight.
func (l *moveList) Resize(size fyne.Size) {
	if size == l.Size() {
		return
	}
	l.List.Resize(size)
	if l.follow >= 0 {
		l.ScrollTo(l.follow)
	}
}

func newMoveList(length func() int, row func(int) session.MoveRow) *moveList {
	l := &moveList{follow: -1}
	l.Length = length
	// A row: a strip in its move's class color, the move and its mark.
	l.CreateItem = func() fyne.CanvasObject {
		strip := canvas.NewRectangle(color.Transparent)
		strip.SetMinSize(fyne.NewSize(5, 0))
		widest := "000. " + colorName("White") + "  E3G3" // a row's width, until UpdateItem
		t := canvas.NewText(widest, theme.Color(theme.ColorNameForeground))
		return container.NewBorder(nil, nil, strip, nil, container.New(&insetLayout{inset: 3}, t))
	}
	l.UpdateItem = func(i widget.ListItemID, o fyne.CanvasObject) {
		r := row(i)
		var fill color.Color = color.Transparent
		text := r.Text
		if r.Judged && r.Class < quality.NumClasses {
			fill = classColors[r.Class]
			if r.Mark != "" {
				text += "  " + r.Mark
			}
		}
		for _, x := range o.(*fyne.Container).Objects {
			if strip, ok := x.(*canvas.Rectangle); ok && strip.FillColor != fill {
				strip.FillColor = fill
				strip.Refresh()
			}
			if t := rowText(x); t != nil {
				t.Text = text
				t.Color = theme.Color(theme.ColorNameForeground)
				t.Refresh()
			}
		}
	}
	l.ExtendBaseWidget(l)
	return l
}

// TypedKey handles the review keys (onKey), and the list's own otherwise.
func (l *moveList) TypedKey(e *fyne.KeyEvent) {
	if l.onKey != nil && l.onKey(e.Name) {
		return
	}
	l.List.TypedKey(e)
}

// newCaption is a small line of text (caption size) with the labels'
// left margin and little height, for the panel's titles.
func newCaption(text string, bold bool) fyne.CanvasObject {
	t := canvas.NewText(text, theme.Color(theme.ColorNameForeground))
	t.TextSize = theme.Size(theme.SizeNameCaptionText)
	t.TextStyle.Bold = bold
	return container.New(&captionLayout{}, t)
}

// captionLayout places one text with the labels' left margin and a small
// margin above and below.
type captionLayout struct{}

func (captionLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objs {
		o.Move(fyne.NewPos(theme.InnerPadding(), 2))
		o.Resize(fyne.NewSize(size.Width-theme.InnerPadding(), size.Height-4))
	}
}

func (captionLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	m := fyne.NewSize(0, 0)
	for _, o := range objs {
		m = m.Max(o.MinSize())
	}
	return m.AddWidthHeight(theme.InnerPadding(), 4)
}
