package widgets

import (
	"image/color"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"

	"planiverse/rules"
	"planiverse/rules/alak"
)

// Alak board colours: a dark wooden strip with carved cups.
var (
	colStrip     = color.NRGBA{0x9c, 0x6b, 0x3c, 0xff}
	colStripEdge = color.NRGBA{0x5e, 0x3d, 0x1e, 0xff}
	colCup       = color.NRGBA{0x6e, 0x47, 0x24, 0xff}
	colCupEdge   = color.NRGBA{0x4a, 0x2e, 0x15, 0xff}
)

// Alak layout in units of one cup spacing.
const (
	alkPad    = 0.45 // strip beyond the outer cups
	alkStripH = 1.3  // strip height
	alkLabelH = 0.75 // room for the slot names below the strip
	alkTopH   = 0.25 // room above the strip
	alkCupR   = 0.38
	alkStoneR = 0.34
)

// AlakBoard draws an Alak position (RULES.md "Alak") as a row of cups on a
// wooden strip, with the slot numbers 1..11 (classic) or the point letters
// a.. (modern) below; x plays the dark stones, o the light ones.
//
// Classic: a tap on a piece of the side to move selects it and marks its
// one or two destinations; a tap on a destination moves
// (alak.ClassicMove); a tap on the selection or anywhere else deselects.
// Modern: a tap on an empty allowed point places there; the points
// forbidden by ko are marked with a no-entry sign. Captured pieces fade
// out.
type AlakBoard struct {
	selector
	g *alak.Game
}

var _ Board = (*AlakBoard)(nil)

// NewAlakBoard returns a board widget that reads g (the app's position;
// the widget never changes it). The number of slots is read once: give a
// game of another length a new widget.
func NewAlakBoard(g *alak.Game) *AlakBoard {
	w := &AlakBoard{g: g, selector: selector{sel: -1}}
	w.init(w.hoverCell)
	w.ExtendBaseWidget(w)
	return w
}

// Targets returns the destinations of the selected piece as a slot mask
// (bit i = slot i, 0-based), 0 when nothing is selected.
func (w *AlakBoard) Targets() uint32 {
	if w.sel < 0 {
		return 0
	}
	_, tg := w.legalMasks()
	return tg
}

// legalMasks returns the slots a tap can act on first (classic: pieces
// with a move; modern: allowed empty points) and the destinations of the
// selected piece.
func (w *AlakBoard) legalMasks() (first, targets uint32) {
	w.buf = w.g.Moves(w.buf[:0])
	for _, m := range w.buf {
		f, t := w.g.DecodeMove(m)
		switch {
		case f < 0 && t >= 0:
			first |= 1 << t
		case f >= 0:
			first |= 1 << f
			if f == w.sel {
				targets |= 1 << t
			}
		}
	}
	return first, targets
}

// alkGeom maps slots to widget coordinates for one size.
type alkGeom struct {
	n    int
	unit float32
	org  fyne.Position // centre of slot 0
}

func alakGeom(n int, size fyne.Size) alkGeom {
	u, o := fit(size, float32(n)+2*alkPad, alkTopH+alkStripH+alkLabelH)
	return alkGeom{n, u, fyne.NewPos(o.X+(alkPad+0.5)*u, o.Y+(alkTopH+alkStripH/2)*u)}
}

func (g alkGeom) centre(i int) fyne.Position {
	return fyne.NewPos(g.org.X+float32(i)*g.unit, g.org.Y)
}

// slot returns the slot under p (within half a cup spacing across, on the
// strip), or -1.
func (g alkGeom) slot(p fyne.Position) int {
	if g.unit <= 0 {
		return -1
	}
	x := (p.X-g.org.X)/g.unit + 0.5
	y := (p.Y - g.org.Y) / g.unit
	if x < 0 || x >= float32(g.n) || y < -alkStripH/2 || y > alkStripH/2 {
		return -1
	}
	return int(x)
}

func (w *AlakBoard) geom() alkGeom { return alakGeom(w.g.Len(), w.Size()) }

func (w *AlakBoard) hoverCell(p fyne.Position) int {
	i := w.geom().slot(p)
	if i < 0 {
		return -1
	}
	first, tg := w.legalMasks()
	if (first|tg)>>i&1 != 0 {
		return i
	}
	return -1
}

