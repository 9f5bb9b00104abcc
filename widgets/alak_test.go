package widgets

import (
	"math/rand/v2"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"

	"planiverse/rules"
	"planiverse/rules/alak"
)

func newAlak(t *testing.T, g *alak.Game) (*AlakBoard, *recorder, fyne.Window) {
	newApp(t)
	w := NewAlakBoard(g)
	rec := &recorder{}
	w.SetOnMove(rec.on)
	win := show(t, w, fyne.NewSize(640, 150))
	return w, rec, win
}

func TestAlakClassicTaps(t *testing.T) {
	g := alak.NewClassic()
	w, rec, _ := newAlak(t, g)
	r := test.WidgetRenderer(w).(*alakRenderer)
	geo := w.geom()
	dest := map[int]uint32{}
	for _, m := range g.Moves(nil) {
		f, to := g.DecodeMove(m)
		dest[f] |= 1 << to
	}
	for i := range g.Len() {
		tapAt(w, geo.center(i))
		if len(rec.moves) != 0 {
			t.Fatalf("single tap on slot %d reported %v", i+1, rec.moves)
		}
		want, ok := dest[i]
		if !ok {
			if w.Selected() != -1 {
				t.Errorf("tap on slot %d (no move) selected %d", i+1, w.Selected())
			}
			continue
		}
		if w.Selected() != i || w.Targets() != want {
			t.Errorf("slot %d: selected %d targets %b, want %b", i+1, w.Selected(), w.Targets(), want)
		}
		for j := range g.Len() {
			if r.targets[j].Visible() != (want>>j&1 != 0) {
				t.Errorf("slot %d selected: target mark on %d is %v", i+1, j+1, r.targets[j].Visible())
			}
		}
		tapAt(w, geo.center(i))
		if w.Selected() != -1 {
			t.Errorf("second tap on slot %d did not deselect", i+1)
		}
	}
	// x's piece on slot 4 moves right to slot 5 ("4-5").
	tapAt(w, geo.center(3))
	w.MouseMoved(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: geo.center(4)}})
	if !r.hover.Visible() || w.Cursor() != desktop.PointerCursor {
		t.Error("no hover highlight on a destination")
	}
	tapAt(w, geo.center(4))
	if len(rec.moves) != 1 || g.MoveString(rec.moves[0]) != "4-5" {
		t.Fatalf("taps 4 then 5: %v", rec.moves)
	}
	// A tap between the strip's cups but off it: nothing; tap beside the
	// strip deselects.
	tapAt(w, geo.center(3))
	tapAt(w, fyne.NewPos(geo.center(3).X, geo.center(3).Y+geo.unit))
	if w.Selected() != -1 {
		t.Error("tap off the strip did not deselect")
	}
	w.SetInteractive(false)
	tapAt(w, geo.center(3))
	if w.Selected() != -1 {
		t.Error("selection while not interactive")
	}
}

func TestAlakCaptureAndUndo(t *testing.T) {
	g := alak.NewClassic()
	w, _, _ := newAlak(t, g)
	r := test.WidgetRenderer(w).(*alakRenderer)
	rng := rand.New(rand.NewPCG(3, 4))
	var buf []rules.Move
	captures := 0
	check := func() {
		t.Helper()
		for i := range g.Len() {
			p, ok := g.At(i)
			if r.stones[i].body.Visible() != ok {
				t.Fatalf("slot %d drawn %v, occupied %v", i+1, r.stones[i].body.Visible(), ok)
			}
			if ok && !sameColor(r.stones[i].body.FillColor, map[rules.Seat]any{0: colBlackPiece, 1: colWhitePiece}[p].(interface {
				RGBA() (uint32, uint32, uint32, uint32)
			})) {
				t.Fatalf("slot %d wrong color", i+1)
			}
		}
		lf, lt := g.DecodeMove(g.LastMove())
		if r.lastFrom.Visible() != (lf >= 0) || r.last.Visible() != (lt >= 0) {
			t.Fatal("last-move marks wrong")
		}
	}
	for range 300 {
		buf = g.Moves(buf[:0])
		if len(buf) == 0 {
			break
		}
		g.Play(buf[rng.IntN(len(buf))])
		w.Update()
		if g.LastCaptured() != 0 {
			captures++
		}
		check()
		if captures%2 == 1 && g.LastCaptured() != 0 {
			g.Undo()
			w.Update()
			check()
			g.Play(buf[0])
			w.Update()
			check()
		}
	}
	if captures == 0 {
		t.Error("no capture seen")
	}
}

