// Package widgets draws the four Planiverse boards (DVONN, Othello, Gomoku,
// Alak) as Fyne widgets and turns taps on them into legal moves.
//
// Every board is one widget (hit-testing is arithmetic, hex arithmetic for
// DVONN) that keeps a pointer to the app's authoritative position and only
// reads it, on the UI goroutine: it never plays a move and never searches.
// A tap that completes a legal move (one of the position's Moves) is handed
// to the OnMove callback; a tap on a cell that is refused changes nothing
// and hands the move it tried to the OnRefused callback, for the app to say
// why (rules.Refuser). Renderers build their canvas objects once and only
// re-color and re-position them, refreshing just the objects whose look
// changed (../shared/FYNE.md, "Pitfalls for a board"). The rules drawn
// follow ../shared/RULES.md.
package widgets

import (
	"image/color"
	"math"
	"math/bits"
	"slices"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"planiverse/rules"
)

// Board is what every board widget offers the app.
//
// The four boards of this package are also fyne.Focusable, for play from
// the keyboard: the arrow keys move a cursor over the cells, Return, Enter
// or Space tap the cursor's cell, Escape clears a selection (see TypedKey).
// A tap focuses the board; the app may also focus it with canvas.Focus
// after a type assertion. Focusable is not part of Board so that boards
// registered from outside the package (Register) need not implement it.
type Board interface {
	fyne.Widget
	// SetInteractive turns taps on or off: off while the computer thinks
	// or the game is over; taps are then ignored and nothing is highlighted.
	SetInteractive(on bool)
	// SetHint marks m (a move of the current position, typically the
	// AI's suggestion); rules.NoMove clears the mark. A hint that is not
	// legal in the current position is not drawn.
	SetHint(m rules.Move)
	// SetOnMove sets the callback called on the UI goroutine when the
	// person completes a legal move by tapping; nil removes it.
	SetOnMove(f func(m rules.Move))
	// Update re-reads the position after the app played or undid a move
	// and refreshes only what changed (with short animations for flips
	// and removed pieces).
	Update()
}

// Every board is tappable, hoverable and shows a pointer over what a tap
// would act on.
var (
	_ fyne.Tappable      = (*OthelloBoard)(nil)
	_ desktop.Hoverable  = (*OthelloBoard)(nil)
	_ desktop.Cursorable = (*OthelloBoard)(nil)
	_ fyne.Tappable      = (*GomokuBoard)(nil)
	_ desktop.Hoverable  = (*GomokuBoard)(nil)
	_ desktop.Cursorable = (*GomokuBoard)(nil)
	_ fyne.Tappable      = (*DvonnBoard)(nil)
	_ desktop.Hoverable  = (*DvonnBoard)(nil)
	_ desktop.Cursorable = (*DvonnBoard)(nil)
	_ fyne.Tappable      = (*AlakBoard)(nil)
	_ desktop.Hoverable  = (*AlakBoard)(nil)
	_ desktop.Cursorable = (*AlakBoard)(nil)
)

// Colors that belong to the boards themselves (not to the theme): a board
// area keeps the same look in light and dark themes, like a real board on a
// table. Labels outside the board areas use theme colors.
var (
	colShadow     = color.NRGBA{0, 0, 0, 0x48}
	colBlackPiece = color.NRGBA{0x1b, 0x1b, 0x1d, 0xff}
	colBlackEdge  = color.NRGBA{0x00, 0x00, 0x00, 0xff}
	colWhitePiece = color.NRGBA{0xe8, 0xe5, 0xdc, 0xff}
	colWhiteEdge  = color.NRGBA{0x9a, 0x96, 0x8c, 0xff}
	colRedPiece   = color.NRGBA{0xc8, 0x22, 0x22, 0xff}
	colRedEdge    = color.NRGBA{0x7a, 0x10, 0x10, 0xff}
	colLastMove   = color.NRGBA{0xe5, 0x39, 0x35, 0xff}
	colHint       = color.NRGBA{0x00, 0xb0, 0xff, 0xff}
	colSelect     = color.NRGBA{0xff, 0xb3, 0x00, 0xff}
	colHover      = color.NRGBA{0xff, 0xff, 0xff, 0x50}
	// colRegion washes the points of a hint region (SetRegion): a soft
	// violet, unlike the red last move, the blue hint ring, the amber
	// selection and the white hover, that reads on the green felt, the
	// wood and the DVONN plate alike.
	colRegion     = color.NRGBA{0xb0, 0x6c, 0xff, 0x78}
	colRegionEdge = color.NRGBA{0xd8, 0xb8, 0xff, 0xc8}
	colForbidden  = color.NRGBA{0xff, 0x3d, 0x3d, 0xff}
	transparent   = color.NRGBA{}
)