// Tapped places (modern), or selects, moves and deselects (classic)
// (fyne.Tappable); see AlakBoard.
func (w *AlakBoard) Tapped(e *fyne.PointEvent) {
	if !w.interactive {
		return
	}
	i := w.geom().slot(e.Position)
	if w.g.Modern() {
		if i >= 0 {
			w.emit(w.g, rules.Move(i))
		}
		return
	}
	first, tg := w.legalMasks()
	switch {
	case i < 0 || i == w.sel:
		w.sel = -1
	case w.sel >= 0 && tg>>i&1 != 0:
		m := alak.ClassicMove(w.sel, i)
		w.sel = -1
		w.Refresh()
		w.emit(w.g, m)
		return
	case first>>i&1 != 0:
		w.sel = i
	default:
		w.sel = -1
	}
	w.Refresh()
}

// CreateRenderer builds the board's canvas objects once (fyne.Widget).
func (w *AlakBoard) CreateRenderer() fyne.WidgetRenderer {
	n := w.g.Len()
	r := &alakRenderer{w: w, n: n}
	r.strip = canvas.NewRectangle(colStrip)
	r.strip.StrokeColor = colStripEdge
	r.objs = append(r.objs, r.strip)
	r.hover = canvas.NewCircle(colHover)
	r.hover.Hide()
	r.objs = append(r.objs, r.hover)
	for range n {
		c := canvas.NewCircle(colCup)
		c.StrokeColor = colCupEdge
		r.cups = append(r.cups, c)
		r.objs = append(r.objs, c)
	}
	r.lastFrom = ring(colLastMove)
	r.objs = append(r.objs, r.lastFrom)
	r.drawn = make([]int8, n)
	for i := range n {
		p := newPiece()
		r.stones = append(r.stones, p)
		r.objs = p.objects(r.objs)
		r.drawn[i] = -2 // force the first refresh
		t := ring(colDvTarg)
		r.targets = append(r.targets, t)
		f := ring(colForbidden)
		bar := canvas.NewLine(colForbidden)
		bar.Hide()
		r.forbid = append(r.forbid, f)
		r.forbidBar = append(r.forbidBar, bar)
		name := strconv.Itoa(i + 1)
		if w.g.Modern() {
			name = string(rune('a' + i))
		}
		r.labels = append(r.labels, newLabel(name))
		r.objs = append(r.objs, t, f, bar, r.labels[i])
	}
	r.sel = ring(colSelect)
	r.last = dot(colLastMove)
	r.hintFrom = ring(colHint)
	r.hintTo = ring(colHint)
	r.objs = append(r.objs, r.sel, r.last, r.hintFrom, r.hintTo)
	r.Refresh()
	return r
}

type alakRenderer struct {
	baseRenderer
	w         *AlakBoard
	n         int
	strip     *canvas.Rectangle
	hover     *canvas.Circle
	cups      []*canvas.Circle
	stones    []piece
	targets   []*canvas.Circle
	forbid    []*canvas.Circle
	forbidBar []*canvas.Line
	labels    []*canvas.Text
	sel       *canvas.Circle
	last      *canvas.Circle
	lastFrom  *canvas.Circle
	hintFrom  *canvas.Circle
	hintTo    *canvas.Circle

	drawn    []int8 // -1 empty, 0 x, 1 o
	anim     *fyne.Animation
	animMask uint32
}

func (r *alakRenderer) MinSize() fyne.Size {
	return fyne.NewSize(max(300, float32(r.n)*28), 90)
}

func (r *alakRenderer) Layout(size fyne.Size) {
	g := alakGeom(r.n, size)
	u := g.unit
	left := g.centre(0)
	r.strip.Move(fyne.NewPos(left.X-(0.5+alkPad)*u, left.Y-alkStripH/2*u))
	r.strip.Resize(fyne.NewSize((float32(r.n)+2*alkPad)*u, alkStripH*u))
	r.strip.CornerRadius = alkStripH / 2 * u
	r.strip.StrokeWidth = max(1.5, u*0.05)
	for i := range r.n {
		c := g.centre(i)
		placeCircle(r.cups[i], c, alkCupR*u)
		r.cups[i].StrokeWidth = max(1.5, u*0.05)
		r.stones[i].place(c, alkStoneR*u)
		r.targets[i].StrokeWidth = max(2.5, u*0.07)
		placeCircle(r.targets[i], c, (alkCupR+0.06)*u)
		r.forbid[i].StrokeWidth = max(2, u*0.06)
		placeCircle(r.forbid[i], c, alkCupR*0.7*u)
		d := alkCupR * 0.7 * 0.7071 * u
		bar := r.forbidBar[i]
		bar.Position1, bar.Position2 = fyne.NewPos(c.X-d, c.Y+d), fyne.NewPos(c.X+d, c.Y-d)
		bar.StrokeWidth = r.forbid[i].StrokeWidth
		bar.Refresh()
		placeText(r.labels[i], fyne.NewPos(c.X, c.Y+(alkStripH/2+alkLabelH/2)*u), u*0.4)
	}
	r.sel.StrokeWidth = max(2.5, u*0.08)
	r.lastFrom.StrokeWidth = max(2, u*0.05)
	r.hintFrom.StrokeWidth = max(2, u*0.07)
	r.hintTo.StrokeWidth = max(2, u*0.07)
	r.Refresh()
}