func TestAlakModern(t *testing.T) {
	g, err := alak.NewModern(9)
	if err != nil {
		t.Fatal(err)
	}
	w, rec, _ := newAlak(t, g)
	r := test.WidgetRenderer(w).(*alakRenderer)
	geo := w.geom()
	for i := range 9 {
		rec.moves = nil
		tapAt(w, geo.center(i))
		if len(rec.moves) != 1 || rec.moves[0] != rules.Move(i) || w.Selected() != -1 {
			t.Fatalf("tap on point %c: %v", 'a'+i, rec.moves)
		}
	}
	if r.labels[0].Text != "a" || r.labels[8].Text != "i" {
		t.Errorf("labels %q..%q", r.labels[0].Text, r.labels[8].Text)
	}
	// x a, o b captures a: a is forbidden for x (ko) and marked.
	play(t, g, "a", "b")
	w.Update()
	if g.Forbidden() != 1 {
		t.Fatalf("test position: forbidden %b", g.Forbidden())
	}
	checkKoMark(t, w, geo.center(0))
	if r.stones[0].body.Visible() {
		t.Error("captured stone still drawn")
	}
	rec.moves = nil
	tapAt(w, geo.center(0)) // forbidden
	tapAt(w, geo.center(1)) // occupied
	if len(rec.moves) != 0 {
		t.Errorf("taps on forbidden or occupied points reported %v", rec.moves)
	}
	w.SetHint(rules.Move(4))
	if !r.hintTo.Visible() || r.hintFrom.Visible() {
		t.Error("hint on point e not drawn")
	}
}

func TestAlakShot(t *testing.T) {
	g := alak.NewClassic()
	rng := rand.New(rand.NewPCG(5, 6))
	for range 7 {
		ms := g.Moves(nil)
		g.Play(ms[rng.IntN(len(ms))])
	}
	w, _, win := newAlak(t, g)
	win.Resize(fyne.NewSize(720, 170))
	geo := w.geom()
	f, _ := g.DecodeMove(g.Moves(nil)[0])
	tapAt(w, geo.center(f))
	if w.Selected() != f {
		t.Error("shot: no selection")
	}
	shot(t, win, "alak")

	g2, _ := alak.NewModern(13)
	play(t, g2, "d", "e", "f", "c", "g", "h", "a", "b")
	if g2.Forbidden() == 0 {
		t.Error("modern shot: no forbidden point to show")
	}
	w2, _, win2 := newAlak(t, g2)
	win2.Resize(fyne.NewSize(760, 170))
	w2.SetHint(rules.Move(9))
	shot(t, win2, "alak-modern")
}

// checkKoMark checks that the only ko point of w, at p, reads "ko" in its
// cup, and that nothing on the board is drawn in the red of a "no entry"
// sign (the Gomoku forbidden points' color).
func checkKoMark(t *testing.T, w *AlakBoard, p fyne.Position) {
	t.Helper()
	kos := 0
	for _, o := range rendererObjects(w) {
		if !o.Visible() {
			continue
		}
		switch o := o.(type) {
		case *canvas.Text:
			if o.Text != "ko" {
				continue
			}
			kos++
			mid := o.Position().Add(fyne.NewPos(o.Size().Width/2, o.Size().Height/2))
			if hypot(mid.X-p.X, mid.Y-p.Y) > 2 {
				t.Errorf("ko mark at %v, want in the cup at %v", mid, p)
			}
		case *canvas.Circle:
			if sameColor(o.StrokeColor, colForbidden) || sameColor(o.FillColor, colForbidden) {
				t.Errorf("a red no-entry ring at %v", o.Position())
			}
		case *canvas.Line:
			if sameColor(o.StrokeColor, colForbidden) {
				t.Errorf("a red no-entry bar at %v", o.Position1)
			}
		}
	}
	if kos != 1 {
		t.Errorf("%d ko marks shown, want 1", kos)
	}
}
