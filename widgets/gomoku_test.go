package widgets

import (
	"image/color"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"

	"planiverse/rules"
	"planiverse/rules/gomoku"
)

func newGomoku(t *testing.T, size int) (*gomoku.Game, *GomokuBoard, *recorder, fyne.Window) {
	newApp(t)
	g, err := gomoku.New(gomoku.Options{Size: size})
	if err != nil {
		t.Fatal(err)
	}
	w := NewGomokuBoard(g)
	rec := &recorder{}
	w.SetOnMove(rec.on)
	win := show(t, w, fyne.NewSize(520, 480))
	return g, w, rec, win
}

func TestGomokuTapEveryPoint(t *testing.T) {
	for _, size := range []int{15, 19, 20} {
		g, w, rec, _ := newGomoku(t, size)
		play(t, g, "H8", "J9")
		w.Update()
		geo := w.geom()
		occupied := map[int]bool{}
		for _, name := range []string{"H8", "J9"} {
			p, _ := gomoku.ParsePoint(size, name)
			occupied[p] = true
		}
		for p := range size * size {
			rec.moves = nil
			c := geo.center(p)
			tapAt(w, c)
			// Within half a cell of the intersection: the same point.
			tapAt(w, fyne.NewPos(c.X+geo.unit*0.45, c.Y-geo.unit*0.4))
			if occupied[p] {
				if len(rec.moves) != 0 {
					t.Errorf("%dx%d: tap on occupied %s reported %v", size, size, gomoku.PointName(size, p), rec.moves)
				}
				continue
			}
			if len(rec.moves) != 2 || rec.moves[0] != rules.Move(p) || rec.moves[1] != rules.Move(p) {
				t.Errorf("%dx%d: tap on %s reported %v, want %d twice", size, size, gomoku.PointName(size, p), rec.moves, p)
			}
		}
		// Beyond half a cell outside the grid: nothing.
		rec.moves = nil
		tapAt(w, fyne.NewPos(geo.origin.X-geo.unit*0.6, geo.origin.Y))
		tapAt(w, fyne.NewPos(geo.origin.X, geo.origin.Y+float32(size-1)*geo.unit+geo.unit*0.6))
		if len(rec.moves) != 0 {
			t.Errorf("%dx%d: taps off the grid reported %v", size, size, rec.moves)
		}
	}
}

func TestGomokuNames(t *testing.T) {
	g, w, rec, _ := newGomoku(t, 15)
	geo := w.geom()
	// The bottom-left intersection is A1, the top-right O15, the center H8.
	for _, c := range []struct {
		pos  fyne.Position
		name string
	}{
		{fyne.NewPos(geo.origin.X, geo.origin.Y+14*geo.unit), "A1"},
		{fyne.NewPos(geo.origin.X+14*geo.unit, geo.origin.Y), "O15"},
		{fyne.NewPos(geo.origin.X+7*geo.unit, geo.origin.Y+7*geo.unit), "H8"},
	} {
		rec.moves = nil
		tapAt(w, c.pos)
		if len(rec.moves) != 1 || g.MoveString(rec.moves[0]) != c.name {
			t.Errorf("tap at %v: %v, want %s", c.pos, rec.moves, c.name)
		}
	}
	r := test.WidgetRenderer(w).(*gomokuRenderer)
	if r.colLabel[0].Text != "A" || r.rowLabel[0].Text != "15" || r.rowLabel[14].Text != "1" {
		t.Errorf("labels %q %q %q", r.colLabel[0].Text, r.rowLabel[0].Text, r.rowLabel[14].Text)
	}
}

