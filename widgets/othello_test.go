package widgets

import (
	"image/color"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"

	"planiverse/rules"
	"planiverse/rules/othello"
)

func newOthello(t *testing.T) (*othello.Board, *OthelloBoard, *recorder, fyne.Window) {
	newApp(t)
	b := othello.New()
	w := NewOthelloBoard(b)
	rec := &recorder{}
	w.SetOnMove(rec.on)
	win := show(t, w, fyne.NewSize(500, 420))
	return b, w, rec, win
}

func TestOthelloTapEverySquare(t *testing.T) {
	b, w, rec, _ := newOthello(t)
	g := othelloGeom(w.Size())
	before := b.String()
	want := map[rules.Move]bool{}
	for _, m := range b.Moves(nil) {
		want[m] = true
	}
	for sq := range 64 {
		rec.moves = nil
		tapAt(w, g.center(sq))
		// A tap near a corner of the square hits the same square.
		c := g.center(sq)
		tapAt(w, fyne.NewPos(c.X+g.unit*0.45, c.Y-g.unit*0.45))
		if want[rules.Move(sq)] {
			if len(rec.moves) != 2 || rec.moves[0] != rules.Move(sq) || rec.moves[1] != rules.Move(sq) {
				t.Errorf("tap on %s: got %v, want two moves %d", othello.SquareName(sq), rec.moves, sq)
			}
		} else if len(rec.moves) != 0 {
			t.Errorf("illegal tap on %s reported %v", othello.SquareName(sq), rec.moves)
		}
	}
	if b.String() != before {
		t.Error("taps changed the position")
	}
	// Outside the squares (the coordinate margin) nothing happens.
	rec.moves = nil
	tapAt(w, fyne.NewPos(g.origin.X-g.unit*0.3, g.origin.Y+g.unit*2.5))
	tapAt(w, fyne.NewPos(1, 1))
	if len(rec.moves) != 0 {
		t.Errorf("taps outside the board reported %v", rec.moves)
	}
}

func TestOthelloNotInteractive(t *testing.T) {
	b, w, rec, _ := newOthello(t)
	g := othelloGeom(w.Size())
	d3, _ := othello.ParseSquare("d3")
	w.SetInteractive(false)
	tapAt(w, g.center(d3))
	if len(rec.moves) != 0 {
		t.Fatalf("tap while not interactive reported %v", rec.moves)
	}
	r := test.WidgetRenderer(w).(*othelloRenderer)
	for sq := range 64 {
		if r.legal[sq].Visible() {
			t.Fatalf("legal mark on %s while not interactive", othello.SquareName(sq))
		}
	}
	w.MouseMoved(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: g.center(d3)}})
	if w.Cursor() != desktop.DefaultCursor || r.hover.Visible() {
		t.Error("hover highlight while not interactive")
	}
	w.SetInteractive(true)
	tapAt(w, g.center(d3))
	if len(rec.moves) != 1 || rec.moves[0] != rules.Move(d3) {
		t.Fatalf("tap after SetInteractive(true) reported %v", rec.moves)
	}
	_ = b
}

