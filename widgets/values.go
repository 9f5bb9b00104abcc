package widgets

import (
	"image/color"
	"maps"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"

	"planiverse/rules"
	"planiverse/rules/dvonn"
)

// ValueLabeler is a board that writes short texts (the values of moves:
// "+4", "63%", "win") on the points where moves are played: the app's
// values on the board and its game report. Every board of this package is
// one.
type ValueLabeler interface {
	// SetValueLabels sets the texts by move; nil clears them. A move
	// made on one point (a placement) is labeled there; a move from one
	// point to another (a DVONN or classic Alak stack move) on its
	// target, only while its stack is selected, or always when at most
	// valueTwoTapAll such moves are labeled. A move made elsewhere (a
	// pass) is not labeled.
	SetValueLabels(labels map[rules.Move]string)
	// ValueLabels returns the texts drawn now, by cell (the game's point
	// or space index).
	ValueLabels() map[int]string
}

var (
	_ ValueLabeler = (*OthelloBoard)(nil)
	_ ValueLabeler = (*GomokuBoard)(nil)
	_ ValueLabeler = (*DvonnBoard)(nil)
	_ ValueLabeler = (*AlakBoard)(nil)
)

// valueTwoTapAll is the most two-point moves whose labels are all shown
// without a selection.
const valueTwoTapAll = 5

// Value labels are white text on a dark rounded badge, legible on every
// board and on pieces of any color.
var (
	colValueBadge = color.NRGBA{0x10, 0x18, 0x30, 0xd8}
	colValueText  = color.NRGBA{0xff, 0xff, 0xff, 0xff}
)

// valueLabels is the labels' state and canvas objects, kept in core.
type valueLabels struct {
	moves  map[rules.Move]string
	box    *fyne.Container // the badges, drawn above the board
	badges []valueBadge
	drawn  map[int]string
}

type valueBadge struct {
	bg   *canvas.Rectangle
	text *canvas.Text
}

// SetValueLabels sets the labels by move (ValueLabeler).
func (c *core) SetValueLabels(labels map[rules.Move]string) {
	if maps.Equal(labels, c.vl.moves) {
		return
	}
	c.vl.moves = maps.Clone(labels)
	c.Refresh()
}

// ValueLabels returns the labels drawn, by cell (ValueLabeler).
func (c *core) ValueLabels() map[int]string { return maps.Clone(c.vl.drawn) }

// object returns the container of the badges, for a renderer's objects.
func (v *valueLabels) object() fyne.CanvasObject {
	if v.box == nil {
		v.box = container.NewWithoutLayout()
	}
	return v.box
}

// onePoint decodes a move made on one point below n (Othello, Gomoku).
func onePoint(n int) func(rules.Move) (from, to int) {
	return func(m rules.Move) (int, int) {
		if int(m) < n {
			return -1, int(m)
		}
		return -1, -1
	}
}

// cells returns the labels by cell: decode maps a move to its cells
// (selector.decode), sel is the selected cell or -1.
func (v *valueLabels) cells(decode func(rules.Move) (from, to int), sel int) map[int]string {
	if len(v.moves) == 0 {
		return nil
	}
	two := 0
	for m := range v.moves {
		if f, t := decode(m); f >= 0 && t >= 0 {
			two++
		}
	}
	out := make(map[int]string, len(v.moves))
	for _, m := range slices.Sorted(maps.Keys(v.moves)) {
		f, t := decode(m)
		if t < 0 || f >= 0 && f != sel && (sel >= 0 || two > valueTwoTapAll) {
			continue
		}
		out[t] = v.moves[m]
	}
	return out
}

// draw places a badge with each label on its cell's center, for a board
// whose cell is unit wide.
func (v *valueLabels) draw(cells map[int]string, center func(int) fyne.Position, unit float32) {
	v.object()
	v.drawn = cells
	keys := slices.Sorted(maps.Keys(cells))
	for len(v.badges) < len(keys) {
		b := valueBadge{bg: canvas.NewRectangle(colValueBadge), text: canvas.NewText("", colValueText)}
		b.text.TextStyle.Bold = true
		v.badges = append(v.badges, b)
		v.box.Add(b.bg)
		v.box.Add(b.text)
	}
	size := max(8, unit*0.3)
	for i, b := range v.badges {
		if i >= len(keys) {
			b.bg.Hide()
			b.text.Hide()
			continue
		}
		p := center(keys[i])
		b.text.Text = cells[keys[i]]
		placeText(b.text, p, size)
		m := b.text.MinSize()
		pad := size * 0.2
		b.bg.CornerRadius = size * 0.35
		b.bg.Move(fyne.NewPos(p.X-m.Width/2-pad, p.Y-m.Height/2))
		b.bg.Resize(fyne.NewSize(m.Width+2*pad, m.Height))
		b.bg.Show()
		b.text.Show()
		b.bg.Refresh()
		b.text.Refresh()
	}
}

// idle reports whether there are no labels to draw or to hide.
func (v *valueLabels) idle() bool { return len(v.moves) == 0 && len(v.drawn) == 0 }

// drawValues draws the value labels for the widget's size.
func (o *OthelloBoard) drawValues(size fyne.Size) {
	if o.vl.idle() {
		return
	}
	g := othelloGeom(size)
	o.vl.draw(o.vl.cells(onePoint(64), -1), g.center, g.unit)
}

// drawValues draws the value labels for the widget's size.
func (w *GomokuBoard) drawValues(size fyne.Size) {
	if w.vl.idle() {
		return
	}
	n := w.g.Size()
	g := gomokuGeom(n, size)
	w.vl.draw(w.vl.cells(onePoint(n*n), -1), g.center, g.unit)
}

// drawValues draws the value labels for the widget's size, on the
// spaces' pegs.
func (w *DvonnBoard) drawValues(size fyne.Size) {
	if w.vl.idle() {
		return
	}
	g := dvonnGeom(size)
	center := func(c int) fyne.Position {
		col, row := dvonn.CellCoord(c)
		return g.at(float32(col), float32(row))
	}
	w.vl.draw(w.vl.cells(w.decode, w.sel), center, g.unit)
}

// drawValues draws the value labels for the widget's size.
func (w *AlakBoard) drawValues(size fyne.Size) {
	if w.vl.idle() {
		return
	}
	g := alakGeom(w.g.Len(), size)
	w.vl.draw(w.vl.cells(w.decode, w.sel), g.center, g.unit)
}
