package widgets

import (
	"math/bits"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"

	"planiverse/rules"
	"planiverse/rules/dvonn"
)

// dvonnPlacement is the placement of RULES.md's DVONN perft position, and
// dvonnMoves the ten moves played after it there.
const (
	dvonnPlacement = "C3 B3 C4 C1 B2 F4 D5 H4 E5 G1 C2 C5 B4 F1 A3 F2 A2 F3 D4 K4 D3 J4 E4 I3 D2 " +
		"E2 D1 G2 E3 I5 A1 H5 F5 H2 E1 B1 G5 G3 G4 K3 H1 J3 J5 K5 I1 I2 H3 J2 I4"
	dvonnMoves = "G5F4 H5G4 F4F2 F1F2 E1F2 G2F2 E3E2 F3E2 D1C1 G4E4"
)

func newDvonn(t *testing.T) (*dvonn.Game, *DvonnBoard, *recorder, fyne.Window) {
	newApp(t)
	g := dvonn.New()
	w := NewDvonnBoard(g)
	rec := &recorder{}
	w.SetOnMove(rec.on)
	win := show(t, w, fyne.NewSize(760, 360))
	return g, w, rec, win
}

// dvonnPos returns the widget position of the peg of cell c.
func dvonnPos(w *DvonnBoard, c int) fyne.Position {
	col, row := dvonn.CellCoord(c)
	return dvonnGeom(w.Size()).at(float32(col), float32(row))
}

func TestDvonnGeometry(t *testing.T) {
	_, w, _, _ := newDvonn(t)
	at := func(name string) fyne.Position {
		c, ok := dvonn.CellIndex(name)
		if !ok {
			t.Fatalf("no cell %s", name)
		}
		return dvonnPos(w, c)
	}
	a1, i1, c5, k5, a3, k3 := at("A1"), at("I1"), at("C5"), at("K5"), at("A3"), at("K3")
	if !(a1.Y > a3.Y && a3.Y > c5.Y) || a1.Y != i1.Y || c5.Y != k5.Y || a3.Y != k3.Y {
		t.Errorf("rows not horizontal with row 1 at the bottom: A1 %v A3 %v C5 %v", a1, a3, c5)
	}
	if !(a3.X < a1.X && a1.X == c5.X && i1.X == k5.X && k3.X > i1.X) {
		t.Errorf("not the long hexagon: A1 %v I1 %v C5 %v K5 %v A3 %v K3 %v", a1, i1, c5, k5, a3, k3)
	}
	// Neighbors are one unit apart in all six directions.
	g := dvonnGeom(w.Size())
	e3 := at("E3")
	for _, n := range []string{"D3", "F3", "E2", "E4", "F4", "D2"} {
		p := at(n)
		if d := hypot(p.X-e3.X, p.Y-e3.Y) / g.unit; d < 0.999 || d > 1.001 {
			t.Errorf("E3-%s distance %.4f units", n, d)
		}
	}
	// Every point of the widget maps to the nearest peg: sample a grid.
	for y := float32(0); y < w.Size().Height; y += 3.7 {
		for x := float32(0); x < w.Size().Width; x += 3.7 {
			p := fyne.NewPos(x, y)
			c := w.cellAt(p)
			best, bd := -1, float32(1e9)
			for cell := range dvonn.NumCells {
				q := dvonnPos(w, cell)
				if d := hypot(q.X-x, q.Y-y); d < bd {
					best, bd = cell, d
				}
			}
			want := best
			if bd > 0.5*g.unit {
				want = -1
			}
			if c != want && bd < 0.49*g.unit || c != want && bd > 0.51*g.unit {
				t.Fatalf("point %v: cellAt %d, nearest %d at %.2f units", p, c, best, bd/g.unit)
			}
		}
	}
	// The plate corners lie outside the outer pegs.
	pc := g.plateCorners(dvRim)
	if !(pc[0].X < a1.X && pc[0].Y > a1.Y && pc[1].X < a3.X && pc[3].X > k5.X && pc[3].Y < k5.Y) {
		t.Errorf("plate corners %v", pc)
	}
}