// core is the state every board shares: interactivity, hint, callback, the
// cell under the mouse, the keyboard cursor and a move buffer reused by
// legality checks. It
// embeds the BaseWidget, so its methods refresh the outer widget (the one
// given to ExtendBaseWidget).
type core struct {
	widget.BaseWidget
	interactive bool
	hint        rules.Move
	region      []int // the points washed by SetRegion, ascending
	onMove      func(rules.Move)
	onRefused   func(rules.Move) // a tapped move that is not legal (SetOnRefused)
	hover       int              // cell under the mouse that a tap would act on, or -1
	buf         []rules.Move
	hoverable   func(pos fyne.Position) int

	// Keyboard play (keys.go).
	nav        keyNav
	cursor     int         // the keyboard cursor's cell, -1 until the first focus
	focused    bool        // the board has the focus
	showCursor bool        // the cursor ring is drawn while focused (not after a mouse tap)
	vl         valueLabels // texts on the cells (values.go)
}

func (c *core) init(hoverable func(pos fyne.Position) int) {
	c.interactive = true
	c.hint = rules.NoMove
	c.hover = -1
	c.cursor = -1
	c.buf = make([]rules.Move, 0, 512)
	c.hoverable = hoverable
}

// SetInteractive turns taps on (true) or off (false). See Board.
func (c *core) SetInteractive(on bool) {
	if c.interactive == on {
		return
	}
	c.interactive = on
	c.hover = -1
	c.Refresh()
}

// Interactive reports whether taps are accepted.
func (c *core) Interactive() bool { return c.interactive }

// SetHint marks m; rules.NoMove clears the mark. See Board.
func (c *core) SetHint(m rules.Move) {
	if c.hint == m {
		return
	}
	c.hint = m
	c.Refresh()
}

// Hint returns the move marked by SetHint, or rules.NoMove.
func (c *core) Hint() rules.Move { return c.hint }

// SetRegion washes the points of region (RegionMarker); nil or empty
// clears the wash. Points off the board are not drawn.
func (c *core) SetRegion(points []int) {
	r := slices.Clone(points)
	slices.Sort(r)
	r = slices.Compact(r)
	if slices.Equal(r, c.region) {
		return
	}
	c.region = r
	c.Refresh()
}

// Region returns the points washed by SetRegion, ascending, or nil.
func (c *core) Region() []int { return slices.Clone(c.region) }

// regionWash draws a board's hint region: one translucent rounded square
// per point, made once, placed by Layout and shown over the points of the
// region only.
type regionWash []*canvas.Rectangle

// newRegionWash returns the hidden wash of a board of n points and objs
// with its shapes appended.
func newRegionWash(n int, objs []fyne.CanvasObject) (regionWash, []fyne.CanvasObject) {
	w := make(regionWash, n)
	for i := range w {
		w[i] = canvas.NewRectangle(colRegion)
		w[i].StrokeColor = colRegionEdge
		w[i].Hide()
		objs = append(objs, w[i])
	}
	return w, objs
}

// place puts point p's shape on center c: a square of side 2*half with
// corners of radius corner (half makes a disc) and an edge of width edge.
func (w regionWash) place(p int, c fyne.Position, half, corner, edge float32) {
	r := w[p]
	r.Move(fyne.NewPos(c.X-half, c.Y-half))
	r.Resize(fyne.NewSquareSize(2 * half))
	r.CornerRadius = corner
	r.StrokeWidth = edge
	r.Refresh()
}

// show shows the shapes of the points of region (ascending) and hides
// the others.
func (w regionWash) show(region []int) {
	j := 0
	for p, r := range w {
		for j < len(region) && region[j] < p {
			j++
		}
		setVisible(r, j < len(region) && region[j] == p)
	}
}

// SetOnMove sets the callback for completed moves. See Board.
func (c *core) SetOnMove(f func(m rules.Move)) { c.onMove = f }

// SetOnRefused sets the callback for a tapped move that is not legal (the
// window says why, when the position can tell).
func (c *core) SetOnRefused(f func(m rules.Move)) { c.onRefused = f }

