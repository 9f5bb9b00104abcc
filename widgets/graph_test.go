package widgets

import (
	"image/color"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
)

func newGraph(t *testing.T) (*EvalGraph, *[]int, fyne.Window) {
	newApp(t)
	g := NewEvalGraph()
	var taps []int
	g.OnTapped = func(p int) { taps = append(taps, p) }
	win := show(t, g, fyne.NewSize(308, 90))
	return g, &taps, win
}

func TestEvalGraphTap(t *testing.T) {
	g, taps, _ := newGraph(t)
	tapAt(g, fyne.NewPos(100, 40))
	if len(*taps) != 0 || g.PlyAt(fyne.NewPos(100, 40)) != 0 {
		t.Fatalf("a tap on an empty graph reported %v", *taps)
	}
	g.SetScores(make([]float64, 50), nil)
	// 300 pixels between the margins: 6 per ply.
	for ply := 1; ply <= 50; ply++ {
		for _, dx := range []float32{0.5, 3, 5.5} {
			*taps = nil
			x := graphPad + float32(ply-1)*6 + dx
			tapAt(g, fyne.NewPos(x, 10))
			if len(*taps) != 1 || (*taps)[0] != ply {
				t.Fatalf("tap at x=%v reported %v, want ply %d", x, *taps, ply)
			}
		}
	}
	// Left and right of the bars: the first and the last ply.
	for x, want := range map[float32]int{0: 1, -5: 1, 307: 50, 400: 50} {
		if p := g.PlyAt(fyne.NewPos(x, 40)); p != want {
			t.Errorf("ply at x=%v: %d, want %d", x, p, want)
		}
	}
	// A drag reports each ply once as the pointer crosses it.
	*taps = nil
	for x := float32(10); x < 28; x++ {
		g.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: fyne.NewPos(x, 40)}})
	}
	g.DragEnd()
	g.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: fyne.NewPos(22, 40)}})
	if want := []int{2, 3, 4, 4}; len(*taps) != len(want) || (*taps)[0] != 2 || (*taps)[2] != 4 || (*taps)[3] != 4 {
		t.Errorf("drag reported %v, want %v", *taps, want)
	}
	// Without OnTapped nothing breaks.
	g.OnTapped = nil
	tapAt(g, fyne.NewPos(50, 40))
}

func TestEvalGraphRender(t *testing.T) {
	g, _, _ := newGraph(t)
	r := test.WidgetRenderer(g).(*evalRenderer)
	if ms := g.MinSize(); ms.Width < 200 || ms.Height < 80 {
		t.Errorf("MinSize %v", ms)
	}
	if len(r.Objects()) != 4 { // panel, zero line, ply line, the quality marks
		t.Fatalf("empty graph has %d objects", len(r.Objects()))
	}
	scores := []float64{0.5, -0.25, 1.7, 0, -1, 0.1}
	known := []bool{true, true, true, false, true}
	g.SetScores(scores, known)
	objs := len(r.Objects())
	if objs != 4+len(scores) {
		t.Fatalf("%d objects for %d plies", objs, len(scores))
	}
	gm := evalGeom(g.Size(), len(scores))
	for i, b := range r.bars {
		on := i < len(known) && known[i]
		if b.Visible() != on {
			t.Fatalf("ply %d: bar shown %v, known %v", i+1, b.Visible(), on)
		}
		if !on {
			continue
		}
		checkEvalBar(t, i, b, scores[i], gm)
	}
	if !r.bars[2].Visible() || r.bars[2].Size().Height > gm.half+0.01 {
		t.Error("a score above 1 is not drawn at 1")
	}
	// The same length again, and a shorter one, reuse the bars.
	for range 3 {
		g.SetScores([]float64{-0.2, 0.3, 0.4, 0.5, 0.6, 0.7}, nil)
	}
	g.SetScores([]float64{0.1, 0.2}, nil)
	if len(r.Objects()) != objs {
		t.Fatalf("objects grew from %d to %d", objs, len(r.Objects()))
	}
	if r.bars[2].Visible() || !r.bars[1].Visible() {
		t.Error("bars beyond a shorter list shown")
	}
	// The ply on view.
	g.SetScores(scores, known)
	checkEvalCurrent(t, g, r, gm)
	// A resize moves the bars.
	g.Resize(fyne.NewSize(608, 90))
	if x := r.bars[1].Position().X; x != round32(graphPad+600.0/graphMinPlies) {
		t.Errorf("after a resize ply 2 is at x=%v", x)
	}
}