func stoneColors(p int8) (fill, edge color.NRGBA) { return discColors(p) }

func (r *alakRenderer) Refresh() {
	w := r.w
	g := w.g
	geo := alakGeom(r.n, w.Size())
	u := geo.unit
	var now [32]int8
	for i := range r.n {
		now[i] = -1
		if p, ok := g.At(i); ok {
			now[i] = int8(p)
		}
	}
	r.startFade(&now)
	for i := range r.n {
		if r.animMask>>i&1 != 0 || now[i] == r.drawn[i] {
			continue
		}
		fill, edge := stoneColors(now[i])
		r.stones[i].set(now[i] >= 0, fill, edge)
		r.drawn[i] = now[i]
	}

	first, tg := uint32(0), uint32(0)
	if w.interactive {
		first, tg = w.legalMasks()
	}
	forb := g.Forbidden()
	for i := range r.n {
		setVisible(r.targets[i], w.sel >= 0 && tg>>i&1 != 0)
		f := forb>>i&1 != 0
		setVisible(r.forbid[i], f)
		setVisible(r.forbidBar[i], f)
	}
	selOn := w.interactive && w.sel >= 0
	if selOn {
		placeCircle(r.sel, geo.centre(w.sel), (alkCupR+0.06)*u)
	}
	setVisible(r.sel, selOn)
	hoverOn := w.interactive && w.hover >= 0 && (first|tg)>>w.hover&1 != 0
	if hoverOn {
		placeCircle(r.hover, geo.centre(w.hover), 0.5*u)
	}
	setVisible(r.hover, hoverOn)

	lf, lt := g.DecodeMove(g.LastMove())
	setVisible(r.lastFrom, lf >= 0)
	if lf >= 0 {
		placeCircle(r.lastFrom, geo.centre(lf), 0.16*u)
	}
	setVisible(r.last, lt >= 0)
	if lt >= 0 {
		placeCircle(r.last, geo.centre(lt), 0.09*u)
	}

	hf, ht := -1, -1
	if w.hint != rules.NoMove && w.legal(g, w.hint) {
		hf, ht = g.DecodeMove(w.hint)
	}
	setVisible(r.hintFrom, hf >= 0)
	if hf >= 0 {
		placeCircle(r.hintFrom, geo.centre(hf), (alkStoneR+0.1)*u)
	}
	setVisible(r.hintTo, ht >= 0)
	if ht >= 0 {
		placeCircle(r.hintTo, geo.centre(ht), (alkStoneR+0.1)*u)
	}

	lab := labelColor(w)
	for _, t := range r.labels {
		setText(t, t.Text, lab)
	}
}

// startFade fades out the pieces the last move captured: slots drawn
// occupied, empty now and in LastCaptured.
func (r *alakRenderer) startFade(now *[32]int8) {
	var mask uint32
	for m := r.w.g.LastCaptured(); m != 0; m &= m - 1 {
		i := trailing(uint64(m))
		if i < r.n && r.drawn[i] >= 0 && now[i] < 0 {
			mask |= 1 << i
		}
	}
	if mask == 0 {
		return
	}
	if r.anim != nil {
		r.anim.Stop()
		r.endFade()
	}
	r.animMask = mask
	was := append([]int8(nil), r.drawn...)
	var anim *fyne.Animation
	anim = fyne.NewAnimation(fadeTime, func(t float32) {
		if r.anim != anim {
			return
		}
		if t >= 1 {
			r.endFade()
			return
		}
		for m := mask; m != 0; m &= m - 1 {
			i := trailing(uint64(m))
			fill, edge := stoneColors(was[i])
			r.stones[i].fade(fill, edge, 1-t)
		}
	})
	r.anim = anim
	anim.Start()
}

// endFade ends the fade-out: the faded slots are redrawn as they are now.
func (r *alakRenderer) endFade() {
	r.anim = nil
	for m := r.animMask; m != 0; m &= m - 1 {
		i := trailing(uint64(m))
		s := int8(-1)
		if p, ok := r.w.g.At(i); ok {
			s = int8(p)
		}
		fill, edge := stoneColors(s)
		st := r.stones[i]
		st.shadow.FillColor = colShadow
		st.shine.StartColor = transparent // recoloured by set
		st.set(s >= 0, fill, edge)
		r.drawn[i] = s
	}
	r.animMask = 0
}