// legal reports whether m is among s.Moves.
func (c *core) legal(s rules.State, m rules.Move) bool {
	if m == rules.NoMove {
		return false
	}
	c.buf = s.Moves(c.buf[:0])
	for _, x := range c.buf {
		if x == m {
			return true
		}
	}
	return false
}

// emit hands m to the callback when it is legal in s; it reports whether it
// did.
func (c *core) emit(s rules.State, m rules.Move) bool {
	if !c.legal(s, m) {
		if c.onRefused != nil && m != rules.NoMove {
			c.onRefused(m)
		}
		return false
	}
	if c.onMove != nil {
		c.onMove(m)
	}
	return true
}

// MouseIn tracks the cell under the mouse (desktop.Hoverable).
func (c *core) MouseIn(e *desktop.MouseEvent) { c.MouseMoved(e) }

// MouseMoved tracks the cell under the mouse (desktop.Hoverable).
func (c *core) MouseMoved(e *desktop.MouseEvent) {
	h := -1
	if c.interactive && c.hoverable != nil {
		h = c.hoverable(e.Position)
	}
	if h != c.hover {
		c.hover = h
		c.Refresh()
	}
}

// MouseOut clears the hover highlight (desktop.Hoverable).
func (c *core) MouseOut() {
	if c.hover != -1 {
		c.hover = -1
		c.Refresh()
	}
}

// Cursor shows a pointing hand over a cell that a tap would act on
// (desktop.Cursorable).
func (c *core) Cursor() desktop.Cursor {
	if c.interactive && c.hover >= 0 {
		return desktop.PointerCursor
	}
	return desktop.DefaultCursor
}

// selector is the input of the boards where a move may take two taps (a
// DVONN stack or a classic Alak piece, then one of its marked targets) and
// other moves one (a DVONN placement, a modern Alak stone): it keeps the
// selection, which a new position or a non-interactive board clears, and
// turns taps on cells into legal moves. Cells are the game's indices (0..63
// at most); decode maps a move to its cells: (from, to) for a two-tap move,
// (-1, to) for a one-tap move, to < 0 for a move made elsewhere (a pass).
type selector struct {
	core
	sel    int // selected cell or slot, or -1
	state  rules.State
	decode func(m rules.Move) (from, to int)
	cellAt func(fyne.Position) int
	// refusal returns the move code that a refused tap on cell c tried,
	// with sel the selection before it (-1 for none), for the OnRefused
	// callback (a placement on c, a move from sel to c, or the game's
	// first-tap code for c); nil or rules.NoMove: nothing is reported.
	refusal func(sel, c int) rules.Move
}

// initSelector sets up the selector to read s, with the game's move
// decoding and the widget's position-to-cell mapping (-1 off the cells);
// self, step and center are the keyboard's (keyNav): the cursor starts on
// the destination of last() (the last move), else on center.
func (w *selector) initSelector(s rules.State, decode func(rules.Move) (from, to int), cellAt func(fyne.Position) int,
	self focusWidget, step func(c int, k fyne.KeyName) int, last func() rules.Move, center int) {
	w.sel, w.state, w.decode = -1, s, decode
	w.cellAt = cellAt
	w.init(func(p fyne.Position) int { return w.hoverAt(cellAt(p)) })
	w.initKeys(keyNav{
		self: self,
		step: step,
		start: func() int {
			if _, t := w.decode(last()); t >= 0 {
				return t
			}
			return center
		},
		act: w.tap,
		esc: func() {
			if w.sel >= 0 {
				w.sel = -1
				w.Refresh()
			}
		},
	})
}

// Tapped places, selects, moves or deselects (see tap), and focuses the
// board (fyne.Tappable).
func (w *selector) Tapped(e *fyne.PointEvent) {
	c := w.cellAt(e.Position)
	w.tapFocus(c)
	w.tap(c)
}

// masks returns the cells a first tap acts on (the from cells of two-tap
// moves and the cells of one-tap moves) and the targets of the selected
// cell, as bit masks (bit c = cell c).
func (w *selector) masks() (first, targets uint64) {
	w.buf = w.state.Moves(w.buf[:0])
	for _, m := range w.buf {
		f, t := w.decode(m)
		switch {
		case t < 0:
		case f < 0:
			first |= 1 << t
		default:
			first |= 1 << f
			if f == w.sel {
				targets |= 1 << t
			}
		}
	}
	return first, targets
}