// checkEvalBar checks bar b of ply i+1 with score against the geometry gm:
// dark above the zero line for a positive score, light below it for a
// negative one, clamped to ±1, in the ply's slot.
func checkEvalBar(t *testing.T, i int, b *canvas.Rectangle, score float64, gm evalGeometry) {
	t.Helper()
	v := float32(max(-1, min(1, score)))
	top, bottom := b.Position().Y, b.Position().Y+b.Size().Height
	if v > 0 && (!nearPos(fyne.NewPos(0, bottom), fyne.NewPos(0, gm.mid)) || !nearPos(fyne.NewPos(0, top), fyne.NewPos(0, gm.mid-v*gm.half)) || !sameColor(b.FillColor, colBlackPiece)) {
		t.Errorf("ply %d (%v): dark bar %v..%v, zero at %v", i+1, v, top, bottom, gm.mid)
	}
	if v < 0 && (!nearPos(fyne.NewPos(0, top), fyne.NewPos(0, gm.mid)) || !nearPos(fyne.NewPos(0, bottom), fyne.NewPos(0, gm.mid-v*gm.half)) || !sameColor(b.FillColor, colWhitePiece)) {
		t.Errorf("ply %d (%v): light bar %v..%v, zero at %v", i+1, v, top, bottom, gm.mid)
	}
	if x := b.Position().X; x != round32(gm.x0+float32(i)*gm.slot) {
		t.Errorf("ply %d bar at x=%v", i+1, x)
	}
}

// checkEvalCurrent checks the line of the ply on view of graph g (renderer
// r, geometry gm, six plies of scores).
func checkEvalCurrent(t *testing.T, g *EvalGraph, r *evalRenderer, gm evalGeometry) {
	t.Helper()
	if r.cur.Visible() || g.Current() != -1 {
		t.Fatal("a ply line before SetCurrent")
	}
	g.SetCurrent(3)
	if !r.cur.Visible() || !nearPos(r.cur.Position1, fyne.NewPos(gm.x0+2.5*gm.slot, 1)) {
		t.Fatalf("ply 3 line at %v, shown %v", r.cur.Position1, r.cur.Visible())
	}
	if g.PlyAt(r.cur.Position1) != 3 {
		t.Error("the line of ply 3 is not where a tap means ply 3")
	}
	g.SetCurrent(0)
	if !r.cur.Visible() || r.cur.Position1.X != gm.x0 {
		t.Error("the start position is not marked at the left edge")
	}
	for _, p := range []int{-1, 7} {
		g.SetCurrent(p)
		if r.cur.Visible() {
			t.Errorf("SetCurrent(%d) shows a line", p)
		}
	}
}

