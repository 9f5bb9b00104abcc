package ui

import (
	"fmt"
	"image/color"
	"slices"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"planiverse/ai"
	"planiverse/app/session"
	"planiverse/rules"
	"planiverse/widgets"
)

// panelWidth is the width of the side panel in Fyne units.
const panelWidth = 330

// Swatch colors of the two piece colors (dark: Black, X; light: White, O).
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

// swatchBox centres a swatch of the given size on a rounded tile.
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

// panel is the side panel: whose turn, both sides' scores, the level, the
// thinking indicator, the buttons, the messages and the move list.
type panel struct {
	title     *canvas.Text // the game and its variant (caption size)
	titleBox  fyne.CanvasObject
	turnSwat  *canvas.Circle
	turn      *widget.Label
	seats     [2]*seatRow
	activity  *widget.Activity
	thinking  *tipLabel // the engine's figures in words; the numbers in its tooltip
	thinkRow  *fyne.Container
	messages  *widget.Label  // the latest message that holds, on one line
	logButton *widget.Button // shows every message of the game (onLog)
	onLog     func()
	moves     *moveList
	moveTexts []string
	viewPly   int // the ply on view when the list last followed it
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
	specials                                *fyne.Container // buttons of Controller.Specials
	specialMoves                            []rules.Special
	onSpecial                               func(rules.Move)
	undo, redo, hint, swap, newGame, resign *widget.Button
	showLegal                               *widget.Check
	header, buttons, msgSlot                *fyne.Container
	movesTitle                              fyne.CanvasObject
	graphBox                                *fyne.Container
	body                                    *fyne.Container // the parts in panelLayout

	content fyne.CanvasObject
}

// newPanel builds the panel; the callbacks are the buttons' actions.
func newPanel(onNew, onUndo, onRedo, onHint, onResign, onSwap, onPause func(), onShowLegal func(bool)) *panel {
	p := &panel{
		turnSwat: newSwatch(),
		turn:     widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		activity: widget.NewActivity(),
		thinking: newTipLabel(""),
		messages: widget.NewLabel(""),
		viewPly:  -1,
	}
	p.titleBox = newCaption(" ", true)
	p.title = p.titleBox.(*fyne.Container).Objects[0].(*canvas.Text)
	p.turn.Wrapping = fyne.TextWrapWord
	// One line each: a long message or hint is cut short (the whole
	// message is in the log), never wrapped onto the move list.
	p.messages.Truncation = fyne.TextTruncateEllipsis
	p.thinking.Truncation = fyne.TextTruncateEllipsis
	p.logButton = widget.NewButtonWithIcon("", theme.ListIcon(), func() {
		if p.onLog != nil {
			p.onLog()
		}
	})
	p.logButton.Importance = widget.LowImportance
	p.seats[0], p.seats[1] = newSeatRow(), newSeatRow()
	p.newGame = widget.NewButtonWithIcon("New game", theme.DocumentCreateIcon(), onNew)
	p.resign = widget.NewButtonWithIcon("Resign", theme.CancelIcon(), onResign)
	p.undo = widget.NewButtonWithIcon("Undo", theme.ContentUndoIcon(), onUndo)
	p.redo = widget.NewButtonWithIcon("Redo", theme.ContentRedoIcon(), onRedo)
	p.hint = widget.NewButtonWithIcon("Hint", theme.SearchIcon(), onHint)
	p.swap = widget.NewButtonWithIcon("Swap colours", theme.ViewRefreshIcon(), onSwap)
	p.swap.Importance = widget.HighImportance
	p.pause = widget.NewButtonWithIcon("Pause", theme.MediaPauseIcon(), onPause)
	p.specials = container.NewVBox()
	p.showLegal = widget.NewCheck("Show legal moves", onShowLegal)

	p.moves = newMoveList(func() int { return len(p.moveTexts) }, func(i int) string { return p.moveTexts[i] })
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
	p.cont = widget.NewButtonWithIcon("Continue from here", theme.MediaPlayIcon(), func() {
		if onContinue := p.onContinue; onContinue != nil {
			onContinue()
		}
	})
	p.review = container.NewBorder(nil, nil, container.NewHBox(p.first, p.back, p.forward, p.last), nil, p.cont)
	p.review.Hide()
	// The thinking row always takes its place, empty when idle, so that
	// the buttons below it never move.
	p.thinking.SetText(" ")
	p.thinkRow = container.NewBorder(nil, nil, p.activity, nil, p.thinking)

	p.header = container.NewVBox(
		p.titleBox,
		container.NewBorder(nil, nil, swatchBox(p.turnSwat, 28), nil, p.turn),
		widget.NewSeparator(),
		p.seats[0].box, p.seats[1].box,
		p.thinkRow,
		widget.NewSeparator(),
	)
	p.buttons = container.NewVBox(
		container.NewGridWithColumns(3, p.newGame, p.hint, p.resign, p.undo, p.redo, p.pause),
		p.swap,
		p.specials,
	)
	// The message line and the review bar share one place: the review
	// bar while an earlier position is on view, the message otherwise.
	p.msgSlot = container.NewStack(container.NewBorder(nil, nil, nil, p.logButton, p.messages), p.review)
	p.movesTitle = newCaption("Moves", true)
	p.graph = widgets.NewEvalGraph()
	p.graph.OnTapped = func(ply int) {
		if p.onReview != nil {
			p.onReview(ply)
		}
	}
	p.graphBox = container.NewBorder(newCaption("Evaluation by move (up: the dark side ahead)", false), nil, nil, nil, p.graph)
	p.body = container.New(&panelLayout{}, p.header, p.buttons, p.msgSlot, p.movesTitle, p.moves, p.graphBox)
	// The panel scrolls as a whole only when the window is shorter than
	// its least height; its height never makes the window grow.
	p.content = container.NewVScroll(container.NewPadded(p.body))
	return p
}

