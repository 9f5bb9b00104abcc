package widgets

import (
	"image/color"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"

	"planiverse/rules"
)

// Othello board colors: green felt, darker lines and star points, a dark
// frame.
var (
	colFelt      = color.NRGBA{0x1e, 0x7a, 0x46, 0xff}
	colFeltLine  = color.NRGBA{0x0f, 0x4a, 0x2a, 0xff}
	colFeltFrame = color.NRGBA{0x3b, 0x2a, 0x1a, 0xff}
	// A legal move is marked by a ghost of the mover's disc: a
	// see-through disc with a clear edge, far larger than the star points.
	colLegalB     = color.NRGBA{0x1b, 0x1b, 0x1d, 0x50}
	colLegalBEdge = color.NRGBA{0x00, 0x00, 0x00, 0xc0}
	colLegalW     = color.NRGBA{0xf4, 0xf2, 0xec, 0x60}
	colLegalWEdge = color.NRGBA{0xff, 0xff, 0xff, 0xd8}
)

// othLegalR is the radius of a legal-move mark, in squares.
const othLegalR = 0.27

// flipTime is how long the discs flipped by the last move take to turn at
// AnimationNormal.
const flipTime = 260 * time.Millisecond

// CreateRenderer builds the board's canvas objects once (fyne.Widget).
func (o *OthelloBoard) CreateRenderer() fyne.WidgetRenderer {
	r := &othelloRenderer{w: o}
	r.frame = canvas.NewRectangle(colFeltFrame)
	r.felt = canvas.NewRectangle(colFelt)
	r.objs = append(r.objs, r.frame, r.felt)
	for i := range r.lines {
		r.lines[i] = canvas.NewLine(colFeltLine)
		r.objs = append(r.objs, r.lines[i])
	}
	for i := range r.stars {
		r.stars[i] = canvas.NewCircle(colFeltLine)
		r.objs = append(r.objs, r.stars[i])
	}
	r.wash, r.objs = newRegionWash(64, r.objs)
	r.hover = canvas.NewRectangle(colHover)
	r.hover.Hide()
	r.objs = append(r.objs, r.hover)
	for sq := range r.discs {
		r.discs[sq] = newPiece()
		r.objs = r.discs[sq].objects(r.objs)
		r.legal[sq] = dot(colLegalB)
		r.objs = append(r.objs, r.legal[sq])
	}
	r.last = dot(colLastMove)
	r.hint = ring(colHint)
	r.objs = append(r.objs, r.last, r.hint)
	for i := range 8 {
		r.colLabel[i] = newLabel(string(rune('a' + i)))
		r.rowLabel[i] = newLabel(string(rune('1' + i)))
		r.objs = append(r.objs, r.colLabel[i], r.rowLabel[i])
	}
	r.cur = newFocusRing()
	r.objs = r.cur.objects(r.objs)
	r.Refresh()
	r.objs = append(r.objs, r.w.vl.object()) // value labels on top (values.go)
	return r
}

type othelloRenderer struct {
	baseRenderer
	w           *OthelloBoard
	frame, felt *canvas.Rectangle
	lines       [18]*canvas.Line
	stars       [4]*canvas.Circle
	hover       *canvas.Rectangle
	wash        regionWash
	discs       [64]piece
	legal       [64]*canvas.Circle
	last, hint  *canvas.Circle
	colLabel    [8]*canvas.Text
	rowLabel    [8]*canvas.Text
	cur         focusRing

	drawn    [64]int8 // what each square shows: -1 empty, 0 black, 1 white
	drawnOK  bool     // drawn holds a real position
	anim     *fyne.Animation
	animMask uint64 // squares whose color the running animation owns
	animFrom [64]int8
	animTo   [64]int8
}

func (r *othelloRenderer) MinSize() fyne.Size { return fyne.NewSquareSize(240) }

func (r *othelloRenderer) Layout(size fyne.Size) {
	defer r.w.drawValues(size)
	g := othelloGeom(size)
	u := g.unit
	f := othFrame * u
	r.frame.Move(fyne.NewPos(g.origin.X-f, g.origin.Y-f))
	r.frame.Resize(fyne.NewSquareSize(8*u + 2*f))
	r.frame.CornerRadius = f
	r.felt.Move(g.origin)
	r.felt.Resize(fyne.NewSquareSize(8 * u))
	for i := range 9 {
		d := float32(i) * u
		h, v := r.lines[i], r.lines[9+i]
		h.Position1, h.Position2 = fyne.NewPos(g.origin.X, g.origin.Y+d), fyne.NewPos(g.origin.X+8*u, g.origin.Y+d)
		v.Position1, v.Position2 = fyne.NewPos(g.origin.X+d, g.origin.Y), fyne.NewPos(g.origin.X+d, g.origin.Y+8*u)
		h.StrokeWidth, v.StrokeWidth = max(1, u*0.03), max(1, u*0.03)
		h.Refresh()
		v.Refresh()
	}
	for i, c := range [4][2]float32{{2, 2}, {6, 2}, {2, 6}, {6, 6}} {
		placeCircle(r.stars[i], fyne.NewPos(g.origin.X+c[0]*u, g.origin.Y+c[1]*u), u*0.08)
	}
	r.hover.Resize(fyne.NewSquareSize(u))
	r.hover.CornerRadius = u * 0.08
	for sq := range 64 {
		c := g.center(sq)
		r.discs[sq].place(c, u*0.41)
		placeCircle(r.legal[sq], c, u*othLegalR)
		r.legal[sq].StrokeWidth = max(1.5, u*0.045)
		r.wash.place(sq, c, u*0.47, u*0.1, max(1, u*0.03))
	}
	placeCircle(r.last, g.center(0), u*0.09)
	r.hint.StrokeWidth = max(2, u*0.07)
	placeCircle(r.hint, g.center(0), u*0.46)
	ts := u * 0.38
	for i := range 8 {
		x := g.origin.X + (float32(i)+0.5)*u
		placeText(r.colLabel[i], fyne.NewPos(x, g.origin.Y-othMargin*u*0.55), ts)
		y := g.origin.Y + (float32(i)+0.5)*u
		placeText(r.rowLabel[i], fyne.NewPos(g.origin.X-othMargin*u*0.55, y), ts)
	}
	r.position(g)
}

