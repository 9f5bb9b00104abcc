package widgets

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
)

// graphMarks are the evaluation graph's marks of the moves' quality: a
// colored dot at the foot of a ply's bar (the game report's class color).
type graphMarks struct {
	colors []color.Color // by ply-1; nil: no mark
	box    *fyne.Container
	dots   []*canvas.Circle
}

// SetMarks marks ply i+1 with a dot of colors[i] at the foot of the graph
// (nil: no mark); nil clears every mark. The slice is copied.
func (g *EvalGraph) SetMarks(colors []color.Color) {
	same := len(colors) == len(g.marks.colors)
	for i := 0; same && i < len(colors); i++ {
		same = colors[i] == g.marks.colors[i]
	}
	if same {
		return
	}
	g.marks.colors = append(g.marks.colors[:0], colors...)
	g.Refresh()
}

// Marks returns the marks set (SetMarks).
func (g *EvalGraph) Marks() []color.Color { return g.marks.colors }

func (m *graphMarks) object() fyne.CanvasObject {
	if m.box == nil {
		m.box = container.NewWithoutLayout()
	}
	return m.box
}

// draw places the dots for the graph's geometry.
func (m *graphMarks) draw(gm evalGeometry, size fyne.Size) {
	m.object()
	for len(m.dots) < len(m.colors) {
		d := canvas.NewCircle(transparent)
		m.dots = append(m.dots, d)
		m.box.Add(d)
	}
	r := max(2, min(4, gm.slot/2))
	for i, d := range m.dots {
		if i >= len(m.colors) || m.colors[i] == nil {
			d.Hide()
			continue
		}
		x := gm.x0 + (float32(i)+0.5)*gm.slot
		placeCircle(d, fyne.NewPos(x, size.Height-r-3), r)
		d.FillColor = m.colors[i]
		d.Show()
		d.Refresh()
	}
}
