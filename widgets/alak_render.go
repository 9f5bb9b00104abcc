package widgets

import (
	"image/color"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"

	"planiverse/app/i18n"
	"planiverse/rules"
)

// Alak board colors: a dark wooden strip with carved cups.
var (
	colStrip     = color.NRGBA{0x9c, 0x6b, 0x3c, 0xff}
	colStripEdge = color.NRGBA{0x5e, 0x3d, 0x1e, 0xff}
	colCup       = color.NRGBA{0x6e, 0x47, 0x24, 0xff}
	colCupEdge   = color.NRGBA{0x4a, 0x2e, 0x15, 0xff}
	// colKo writes "ko" in a cup where the side to move may not play
	// (modern Alak): pale on the dark cup, unlike every other mark.
	colKo = color.NRGBA{0xf6, 0xe7, 0xc8, 0xff}
)

// CreateRenderer builds the board's canvas objects once (fyne.Widget).
func (w *AlakBoard) CreateRenderer() fyne.WidgetRenderer {
	n := w.g.Len()
	r := &alakRenderer{w: w, n: n}
	r.fade.keep = func() { r.fadeWas = append(r.fadeWas[:0], r.drawn...) }
	r.fade.step, r.fade.done = r.fadeStep, r.fadeDone
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
	r.wash, r.objs = newRegionWash(n, r.objs)
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
		ko := canvas.NewText(i18n.T("widgets.alak.ko", "ko", nil), colKo)
		ko.TextStyle = fyne.TextStyle{Bold: true, Italic: true}
		ko.Alignment = fyne.TextAlignCenter
		ko.Hide()
		r.ko = append(r.ko, ko)
		name := strconv.Itoa(i + 1)
		if w.g.Modern() {
			name = string(rune('a' + i))
		}
		r.labels = append(r.labels, newLabel(name))
		r.objs = append(r.objs, t, ko, r.labels[i])
	}
	r.sel = ring(colSelect)
	r.last = dot(colLastMove)
	r.hintFrom = ring(colHint)
	r.hintTo = ring(colHint)
	r.objs = append(r.objs, r.sel, r.last, r.hintFrom, r.hintTo)
	r.cur = newFocusRing()
	r.objs = r.cur.objects(r.objs)
	r.Refresh()
	r.objs = append(r.objs, r.w.vl.object()) // value labels on top (values.go)
	return r
}

type alakRenderer struct {
	baseRenderer
	w        *AlakBoard
	n        int
	strip    *canvas.Rectangle
	hover    *canvas.Circle
	cups     []*canvas.Circle
	wash     regionWash
	stones   []piece
	targets  []*canvas.Circle
	ko       []*canvas.Text // "ko" in the cups forbidden by ko
	labels   []*canvas.Text
	sel      *canvas.Circle
	last     *canvas.Circle
	lastFrom *canvas.Circle
	hintFrom *canvas.Circle
	hintTo   *canvas.Circle
	cur      focusRing

	drawn   []int8 // -1 empty, 0 x, 1 o
	fade    fader  // captured pieces fading out
	fadeWas []int8 // the slots as drawn when the fade began
}

func (r *alakRenderer) MinSize() fyne.Size {
	return fyne.NewSize(max(300, float32(r.n)*28), 90)
}

