package widgets

import (
	"fyne.io/fyne/v2"

	"planiverse/rules"
	"planiverse/rules/othello"
)

// Othello layout in units of one square: a margin for the coordinates on
// every side, the 8x8 squares inside a thin frame.
const (
	othMargin = 0.75
	othFrame  = 0.2
	othTotal  = 8 + 2*othMargin
)

// OthelloBoard draws an Othello position (RULES.md "Othello": a1 top-left,
// columns a–h, rows 1–8 top to bottom) on green felt and turns a tap on a
// square with a legal placement into that move (the square index 0..63,
// row*8+col). A pass is not made on the board: the app offers it. It marks
// the legal moves (ShowLegal), the last move, the hint, and animates the
// discs flipped by the last move. Keyboard (see Board): the arrow keys
// move the cursor over the squares; it starts on d4 or the last move.
type OthelloBoard struct {
	core
	b         *othello.Board
	showLegal bool
}

var _ Board = (*OthelloBoard)(nil)

// NewOthelloBoard returns a board widget that reads b (the app's position;
// the widget never changes it). Legal-move marks are on.
func NewOthelloBoard(b *othello.Board) *OthelloBoard {
	o := &OthelloBoard{b: b, showLegal: true}
	o.init(o.hoverCell)
	o.initKeys(keyNav{
		self: o,
		step: func(sq int, k fyne.KeyName) int { return gridStep(8, 8, sq, k) },
		start: func() int {
			if m := o.b.LastMove(); m < 64 {
				return int(m)
			}
			return 27 // d4
		},
		act: o.tapSquare,
	})
	o.ExtendBaseWidget(o)
	return o
}

// ShowLegal turns the small dots on the legal moves of the side to move on
// or off (default on). They are drawn only while the board is interactive.
func (o *OthelloBoard) ShowLegal(on bool) {
	if o.showLegal != on {
		o.showLegal = on
		o.Refresh()
	}
}

// Update re-reads the position. See Board.
func (o *OthelloBoard) Update() { o.Refresh() }

// othGeom maps squares to the widget's coordinates for a given size.
type othGeom struct {
	unit   float32
	origin fyne.Position // top-left corner of square a1
}

func othelloGeom(size fyne.Size) othGeom {
	u, org := fit(size, othTotal, othTotal)
	return othGeom{u, fyne.NewPos(org.X+othMargin*u, org.Y+othMargin*u)}
}

// center returns the center of square sq.
func (g othGeom) center(sq int) fyne.Position {
	return fyne.NewPos(g.origin.X+(float32(sq%8)+0.5)*g.unit, g.origin.Y+(float32(sq/8)+0.5)*g.unit)
}

// square returns the square under p, or -1.
func (g othGeom) square(p fyne.Position) int {
	if g.unit <= 0 {
		return -1
	}
	x, y := (p.X-g.origin.X)/g.unit, (p.Y-g.origin.Y)/g.unit
	if x < 0 || y < 0 || x >= 8 || y >= 8 {
		return -1
	}
	return int(y)*8 + int(x)
}

func (o *OthelloBoard) hoverCell(p fyne.Position) int {
	sq := othelloGeom(o.Size()).square(p)
	if sq >= 0 && o.legal(o.b, rules.Move(sq)) {
		return sq
	}
	return -1
}

// Tapped plays the tapped square when it is a legal placement, and
// focuses the board (fyne.Tappable).
func (o *OthelloBoard) Tapped(e *fyne.PointEvent) {
	sq := othelloGeom(o.Size()).square(e.Position)
	o.tapFocus(sq)
	o.tapSquare(sq)
}

// tapSquare plays square sq (-1: none) when it is a legal placement and
// the board is interactive.
func (o *OthelloBoard) tapSquare(sq int) {
	if o.interactive && sq >= 0 {
		o.emit(o.b, rules.Move(sq))
	}
}
