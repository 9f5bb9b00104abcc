package widgets

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
)

// Keyboard play. Every board is fyne.Focusable: while it has the focus,
// the arrow keys move a cursor over its cells and Return, Enter (keypad)
// or Space act as a tap on the cursor's cell, so a two-tap move is select,
// move the cursor, Return; Escape clears a selection. The cursor moves
// whether or not the board is interactive; only an interactive board
// plays. It starts on the last move's cell (its destination) or the
// center the first time the board gets the focus, and a tap on a cell
// moves it there.
//
// The cursor is drawn as a two-tone ring (white inside a dark edge, readable
// on every board) while the board has the focus and the person is using
// the keyboard: focusing the board through the canvas (canvas.Focus, Tab)
// or pressing a key shows it, a mouse tap (which focuses the board) hides
// it until the next key, as browsers do with focus-visible.

// Every board can be played from the keyboard.
var (
	_ fyne.Focusable = (*OthelloBoard)(nil)
	_ fyne.Focusable = (*GomokuBoard)(nil)
	_ fyne.Focusable = (*DvonnBoard)(nil)
	_ fyne.Focusable = (*AlakBoard)(nil)
)

// keyNav is what a board tells core about its cells for keyboard play.
// Cells are the board's own indices (Othello squares, Gomoku points, DVONN
// cells, Alak slots).
type keyNav struct {
	self  focusWidget                     // the outer widget, focused on a tap
	step  func(c int, k fyne.KeyName) int // the cell an arrow key moves the cursor to from c (c at an edge)
	start func() int                      // the cursor's first cell: the last move's or the center
	act   func(c int)                     // a tap on cell c (called only while interactive)
	esc   func()                          // Escape (nil: ignored)
}

// focusWidget is a focusable widget (a board).
type focusWidget interface {
	fyne.Widget
	fyne.Focusable
}

// initKeys sets up keyboard play; the cursor is placed on first focus.
func (c *core) initKeys(nav keyNav) { c.nav = nav }

// FocusGained shows the keyboard cursor (fyne.Focusable).
func (c *core) FocusGained() {
	c.focused = true
	c.showCursor = true
	if c.cursor < 0 {
		c.cursor = c.nav.start()
	}
	c.Refresh()
}

// FocusLost hides the keyboard cursor (fyne.Focusable).
func (c *core) FocusLost() {
	c.focused = false
	c.Refresh()
}

// TypedRune ignores typed characters: Space arrives as a key as well
// (fyne.Focusable).
func (c *core) TypedRune(rune) {}

// TypedKey moves the cursor with the arrow keys (one cell; it stops at
// the edges) and taps its cell with Return, keypad Enter or Space, which
// plays only while the board is interactive; Escape clears a selection
// (DVONN, classic Alak). The first key before any focus places the cursor
// first (fyne.Focusable).
func (c *core) TypedKey(e *fyne.KeyEvent) {
	act := false
	switch e.Name {
	case fyne.KeyUp, fyne.KeyDown, fyne.KeyLeft, fyne.KeyRight:
	case fyne.KeyReturn, fyne.KeyEnter, fyne.KeySpace:
		act = true
	case fyne.KeyEscape:
		if c.nav.esc != nil {
			c.nav.esc()
		}
		return
	default:
		return
	}
	if c.cursor < 0 {
		c.cursor = c.nav.start()
	}
	c.showCursor = true
	switch {
	case !act:
		c.cursor = c.nav.step(c.cursor, e.Name)
	case c.interactive:
		c.nav.act(c.cursor) // the app may play the move and Update
	}
	c.Refresh()
}

// KeyCursor returns the cell under the keyboard cursor (the board's cell
// index: Othello square 0..63, Gomoku point, DVONN cell 0..48, Alak slot
// 0-based), or -1 before the board first had the focus.
func (c *core) KeyCursor() int { return c.cursor }

// cursorShown returns the cell on which the cursor ring is drawn, or -1.
func (c *core) cursorShown() int {
	if c.focused && c.showCursor {
		return c.cursor
	}
	return -1
}

// tapFocus is the keyboard side of a mouse tap on cell (-1: off the
// cells): it moves the cursor there and hides the cursor ring until a key
// is pressed. A tap does not take the keyboard focus: the window keeps the
// arrow keys for walking through the game until the person focuses the
// board (Tab, or the app's own key), so mouse play and keyboard review
// mix.
func (c *core) tapFocus(cell int) {
	if cell >= 0 {
		c.cursor = cell
	}
	if c.showCursor {
		c.showCursor = false
		c.Refresh()
	}
}

// gridStep moves cell c of a w x h grid (index y*w+x, y downwards) one
// step for an arrow key, staying inside the grid.
func gridStep(w, h, c int, k fyne.KeyName) int {
	x, y := c%w, c/w
	switch k {
	case fyne.KeyLeft:
		x = max(0, x-1)
	case fyne.KeyRight:
		x = min(w-1, x+1)
	case fyne.KeyUp:
		y = max(0, y-1)
	case fyne.KeyDown:
		y = min(h-1, y+1)
	}
	return y*w + x
}

// Cursor ring colors: white inside a dark edge, readable on the felt, the
// wood, the plate and the pieces alike.
var (
	colCursor     = color.NRGBA{0xff, 0xff, 0xff, 0xff}
	colCursorEdge = color.NRGBA{0x00, 0x00, 0x00, 0xb0}
)

// focusRing is the keyboard cursor: a rounded square drawn as a white line
// inside a wider dark one.
type focusRing struct {
	edge, line *canvas.Rectangle
}

func newFocusRing() focusRing {
	f := focusRing{canvas.NewRectangle(transparent), canvas.NewRectangle(transparent)}
	f.edge.StrokeColor = colCursorEdge
	f.line.StrokeColor = colCursor
	f.edge.Hide()
	f.line.Hide()
	return f
}

// objects appends the ring's canvas objects.
func (f focusRing) objects(o []fyne.CanvasObject) []fyne.CanvasObject {
	return append(o, f.edge, f.line)
}

// set shows the ring as a square of half-side half around p (show=false
// hides it); w is the width of the white line.
func (f focusRing) set(show bool, p fyne.Position, half, w float32) {
	setVisible(f.edge, show)
	setVisible(f.line, show)
	if !show {
		return
	}
	for _, r := range [2]*canvas.Rectangle{f.edge, f.line} {
		pos, size := fyne.NewPos(p.X-half, p.Y-half), fyne.NewSquareSize(2*half)
		if r.Position() != pos || r.Size() != size {
			r.Move(pos)
			r.Resize(size)
		}
		sw := w
		if r == f.edge {
			sw = 3 * w
		}
		if r.StrokeWidth != sw || r.CornerRadius != half*0.3 {
			r.StrokeWidth, r.CornerRadius = sw, half*0.3
			r.Refresh()
		}
	}
}
