package widgets

import (
	"image/color"
	"math"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// EvalGraph shows a game's evaluation ply by ply, as the evaluation graphs
// of NBoard or Edax do: one bar per ply, left to right, rising from a zero
// line in the middle in the dark color when the dark side (Black) is
// ahead and falling below it in the light color when the light side
// (White) is. The bars meet without gaps or outlines, so that the game
// reads as one area, on a mid-gray panel (colGraphPanel) on which both
// the dark and the light pieces' colors stand out, in either theme; the
// panel's edge and the line that marks the ply on view take the current
// theme's colors. The graph spans at least graphMinPlies plies, so that
// the first bars are narrow, and a score of ±1 leaves a little headroom
// (graphHeadroom) at the panel's edge. A tap or
// a drag over the graph reports the ply under the pointer (OnTapped), for
// the app's review.
type EvalGraph struct {
	widget.BaseWidget

	// OnTapped, when set, is called on the UI goroutine with the ply
	// (1..len(scores)) under a tap, and under the pointer during a drag
	// each time it changes. Nothing is reported while there are no scores.
	OnTapped func(ply int)

	scores  []float64
	known   []bool
	current int
	dragPly int        // the last ply a drag reported, 0 for none
	marks   graphMarks // the moves' quality marks (graphmarks.go)
}

var (
	_ fyne.Tappable      = (*EvalGraph)(nil)
	_ fyne.Draggable     = (*EvalGraph)(nil)
	_ desktop.Cursorable = (*EvalGraph)(nil)
)

// NewEvalGraph returns an empty graph with no ply marked.
func NewEvalGraph() *EvalGraph {
	g := &EvalGraph{current: -1}
	g.ExtendBaseWidget(g)
	return g
}

// SetScores sets the evaluations: scores[i] is the evaluation of the
// position after ply i+1 (the first move is ply 1), from the dark side's
// (Black's) point of view, on the scale −1 (the light side wins) .. 0
// (even) .. +1 (the dark side wins); values outside are drawn at ±1.
// known[i] false means the evaluation of ply i+1 is not computed yet: it
// is left as a gap. known nil means every score is known; entries missing
// from a shorter known count as not known. The graph spans len(scores)
// plies: pad both slices (known false) to keep room for plies not played
// yet. The slices are copied.
func (g *EvalGraph) SetScores(scores []float64, known []bool) {
	g.scores = append(g.scores[:0], scores...)
	g.known = g.known[:0]
	for i := range scores {
		g.known = append(g.known, known == nil || i < len(known) && known[i])
	}
	g.Refresh()
}

// SetCurrent marks ply (1..len(scores): the position after that ply; 0:
// the starting position, at the left edge) with a vertical line; −1, or a
// ply beyond the scores, marks none.
func (g *EvalGraph) SetCurrent(ply int) {
	if g.current != ply {
		g.current = ply
		g.Refresh()
	}
}

// Current returns the ply set by SetCurrent.
func (g *EvalGraph) Current() int { return g.current }

// Tapped reports the ply under the tap (fyne.Tappable).
func (g *EvalGraph) Tapped(e *fyne.PointEvent) {
	if p := g.PlyAt(e.Position); p > 0 && g.OnTapped != nil {
		g.OnTapped(p)
	}
}

// Dragged reports the ply under the pointer when it changes
// (fyne.Draggable).
func (g *EvalGraph) Dragged(e *fyne.DragEvent) {
	if p := g.PlyAt(e.Position); p > 0 && p != g.dragPly {
		g.dragPly = p
		if g.OnTapped != nil {
			g.OnTapped(p)
		}
	}
}

// DragEnd ends a drag (fyne.Draggable).
func (g *EvalGraph) DragEnd() { g.dragPly = 0 }

// Cursor shows a pointing hand over a graph with scores
// (desktop.Cursorable).
func (g *EvalGraph) Cursor() desktop.Cursor {
	if len(g.scores) > 0 {
		return desktop.PointerCursor
	}
	return desktop.DefaultCursor
}

// PlyAt returns the ply (1..len(scores)) whose bar is at widget position
// pos horizontally (positions left or right of the bars give the first or
// the last ply), or 0 when there are no scores.
func (g *EvalGraph) PlyAt(pos fyne.Position) int {
	n := len(g.scores)
	if n == 0 {
		return 0
	}
	gm := evalGeom(g.Size(), n)
	i := int((pos.X - gm.x0) / gm.slot)
	if pos.X < gm.x0 {
		i = 0
	}
	return min(max(i, 0), n-1) + 1
}

// Graph metrics.
const (
	graphPad      = 4    // margin (pixels) between the panel's edge and the bars
	graphMinPlies = 40   // the fewest plies the width is divided into
	graphHeadroom = 0.88 // the share of the half height a score of ±1 reaches
)

// The graph's own colors, the same in both themes: a mid-gray panel on
// which the dark and the light pieces' colors both stand out, and a zero
// line between the two.
var (
	colGraphPanel = color.NRGBA{0x7e, 0x86, 0x82, 0xff}
	colGraphZero  = color.NRGBA{0x4a, 0x50, 0x4d, 0xff}
)

// graphColors returns the colors of the graph g: the panel, its edge (the
// theme's), the zero line and the ply line (the theme's primary color).
func graphColors(g fyne.Widget) (bg, edge, zero, cur color.Color) {
	c := func(n fyne.ThemeColorName) color.NRGBA {
		return color.NRGBAModel.Convert(theme.ColorForWidget(n, g)).(color.NRGBA)
	}
	return colGraphPanel, c(theme.ColorNameInputBorder), colGraphZero, c(theme.ColorNamePrimary)
}

// evalGeometry places the bars of n plies in a widget of one size: bar i
// (ply i+1) spans x0+i*slot .. x0+(i+1)*slot (rounded to whole units), the
// width divided into max(n, graphMinPlies) slots; the value v (−1..1) is
// at height mid − v*half.
type evalGeometry struct {
	x0, slot, mid, half float32
}

func evalGeom(size fyne.Size, n int) evalGeometry {
	w := max(1, size.Width-2*graphPad)
	h := max(2, size.Height-2*graphPad)
	return evalGeometry{x0: graphPad, slot: w / float32(max(n, graphMinPlies)), mid: graphPad + h/2, half: h / 2 * graphHeadroom}
}

// CreateRenderer builds the panel, the zero line and the ply line; the
// bars are added as longer score lists come (fyne.Widget).
func (g *EvalGraph) CreateRenderer() fyne.WidgetRenderer {
	r := &evalRenderer{g: g}
	r.bg = canvas.NewRectangle(transparent)
	r.bg.StrokeWidth = 1
	r.bg.CornerRadius = 4
	r.zero = canvas.NewLine(transparent)
	r.zero.StrokeWidth = 1
	r.cur = canvas.NewLine(transparent)
	r.cur.StrokeWidth = 2
	r.cur.Hide()
	r.rebuild()
	return r
}

type evalRenderer struct {
	baseRenderer
	g    *EvalGraph
	bg   *canvas.Rectangle
	zero *canvas.Line
	bars []*canvas.Rectangle
	cur  *canvas.Line
}

// rebuild makes the object list: panel, bars, zero line, ply line.
func (r *evalRenderer) rebuild() {
	r.objs = append(r.objs[:0], r.bg)
	for _, b := range r.bars {
		r.objs = append(r.objs, b)
	}
	r.objs = append(r.objs, r.zero, r.cur, r.g.marks.object()) // marks: graphmarks.go
}

func (r *evalRenderer) MinSize() fyne.Size { return fyne.NewSize(200, 80) }

func (r *evalRenderer) Layout(size fyne.Size) {
	r.bg.Resize(size)
	r.draw(size)
}

func (r *evalRenderer) Refresh() { r.draw(r.g.Size()) }

// draw places and colors everything for size, refreshing only the objects
// whose look changed.
func (r *evalRenderer) draw(size fyne.Size) {
	g := r.g
	n := len(g.scores)
	if n > len(r.bars) {
		for len(r.bars) < n {
			b := canvas.NewRectangle(transparent)
			b.Hide()
			r.bars = append(r.bars, b)
		}
		r.rebuild()
	}
	gm := evalGeom(size, n)
	bg, edge, zero, cur := graphColors(g)
	if !sameColor(r.bg.FillColor, bg) || !sameColor(r.bg.StrokeColor, edge) {
		r.bg.FillColor, r.bg.StrokeColor = bg, edge
		r.bg.Refresh()
	}
	if !sameColor(r.zero.StrokeColor, zero) || !sameColor(r.cur.StrokeColor, cur) {
		r.zero.StrokeColor, r.cur.StrokeColor = zero, cur
		r.zero.Refresh()
		r.cur.Refresh()
	}
	setLine(r.zero, fyne.NewPos(gm.x0, gm.mid), fyne.NewPos(size.Width-graphPad, gm.mid))
	for i, b := range r.bars {
		on := i < n && g.known[i]
		setVisible(b, on)
		if !on {
			continue
		}
		v := float32(max(-1, min(1, g.scores[i])))
		hgt := max(1.5, abs32(v)*gm.half)
		// Whole units at the sides, so that narrow bars meet without seams.
		x := round32(gm.x0 + float32(i)*gm.slot)
		wd := max(1, round32(gm.x0+float32(i+1)*gm.slot)-x)
		pos, col := fyne.NewPos(x, gm.mid-hgt), colBlackPiece
		if v < 0 {
			pos, col = fyne.NewPos(x, gm.mid), colWhitePiece
		}
		setRect(b, pos, fyne.NewSize(wd, hgt), col)
	}
	p := g.current
	on := p >= 0 && p <= n && n > 0
	if on {
		x := gm.x0
		if p > 0 {
			x += (float32(p) - 0.5) * gm.slot
		}
		setLine(r.cur, fyne.NewPos(x, 1), fyne.NewPos(x, size.Height-1))
	}
	setVisible(r.cur, on)
	g.marks.draw(gm, size) // graphmarks.go
}

// setRect moves, sizes and fills a rectangle without an outline,
// refreshing it only when it changed.
func setRect(b *canvas.Rectangle, pos fyne.Position, size fyne.Size, fill color.NRGBA) {
	if b.Position() != pos {
		b.Move(pos)
	}
	if b.Size() != size {
		b.Resize(size)
	}
	if cur, ok := b.FillColor.(color.NRGBA); !ok || cur != fill {
		b.FillColor, b.StrokeWidth = fill, 0
		b.Refresh()
	}
}

// setLine moves a line's ends, refreshing it only when they changed.
func setLine(l *canvas.Line, a, b fyne.Position) {
	if l.Position1 != a || l.Position2 != b {
		l.Position1, l.Position2 = a, b
		l.Refresh()
	}
}

// round32 rounds x to the nearest whole number.
func round32(x float32) float32 { return float32(math.Round(float64(x))) }

// abs32 is |x|.
func abs32(x float32) float32 { return max(x, -x) }
