package widgets

import (
	"image/color"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"

	"planiverse/rules"
	"planiverse/rules/gomoku"
)

// gmkFoulMarks is the number of forbidden-point marks a Renju board keeps
// ready (more forbidden points at once are not marked, though still not
// playable).
const gmkFoulMarks = 64

// Gomoku board colors: light wood (kaya), dark grid lines.
var (
	colWood     = color.NRGBA{0xe3, 0xbb, 0x6f, 0xff}
	colWoodEdge = color.NRGBA{0xa8, 0x7a, 0x3a, 0xff}
	colWoodLine = color.NRGBA{0x4a, 0x36, 0x1e, 0xff}
	colGhostB   = color.NRGBA{0x1b, 0x1b, 0x1d, 0x70}
	colGhostW   = color.NRGBA{0xf4, 0xf2, 0xec, 0xa0}
	// The winning five: a golden glow behind the stones and a golden line
	// through their centers, so that the win reads as a win (red marks
	// mean "forbidden").
	colWinLine = color.NRGBA{0xff, 0xc8, 0x1e, 0xd8}
	colWinGlow = color.NRGBA{0xff, 0xd2, 0x3c, 0xb8}
)

// starPoints returns the x (= y) coordinates of the star points of an n x n
// board: 4 from each edge, plus the center line on odd boards.
func starPoints(n int) []int {
	if n < 9 {
		return nil
	}
	d := 3
	if n < 13 {
		d = 2
	}
	s := []int{d, n - 1 - d}
	if n%2 == 1 {
		s = []int{d, n / 2, n - 1 - d}
	}
	return s
}

// CreateRenderer builds the board's canvas objects once (fyne.Widget).
func (w *GomokuBoard) CreateRenderer() fyne.WidgetRenderer {
	n := w.g.Size()
	r := &gomokuRenderer{w: w, n: n}
	r.wood = canvas.NewRectangle(colWood)
	r.wood.StrokeColor = colWoodEdge
	r.objs = append(r.objs, r.wood)
	for range 2 * n {
		l := canvas.NewLine(colWoodLine)
		r.lines = append(r.lines, l)
		r.objs = append(r.objs, l)
	}
	sp := starPoints(n)
	for _, y := range sp {
		for _, x := range sp {
			if n < 19 && len(sp) == 3 && (x == sp[1]) != (y == sp[1]) {
				continue // below 19x19: the four corner stars and the center
			}
			c := canvas.NewCircle(colWoodLine)
			r.stars = append(r.stars, c)
			r.starAt = append(r.starAt, y*n+x)
			r.objs = append(r.objs, c)
		}
	}
	r.wash, r.objs = newRegionWash(n*n, r.objs)
	r.ghost = dot(colGhostB)
	r.objs = append(r.objs, r.ghost)
	for range n {
		c := dot(colWinGlow)
		r.winGlow = append(r.winGlow, c)
		r.objs = append(r.objs, c)
	}
	r.stones = make([]piece, n*n)
	r.drawn = make([]int8, n*n)
	for p := range r.stones {
		r.stones[p] = newPiece()
		r.objs = r.stones[p].objects(r.objs)
		r.drawn[p] = -1
	}
	if w.g.Rule() == gomoku.Renju {
		for range gmkFoulMarks {
			a, b := canvas.NewLine(colForbidden), canvas.NewLine(colForbidden)
			a.Hide()
			b.Hide()
			r.fouls = append(r.fouls, [2]*canvas.Line{a, b})
			r.objs = append(r.objs, a, b)
		}
	}
	r.winLine = canvas.NewLine(colWinLine)
	r.winLine.Hide()
	r.last = dot(colLastMove)
	r.hint = ring(colHint)
	r.objs = append(r.objs, r.winLine, r.last, r.hint)
	for i := range n {
		r.colLabel = append(r.colLabel, newLabel(string(rune('A'+i))))
		r.rowLabel = append(r.rowLabel, newLabel(strconv.Itoa(n-i)))
		r.objs = append(r.objs, r.colLabel[i], r.rowLabel[i])
	}
	r.cur = newFocusRing()
	r.objs = r.cur.objects(r.objs)
	r.Refresh()
	r.objs = append(r.objs, r.w.vl.object()) // value labels on top (values.go)
	return r
}

type gomokuRenderer struct {
	baseRenderer
	w        *GomokuBoard
	n        int
	wood     *canvas.Rectangle
	lines    []*canvas.Line
	stars    []*canvas.Circle
	starAt   []int
	wash     regionWash
	ghost    *canvas.Circle
	stones   []piece
	drawn    []int8 // -1 empty, 0 black, 1 white
	winLine  *canvas.Line
	winGlow  []*canvas.Circle // behind the stones of the winning line
	last     *canvas.Circle
	hint     *canvas.Circle
	colLabel []*canvas.Text
	rowLabel []*canvas.Text
	cur      focusRing
	fouls    [][2]*canvas.Line // Renju: a red cross per forbidden point
	foulBuf  []rules.Move
}

func (r *gomokuRenderer) MinSize() fyne.Size { return fyne.NewSquareSize(300) }

