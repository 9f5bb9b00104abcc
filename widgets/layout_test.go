package widgets

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"

	"planiverse/rules/alak"
	"planiverse/rules/dvonn"
)

// drawnBounds returns the bounding box of the visible objects of a board's
// renderer (polygons by their points, lines by their ends).
func drawnBounds(w Board) (min, max fyne.Position) {
	min, max = fyne.NewPos(1e9, 1e9), fyne.NewPos(-1e9, -1e9)
	add := func(p fyne.Position) {
		min = fyne.NewPos(min32(min.X, p.X), min32(min.Y, p.Y))
		max = fyne.NewPos(max32(max.X, p.X), max32(max.Y, p.Y))
	}
	for _, o := range rendererObjects(w) {
		if !o.Visible() {
			continue
		}
		switch o := o.(type) {
		case *canvas.ArbitraryPolygon:
			for _, p := range o.Points {
				add(p)
			}
		case *canvas.Line:
			add(o.Position1)
			add(o.Position2)
		default:
			if o.Size().Width >= o.Size().Height*20 && o.Position() == (fyne.Position{}) {
				continue // a background filling the widget
			}
			add(o.Position())
			add(o.Position().Add(o.Size()))
		}
	}
	return min, max
}

func min32(a, b float32) float32 { return min(a, b) }
func max32(a, b float32) float32 { return max(a, b) }

// TestBoardsUseTheirArea checks that the DVONN plate and the Alak row are
// as large as the widget allows, keep a margin to its edges and are
// centered in it, in board areas of the window's usual shapes.
func TestBoardsUseTheirArea(t *testing.T) {
	newApp(t)
	sizes := []fyne.Size{fyne.NewSize(680, 630), fyne.NewSize(1000, 620), fyne.NewSize(420, 300)}
	boards := []struct {
		name  string
		make  func() Board
		plate func(r fyne.WidgetRenderer) (fyne.Position, fyne.Position)
	}{
		{"dvonn", func() Board { return NewDvonnBoard(dvonn.New()) }, func(r fyne.WidgetRenderer) (fyne.Position, fyne.Position) {
			p := r.(*dvonnRenderer).plate
			lo, hi := fyne.NewPos(1e9, 1e9), fyne.NewPos(-1e9, -1e9)
			for _, q := range p.Points {
				lo = fyne.NewPos(min(lo.X, q.X), min(lo.Y, q.Y))
				hi = fyne.NewPos(max(hi.X, q.X), max(hi.Y, q.Y))
			}
			return lo, hi
		}},
		{"alak", func() Board { return NewAlakBoard(alak.NewClassic()) }, func(r fyne.WidgetRenderer) (fyne.Position, fyne.Position) {
			s := r.(*alakRenderer).strip
			return s.Position(), s.Position().Add(s.Size())
		}},
	}
	for _, b := range boards {
		for _, size := range sizes {
			w := b.make()
			show(t, w, size)
			lo, hi := b.plate(cacheRenderer(w))
			left, right := lo.X, size.Width-hi.X
			top, bottom := lo.Y, size.Height-hi.Y
			margin := max(4, size.Width*0.02)
			// Widthwise both boards are long: the plate or row spans
			// most of the width, with a margin, centered.
			if left < margin || right < margin {
				t.Errorf("%s in %v: margins %.0f and %.0f px, want at least %.0f", b.name, size, left, right, margin)
			}
			if d := left - right; d > size.Width*0.03 || d < -size.Width*0.03 {
				t.Errorf("%s in %v: off center, %.0f px left and %.0f px right", b.name, size, left, right)
			}
			if d := top - bottom; d > size.Height*0.1 || d < -size.Height*0.1 {
				t.Errorf("%s in %v: off center, %.0f px above and %.0f px below", b.name, size, top, bottom)
			}
			// As big as fits: the limiting side is used to 80% or more.
			if fw, fh := (hi.X-lo.X)/size.Width, (hi.Y-lo.Y)/size.Height; max(fw, fh) < 0.8 {
				t.Errorf("%s in %v: uses %.0f%% of the width and %.0f%% of the height", b.name, size, fw*100, fh*100)
			}
			// Nothing drawn outside the widget.
			dlo, dhi := drawnBounds(w)
			if dlo.X < 0 || dlo.Y < 0 || dhi.X > size.Width || dhi.Y > size.Height {
				t.Errorf("%s in %v: drawing spans %v..%v, outside the widget", b.name, size, dlo, dhi)
			}
		}
	}
}
