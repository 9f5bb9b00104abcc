package widgets

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"planiverse/rules"
	"planiverse/rules/alak"
	"planiverse/rules/dvonn"
	"planiverse/rules/gomoku"
	"planiverse/rules/othello"
)

// press types the keys on a focused board.
func press(w fyne.Focusable, keys ...fyne.KeyName) {
	for _, k := range keys {
		w.TypedKey(&fyne.KeyEvent{Name: k})
	}
}

// repeat returns k n times.
func repeat(k fyne.KeyName, n int) []fyne.KeyName {
	out := make([]fyne.KeyName, n)
	for i := range out {
		out[i] = k
	}
	return out
}

// ringOn reports whether the cursor ring is drawn and where (its center).
func ringOn(f focusRing) (bool, fyne.Position) {
	c := f.line.Position().Add(fyne.NewPos(f.line.Size().Width/2, f.line.Size().Height/2))
	return f.line.Visible() && f.edge.Visible(), c
}

// nearPos reports whether a and b are within a hundredth of a unit.
func nearPos(a, b fyne.Position) bool {
	return abs32(a.X-b.X) < 0.01 && abs32(a.Y-b.Y) < 0.01
}

func TestKeysOthelloCursor(t *testing.T) {
	_, w, rec, win := newOthello(t)
	r := test.WidgetRenderer(w).(*othelloRenderer)
	g := othelloGeom(w.Size())
	if on, _ := ringOn(r.cur); on || w.KeyCursor() != -1 {
		t.Fatal("cursor drawn before the board had the focus")
	}
	win.Canvas().Focus(w)
	d4, _ := othello.ParseSquare("d4")
	if w.KeyCursor() != d4 {
		t.Fatalf("cursor starts on %d, want the center d4 (%d)", w.KeyCursor(), d4)
	}
	if on, c := ringOn(r.cur); !on || !nearPos(c, g.center(d4)) {
		t.Fatalf("cursor ring on=%v at %v, want on d4 %v", on, c, g.center(d4))
	}
	press(w, fyne.KeyRight, fyne.KeyDown)
	if e5, _ := othello.ParseSquare("e5"); w.KeyCursor() != e5 {
		t.Fatalf("right, down from d4: %s, want e5", othello.SquareName(w.KeyCursor()))
	}
	if _, c := ringOn(r.cur); !nearPos(c, g.center(w.KeyCursor())) {
		t.Error("ring did not follow the cursor")
	}
	// Bounds: the cursor stops at the edges.
	press(w, repeat(fyne.KeyLeft, 12)...)
	press(w, repeat(fyne.KeyUp, 12)...)
	if w.KeyCursor() != 0 {
		t.Fatalf("cursor past the top-left corner: %d", w.KeyCursor())
	}
	press(w, repeat(fyne.KeyRight, 12)...)
	press(w, repeat(fyne.KeyDown, 12)...)
	if w.KeyCursor() != 63 {
		t.Fatalf("cursor past the bottom-right corner: %d", w.KeyCursor())
	}
	if len(rec.moves) != 0 {
		t.Fatalf("moving the cursor played %v", rec.moves)
	}
	// Other keys are ignored; losing the focus hides the ring and keeps
	// the cursor for the next time.
	press(w, fyne.KeyA, fyne.KeyTab)
	win.Canvas().Unfocus()
	if on, _ := ringOn(r.cur); on {
		t.Error("cursor drawn without the focus")
	}
	win.Canvas().Focus(w)
	if on, _ := ringOn(r.cur); !on || w.KeyCursor() != 63 {
		t.Errorf("refocused: ring %v on %d, want h8", on, w.KeyCursor())
	}
}