// pickable returns the cells a two-tap move starts from (the stacks or
// pieces a first tap selects), as a bit mask (bit c = cell c).
func (w *selector) pickable() uint64 {
	var from uint64
	w.buf = w.state.Moves(w.buf[:0])
	for _, m := range w.buf {
		if f, t := w.decode(m); f >= 0 && t >= 0 {
			from |= 1 << f
		}
	}
	return from
}

// targets returns the mask of the selected cell's targets, 0 when nothing
// is selected.
func (w *selector) targets() uint64 {
	if w.sel < 0 {
		return 0
	}
	_, tg := w.masks()
	return tg
}

// marks returns what the board marks for the person: the selected cell
// and the cell under the mouse when a tap there would act (each -1 for
// none), and the selection's targets (bit c = cell c). All are off while
// the board is not interactive.
func (w *selector) marks() (sel, hover int, targets uint64) {
	if !w.interactive {
		return -1, -1, 0
	}
	first, tg := w.masks()
	sel, hover = w.sel, -1
	if w.hover >= 0 && (first|tg)>>w.hover&1 != 0 {
		hover = w.hover
	}
	return sel, hover, tg
}

// hoverAt returns c when a tap on cell c would act, else -1.
func (w *selector) hoverAt(c int) int {
	if c < 0 {
		return -1
	}
	if first, tg := w.masks(); (first|tg)>>c&1 != 0 {
		return c
	}
	return -1
}

// tap handles a tap on cell c (-1: off the cells): a one-tap move onto c is
// played; with a selection, a tap on one of its targets plays that move;
// a tap on a cell with two-tap moves selects it; a tap off the cells or on
// the selection deselects; any other tap on a cell deselects and is
// refused: the move it tried (refusal) goes to the OnRefused callback.
func (w *selector) tap(c int) {
	if !w.interactive {
		return
	}
	if c >= 0 {
		w.buf = w.state.Moves(w.buf[:0])
		for _, m := range w.buf {
			if f, t := w.decode(m); t == c && (f < 0 || f == w.sel && w.sel >= 0) {
				w.sel = -1
				w.Refresh()
				w.emit(w.state, m)
				return
			}
		}
	}
	first, _ := w.masks()
	before := w.sel
	refused := false
	switch {
	case c < 0 || c == w.sel:
		w.sel = -1
	case first>>c&1 != 0:
		w.sel = c
	default:
		w.sel = -1
		refused = true
	}
	w.Refresh()
	if refused && w.refusal != nil && w.onRefused != nil {
		if m := w.refusal(before, c); m != rules.NoMove {
			w.onRefused(m)
		}
	}
}

// Update re-reads the position and clears the selection. See Board.
func (w *selector) Update() {
	w.sel = -1
	w.Refresh()
}

// SetInteractive turns taps on or off; turning them off clears the
// selection. See Board.
func (w *selector) SetInteractive(on bool) {
	if !on {
		w.sel = -1
	}
	w.core.SetInteractive(on)
}

// Selected returns the selected cell (DVONN, 0..48) or slot (classic Alak,
// 0-based), or -1 when nothing is selected.
func (w *selector) Selected() int { return w.sel }

// fadeTime is how long removed pieces take to fade out at AnimationNormal.
const fadeTime = 350 * time.Millisecond

// fader runs the short fade-out of pieces a move removed (DVONN's cut-off
// stacks, Alak's captures), cell by cell: keep saves the look of the
// cells as drawn before the move (a Layout during the fade must not lose
// it), step draws the fading cell c at opacity alpha, falling from 1 to 0,
// and done redraws cell c as it is now. Starting a fade while one runs
// finishes the running one first.
type fader struct {
	anim *fyne.Animation
	mask uint64 // cells fading out (bit c = cell c)
	keep func()
	step func(c int, alpha float32)
	done func(c int)
}

// start fades out the cells of removed (bit c = cell c, the cells the last
// move emptied by the rules) that gone reports as drawn occupied and empty
// now; it does nothing when there are none.
func (f *fader) start(removed uint64, gone func(c int) bool) {
	var mask uint64
	for m := removed; m != 0; m &= m - 1 {
		if c := trailing(m); gone(c) {
			mask |= 1 << c
		}
	}
	if mask == 0 {
		return
	}
	f.stop()
	var anim *fyne.Animation
	anim = newAnimation(fadeTime, func(t float32) {
		if f.anim != anim {
			return
		}
		if t >= 1 {
			f.finish()
			return
		}
		for m := f.mask; m != 0; m &= m - 1 {
			f.step(trailing(m), 1-t)
		}
	})
	if anim == nil {
		return // animations off: the cells are redrawn empty at once
	}
	f.keep()
	f.mask = mask
	f.anim = anim
	runAnimation(anim)
}