// update shows the controller's state.
func (p *panel) update(c *session.Controller) {
	set := c.Settings()
	s := c.State()
	if s == nil {
		return
	}
	if line := session.GameLine(set); p.title.Text != line {
		p.title.Text = line
		p.title.Refresh()
	}
	toMove := s.ToMove()
	if w, ok := c.Winner(); ok {
		setSwatch(p.turnSwat, c.Color(w))
	} else {
		setSwatch(p.turnSwat, c.Color(toMove))
	}
	turn := c.TurnText()
	if !c.Over() {
		switch {
		case !c.Started():
		case c.CanSwap():
			turn += " — place a white stone, or swap colours and take over the black stone"
		case set.Opponent == session.VsComputer && !c.IsComputer(toMove):
			turn += " — your turn"
		case c.IsComputer(toMove):
			turn += " — computer"
		}
	}
	if ply, on := c.Reviewing(); on {
		texts, _, _ := c.History()
		turn = fmt.Sprintf("Reviewing move %d of %d (arrow keys, Home, End)", ply, len(texts))
		if ply == 0 {
			turn = fmt.Sprintf("Reviewing the start position; %d moves played", len(texts))
		}
	}
	p.turn.SetText(turn)
	for seat := rules.First; seat <= rules.Second; seat++ {
		r := p.seats[seat]
		setSwatch(r.swatch, c.Color(seat))
		r.name.SetText(c.SeatName(seat) + " — " + c.PlayerName(seat) + levelText(c, seat))
		n, unit := c.Score(seat)
		if n == 1 {
			unit = strings.TrimSuffix(unit, "s")
		}
		r.score.SetText(fmt.Sprintf("%d %s", n, unit))
	}
	p.showClocks(c)
	p.showThinking(c)

	// One line: the latest message that holds (the log button shows them
	// all).
	msgs := c.Messages()
	last := ""
	if len(msgs) > 0 {
		last = msgs[len(msgs)-1]
	}
	p.messages.SetText(last)
	enable(p.logButton, len(c.MessageLog()) > 0)

	texts, _, sides := c.History()
	p.updateReview(c, len(texts))
	scores, known := c.Analysis()
	p.graph.SetScores(scores, known)
	if ply, on := c.Reviewing(); on {
		p.graph.SetCurrent(ply)
	} else {
		p.graph.SetCurrent(-1)
	}
	rows := make([]string, len(texts))
	for i, t := range texts {
		rows[i] = fmt.Sprintf("%d. %s  %s", i+1, sides[i], t)
	}
	changed := !slices.Equal(rows, p.moveTexts)
	p.moveTexts = rows
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

	enable(p.undo, c.CanUndo())
	enable(p.redo, c.CanRedo())
	enable(p.hint, c.PersonToMove())
	enable(p.resign, c.CanResign())
	showIf(p.pause, set.Opponent == session.Watch)
	enable(p.pause, c.CanPause())
	if c.Paused() {
		p.pause.SetText("Resume")
		p.pause.SetIcon(theme.MediaPlayIcon())
	} else {
		p.pause.SetText("Pause")
		p.pause.SetIcon(theme.MediaPauseIcon())
	}
	showIf(p.swap, c.CanSwap())
	p.showSpecials(c.Specials())
	// The legal-move marks are toggled from the Game menu (the panel
	// keeps the check in step with it but does not show it: the move list
	// needs the room).
}

// showThinking shows or hides the thinking indicator with the search's
// latest progress.
func (p *panel) showThinking(c *session.Controller) {
	on, hint, info := c.Thinking()
	if !on {
		p.thinking.SetTip("")
		p.activity.Stop()
		p.activity.Hide()
		if h := c.Hint(); h != rules.NoMove {
			src := ""
			if c.HintFromBook() {
				src = "opening book, "
			}
			p.thinking.SetText("Hint: " + c.State().MoveString(h) + " (" + src + "marked on the board)")
		} else {
			p.thinking.SetText(" ")
		}
		return
	}
	p.activity.Show()
	what := "Thinking"
	if hint {
		what = "Looking for a hint"
	}
	words, figures := c.ThinkingWords()
	if info.Depth > 0 && words != "" {
		what += "… " + words
	} else {
		what += "…" // the first iteration, or an external engine, has no figures yet
	}
	p.thinking.SetText(what)
	p.thinking.SetTip(figures)
	p.activity.Start()
}