func TestDvonnPlacementTaps(t *testing.T) {
	g, w, rec, _ := newDvonn(t)
	for c := range dvonn.NumCells {
		rec.moves = nil
		tapAt(w, dvonnPos(w, c))
		if len(rec.moves) != 1 || rec.moves[0] != dvonn.Placement(c) {
			t.Fatalf("tap on %s: %v, want placement %v", dvonn.CellName(c), rec.moves, dvonn.Placement(c))
		}
	}
	play(t, g, "C3", "B3")
	w.Update()
	rec.moves = nil
	c3, _ := dvonn.CellIndex("C3")
	tapAt(w, dvonnPos(w, c3))
	tapAt(w, fyne.NewPos(2, 2))
	if len(rec.moves) != 0 {
		t.Errorf("tap on an occupied space or off the plate reported %v", rec.moves)
	}
	r := test.WidgetRenderer(w).(*dvonnRenderer)
	if !r.stacks[c3].discs[0].Visible() || !sameColor(r.stacks[c3].discs[0].FillColor, colRedPiece) {
		t.Error("the DVONN piece on C3 is not drawn red")
	}
	b3, _ := dvonn.CellIndex("B3")
	if !r.lastTo.Visible() || r.lastFrom.Visible() {
		t.Error("last placement not marked")
	}
	if p := r.lastTo.Position(); p.X > dvonnPos(w, b3).X || p.X+r.lastTo.Size().Width < dvonnPos(w, b3).X {
		t.Error("last placement mark not on B3")
	}
	w.SetInteractive(false)
	rec.moves = nil
	tapAt(w, dvonnPos(w, 0))
	if len(rec.moves) != 0 {
		t.Error("tap while not interactive")
	}
}

func placed(t *testing.T) *dvonn.Game {
	g := dvonn.New()
	play(t, g, strings.Fields(dvonnPlacement)...)
	return g
}

func TestDvonnSelectAndMove(t *testing.T) {
	newApp(t)
	g := placed(t)
	w := NewDvonnBoard(g)
	rec := &recorder{}
	w.SetOnMove(rec.on)
	show(t, w, fyne.NewSize(760, 360))
	r := test.WidgetRenderer(w).(*dvonnRenderer)

	legal := map[rules.Move]bool{}
	froms := map[int]uint64{}
	for _, m := range g.Moves(nil) {
		legal[m] = true
		f, to, _ := dvonn.Decode(m)
		froms[f] |= 1 << to
	}
	if len(froms) == 0 {
		t.Fatal("no moves after the placement")
	}
	for c := range dvonn.NumCells {
		checkDvonnSelect(t, w, r, rec, c, froms)
	}
	// Select, tap off the plate: deselected. Select, tap a target: move.
	var from int
	var tg uint64
	for from, tg = range froms {
		break
	}
	// A hint marks both ends of the move and the line between them.
	hint := dvonn.Step(from, bits.TrailingZeros64(tg))
	w.SetHint(hint)
	if !r.hintFrom.Visible() || !r.hintTo.Visible() || !r.hintLine.Visible() {
		t.Error("hint not drawn")
	}
	w.SetHint(dvonn.Step(from, from))
	if r.hintFrom.Visible() || r.hintTo.Visible() {
		t.Error("illegal hint drawn")
	}
	w.SetHint(rules.NoMove)
	// Update (the app played or undid a move) clears the selection.
	tapAt(w, dvonnPos(w, from))
	w.Update()
	if w.Selected() != -1 {
		t.Error("Update kept the selection")
	}
	tapAt(w, dvonnPos(w, from))
	tapAt(w, fyne.NewPos(1, 1))
	if w.Selected() != -1 {
		t.Error("tap off the plate did not deselect")
	}
	to := bits.TrailingZeros64(tg)
	tapAt(w, dvonnPos(w, from))
	w.MouseMoved(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: dvonnPos(w, to)}})
	if !r.hover.Visible() || w.Cursor() != desktop.PointerCursor {
		t.Error("no hover highlight on a target")
	}
	tapAt(w, dvonnPos(w, to))
	if len(rec.moves) != 1 || rec.moves[0] != dvonn.Step(from, to) || !legal[rec.moves[0]] {
		t.Fatalf("move by taps: %v, want %v", rec.moves, dvonn.Step(from, to))
	}
	if w.Selected() != -1 {
		t.Error("selection kept after the move")
	}
	if g.LastMove() != dvonn.Placement(mustCell(t, "I4")) {
		t.Error("the widget played the move itself")
	}
	// Not interactive: no selection.
	w.SetInteractive(false)
	tapAt(w, dvonnPos(w, from))
	if w.Selected() != -1 {
		t.Error("selection while not interactive")
	}
}

// checkDvonnSelect taps cell c of w (renderer r, moves recorded by rec)
// once and then again: the first tap selects c and marks its targets
// froms[c] when c has moves (and selects nothing otherwise), the second
// deselects; neither reports a move.
func checkDvonnSelect(t *testing.T, w *DvonnBoard, r *dvonnRenderer, rec *recorder, c int, froms map[int]uint64) {
	t.Helper()
	tapAt(w, dvonnPos(w, c))
	if len(rec.moves) != 0 {
		t.Fatalf("a single tap on %s reported %v", dvonn.CellName(c), rec.moves)
	}
	want, ok := froms[c]
	if !ok {
		if w.Selected() != -1 {
			t.Errorf("tap on %s (no move) selected %d", dvonn.CellName(c), w.Selected())
		}
		return
	}
	if w.Selected() != c || w.Targets() != want {
		t.Errorf("tap on %s: selected %d targets %x, want %x", dvonn.CellName(c), w.Selected(), w.Targets(), want)
	}
	for x := range dvonn.NumCells {
		if r.targets[x].Visible() != (want>>x&1 != 0) {
			t.Errorf("%s selected: target mark on %s is %v", dvonn.CellName(c), dvonn.CellName(x), r.targets[x].Visible())
		}
	}
	if !r.sel.Visible() {
		t.Error("selection not drawn")
	}
	// Tap the selection again: deselected.
	tapAt(w, dvonnPos(w, c))
	if w.Selected() != -1 || w.Targets() != 0 || r.sel.Visible() {
		t.Errorf("second tap on %s did not deselect", dvonn.CellName(c))
	}
}