func TestGomokuMarks(t *testing.T) {
	g, w, rec, _ := newGomoku(t, 15)
	r := test.WidgetRenderer(w).(*gomokuRenderer)
	geo := w.geom()
	if r.last.Visible() || r.winLine.Visible() {
		t.Fatal("marks on an empty board")
	}
	h8, _ := gomoku.ParsePoint(15, "H8")
	w.MouseMoved(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: geo.center(h8)}})
	if !r.ghost.Visible() || w.Cursor() != desktop.PointerCursor {
		t.Error("no hover stone on an empty point")
	}
	w.SetHint(rules.Move(h8))
	if !r.hint.Visible() {
		t.Error("hint not drawn")
	}
	play(t, g, "H8")
	w.Update()
	if r.hint.Visible() {
		t.Error("hint on an occupied point drawn")
	}
	w.SetHint(rules.NoMove)
	if !r.last.Visible() || !r.stones[h8].body.Visible() || !sameColor(r.stones[h8].body.FillColor, colBlackPiece) {
		t.Error("black stone on H8 or its last-move mark missing")
	}
	w.MouseMoved(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: geo.center(h8)}})
	if r.ghost.Visible() || w.Cursor() != desktop.DefaultCursor {
		t.Error("hover stone on an occupied point")
	}
	play(t, g, "A1", "I8", "A2", "J8", "A3", "K8", "A4", "L8")
	w.Update()
	if !r.winLine.Visible() {
		t.Fatal("winning line not drawn")
	}
	checkWinLook(t, r, g.WinningLine())
	// Game over: taps do nothing.
	rec.moves = nil
	tapAt(w, geo.center(0))
	if len(rec.moves) != 0 {
		t.Errorf("tap after the win reported %v", rec.moves)
	}
	w.SetInteractive(false)
	g.Undo()
	w.Update()
	if r.winLine.Visible() || r.stones[h8+4].body.Visible() {
		t.Error("undo of the winning move not redrawn")
	}
	w.SetInteractive(true)
	tapAt(w, geo.center(0))
	if len(rec.moves) != 1 || rec.moves[0] != 0 {
		t.Errorf("tap on A15 reported %v", rec.moves)
	}
}

func TestGomokuShot(t *testing.T) {
	g, w, _, win := newGomoku(t, 15)
	win.Resize(fyne.NewSize(560, 560))
	play(t, g, "H8", "I9", "G9", "G7", "I7", "J6", "H7", "H9", "J9", "F6", "H6", "H5", "G5", "F8", "F7", "E7", "K7", "J7", "I6", "J8", "G6", "E6", "D5")
	w.Update()
	w.SetHint(rules.Move(mustPoint(t, 15, "K8")))
	shot(t, win, "gomoku")

	g2, w2, _, win2 := newGomoku(t, 15)
	win2.Resize(fyne.NewSize(560, 560))
	play(t, g2, "H8", "A1", "I8", "A2", "J8", "A3", "K8", "A4", "L8")
	w2.Update()
	shot(t, win2, "gomoku-win")
}

