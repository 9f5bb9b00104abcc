package widgets

import (
	"image/color"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"

	"planiverse/rules"
	"planiverse/rules/dvonn"
)

// DVONN plate colors: a light gray-beige plate with engraved lines and
// small dark pegs, as on the GIPF board.
var (
	colPlate     = color.NRGBA{0xd8, 0xd2, 0xc2, 0xff}
	colPlateRim  = color.NRGBA{0x8f, 0x86, 0x72, 0xff}
	colPlateLine = color.NRGBA{0xa8, 0x9f, 0x8b, 0xff}
	colPeg       = color.NRGBA{0x6b, 0x63, 0x55, 0xff}
	colBlackRim  = color.NRGBA{0x5c, 0x5c, 0x60, 0xff}
	// Red means DVONN piece here, so the last move is marked in violet.
	colDvLast = color.NRGBA{0x8e, 0x24, 0xaa, 0xff}
	colDvTarg = color.NRGBA{0x1f, 0xb5, 0x3c, 0xff}
	// A stack that can move wears a thin ring of the selection's amber.
	colDvMovable = withAlpha(colSelect, 0.9)
)

// DVONN drawing sizes in lattice units.
const (
	dvDiscR    = 0.36  // radius of a piece
	dvLayer    = 0.075 // vertical step between stacked discs
	dvBase     = 0.06  // the bottom disc sits this far below the peg
	dvMaxDiscs = 5     // discs drawn per stack; the height is written on top
	dvRim      = 0.62  // plate rim beyond the outer pegs
)

// stackLook is what a space shows: its height, top piece and contents.
type stackLook struct {
	h, white, black, dvonns int
	top                     dvonn.Piece
}

func (w *DvonnBoard) look(c int) stackLook {
	h, top, d := w.g.Stack(c)
	wh, bl, _ := w.g.Pieces(c)
	return stackLook{h: h, white: wh, black: bl, dvonns: d, top: top}
}

// discs returns the colors of the visible discs of s, bottom first, and
// how many there are: the top piece on top, a DVONN piece at the bottom
// when the stack holds one, the rest by what is most plentiful (the order
// inside a stack never matters to the rules and is not kept).
func (s stackLook) discs() (out [dvMaxDiscs]dvonn.Piece, n int) {
	n = min(s.h, dvMaxDiscs)
	if n == 0 {
		return out, 0
	}
	var left [4]int // by Piece
	left[dvonn.White], left[dvonn.Black], left[dvonn.Red] = s.white, s.black, s.dvonns
	left[s.top]--
	out[n-1] = s.top
	lo := 0
	if n > 1 && left[dvonn.Red] > 0 {
		out[0] = dvonn.Red
		left[dvonn.Red]--
		lo = 1
	}
	for i := n - 2; i >= lo; i-- {
		best := dvonn.Red
		for _, p := range [3]dvonn.Piece{dvonn.White, dvonn.Black, dvonn.Red} {
			if left[p] > left[best] || left[p] == left[best] && p != s.top && best == s.top {
				best = p
			}
		}
		out[i] = best
		left[best]--
	}
	return out, n
}

func pieceColors(p dvonn.Piece) (fill, edge color.NRGBA) {
	switch p {
	case dvonn.White:
		return colWhitePiece, colWhiteEdge
	case dvonn.Black:
		return colBlackPiece, colBlackRim
	}
	return colRedPiece, colRedEdge
}

// dvStack is the pre-built objects of one space.
type dvStack struct {
	shadow *canvas.Circle
	discs  [dvMaxDiscs]*canvas.Circle
	shine  *canvas.RadialGradient // highlight on the top disc
	ring   *canvas.Circle         // red ring: the stack holds a DVONN piece
	height *canvas.Text
}