// randomGame plays the RULES.md placement and moves, then random moves
// (fixed seed) until the game is over or n more plies are played; it
// returns the game and the ply after which stacks were first removed.
func randomGame(t *testing.T, n int) (*dvonn.Game, []rules.Move) {
	g := placed(t)
	play(t, g, strings.Fields(dvonnMoves)...)
	rng := rand.New(rand.NewPCG(7, 11))
	var hist []rules.Move
	var buf []rules.Move
	for range n {
		buf = g.Moves(buf[:0])
		if len(buf) == 0 {
			break
		}
		m := buf[rng.IntN(len(buf))]
		g.Play(m)
		hist = append(hist, m)
	}
	return g, hist
}

func TestDvonnRemovalAndStacks(t *testing.T) {
	newApp(t)
	g := placed(t)
	play(t, g, strings.Fields(dvonnMoves)...)
	w := NewDvonnBoard(g)
	show(t, w, fyne.NewSize(760, 360))
	r := test.WidgetRenderer(w).(*dvonnRenderer)
	rng := rand.New(rand.NewPCG(1, 2))
	var buf []rules.Move
	removals := 0
	for ply := 0; ply < 200; ply++ {
		buf = g.Moves(buf[:0])
		if len(buf) == 0 {
			break
		}
		g.Play(buf[rng.IntN(len(buf))])
		w.Update()
		if g.LastRemoved() != 0 {
			removals++
		}
		checkDvonnDrawn(t, g, r)
		if ply%3 == 2 { // undo now and then
			g.Undo()
			w.Update()
			checkDvonnDrawn(t, g, r)
			g.Play(buf[0])
			w.Update()
		}
	}
	if removals == 0 {
		t.Error("no removal seen: test position too quiet")
	}
}

// checkDvonnDrawn checks every space shows its stack: visible discs,
// height text, DVONN ring.
func checkDvonnDrawn(t *testing.T, g *dvonn.Game, r *dvonnRenderer) {
	t.Helper()
	for c := range dvonn.NumCells {
		h, top, d := g.Stack(c)
		s := &r.stacks[c]
		n := 0
		for _, disc := range s.discs {
			if disc.Visible() {
				n++
			}
		}
		if n != min(h, dvMaxDiscs) {
			t.Fatalf("%s: %d discs drawn for height %d", dvonn.CellName(c), n, h)
		}
		if h == 0 {
			continue
		}
		fill, _ := pieceColors(top)
		if !sameColor(s.discs[n-1].FillColor, fill) {
			t.Fatalf("%s: top disc %v, want %s", dvonn.CellName(c), s.discs[n-1].FillColor, top)
		}
		if (h >= 2) != s.height.Visible() || h >= 2 && s.height.Text != itoa(h) {
			t.Fatalf("%s: height text %q visible %v for height %d", dvonn.CellName(c), s.height.Text, s.height.Visible(), h)
		}
		if s.ring.Visible() != (d > 0 && top != dvonn.Red) {
			t.Fatalf("%s: DVONN ring %v with %d DVONN pieces", dvonn.CellName(c), s.ring.Visible(), d)
		}
	}
}

func itoa(i int) string { return strconv.Itoa(i) }

func mustCell(t *testing.T, name string) int {
	t.Helper()
	c, ok := dvonn.CellIndex(name)
	if !ok {
		t.Fatalf("no cell %s", name)
	}
	return c
}

func TestDvonnShot(t *testing.T) {
	newApp(t)
	g, _ := randomGame(t, 3)
	w := NewDvonnBoard(g)
	win := show(t, w, fyne.NewSize(860, 400))
	var buf []rules.Move
	buf = g.Moves(buf)
	if len(buf) > 0 {
		w.SetHint(buf[len(buf)/2])
	}
	// Select a stack with a move, to show the target marks.
	for _, m := range buf {
		if f, _, _ := dvonn.Decode(m); f >= 0 && m != w.Hint() {
			tapAt(w, dvonnPos(w, f))
			break
		}
	}
	shot(t, win, "dvonn")

	newApp(t)
	g2 := dvonn.New()
	pl := strings.Fields(dvonnPlacement)
	play(t, g2, pl[:30]...)
	w2 := NewDvonnBoard(g2)
	win2 := show(t, w2, fyne.NewSize(860, 400))
	shot(t, win2, "dvonn-placing")
}
