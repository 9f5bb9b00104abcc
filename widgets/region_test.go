package widgets

import (
	"testing"

	"fyne.io/fyne/v2"

	"planiverse/rules/alak"
	"planiverse/rules/dvonn"
	"planiverse/rules/gomoku"
	"planiverse/rules/othello"
)

// washOf returns the region wash of board b's renderer.
func washOf(t *testing.T, b Board) regionWash {
	t.Helper()
	switch r := cacheRenderer(b).(type) {
	case *othelloRenderer:
		return r.wash
	case *gomokuRenderer:
		return r.wash
	case *dvonnRenderer:
		return r.wash
	case *alakRenderer:
		return r.wash
	}
	t.Fatalf("no region wash in %T", cacheRenderer(b))
	return nil
}

// pointCenter returns where board b draws point p.
func pointCenter(b Board, p int) fyne.Position {
	switch r := cacheRenderer(b).(type) {
	case *othelloRenderer:
		return othelloGeom(b.Size()).center(p)
	case *gomokuRenderer:
		return gomokuGeom(r.n, b.Size()).center(p)
	case *dvonnRenderer:
		return r.peg(p)
	case *alakRenderer:
		return alakGeom(r.n, b.Size()).center(p)
	}
	return fyne.Position{}
}

// TestRegionWash checks that each board washes exactly the points of its
// region (shown, violet, over the point's center), ignores points off the
// board, and clears the wash on SetRegion(nil).
func TestRegionWash(t *testing.T) {
	newApp(t)
	g, _ := gomoku.New(gomoku.Options{Size: 15})
	boards := map[string]Board{
		"othello": NewOthelloBoard(othello.New()),
		"gomoku":  NewGomokuBoard(g),
		"dvonn":   NewDvonnBoard(dvonn.New()),
		"alak":    NewAlakBoard(alak.NewClassic()),
	}
	for name, b := range boards {
		win := show(t, b, fyne.NewSize(600, 400))
		w := washOf(t, b)
		before := win.Canvas().Capture()
		for p, r := range w {
			if r.Visible() {
				t.Errorf("%s: point %d washed before any region", name, p)
			}
		}
		region := []int{4, 2, 3, 2, -1, 9999}
		b.(RegionMarker).SetRegion(region)
		for p, r := range w {
			want := p >= 2 && p <= 4
			if r.Visible() != want {
				t.Errorf("%s: point %d washed %v, want %v", name, p, r.Visible(), want)
			}
			if want {
				mid := r.Position().Add(fyne.NewPos(r.Size().Width/2, r.Size().Height/2))
				c := pointCenter(b, p)
				if r.FillColor != colRegion || r.Size().Width < 10 || abs32(mid.X-c.X) > 1 || abs32(mid.Y-c.Y) > 1 {
					t.Errorf("%s: point %d washed %v at %v size %v", name, p, r.FillColor, mid, r.Size())
				}
			}
		}
		// On screen: a pixel of point 3 inside its wash but off its
		// piece, peg or cup changes color.
		r := w[3]
		h := r.Size().Width / 2
		off := fyne.NewPos(0.85*h, 0.85*h)
		if r.CornerRadius >= h {
			off = fyne.NewPos(0.92*h, 0)
		}
		px := pointCenter(b, 3).Add(off)
		after := win.Canvas().Capture()
		if c0, c1 := before.At(int(px.X), int(px.Y)), after.At(int(px.X), int(px.Y)); c0 == c1 {
			t.Errorf("%s: the pixel at %v stays %v under the wash", name, px, c0)
		}
		b.(RegionMarker).SetRegion(nil)
		for p, r := range w {
			if r.Visible() {
				t.Errorf("%s: point %d still washed after SetRegion(nil)", name, p)
			}
		}
	}
}
