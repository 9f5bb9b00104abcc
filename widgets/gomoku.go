package widgets

import (
	"fyne.io/fyne/v2"

	"planiverse/rules"
	"planiverse/rules/gomoku"
)

// Gomoku layout in units of one grid cell: the wood extends gmkWood beyond
// the outer lines, the coordinates sit in a further margin.
const (
	gmkWood   = 0.7
	gmkMargin = 1.45
)

// GomokuBoard draws a Gomoku position (RULES.md "Gomoku") as stones on the
// intersections of a wooden grid, with coordinates (columns A.. from the
// left, rows 1.. counted from the bottom), and turns a tap near an empty
// intersection (within half a cell of it) into that move: the point index
// y*size+x, y from the top. The swap choice (and Swap2's balance) is not
// made on the board (the app offers it). It marks the last move, the hint
// and the winning line, and under Renju, while Black is to move, Black's
// forbidden points with a small red cross (colForbidden); those points
// take no tap and show no hover stone or pointer. Keyboard (see Board): the
// arrow keys move the cursor over the points; it starts on the center or
// the last move.
type GomokuBoard struct {
	core
	g *gomoku.Game
}

var _ Board = (*GomokuBoard)(nil)

// NewGomokuBoard returns a board widget that reads g (the app's position;
// the widget never changes it). The board size is read once: give a new
// game of another size a new widget.
func NewGomokuBoard(g *gomoku.Game) *GomokuBoard {
	w := &GomokuBoard{g: g}
	w.init(w.hoverCell)
	n := g.Size()
	w.initKeys(keyNav{
		self: w,
		step: func(p int, k fyne.KeyName) int { return gridStep(n, n, p, k) },
		start: func() int {
			if m := w.g.LastMove(); m < rules.Move(n*n) {
				return int(m)
			}
			return n/2*n + n/2
		},
		act: w.tapPoint,
	})
	w.ExtendBaseWidget(w)
	return w
}

// Update re-reads the position. See Board.
func (w *GomokuBoard) Update() { w.Refresh() }

// gmkGeom maps points to widget coordinates for a given size.
type gmkGeom struct {
	n      int
	unit   float32
	origin fyne.Position // the top-left intersection (A<n>)
}

func gomokuGeom(n int, size fyne.Size) gmkGeom {
	span := float32(n-1) + 2*gmkMargin
	u, org := fit(size, span, span)
	return gmkGeom{n, u, fyne.NewPos(org.X+gmkMargin*u, org.Y+gmkMargin*u)}
}

// center returns the intersection of point p.
func (g gmkGeom) center(p int) fyne.Position {
	return fyne.NewPos(g.origin.X+float32(p%g.n)*g.unit, g.origin.Y+float32(p/g.n)*g.unit)
}

// point returns the intersection within half a cell of pos, or -1.
func (g gmkGeom) point(pos fyne.Position) int {
	if g.unit <= 0 {
		return -1
	}
	fx, fy := (pos.X-g.origin.X)/g.unit, (pos.Y-g.origin.Y)/g.unit
	if fx < -0.5 || fy < -0.5 || fx >= float32(g.n)-0.5 || fy >= float32(g.n)-0.5 {
		return -1
	}
	return int(fy+0.5)*g.n + int(fx+0.5)
}

func (w *GomokuBoard) geom() gmkGeom { return gomokuGeom(w.g.Size(), w.Size()) }

func (w *GomokuBoard) hoverCell(pos fyne.Position) int {
	p := w.geom().point(pos)
	if p >= 0 && w.g.Legal(rules.Move(p)) {
		return p
	}
	return -1
}

// Tapped plays the intersection near the tap when it is empty and the game
// is on, and focuses the board (fyne.Tappable).
func (w *GomokuBoard) Tapped(e *fyne.PointEvent) {
	p := w.geom().point(e.Position)
	w.tapFocus(p)
	w.tapPoint(p)
}

// tapPoint plays point p (-1: none) when it is legal and the board is
// interactive.
func (w *GomokuBoard) tapPoint(p int) {
	if w.interactive && p >= 0 {
		w.emit(w.g, rules.Move(p))
	}
}