// position moves the single marks (last move, hint, hover) to their
// squares and draws the keyboard cursor.
func (r *othelloRenderer) position(g othGeom) {
	w := r.w
	c := w.cursorShown()
	r.cur.set(c >= 0, g.center(max(c, 0)), g.unit*0.47, max(1.5, g.unit*0.045))
	if m := w.b.LastMove(); m < 64 {
		placeCircle(r.last, g.center(int(m)), g.unit*0.09)
	}
	if w.hint < 64 {
		placeCircle(r.hint, g.center(int(w.hint)), g.unit*0.46)
	}
	if w.hover >= 0 {
		c := g.center(w.hover)
		r.hover.Move(fyne.NewPos(c.X-g.unit/2, c.Y-g.unit/2))
	}
}

func discColors(p int8) (fill, edge color.NRGBA) {
	if p == 0 {
		return colBlackPiece, colBlackEdge
	}
	return colWhitePiece, colWhiteEdge
}

func (r *othelloRenderer) Refresh() {
	defer r.w.drawValues(r.w.Size())
	w := r.w
	b := w.b
	var now [64]int8
	for sq := range 64 {
		now[sq] = -1
		if p, ok := b.Disc(sq); ok {
			now[sq] = int8(p)
		}
	}
	r.startFlips(now)
	for sq := range 64 {
		if r.animMask>>sq&1 != 0 || r.drawnOK && now[sq] == r.drawn[sq] {
			continue
		}
		fill, edge := discColors(now[sq])
		r.discs[sq].set(now[sq] >= 0, fill, edge)
	}
	r.drawn, r.drawnOK = now, true

	var legal uint64
	hintOK := false
	if w.interactive || w.hint != rules.NoMove {
		w.buf = b.Moves(w.buf[:0])
		for _, m := range w.buf {
			if m < 64 {
				legal |= 1 << m
			}
			if m == w.hint {
				hintOK = true
			}
		}
	}
	showLegal := w.interactive && w.showLegal
	lc, le := colLegalB, colLegalBEdge
	if b.ToMove() == rules.Second {
		lc, le = colLegalW, colLegalWEdge
	}
	for sq := range 64 {
		on := showLegal && legal>>sq&1 != 0
		setVisible(r.legal[sq], on)
		if on {
			setFill(r.legal[sq], lc)
			setStroke(r.legal[sq], le, r.legal[sq].StrokeWidth)
		}
	}
	r.position(othelloGeom(w.Size()))
	lm := b.LastMove()
	setVisible(r.last, lm < 64)
	setVisible(r.hint, hintOK && w.hint < 64)
	setVisible(r.hover, w.interactive && w.hover >= 0)
	r.wash.show(w.region)
	lab := labelColor(w)
	for i := range 8 {
		setText(r.colLabel[i], r.colLabel[i].Text, lab)
		setText(r.rowLabel[i], r.rowLabel[i].Text, lab)
	}
}

// startFlips starts the flip animation when the change from the drawn
// position to now is the last move being played: its square was empty and
// is now taken, and discs of LastFlips changed color.
func (r *othelloRenderer) startFlips(now [64]int8) {
	b := r.w.b
	for m := r.animMask; m != 0; m &= m - 1 {
		if sq := trailing(m); now[sq] != r.animTo[sq] {
			// The position changed under the flips (an undo): they end
			// now and Refresh redraws the squares.
			r.stopFlips()
			break
		}
	}
	lm := b.LastMove()
	if !r.drawnOK || lm >= 64 || r.drawn[lm] >= 0 || now[lm] < 0 {
		return
	}
	var mask uint64
	for f := b.LastFlips(); f != 0; f &= f - 1 {
		sq := trailing(f)
		if r.drawn[sq] >= 0 && now[sq] >= 0 && r.drawn[sq] != now[sq] {
			mask |= 1 << sq
		}
	}
	if mask == 0 {
		return
	}
	r.stopFlips()
	var anim *fyne.Animation
	anim = newAnimation(flipTime, func(t float32) {
		if r.anim == anim {
			r.animTick(t)
		}
	})
	if anim == nil {
		return // animations off: Refresh draws the new colors
	}
	anim.Curve = fyne.AnimationEaseInOut
	r.animMask, r.animFrom, r.animTo = mask, r.drawn, now
	r.anim = anim
	runAnimation(anim)
}

// stopFlips ends a running flip animation at once: the discs show the
// colors it was heading for (Refresh then redraws what changed since).
func (r *othelloRenderer) stopFlips() {
	if r.anim != nil {
		r.anim.Stop()
		r.animTick(1)
	}
}

// animTick draws the flipping discs at time t (0..1); at 1 the animation
// ends and the discs show their new color.
func (r *othelloRenderer) animTick(t float32) {
	for m := r.animMask; m != 0; m &= m - 1 {
		sq := trailing(m)
		f0, e0 := discColors(r.animFrom[sq])
		f1, e1 := discColors(r.animTo[sq])
		r.discs[sq].tween(f0, e0, f1, e1, t)
	}
	if t >= 1 {
		r.anim = nil
		r.animMask = 0
	}
}