// TestEvalGraphThemes draws the graph in both themes: the bars in the
// pieces' colors, meeting without gaps or outlines, on the graph's
// mid-gray panel, which both pieces' colors stand out from; the ply line
// in the theme's primary color.
func TestEvalGraphThemes(t *testing.T) {
	for _, v := range []fyne.ThemeVariant{theme.VariantLight, theme.VariantDark} {
		newAppVariant(t, v)
		g := NewEvalGraph()
		scores := make([]float64, 60)
		known := make([]bool, 60)
		for i := range 40 {
			scores[i] = float64(i%13-5) / 8
			known[i] = i != 17
		}
		g.SetScores(scores, known)
		g.SetCurrent(25)
		win := show(t, g, fyne.NewSize(320, 100))
		img := win.Canvas().Capture()
		gm := evalGeom(g.Size(), 60)
		rgb := func(n fyne.ThemeColorName) color.NRGBA {
			return color.NRGBAModel.Convert(theme.Color(n)).(color.NRGBA)
		}
		panel := colGraphPanel
		// Ply 7 (score 1/8) is dark above the zero line, ply 1 (-5/8)
		// light below it, the panel around.
		s := float32(img.Bounds().Dx()) / 320
		at := func(x, y float32) fyne.Position { return fyne.NewPos(x*s, y*s) }
		checks := []struct {
			p    fyne.Position
			want color.NRGBA
			what string
		}{
			{at(gm.x0+6.5*gm.slot, gm.mid-gm.half/16), colBlackPiece, "dark bar"},
			{at(gm.x0+0.5*gm.slot, gm.mid+gm.half/2), colWhitePiece, "light bar"},
			{at(gm.x0+17.5*gm.slot, gm.mid+gm.half/3), panel, "gap of an unknown ply"},
			{at(gm.x0+50.5*gm.slot, gm.mid-gm.half/2), panel, "panel"},
			{at(gm.x0+24.5*gm.slot, gm.mid-gm.half*0.9), rgb(theme.ColorNamePrimary), "ply line"},
		}
		for _, c := range checks {
			if col := img.At(int(c.p.X), int(c.p.Y)); !near(col, c.want, 8) {
				t.Errorf("theme %v: %s at %v is %v, want %v", v, c.what, c.p, col, c.want)
			}
		}
		// Both pieces' colors stand out from the panel.
		for _, c := range []color.NRGBA{colBlackPiece, colWhitePiece} {
			if d := luma(c) - luma(panel); d > -60 && d < 60 {
				t.Errorf("piece color %v: luma %.0f against the panel's %.0f", c, luma(c), luma(panel))
			}
		}
		// Neighboring bars meet: no panel shows between two dark bars
		// (plies 6 and 7, scores 0 and 1/8: ply 6 is a sliver at the
		// zero line, so look just above it between 7 and 8, scores 1/8
		// and 2/8).
		seam := at(round32(gm.x0+7*gm.slot), gm.mid-gm.half/16)
		for dx := float32(-1); dx <= 1; dx++ {
			if col := img.At(int(seam.X+dx), int(seam.Y)); !near(col, colBlackPiece, 8) {
				t.Errorf("theme %v: between plies 7 and 8 at %v is %v, not the dark bars' color", v, seam.X+dx, col)
			}
		}
		// No bar has an outline.
		r := test.WidgetRenderer(g).(*evalRenderer)
		for i, b := range r.bars {
			if b.StrokeWidth != 0 {
				t.Errorf("theme %v: bar %d has an outline of %.0f", v, i+1, b.StrokeWidth)
			}
		}
	}
}

// TestEvalGraphScale checks the scale: the first bars of a game are narrow
// (the width holds graphMinPlies plies), and a score of ±1 stops short of
// the panel's edge.
func TestEvalGraphScale(t *testing.T) {
	g, _, _ := newGraph(t)
	r := test.WidgetRenderer(g).(*evalRenderer)
	g.SetScores([]float64{1, -1}, nil)
	for i, b := range r.bars[:2] {
		if w := b.Size().Width; w > g.Size().Width/30 {
			t.Errorf("ply %d of 2: bar %.0f px wide in a %.0f px graph", i+1, w, g.Size().Width)
		}
		top, bottom := b.Position().Y, b.Position().Y+b.Size().Height
		if top < graphPad+2 || bottom > g.Size().Height-graphPad-2 {
			t.Errorf("ply %d (score ±1): bar %.1f..%.1f reaches the edge of a %.0f px panel", i+1, top, bottom, g.Size().Height)
		}
	}
}

// luma is c's brightness, 0..255 (ITU-R BT.601 weights).
func luma(c color.NRGBA) float64 {
	return 0.299*float64(c.R) + 0.587*float64(c.G) + 0.114*float64(c.B)
}