// stop finishes a running fade at once.
func (f *fader) stop() {
	if f.anim != nil {
		f.anim.Stop()
		f.finish()
	}
}

// fading reports whether cell c is fading out.
func (f *fader) fading(c int) bool { return f.mask>>c&1 != 0 }

// finish ends the fade: the cells are redrawn as they are now.
func (f *fader) finish() {
	f.anim = nil
	m := f.mask
	f.mask = 0
	for ; m != 0; m &= m - 1 {
		f.done(trailing(m))
	}
}

// fit returns the largest unit such that a w x h (units) drawing fits into
// size, and the top-left corner that centers it.
func fit(size fyne.Size, w, h float32) (unit float32, origin fyne.Position) {
	unit = min(size.Width/w, size.Height/h)
	if unit < 0 {
		unit = 0
	}
	origin = fyne.NewPos((size.Width-w*unit)/2, (size.Height-h*unit)/2)
	return unit, origin
}

// placeCircle sets c to the circle of radius r around center p.
func placeCircle(c *canvas.Circle, p fyne.Position, r float32) {
	c.Move(fyne.NewPos(p.X-r, p.Y-r))
	c.Resize(fyne.NewSquareSize(2 * r))
}

// placeText centers t on p, with font size s.
func placeText(t *canvas.Text, p fyne.Position, s float32) {
	t.TextSize = s
	m := t.MinSize()
	t.Resize(m)
	t.Move(fyne.NewPos(p.X-m.Width/2, p.Y-m.Height/2))
}

// setFill changes the fill of c and refreshes it only when it changed
// (without allocating when it did not).
func setFill(c *canvas.Circle, fill color.NRGBA) {
	if cur, ok := c.FillColor.(color.NRGBA); !ok || cur != fill {
		c.FillColor = fill
		c.Refresh()
	}
}

// setStroke changes the stroke of c and refreshes it only when it changed.
func setStroke(c *canvas.Circle, stroke color.NRGBA, width float32) {
	if cur, ok := c.StrokeColor.(color.NRGBA); !ok || cur != stroke || c.StrokeWidth != width {
		c.StrokeColor = stroke
		c.StrokeWidth = width
		c.Refresh()
	}
}

// setVisible shows or hides o, touching it only when the state changes.
func setVisible(o fyne.CanvasObject, on bool) {
	if o.Visible() == on {
		return
	}
	if on {
		o.Show()
	} else {
		o.Hide()
	}
}

// setText changes the text and color of t, refreshing only on a change.
func setText(t *canvas.Text, s string, col color.Color) bool {
	if t.Text == s && sameColor(t.Color, col) {
		return false
	}
	t.Text = s
	t.Color = col
	t.Refresh()
	return true
}

func sameColor(a, b color.Color) bool {
	if a == nil || b == nil {
		return a == b
	}
	r1, g1, b1, a1 := a.RGBA()
	r2, g2, b2, a2 := b.RGBA()
	return r1 == r2 && g1 == g2 && b1 == b2 && a1 == a2
}

// withAlpha returns c with its alpha scaled by f (0..1).
func withAlpha(c color.NRGBA, f float32) color.NRGBA {
	c.A = uint8(float32(c.A)*max(0, min(1, f)) + 0.5)
	return c
}

// mix returns a + (b-a)*f, channel by channel (f in 0..1).
func mix(a, b color.NRGBA, f float32) color.NRGBA {
	l := func(x, y uint8) uint8 { return uint8(float32(x) + (float32(y)-float32(x))*f + 0.5) }
	return color.NRGBA{l(a.R, b.R), l(a.G, b.G), l(a.B, b.B), l(a.A, b.A)}
}

// labelColor is the theme color for coordinates printed beside a board.
func labelColor(w fyne.Widget) color.Color {
	return theme.ColorForWidget(theme.ColorNameForeground, w)
}

// piece is a round piece drawn as a soft shadow under a body with an edge
// and a soft highlight (a radial gradient) up and to the left: built once,
// then moved and re-colored.
type piece struct {
	shadow, body *canvas.Circle
	shine        *canvas.RadialGradient
}