func (r *alakRenderer) Layout(size fyne.Size) {
	defer r.w.drawValues(size)
	g := alakGeom(r.n, size)
	u := g.unit
	left := g.center(0)
	r.strip.Move(fyne.NewPos(left.X-(0.5+alkPad)*u, left.Y-alkStripH/2*u))
	r.strip.Resize(fyne.NewSize((float32(r.n)+2*alkPad)*u, alkStripH*u))
	r.strip.CornerRadius = alkStripH / 2 * u
	r.strip.StrokeWidth = max(1.5, u*0.05)
	for i := range r.n {
		c := g.center(i)
		placeCircle(r.cups[i], c, alkCupR*u)
		r.wash.place(i, c, 0.48*u, 0.48*u, max(1, u*0.03))
		r.cups[i].StrokeWidth = max(1.5, u*0.05)
		r.stones[i].place(c, alkStoneR*u)
		r.targets[i].StrokeWidth = max(2.5, u*0.07)
		placeCircle(r.targets[i], c, (alkCupR+0.06)*u)
		placeText(r.ko[i], c, u*0.34)
		placeText(r.labels[i], fyne.NewPos(c.X, c.Y+(alkStripH/2+alkLabelH/2)*u), u*0.4)
	}
	r.sel.StrokeWidth = max(2.5, u*0.08)
	r.lastFrom.StrokeWidth = max(2, u*0.05)
	r.hintFrom.StrokeWidth = max(2, u*0.07)
	r.hintTo.StrokeWidth = max(2, u*0.07)
	r.Refresh()
}

func (r *alakRenderer) Refresh() {
	defer r.w.drawValues(r.w.Size())
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
	r.fade.start(uint64(g.LastCaptured()), func(i int) bool {
		return i < r.n && r.drawn[i] >= 0 && now[i] < 0
	})
	for i := range r.n {
		if r.fade.fading(i) || now[i] == r.drawn[i] {
			continue
		}
		fill, edge := discColors(now[i])
		r.stones[i].set(now[i] >= 0, fill, edge)
		r.drawn[i] = now[i]
	}

	r.wash.show(w.region)
	sel, hover, tg := w.marks()
	forb := g.Forbidden()
	for i := range r.n {
		setVisible(r.targets[i], tg>>i&1 != 0)
		setVisible(r.ko[i], forb>>i&1 != 0)
	}
	if sel >= 0 {
		placeCircle(r.sel, geo.center(sel), (alkCupR+0.06)*u)
	}
	setVisible(r.sel, sel >= 0)
	if hover >= 0 {
		placeCircle(r.hover, geo.center(hover), 0.5*u)
	}
	setVisible(r.hover, hover >= 0)

	c := w.cursorShown()
	r.cur.set(c >= 0, geo.center(max(c, 0)), 0.48*u, max(1.5, u*0.045))

	lf, lt := g.DecodeMove(g.LastMove())
	setVisible(r.lastFrom, lf >= 0)
	if lf >= 0 {
		placeCircle(r.lastFrom, geo.center(lf), 0.16*u)
	}
	setVisible(r.last, lt >= 0)
	if lt >= 0 {
		placeCircle(r.last, geo.center(lt), 0.09*u)
	}

	hf, ht := -1, -1
	if w.hint != rules.NoMove && w.legal(g, w.hint) {
		hf, ht = g.DecodeMove(w.hint)
	}
	setVisible(r.hintFrom, hf >= 0)
	if hf >= 0 {
		placeCircle(r.hintFrom, geo.center(hf), (alkStoneR+0.1)*u)
	}
	setVisible(r.hintTo, ht >= 0)
	if ht >= 0 {
		placeCircle(r.hintTo, geo.center(ht), (alkStoneR+0.1)*u)
	}

	lab := labelColor(w)
	for _, t := range r.labels {
		setText(t, t.Text, lab)
	}
}

// fadeStep draws the captured piece of slot i, as it was, at opacity
// alpha (fader.step).
func (r *alakRenderer) fadeStep(i int, alpha float32) {
	fill, edge := discColors(r.fadeWas[i])
	r.stones[i].fade(fill, edge, alpha)
}

// fadeDone redraws slot i as it is now (fader.done).
func (r *alakRenderer) fadeDone(i int) {
	s := int8(-1)
	if p, ok := r.w.g.At(i); ok {
		s = int8(p)
	}
	fill, edge := discColors(s)
	st := r.stones[i]
	st.shadow.FillColor = colShadow
	st.shine.StartColor = transparent // recolored by set
	st.set(s >= 0, fill, edge)
	r.drawn[i] = s
}