// CreateRenderer builds the board's canvas objects once (fyne.Widget).
func (w *DvonnBoard) CreateRenderer() fyne.WidgetRenderer {
	r := &dvonnRenderer{w: w}
	r.fade.keep = func() { r.fadeStack = r.drawn }
	r.fade.step, r.fade.done = r.fadeStep, r.fadeDone
	r.plate = &canvas.ArbitraryPolygon{FillColor: colPlate, StrokeColor: colPlateRim, Points: make([]fyne.Position, 6), CornerRadii: make([]float32, 6)}
	r.objs = append(r.objs, r.plate)
	for c := range dvonn.NumCells {
		col, row := dvonn.CellCoord(c)
		for _, d := range [3][2]int{{1, 0}, {0, 1}, {1, 1}} {
			if n, ok := dvonn.CellAt(col+d[0], row+d[1]); ok {
				l := canvas.NewLine(colPlateLine)
				r.lines = append(r.lines, l)
				r.lineEnds = append(r.lineEnds, [2]int{c, n})
				r.objs = append(r.objs, l)
			}
		}
	}
	for c := range r.pegs {
		r.pegs[c] = canvas.NewCircle(colPeg)
		r.objs = append(r.objs, r.pegs[c])
	}
	r.wash, r.objs = newRegionWash(dvonn.NumCells, r.objs)
	r.lastFrom = ring(colDvLast)
	r.objs = append(r.objs, r.lastFrom)
	for c := range r.stacks {
		s := &r.stacks[c]
		s.shadow = canvas.NewCircle(colShadow)
		s.shadow.Hide()
		r.objs = append(r.objs, s.shadow)
		for i := range s.discs {
			s.discs[i] = canvas.NewCircle(transparent)
			s.discs[i].Hide()
			r.objs = append(r.objs, s.discs[i])
		}
		s.shine = canvas.NewRadialGradient(transparent, color.NRGBA{0xff, 0xff, 0xff, 0})
		s.shine.Hide()
		s.ring = ring(colRedPiece)
		s.height = newLabel("")
		s.height.TextStyle.Bold = true
		s.height.Hide()
		r.objs = append(r.objs, s.shine, s.ring, s.height)
	}
	for c := range r.targets {
		r.targets[c] = ring(colDvTarg)
		r.objs = append(r.objs, r.targets[c])
	}
	r.hover = canvas.NewCircle(colHover)
	r.hover.Hide()
	r.objs = append(r.objs, r.hover)
	r.sel = ring(colSelect)
	r.lastTo = ring(colDvLast)
	r.hintLine = canvas.NewLine(withAlpha(colHint, 0.8))
	r.hintLine.Hide()
	r.hintFrom = ring(colHint)
	r.hintTo = ring(colHint)
	r.objs = append(r.objs, r.sel, r.lastTo)
	// Above the last move's ring, which would hide them.
	for c := range r.movable {
		r.movable[c] = ring(colDvMovable)
		r.objs = append(r.objs, r.movable[c])
	}
	r.objs = append(r.objs, r.hintLine, r.hintFrom, r.hintTo)
	for i := range r.colLabel {
		r.colLabel[i] = newLabel(string(rune('A' + i)))
		r.objs = append(r.objs, r.colLabel[i])
	}
	for i := range r.rowLabel {
		r.rowLabel[i] = newLabel(strconv.Itoa(i + 1))
		r.objs = append(r.objs, r.rowLabel[i])
	}
	r.cur = newFocusRing()
	r.objs = r.cur.objects(r.objs)
	for c := range r.drawn {
		r.drawn[c].h = -1 // force the first refresh to draw every space
	}
	r.Refresh()
	r.objs = append(r.objs, r.w.vl.object()) // value labels on top (values.go)
	return r
}

type dvonnRenderer struct {
	baseRenderer
	w        *DvonnBoard
	plate    *canvas.ArbitraryPolygon
	lines    []*canvas.Line
	lineEnds [][2]int
	pegs     [dvonn.NumCells]*canvas.Circle
	wash     regionWash
	stacks   [dvonn.NumCells]dvStack
	movable  [dvonn.NumCells]*canvas.Circle // the stacks that can move (DvonnBoard.Movable)
	targets  [dvonn.NumCells]*canvas.Circle
	hover    *canvas.Circle
	sel      *canvas.Circle
	lastFrom *canvas.Circle
	lastTo   *canvas.Circle
	hintLine *canvas.Line
	hintFrom *canvas.Circle
	hintTo   *canvas.Circle
	colLabel [11]*canvas.Text
	rowLabel [5]*canvas.Text
	cur      focusRing

	geo       hexGeom
	drawn     [dvonn.NumCells]stackLook
	fade      fader                     // removed stacks fading out
	fadeStack [dvonn.NumCells]stackLook // the spaces as drawn when the fade began
}

func (r *dvonnRenderer) MinSize() fyne.Size { return fyne.NewSize(420, 190) }

// peg returns the center of cell c's space.
func (r *dvonnRenderer) peg(c int) fyne.Position {
	col, row := dvonn.CellCoord(c)
	return r.geo.at(float32(col), float32(row))
}

// top returns the center of the top disc of a stack of height h on cell c.
func (r *dvonnRenderer) top(c, h int) fyne.Position {
	p := r.peg(c)
	n := max(1, min(h, dvMaxDiscs))
	return fyne.NewPos(p.X, p.Y+(dvBase-float32(n-1)*dvLayer)*r.geo.unit)
}