func newPiece() piece {
	p := piece{
		shadow: canvas.NewCircle(colShadow),
		body:   canvas.NewCircle(transparent),
		shine:  canvas.NewRadialGradient(transparent, transparent),
	}
	p.shadow.Hide()
	p.body.Hide()
	p.shine.Hide()
	return p
}

// shineColor is the center color of the highlight on a piece of color
// fill: stronger on light pieces, faint on dark ones.
func shineColor(fill color.NRGBA) color.NRGBA {
	if int(fill.R)+int(fill.G)+int(fill.B) > 3*128 {
		return color.NRGBA{0xff, 0xff, 0xff, withAlpha(fill, 0.95).A}
	}
	return color.NRGBA{0xff, 0xff, 0xff, withAlpha(fill, 0.28).A}
}

// place puts the piece at center c with radius r (the shadow slightly down
// and right, the highlight up and left).
func (p piece) place(c fyne.Position, r float32) {
	off := max(1, r*0.09)
	placeCircle(p.shadow, fyne.NewPos(c.X+off, c.Y+off*1.4), r*1.02)
	placeCircle(p.body, c, r)
	p.body.StrokeWidth = max(1, r*0.06)
	s := r * 1.1
	p.shine.Move(fyne.NewPos(c.X-r*0.3-s/2, c.Y-r*0.3-s/2))
	p.shine.Resize(fyne.NewSquareSize(s))
}

// set shows the piece with fill and edge colors (show=false hides it).
func (p piece) set(show bool, fill, edge color.NRGBA) {
	setVisible(p.shadow, show)
	setVisible(p.body, show)
	setVisible(p.shine, show)
	if show {
		setFill(p.body, fill)
		setStroke(p.body, edge, p.body.StrokeWidth)
		if sc := shineColor(fill); p.shine.StartColor != color.Color(sc) {
			p.shine.StartColor = sc
			p.shine.EndColor = color.NRGBA{0xff, 0xff, 0xff, 0}
			p.shine.Refresh()
		}
	}
}

// fade sets the alpha factor of a visible piece (used by removal
// animations).
func (p piece) fade(fill, edge color.NRGBA, f float32) {
	p.body.FillColor = withAlpha(fill, f)
	p.body.StrokeColor = withAlpha(edge, f)
	p.shadow.FillColor = withAlpha(colShadow, f)
	p.shine.StartColor = withAlpha(shineColor(fill), f)
	p.body.Refresh()
	p.shadow.Refresh()
	p.shine.Refresh()
}

// tween shows a visible piece part way (f in 0..1) from one coloring to
// another (used by the Othello flip animation).
func (p piece) tween(f0, e0, f1, e1 color.NRGBA, f float32) {
	p.body.FillColor = mix(f0, f1, f)
	p.body.StrokeColor = mix(e0, e1, f)
	p.shine.StartColor = mix(shineColor(f0), shineColor(f1), f)
	p.body.Refresh()
	p.shine.Refresh()
}

// objects appends the piece's canvas objects (shadow first).
func (p piece) objects(o []fyne.CanvasObject) []fyne.CanvasObject {
	return append(o, p.shadow, p.body, p.shine)
}

// ring returns a hidden circle with a transparent fill and a colored edge,
// for marks (hint, selection, last move).
func ring(col color.Color) *canvas.Circle {
	c := canvas.NewCircle(transparent)
	c.StrokeColor = col
	c.Hide()
	return c
}

// dot returns a hidden filled circle, for marks (targets, legal moves).
func dot(col color.Color) *canvas.Circle {
	c := canvas.NewCircle(col)
	c.Hide()
	return c
}

// newLabel returns a coordinate label.
func newLabel(s string) *canvas.Text {
	t := canvas.NewText(s, color.Black)
	t.Alignment = fyne.TextAlignCenter
	return t
}

// baseRenderer holds the object list shared by the renderers.
type baseRenderer struct {
	objs []fyne.CanvasObject
}

func (r *baseRenderer) Objects() []fyne.CanvasObject { return r.objs }
func (r *baseRenderer) Destroy()                     {}

// hypot is the Euclidean length of (x, y).
func hypot(x, y float32) float32 { return float32(math.Hypot(float64(x), float64(y))) }

// trailing returns the index of the lowest set bit of m (m != 0).
func trailing(m uint64) int { return bits.TrailingZeros64(m) }