func TestKeysOthelloPlay(t *testing.T) {
	b, w, rec, win := newOthello(t)
	win.Canvas().Focus(w)
	// d4 is taken: Return there does nothing; d3 is legal.
	press(w, fyne.KeyReturn)
	if len(rec.moves) != 0 {
		t.Fatalf("Return on an occupied square played %v", rec.moves)
	}
	press(w, fyne.KeyUp, fyne.KeyReturn)
	d3, _ := othello.ParseSquare("d3")
	if len(rec.moves) != 1 || rec.moves[0] != rules.Move(d3) {
		t.Fatalf("Up, Return from d4 played %v, want d3", rec.moves)
	}
	b.Play(rec.moves[0])
	w.Update()
	// Space and keypad Enter act as well; not while not interactive, when
	// the cursor still moves.
	rec.moves = nil
	w.SetInteractive(false)
	press(w, fyne.KeyLeft, fyne.KeyReturn, fyne.KeySpace, fyne.KeyEnter)
	if c3, _ := othello.ParseSquare("c3"); len(rec.moves) != 0 || w.KeyCursor() != c3 {
		t.Fatalf("not interactive: played %v, cursor %d, want no move and c3", rec.moves, w.KeyCursor())
	}
	w.SetInteractive(true)
	press(w, fyne.KeySpace) // c3, legal for White after d3
	c3, _ := othello.ParseSquare("c3")
	if len(rec.moves) != 1 || rec.moves[0] != rules.Move(c3) {
		t.Fatalf("Space on c3 played %v", rec.moves)
	}
	press(w, fyne.KeyEnter)
	if len(rec.moves) != 2 {
		t.Fatalf("keypad Enter did not act: %v", rec.moves)
	}
}

func TestKeysTapFocuses(t *testing.T) {
	_, w, rec, win := newOthello(t)
	r := test.WidgetRenderer(w).(*othelloRenderer)
	g := othelloGeom(w.Size())
	f5, _ := othello.ParseSquare("f5")
	tapAt(w, g.center(f5))
	if win.Canvas().Focused() == w {
		t.Fatal("a tap took the keyboard focus (the window's arrow keys walk through the game)")
	}
	if w.KeyCursor() != f5 {
		t.Fatalf("tap on f5: cursor %d", w.KeyCursor())
	}
	win.Canvas().Focus(w)
	tapAt(w, g.center(f5)) // a second tap (the recorder plays nothing): the ring hides
	if len(rec.moves) != 2 || w.KeyCursor() != f5 {
		t.Fatalf("tap on f5: moves %v, cursor %d", rec.moves, w.KeyCursor())
	}
	if on, _ := ringOn(r.cur); on {
		t.Error("cursor ring drawn after a mouse tap")
	}
	press(w, fyne.KeyRight)
	if on, c := ringOn(r.cur); !on || !nearPos(c, g.center(f5+1)) {
		t.Error("a key after the tap did not show the ring on the next square")
	}
}

func TestKeysGomoku(t *testing.T) {
	g, w, rec, win := newGomoku(t, 15)
	r := test.WidgetRenderer(w).(*gomokuRenderer)
	win.Canvas().Focus(w)
	if h8 := mustPoint(t, 15, "H8"); w.KeyCursor() != h8 {
		t.Fatalf("cursor starts on %d, want the center H8", w.KeyCursor())
	}
	press(w, fyne.KeyReturn)
	if len(rec.moves) != 1 || rec.moves[0] != rules.Move(mustPoint(t, 15, "H8")) {
		t.Fatalf("Return on the center played %v", rec.moves)
	}
	g.Play(rec.moves[0])
	w.Update()
	press(w, fyne.KeyUp, fyne.KeyRight, fyne.KeySpace) // rows count from the bottom
	if len(rec.moves) != 2 || rec.moves[1] != rules.Move(mustPoint(t, 15, "I9")) {
		t.Fatalf("Up, Right, Space played %v, want I9", rec.moves)
	}
	press(w, repeat(fyne.KeyDown, 20)...)
	press(w, repeat(fyne.KeyRight, 20)...)
	if w.KeyCursor() != 15*15-1 {
		t.Fatalf("cursor past the corner: %d", w.KeyCursor())
	}
	if on, c := ringOn(r.cur); !on || !nearPos(c, w.geom().center(15*15-1)) {
		t.Error("ring not on the cursor")
	}
	// A new board starts on the last move.
	w2 := NewGomokuBoard(g)
	show(t, w2, fyne.NewSize(400, 400))
	w2.FocusGained()
	if w2.KeyCursor() != int(g.LastMove()) {
		t.Errorf("cursor starts on %d, want the last move %d", w2.KeyCursor(), g.LastMove())
	}
}