func (r *dvonnRenderer) Layout(size fyne.Size) {
	defer r.w.drawValues(size)
	r.geo = dvonnGeom(size)
	u := r.geo.unit
	r.plate.Move(fyne.Position{})
	r.plate.Resize(size)
	corners := r.geo.plateCorners(dvRim)
	copy(r.plate.Points, corners[:])
	for i := range r.plate.CornerRadii {
		r.plate.CornerRadii[i] = u * 0.35
	}
	r.plate.StrokeWidth = max(1.5, u*0.06)
	r.plate.Refresh()
	for i, l := range r.lines {
		l.Position1, l.Position2 = r.peg(r.lineEnds[i][0]), r.peg(r.lineEnds[i][1])
		l.StrokeWidth = max(1, u*0.035)
		l.Refresh()
	}
	for c := range dvonn.NumCells {
		placeCircle(r.pegs[c], r.peg(c), max(2, u*0.09))
		r.wash.place(c, r.peg(c), 0.5*u, 0.5*u, max(1, u*0.03))
		r.targets[c].StrokeWidth = max(2.5, u*0.08)
		r.movable[c].StrokeWidth = max(1.5, u*0.045)
		r.drawn[c].h = -1 // re-place every stack
	}
	for i, lab := range r.colLabel {
		// A–I straight below row 1; J and K below-right of their lowest
		// space (J2, K3), on the column's line.
		if _, ok := dvonn.CellAt(i, 0); ok {
			p := r.geo.at(float32(i), 0)
			placeText(lab, fyne.NewPos(p.X, p.Y+0.78*u), u*0.36)
			continue
		}
		row := 1
		for ; row < 5; row++ {
			if _, ok := dvonn.CellAt(i, row); ok {
				break
			}
		}
		placeText(lab, r.geo.at(float32(i), float32(row)-0.92), u*0.36)
	}
	for i, lab := range r.rowLabel {
		first := 0
		for ; first < 11; first++ {
			if _, ok := dvonn.CellAt(first, i); ok {
				break
			}
		}
		placeText(lab, r.geo.at(float32(first)-0.98, float32(i)), u*0.36)
	}
	r.hintLine.StrokeWidth = max(2, u*0.07)
	r.sel.StrokeWidth = max(2.5, u*0.09)
	r.lastFrom.StrokeWidth = max(2, u*0.06)
	r.lastTo.StrokeWidth = max(2, u*0.07)
	r.hintFrom.StrokeWidth = max(2, u*0.07)
	r.hintTo.StrokeWidth = max(2, u*0.07)
	r.Refresh()
}

// drawStack places and colors the objects of cell c for look s.
func (r *dvonnRenderer) drawStack(c int, s stackLook) {
	o := &r.stacks[c]
	u := r.geo.unit
	cols, n := s.discs()
	p := r.peg(c)
	rad := dvDiscR * u
	setVisible(o.shadow, n > 0)
	if n > 0 {
		placeCircle(o.shadow, fyne.NewPos(p.X+rad*0.1, p.Y+dvBase*u+rad*0.16), rad*1.04)
	}
	for i, d := range o.discs {
		on := i < n
		setVisible(d, on)
		if !on {
			continue
		}
		placeCircle(d, fyne.NewPos(p.X, p.Y+(dvBase-float32(i)*dvLayer)*u), rad)
		fill, edge := pieceColors(cols[i])
		d.FillColor, d.StrokeColor, d.StrokeWidth = fill, edge, max(1, u*0.025)
		d.Refresh()
	}
	t := r.top(c, s.h)
	setVisible(o.shine, n > 0)
	if n > 0 {
		fill, _ := pieceColors(cols[n-1])
		sz := rad * 1.1
		o.shine.Move(fyne.NewPos(t.X-rad*0.3-sz/2, t.Y-rad*0.3-sz/2))
		o.shine.Resize(fyne.NewSquareSize(sz))
		o.shine.StartColor = shineColor(fill)
		o.shine.Refresh()
	}
	ringOn := s.dvonns > 0 && s.top != dvonn.Red
	setVisible(o.ring, ringOn)
	if ringOn {
		o.ring.StrokeWidth = max(2, u*0.06)
		placeCircle(o.ring, t, rad*0.8)
		o.ring.Refresh()
	}
	textOn := s.h >= 2
	setVisible(o.height, textOn)
	if textOn {
		tc := color.Color(colBlackPiece)
		if s.top != dvonn.White {
			tc = colWhitePiece
		}
		setText(o.height, strconv.Itoa(s.h), tc)
		placeText(o.height, t, u*0.34)
	}
}