func (r *gomokuRenderer) Layout(size fyne.Size) {
	defer r.w.drawValues(size)
	g := gomokuGeom(r.n, size)
	u := g.unit
	n := r.n
	span := float32(n-1) * u
	wd := gmkWood * u
	r.wood.Move(fyne.NewPos(g.origin.X-wd, g.origin.Y-wd))
	r.wood.Resize(fyne.NewSquareSize(span + 2*wd))
	r.wood.CornerRadius = u * 0.15
	r.wood.StrokeWidth = max(1, u*0.08)
	for i := range n {
		d := float32(i) * u
		h, v := r.lines[i], r.lines[n+i]
		h.Position1, h.Position2 = fyne.NewPos(g.origin.X, g.origin.Y+d), fyne.NewPos(g.origin.X+span, g.origin.Y+d)
		v.Position1, v.Position2 = fyne.NewPos(g.origin.X+d, g.origin.Y), fyne.NewPos(g.origin.X+d, g.origin.Y+span)
		sw := max(1, u*0.04)
		if i == 0 || i == n-1 {
			sw = max(1.5, u*0.08)
		}
		h.StrokeWidth, v.StrokeWidth = sw, sw
		h.Refresh()
		v.Refresh()
	}
	for i, c := range r.stars {
		placeCircle(c, g.center(r.starAt[i]), max(2, u*0.12))
	}
	for p := range r.stones {
		r.stones[p].place(g.center(p), u*0.47)
		r.wash.place(p, g.center(p), u*0.46, u*0.12, max(1, u*0.03))
	}
	r.hint.StrokeWidth = max(2, u*0.09)
	r.winLine.StrokeWidth = max(2, u*0.12)
	ts := u * 0.45
	for i := range n {
		placeText(r.colLabel[i], fyne.NewPos(g.origin.X+float32(i)*u, g.origin.Y+span+wd+(gmkMargin-gmkWood)*u*0.5), ts)
		placeText(r.rowLabel[i], fyne.NewPos(g.origin.X-wd-(gmkMargin-gmkWood)*u*0.5, g.origin.Y+float32(i)*u), ts)
	}
	r.marks(g)
}

// marks places and shows the single marks: last move, hint, hover ghost
// stone, the winning line (a glow behind its stones and a line through
// them) and the keyboard cursor.
func (r *gomokuRenderer) marks(g gmkGeom) {
	w := r.w
	u := g.unit
	c := w.cursorShown()
	r.cur.set(c >= 0, g.center(max(c, 0)), u*0.52, max(1.5, u*0.05))
	r.wash.show(w.region)
	lm := w.g.LastMove()
	lastOn := lm < rules.Move(r.n*r.n)
	if lastOn {
		placeCircle(r.last, g.center(int(lm)), max(2.5, u*0.13))
	}
	setVisible(r.last, lastOn)

	hintOn := w.hint < rules.Move(r.n*r.n) && w.g.Legal(w.hint)
	if hintOn {
		placeCircle(r.hint, g.center(int(w.hint)), u*0.42)
	}
	setVisible(r.hint, hintOn)

	ghostOn := w.interactive && w.hover >= 0
	if ghostOn {
		placeCircle(r.ghost, g.center(w.hover), u*0.45)
		c := colGhostB
		if w.g.ColorToMove() == 1 {
			c = colGhostW
		}
		setFill(r.ghost, c)
	}
	setVisible(r.ghost, ghostOn)

	r.foulMarks(g)

	line := w.g.WinningLine()
	winOn := len(line) >= 2
	if winOn {
		a, b := g.center(line[0]), g.center(line[len(line)-1])
		if r.winLine.Position1 != a || r.winLine.Position2 != b {
			r.winLine.Position1, r.winLine.Position2 = a, b
			r.winLine.Refresh()
		}
	}
	setVisible(r.winLine, winOn)
	for i, c := range r.winGlow {
		on := i < len(line)
		if on {
			placeCircle(c, g.center(line[i]), u*0.62)
		}
		setVisible(c, on)
	}
}

// foulMarks crosses out Black's forbidden points (Renju) while Black is to
// move in a game that is not over: for the person playing Black, and in
// still diagrams; they are never offered for a tap or a hover.
func (r *gomokuRenderer) foulMarks(g gmkGeom) {
	if len(r.fouls) == 0 {
		return
	}
	gm := r.w.g
	r.foulBuf = r.foulBuf[:0]
	if over, _ := gm.Outcome(); !over && gm.ColorToMove() == 0 {
		r.foulBuf = gm.Forbidden(r.foulBuf)
	}
	d := g.unit * 0.22
	sw := max(2, g.unit*0.1)
	for i, f := range r.fouls {
		on := i < len(r.foulBuf)
		if on {
			c := g.center(int(r.foulBuf[i]))
			ends := [2][2]fyne.Position{
				{fyne.NewPos(c.X-d, c.Y-d), fyne.NewPos(c.X+d, c.Y+d)},
				{fyne.NewPos(c.X-d, c.Y+d), fyne.NewPos(c.X+d, c.Y-d)},
			}
			for k, l := range f {
				if l.Position1 != ends[k][0] || l.Position2 != ends[k][1] || l.StrokeWidth != sw {
					l.Position1, l.Position2, l.StrokeWidth = ends[k][0], ends[k][1], sw
					l.Refresh()
				}
			}
		}
		setVisible(f[0], on)
		setVisible(f[1], on)
	}
}

func (r *gomokuRenderer) Refresh() {
	defer r.w.drawValues(r.w.Size())
	w := r.w
	for p := range r.stones {
		s := int8(-1)
		if c, ok := w.g.At(p%r.n, p/r.n); ok {
			s = int8(c)
		}
		if s == r.drawn[p] {
			continue
		}
		r.drawn[p] = s
		fill, edge := discColors(s)
		r.stones[p].set(s >= 0, fill, edge)
	}
	r.marks(gomokuGeom(r.n, w.Size()))
	lab := labelColor(w)
	for i := range r.colLabel {
		setText(r.colLabel[i], r.colLabel[i].Text, lab)
		setText(r.rowLabel[i], r.rowLabel[i].Text, lab)
	}
}