// dvonnKeyTo moves the cursor to cell c by the arrow keys: up or down to
// its row, then along it.
func dvonnKeyTo(t *testing.T, w *DvonnBoard, c int) {
	t.Helper()
	col, row := dvonn.CellCoord(c)
	for range 20 {
		_, r := dvonn.CellCoord(w.KeyCursor())
		switch {
		case r < row:
			press(w, fyne.KeyUp)
		case r > row:
			press(w, fyne.KeyDown)
		}
	}
	for range 20 {
		cc, _ := dvonn.CellCoord(w.KeyCursor())
		switch {
		case cc < col:
			press(w, fyne.KeyRight)
		case cc > col:
			press(w, fyne.KeyLeft)
		}
	}
	if w.KeyCursor() != c {
		t.Fatalf("keys reached %s, not %s", dvonn.CellName(w.KeyCursor()), dvonn.CellName(c))
	}
}

func TestKeysDvonnPlacement(t *testing.T) {
	_, w, rec, win := newDvonn(t)
	r := test.WidgetRenderer(w).(*dvonnRenderer)
	win.Canvas().Focus(w)
	f3 := mustCell(t, "F3")
	if w.KeyCursor() != f3 {
		t.Fatalf("cursor starts on %s, want the center F3", dvonn.CellName(w.KeyCursor()))
	}
	if on, c := ringOn(r.cur); !on || !nearPos(c, r.top(f3, 0)) {
		t.Fatalf("ring on=%v at %v, want on F3", on, c)
	}
	press(w, fyne.KeyUp, fyne.KeyUp, fyne.KeyReturn)
	if len(rec.moves) != 1 || rec.moves[0] != dvonn.Placement(mustCell(t, "G5")) {
		t.Fatalf("Up, Up, Return from F3 played %v, want a placement on G5 (straight up)", rec.moves)
	}
}

func TestKeysDvonnTwoPressMove(t *testing.T) {
	newApp(t)
	g := placed(t)
	w := NewDvonnBoard(g)
	rec := &recorder{}
	w.SetOnMove(rec.on)
	win := show(t, w, fyne.NewSize(760, 360))
	win.Canvas().Focus(w)
	// The cursor starts on the last placement.
	if _, to, _ := dvonn.Decode(g.LastMove()); w.KeyCursor() != to {
		t.Fatalf("cursor starts on %s, want the last move's %s", dvonn.CellName(w.KeyCursor()), dvonn.CellName(to))
	}
	m := g.Moves(nil)[len(g.Moves(nil))/2]
	from, to, _ := dvonn.Decode(m)
	dvonnKeyTo(t, w, from)
	press(w, fyne.KeyReturn)
	if w.Selected() != from || len(rec.moves) != 0 {
		t.Fatalf("Return on %s: selected %d, moves %v", dvonn.CellName(from), w.Selected(), rec.moves)
	}
	// Escape deselects; Space selects again.
	press(w, fyne.KeyEscape)
	if w.Selected() != -1 {
		t.Fatal("Escape kept the selection")
	}
	press(w, fyne.KeySpace)
	dvonnKeyTo(t, w, to)
	if w.Selected() != from {
		t.Fatal("moving the cursor lost the selection")
	}
	press(w, fyne.KeyReturn)
	if len(rec.moves) != 1 || rec.moves[0] != m {
		t.Fatalf("select %s, Return on %s: played %v, want %v", dvonn.CellName(from), dvonn.CellName(to), rec.moves, m)
	}
	// Not interactive: Return neither selects nor plays.
	rec.moves = nil
	w.SetInteractive(false)
	dvonnKeyTo(t, w, from)
	press(w, fyne.KeyReturn)
	if w.Selected() != -1 || len(rec.moves) != 0 {
		t.Fatal("Return acted while not interactive")
	}
}

func TestKeysDvonnSteps(t *testing.T) {
	_, w, _, _ := newDvonn(t)
	for c := range dvonn.NumCells {
		col, row := dvonn.CellCoord(c)
		// Left and right stay on the row, and stop at its ends.
		for _, k := range []fyne.KeyName{fyne.KeyLeft, fyne.KeyRight} {
			n := w.keyStep(c, k)
			d := 1
			if k == fyne.KeyLeft {
				d = -1
			}
			if want, ok := dvonn.CellAt(col+d, row); ok && n != want || !ok && n != c {
				t.Errorf("%s %s: %s", dvonn.CellName(c), k, dvonn.CellName(n))
			}
		}
		// Up then down (and down then up) comes back; the top and bottom
		// rows stop the cursor.
		for _, ks := range [][2]fyne.KeyName{{fyne.KeyUp, fyne.KeyDown}, {fyne.KeyDown, fyne.KeyUp}} {
			w.goalFrom = -1
			n := w.keyStep(c, ks[0])
			_, nr := dvonn.CellCoord(n)
			edge := ks[0] == fyne.KeyUp && row == 4 || ks[0] == fyne.KeyDown && row == 0
			if edge {
				if n != c {
					t.Errorf("%s %s left the plate's edge row for %s", dvonn.CellName(c), ks[0], dvonn.CellName(n))
				}
				continue
			}
			if nr == row || abs(nr-row) != 1 {
				t.Errorf("%s %s went to %s", dvonn.CellName(c), ks[0], dvonn.CellName(n))
			}
			if back := w.keyStep(n, ks[1]); back != c {
				t.Errorf("%s %s %s came to %s", dvonn.CellName(c), ks[0], ks[1], dvonn.CellName(back))
			}
		}
	}
}