func TestOthelloMarks(t *testing.T) {
	b, w, _, _ := newOthello(t)
	r := test.WidgetRenderer(w).(*othelloRenderer)
	g := othelloGeom(w.Size())
	count := func() int {
		n := 0
		for sq := range 64 {
			if r.legal[sq].Visible() {
				n++
			}
		}
		return n
	}
	if n := count(); n != 4 {
		t.Errorf("start: %d legal marks, want 4", n)
	}
	w.ShowLegal(false)
	if n := count(); n != 0 {
		t.Errorf("ShowLegal(false): %d legal marks", n)
	}
	w.ShowLegal(true)
	if r.last.Visible() {
		t.Error("last-move mark at the start")
	}
	// Hover over a legal square shows the highlight and a pointer.
	d3, _ := othello.ParseSquare("d3")
	w.MouseMoved(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: g.center(d3)}})
	if !r.hover.Visible() || w.Cursor() != desktop.PointerCursor {
		t.Error("no hover highlight on a legal square")
	}
	w.MouseMoved(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: g.center(0)}})
	if r.hover.Visible() || w.Cursor() != desktop.DefaultCursor {
		t.Error("hover highlight on an illegal square")
	}
	w.MouseOut()

	// Hint on a legal move is drawn, on an illegal one it is not.
	w.SetHint(rules.Move(d3))
	if !r.hint.Visible() || r.hint.Position() != fyne.NewPos(g.center(d3).X-g.unit*0.46, g.center(d3).Y-g.unit*0.46) {
		t.Error("hint on d3 not drawn there")
	}
	w.SetHint(rules.Move(0))
	if r.hint.Visible() {
		t.Error("illegal hint drawn")
	}
	w.SetHint(rules.NoMove)
	if r.hint.Visible() {
		t.Error("cleared hint drawn")
	}

	// Play d3 (flips d4): last move marked, discs re-colored.
	play(t, b, "d3")
	w.Update()
	if !r.last.Visible() {
		t.Fatal("no last-move mark after d3")
	}
	c := g.center(d3)
	if got := r.last.Position(); got.X > c.X || got.X+r.last.Size().Width < c.X || got.Y > c.Y {
		t.Errorf("last-move mark at %v, not on d3 %v", got, c)
	}
	d4, _ := othello.ParseSquare("d4")
	if !sameColor(r.discs[d4].body.FillColor, colBlackPiece) || !r.discs[d3].body.Visible() {
		t.Error("d3/d4 not drawn black after d3")
	}
	if n := count(); n != 3 {
		t.Errorf("after d3: %d legal marks, want 3 (white's moves)", n)
	}
	// Undo: d3 empty again, d4 white, no last move.
	b.Undo()
	w.Update()
	if r.discs[d3].body.Visible() || !sameColor(r.discs[d4].body.FillColor, colWhitePiece) || r.last.Visible() {
		t.Error("undo not redrawn")
	}
}

func TestOthelloShot(t *testing.T) {
	b, w, _, win := newOthello(t)
	win.Resize(fyne.NewSize(480, 480))
	play(t, b, "f5", "d6", "c3", "d3", "c4", "f4", "c5", "b3", "c2", "e6", "c6", "b4")
	w.Update()
	m, _ := b.ParseMove("b5")
	w.SetHint(m)
	img := shot(t, win, "othello")
	// The felt is green around a star point.
	g := othelloGeom(w.Size())
	p := fyne.NewPos(g.origin.X+g.unit*6+3, g.origin.Y+g.unit*1.2)
	if c := img.At(int(p.X), int(p.Y)); !near(c, colFelt, 12) {
		t.Errorf("felt color at %v is %v", p, c)
	}
}

// TestOthelloLegalMarksStandOut checks that the legal-move marks read as
// "you can play here" in both themes: a see-through disc of the mover's
// color with a clear edge, several times the size of a star point, whose
// edge stands out from the felt in the painted board.
func TestOthelloLegalMarksStandOut(t *testing.T) {
	for _, v := range []fyne.ThemeVariant{theme.VariantLight, theme.VariantDark} {
		newAppVariant(t, v)
		b := othello.New()
		w := NewOthelloBoard(b)
		win := show(t, w, fyne.NewSize(400, 400))
		r := test.WidgetRenderer(w).(*othelloRenderer)
		for _, mover := range []string{"Black", "White"} {
			edge := colLegalBEdge
			if mover == "White" {
				edge = colLegalWEdge
			}
			img := win.Canvas().Capture()
			scale := float32(img.Bounds().Dx()) / win.Canvas().Size().Width
			star := r.stars[0].Size().Width
			marks := 0
			for sq := range 64 {
				m := r.legal[sq]
				if !m.Visible() {
					continue
				}
				marks++
				if m.Size().Width < 3*star {
					t.Errorf("variant %d %s: legal mark %.1f px across, star point %.1f: too alike", v, mover, m.Size().Width, star)
				}
				if m.StrokeWidth < 1 || !sameColor(m.StrokeColor, edge) {
					t.Errorf("variant %d %s: legal mark edge %v width %.1f, want %v", v, mover, m.StrokeColor, m.StrokeWidth, edge)
				}
				// The painted edge, just inside the mark's rim, against the felt.
				x := (m.Position().X + m.StrokeWidth/2) * scale
				y := (m.Position().Y + m.Size().Height/2) * scale
				px := color.NRGBAModel.Convert(img.At(int(x), int(y))).(color.NRGBA)
				if near(px, colFelt, 40) {
					t.Errorf("variant %d %s: legal mark edge painted %v, hardly different from the felt", v, mover, px)
				}
			}
			if want := len(b.Moves(nil)); marks != want {
				t.Errorf("variant %d %s: %d legal marks, want %d", v, mover, marks, want)
			}
			if mover == "Black" {
				play(t, b, "f5")
				w.Update()
			}
		}
	}
}