func mustPoint(t *testing.T, size int, s string) int {
	t.Helper()
	p, err := gomoku.ParsePoint(size, s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestGomokuRenjuFouls: under Renju, Black's forbidden points are crossed
// out while Black is to move, take no tap and show no hover stone or
// pointer; the marks go when White is to move.
func TestGomokuRenjuFouls(t *testing.T) {
	newApp(t)
	g, err := gomoku.New(gomoku.Options{Size: 15, Rule: gomoku.Renju})
	if err != nil {
		t.Fatal(err)
	}
	w := NewGomokuBoard(g)
	rec := &recorder{}
	w.SetOnMove(rec.on)
	win := show(t, w, fyne.NewSize(520, 480))
	r := test.WidgetRenderer(w).(*gomokuRenderer)
	// Black: F8 G8 H9 H10 makes H8 a double-three; White far away.
	play(t, g, "F8", "A1", "G8", "A3", "H9", "A5", "H10", "A7")
	w.Update()
	h8 := mustPoint(t, 15, "H8")
	if g.ForbiddenReason(rules.Move(h8)) != "double-three" {
		t.Fatal("bad set-up")
	}
	shown := 0
	geo := w.geom()
	for _, f := range r.fouls {
		if f[0].Visible() {
			shown++
			c := geo.center(h8)
			mid := fyne.NewPos((f[0].Position1.X+f[0].Position2.X)/2, (f[0].Position1.Y+f[0].Position2.Y)/2)
			if d := mid.Subtract(c); d.X*d.X+d.Y*d.Y > 1 || !f[1].Visible() || !sameColor(f[0].StrokeColor, colForbidden) {
				t.Errorf("the cross is not on H8: center %v, want %v", mid, c)
			}
		}
	}
	if shown != 1 {
		t.Fatalf("%d crosses shown, want 1 (H8)", shown)
	}
	shot(t, win, "gomoku-renju")
	// No hover, no pointer and no move on the forbidden point.
	w.MouseMoved(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: geo.center(h8)}})
	if r.ghost.Visible() || w.Cursor() != desktop.DefaultCursor {
		t.Error("hover on a forbidden point")
	}
	tapAt(w, geo.center(h8))
	if len(rec.moves) != 0 {
		t.Fatalf("a tap on a forbidden point played %v", rec.moves)
	}
	// A legal point next to it still works.
	i8 := mustPoint(t, 15, "I8")
	w.MouseMoved(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: geo.center(i8)}})
	if !r.ghost.Visible() || w.Cursor() != desktop.PointerCursor {
		t.Error("no hover on an allowed point")
	}
	tapAt(w, geo.center(i8))
	if len(rec.moves) != 1 || rec.moves[0] != rules.Move(i8) {
		t.Fatalf("tap on I8 reported %v", rec.moves)
	}
	// White to move: no crosses.
	play(t, g, "I8")
	w.Update()
	for _, f := range r.fouls {
		if f[0].Visible() {
			t.Fatal("crosses shown while White is to move")
		}
	}
	// Other rules have no crosses at all.
	f, _ := gomoku.New(gomoku.Options{Size: 15})
	fb := NewGomokuBoard(f)
	show(t, fb, fyne.NewSize(300, 300))
	if len(test.WidgetRenderer(fb).(*gomokuRenderer).fouls) != 0 {
		t.Error("crosses made for freestyle")
	}
}

// checkWinLook checks that the winning line reads as a win: a golden glow
// behind each of its stones and a golden line through them, and no ring
// or red mark drawn over the stones (a red ring and slash reads as "no
// entry").
func checkWinLook(t *testing.T, r *gomokuRenderer, line []int) {
	t.Helper()
	if len(line) != 5 {
		t.Fatalf("winning line %v, want 5 points", line)
	}
	index := map[fyne.CanvasObject]int{}
	for i, o := range r.Objects() {
		index[o] = i
	}
	geo := gomokuGeom(r.n, r.w.Size())
	for _, p := range line {
		c := geo.center(p)
		body := index[r.stones[p].body]
		glows := 0
		for i, o := range r.Objects() {
			circ, ok := o.(*canvas.Circle)
			if !ok || !circ.Visible() {
				continue
			}
			mid := circ.Position().Add(fyne.NewPos(circ.Size().Width/2, circ.Size().Height/2))
			if hypot(mid.X-c.X, mid.Y-c.Y) > 1 || circ == r.stones[p].body || circ == r.stones[p].shadow || circ == r.last {
				continue
			}
			switch {
			case i > body && circ.StrokeWidth > 0 && circ.StrokeColor != nil && !sameColor(circ.StrokeColor, transparent):
				t.Errorf("point %d: a ring over the winning stone (stroke %v)", p, circ.StrokeColor)
			case i < body && circ.Size().Width > r.stones[p].body.Size().Width && isGold(circ.FillColor):
				glows++
			}
		}
		if glows != 1 {
			t.Errorf("point %d: %d golden glows behind the stone, want 1", p, glows)
		}
	}
	if !isGold(r.winLine.StrokeColor) {
		t.Errorf("winning line color %v, want gold", r.winLine.StrokeColor)
	}
	a, b := geo.center(line[0]), geo.center(line[4])
	if r.winLine.Position1 != a || r.winLine.Position2 != b {
		t.Errorf("winning line %v-%v, want through the five %v-%v", r.winLine.Position1, r.winLine.Position2, a, b)
	}
}

// isGold reports whether c is a warm yellow: strong red and green, little
// blue (not the red of the forbidden and last-move marks).
func isGold(c color.Color) bool {
	if c == nil {
		return false
	}
	n := color.NRGBAModel.Convert(c).(color.NRGBA)
	return n.R > 0xc0 && n.G > 0x99 && n.B < 0x80
}