func abs(x int) int { return max(x, -x) }

func TestKeysAlak(t *testing.T) {
	g := alak.NewClassic()
	w, rec, win := newAlak(t, g)
	r := test.WidgetRenderer(w).(*alakRenderer)
	win.Canvas().Focus(w)
	if w.KeyCursor() != g.Len()/2 {
		t.Fatalf("cursor starts on slot %d, want the middle %d", w.KeyCursor()+1, g.Len()/2+1)
	}
	// Up and down do nothing on a row of cups; left and right stop at its
	// ends.
	press(w, fyne.KeyUp, fyne.KeyDown)
	if w.KeyCursor() != g.Len()/2 {
		t.Fatal("up or down moved the cursor")
	}
	press(w, repeat(fyne.KeyLeft, 20)...)
	if w.KeyCursor() != 0 {
		t.Fatalf("cursor past slot 1: %d", w.KeyCursor())
	}
	press(w, repeat(fyne.KeyRight, 20)...)
	if w.KeyCursor() != g.Len()-1 {
		t.Fatalf("cursor past the last slot: %d", w.KeyCursor())
	}
	if on, c := ringOn(r.cur); !on || !nearPos(c, w.geom().center(g.Len()-1)) {
		t.Errorf("ring on=%v at %v, not on the cursor %v", on, c, w.geom().center(g.Len()-1))
	}
	// A two-press move: x's piece on the first legal from slot, then
	// its destination.
	m := g.Moves(nil)[0]
	from, to := g.DecodeMove(m)
	press(w, repeat(fyne.KeyLeft, g.Len()-1-from)...)
	press(w, fyne.KeyReturn)
	if w.Selected() != from {
		t.Fatalf("Return on slot %d selected %d", from+1, w.Selected()+1)
	}
	if to > from {
		press(w, repeat(fyne.KeyRight, to-from)...)
	} else {
		press(w, repeat(fyne.KeyLeft, from-to)...)
	}
	press(w, fyne.KeySpace)
	if len(rec.moves) != 1 || rec.moves[0] != m {
		t.Fatalf("played %v, want %v", rec.moves, m)
	}
}

func TestKeysAlakModern(t *testing.T) {
	g, err := alak.NewModern(9)
	if err != nil {
		t.Fatal(err)
	}
	w, rec, win := newAlak(t, g)
	win.Canvas().Focus(w)
	press(w, fyne.KeyRight, fyne.KeyReturn)
	if len(rec.moves) != 1 || rec.moves[0] != rules.Move(5) {
		t.Fatalf("Right, Return from e played %v, want f", rec.moves)
	}
}

// TestKeysAllBoardsFocusable checks every registered board of the four
// games takes the focus through the registry.
func TestKeysAllBoardsFocusable(t *testing.T) {
	newApp(t)
	gg, _ := gomoku.New(gomoku.Options{Size: 15})
	for _, c := range []struct {
		game string
		s    rules.State
	}{{"othello", othello.New()}, {"gomoku", gg}, {"dvonn", dvonn.New()}, {"alak", alak.NewClassic()}} {
		b, err := New(c.game, c.s)
		if err != nil {
			t.Fatal(err)
		}
		f, ok := b.(fyne.Focusable)
		if !ok {
			t.Fatalf("%s board is not focusable", c.game)
		}
		win := show(t, b, fyne.NewSize(500, 400))
		win.Canvas().Focus(f)
		if win.Canvas().Focused() != f {
			t.Errorf("%s board did not take the focus", c.game)
		}
	}
}