func setSwatch(c *canvas.Circle, color rules.Seat) {
	if c.FillColor != swatchFill[color] {
		c.FillColor = swatchFill[color]
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
func (p *panel) updateReview(c *session.Controller, n int) {
	ply, on := c.Reviewing()
	p.reviewPly, p.reviewLen = ply, n
	if !on {
		p.moves.UnselectAll()
		p.review.Hide()
		p.msgSlot.Objects[0].Show()
		return
	}
	if ply == 0 {
		p.moves.UnselectAll()
	} else {
		p.moves.Select(ply - 1)
	}
	enable(p.first, ply > 0)
	enable(p.back, ply > 0)
	enable(p.cont, c.CanContinue())
	p.msgSlot.Objects[0].Hide()
	p.review.Show()
}

// levelText is what the seat row adds for a computer seat: its level's
// name (", Casual"), or "" for a person or an external engine.
func levelText(c *session.Controller, seat rules.Seat) string {
	if !c.IsComputer(seat) {
		return ""
	}
	if _, ext := c.ExternalSeat(seat); ext {
		return ""
	}
	l := ai.LevelOf(c.LevelOf(seat))
	return ", " + l.Name
}

// showClocks shows each seat's time left, the running one highlighted.
func (p *panel) showClocks(c *session.Controller) {
	for seat := rules.First; seat <= rules.Second; seat++ {
		l := p.seats[seat].clock
		left, running, on := c.Clock(seat)
		if !on {
			l.Hide()
			continue
		}
		l.Importance = widget.MediumImportance
		if running {
			l.Importance = widget.HighImportance
			if left < 10*time.Second {
				l.Importance = widget.DangerImportance
			}
		}
		l.SetText(session.ClockText(left))
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

// panelLayout gives the panel's parts fixed places, top to bottom: the
// header (turn, players, thinking), the buttons, the message line, any
// further parts (the analysis box of report.go), the "Moves" title, the
// move list and the evaluation graph: the last two objects are the list
// and the graph. Every part but the
// list gets its least height; the list takes the rest, never less than
// minListRows rows; the graph sits at the bottom where there is room for
// it beside those rows, and is hidden where there is not.
type panelLayout struct{}

// minListRows is the least number of move-list rows the panel shows.
const minListRows = 6

// graphShare is the share of the spare height (beyond the parts' least)
// the evaluation graph takes, up to twice its least height.
const graphShare = 0.25

func (l *panelLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	pad := theme.Padding()
	n := len(objs)
	list, graph := objs[n-2], objs[n-1]
	fixed := objs[:n-2]
	y := float32(0)
	for _, o := range fixed {
		if !o.Visible() {
			continue
		}
		h := o.MinSize().Height
		o.Move(fyne.NewPos(0, y))
		o.Resize(fyne.NewSize(size.Width, h))
		y += h + pad
	}
	gh := graph.MinSize().Height
	listMin := l.listMin(list)
	spare := size.Height - y - gh - pad - listMin
	if spare < 0 {
		// No room for the graph: the list takes it all.
		graph.Hide()
		list.Move(fyne.NewPos(0, y))
		list.Resize(fyne.NewSize(size.Width, max(size.Height-y, listMin)))
		return
	}
	graph.Show()
	gh += min(spare*graphShare, gh)
	gy := size.Height - gh
	graph.Move(fyne.NewPos(0, gy))
	graph.Resize(fyne.NewSize(size.Width, gh))
	list.Move(fyne.NewPos(0, y))
	list.Resize(fyne.NewSize(size.Width, gy-pad-y))
}

// listMin is the move list's least height: minListRows rows.
func (l *panelLayout) listMin(list fyne.CanvasObject) float32 {
	row := list.MinSize().Height
	if m, ok := list.(*moveList); ok {
		row = m.CreateItem().MinSize().Height
	}
	return minListRows*(row+theme.SeparatorThicknessSize()) + theme.Padding()
}

func (l *panelLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	pad := theme.Padding()
	w := float32(panelWidth)
	h := float32(0)
	for _, o := range objs[:len(objs)-2] {
		if o.Visible() {
			m := o.MinSize()
			w = max(w, m.Width)
			h += m.Height + pad
		}
	}
	h += l.listMin(objs[len(objs)-2]) // the graph shows only where there is room
	return fyne.NewSize(w, h)
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

func newMoveList(length func() int, text func(int) string) *moveList {
	l := &moveList{follow: -1}
	l.Length = length
	l.CreateItem = func() fyne.CanvasObject {
		t := canvas.NewText("000. White  E3G3", theme.Color(theme.ColorNameForeground))
		return container.New(&insetLayout{inset: 3}, t)
	}
	l.UpdateItem = func(i widget.ListItemID, o fyne.CanvasObject) {
		t := o.(*fyne.Container).Objects[0].(*canvas.Text)
		t.Text = text(i)
		t.Color = theme.Color(theme.ColorNameForeground)
		t.Refresh()
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