func (r *dvonnRenderer) Refresh() {
	defer r.w.drawValues(r.w.Size())
	w := r.w
	g := w.g
	if r.geo.unit == 0 {
		r.geo = dvonnGeom(w.Size())
	}
	var now [dvonn.NumCells]stackLook
	for c := range now {
		now[c] = w.look(c)
	}
	r.fade.start(g.LastRemoved(), func(c int) bool {
		return c < dvonn.NumCells && r.drawn[c].h > 0 && now[c].h == 0
	})
	for c := range now {
		if r.fade.fading(c) || now[c] == r.drawn[c] {
			continue
		}
		r.drawStack(c, now[c])
		r.drawn[c] = now[c]
	}

	// Marks.
	u := r.geo.unit
	r.wash.show(w.region)
	sel, hover, tg := w.marks()
	movable := w.Movable()
	for c := range r.movable {
		on := movable>>c&1 != 0 && c != sel && tg>>c&1 == 0
		if on {
			placeCircle(r.movable[c], r.top(c, now[c].h), (dvDiscR+0.03)*u)
		}
		setVisible(r.movable[c], on)
	}
	for c := range r.targets {
		on := tg>>c&1 != 0
		if on {
			placeCircle(r.targets[c], r.top(c, now[c].h), (dvDiscR+0.08)*u)
		}
		setVisible(r.targets[c], on)
	}
	if sel >= 0 {
		placeCircle(r.sel, r.top(sel, now[sel].h), (dvDiscR+0.1)*u)
	}
	setVisible(r.sel, sel >= 0)
	if hover >= 0 {
		placeCircle(r.hover, r.top(hover, now[hover].h), (dvDiscR+0.08)*u)
	}
	setVisible(r.hover, hover >= 0)

	if c := w.cursorShown(); c >= 0 {
		r.cur.set(true, r.top(c, now[c].h), (dvDiscR+0.16)*u, max(1.5, u*0.045))
	} else {
		r.cur.set(false, fyne.Position{}, 0, 0)
	}

	lf, lt, _ := dvonn.Decode(g.LastMove())
	setVisible(r.lastFrom, lf >= 0)
	if lf >= 0 {
		placeCircle(r.lastFrom, r.peg(lf), 0.2*u)
	}
	setVisible(r.lastTo, lt >= 0)
	if lt >= 0 {
		placeCircle(r.lastTo, r.top(lt, now[lt].h), (dvDiscR+0.06)*u)
	}

	hf, ht := -1, -1
	if w.hint != rules.NoMove && w.legal(g, w.hint) {
		hf, ht, _ = dvonn.Decode(w.hint)
	}
	setVisible(r.hintFrom, hf >= 0)
	setVisible(r.hintLine, hf >= 0)
	if hf >= 0 {
		a, b := r.top(hf, now[hf].h), r.top(ht, now[ht].h)
		placeCircle(r.hintFrom, a, (dvDiscR+0.06)*u)
		r.hintLine.Position1, r.hintLine.Position2 = a, b
		r.hintLine.Refresh()
	}
	setVisible(r.hintTo, ht >= 0)
	if ht >= 0 {
		placeCircle(r.hintTo, r.top(ht, now[ht].h), (dvDiscR+0.12)*u)
	}

	lab := labelColor(w)
	for _, t := range r.colLabel {
		setText(t, t.Text, lab)
	}
	for _, t := range r.rowLabel {
		setText(t, t.Text, lab)
	}
}

// fadeStep draws the removed stack of space c, as it was, at opacity
// alpha (fader.step).
func (r *dvonnRenderer) fadeStep(c int, alpha float32) {
	o := &r.stacks[c]
	cols, n := r.fadeStack[c].discs()
	for i := range n {
		fill, edge := pieceColors(cols[i])
		o.discs[i].FillColor = withAlpha(fill, alpha)
		o.discs[i].StrokeColor = withAlpha(edge, alpha)
		o.discs[i].Refresh()
	}
	o.shadow.FillColor = withAlpha(colShadow, alpha)
	o.shadow.Refresh()
	setVisible(o.shine, false)
	setVisible(o.ring, false)
	setVisible(o.height, false)
}

// fadeDone redraws space c as it is now (fader.done).
func (r *dvonnRenderer) fadeDone(c int) {
	r.stacks[c].shadow.FillColor = colShadow
	look := r.w.look(c)
	r.drawStack(c, look)
	r.drawn[c] = look
}
