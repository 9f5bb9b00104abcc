package widgets

import (
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"planiverse/rules"
	"planiverse/rules/alak"
	"planiverse/rules/dvonn"
)

// TestDvonnMovableMarks: in the movement phase exactly the stacks that can
// move are ringed; not during placement, not with ShowLegal off, not while
// the board is not interactive, and not on the selection or its targets.
func TestDvonnMovableMarks(t *testing.T) {
	newApp(t)
	g := dvonn.New()
	play(t, g, strings.Fields(dvonnPlacement)[:30]...)
	w := NewDvonnBoard(g)
	show(t, w, fyne.NewSize(760, 360))
	r := test.WidgetRenderer(w).(*dvonnRenderer)
	var _ LegalMarker = w
	ringed := func() uint64 {
		var m uint64
		for c := range dvonn.NumCells {
			if r.movable[c].Visible() {
				m |= 1 << c
			}
		}
		return m
	}
	if m := ringed(); m != 0 {
		t.Fatalf("placement phase: rings on %x", m)
	}
	play(t, g, strings.Fields(dvonnPlacement)[30:]...)
	play(t, g, strings.Fields(dvonnMoves)...)
	w.Update()
	var want uint64
	for _, m := range g.Moves(nil) {
		from, _, _ := dvonn.Decode(m)
		want |= 1 << from
	}
	if want == 0 || want == g.Controlled(g.ToMove()) {
		t.Fatalf("the position does not tell movable stacks from the others: %x", want)
	}
	if m := ringed(); m != want || w.Movable() != want {
		t.Errorf("rings on %x (Movable %x), want the stacks with a move %x", m, w.Movable(), want)
	}
	w.ShowLegal(false)
	if m := ringed(); m != 0 {
		t.Errorf("ShowLegal(false): rings on %x", m)
	}
	w.ShowLegal(true)
	// Select a stack: its ring gives way to the selection, and a target
	// shows the target mark rather than the ring.
	from := -1
	var tg uint64
	for c := range dvonn.NumCells {
		if want>>c&1 != 0 && g.Targets(c)&want != 0 {
			from, tg = c, g.Targets(c)
			break
		}
	}
	if from < 0 {
		t.Fatal("no movable stack with a movable target")
	}
	tapAt(w, dvonnPos(w, from))
	if w.Selected() != from {
		t.Fatalf("tap on %s did not select it", dvonn.CellName(from))
	}
	if m := ringed(); m != want&^(1<<from)&^tg {
		t.Errorf("%s selected: rings on %x, want %x", dvonn.CellName(from), m, want&^(1<<from)&^tg)
	}
	w.SetInteractive(false)
	if m := ringed(); m != 0 {
		t.Errorf("not interactive: rings on %x", m)
	}
}

// refusals records the moves a board refused.
type refusals struct{ moves []rules.Move }

func (r *refusals) on(m rules.Move) { r.moves = append(r.moves, m) }

// TestDvonnRefusedTaps: a tap that the board refuses reports what it
// tried: a placement on a taken space, a pick of a stack that cannot move,
// a move from the selection to a space that is not its target; a tap that
// selects, deselects or moves reports nothing; Return on the keyboard
// goes the same way.
func TestDvonnRefusedTaps(t *testing.T) {
	g, w, rec, win := newDvonn(t)
	ref := &refusals{}
	w.SetOnRefused(ref.on)
	play(t, g, "C3")
	w.Update()
	c3 := mustCell(t, "C3")
	tapAt(w, dvonnPos(w, c3))
	if !slices.Equal(ref.moves, []rules.Move{dvonn.Placement(c3)}) || len(rec.moves) != 0 {
		t.Fatalf("tap on a taken space: refused %v, moves %v", ref.moves, rec.moves)
	}

	play(t, g, strings.Fields(dvonnPlacement)[1:]...)
	play(t, g, strings.Fields(dvonnMoves)...)
	w.Update()
	ref.moves = nil
	movable := w.Movable()
	still := -1
	for c := range dvonn.NumCells {
		if movable>>c&1 == 0 {
			still = c
			break
		}
	}
	tapAt(w, dvonnPos(w, still))
	if !slices.Equal(ref.moves, []rules.Move{dvonn.Pick(still)}) || w.Selected() != -1 {
		t.Fatalf("tap on %s (no move): refused %v, selected %d", dvonn.CellName(still), ref.moves, w.Selected())
	}
	// A movable stack, then a space that is not one of its targets.
	ref.moves = nil
	from, to := -1, -1
	for c := range dvonn.NumCells {
		if movable>>c&1 == 0 {
			continue
		}
		for x := range dvonn.NumCells {
			if x != c && movable>>x&1 == 0 && g.Targets(c)>>x&1 == 0 {
				from, to = c, x
				break
			}
		}
		if from >= 0 {
			break
		}
	}
	tapAt(w, dvonnPos(w, from))
	if len(ref.moves) != 0 || w.Selected() != from {
		t.Fatalf("tap on a movable stack: refused %v, selected %d", ref.moves, w.Selected())
	}
	tapAt(w, dvonnPos(w, to))
	if !slices.Equal(ref.moves, []rules.Move{dvonn.Step(from, to)}) || w.Selected() != -1 || len(rec.moves) != 0 {
		t.Fatalf("tap on %s, not a target of %s: refused %v, selected %d, moves %v",
			dvonn.CellName(to), dvonn.CellName(from), ref.moves, w.Selected(), rec.moves)
	}
	// Off the plate, and the selection again: no refusal.
	ref.moves = nil
	tapAt(w, fyne.NewPos(1, 1))
	tapAt(w, dvonnPos(w, from))
	tapAt(w, dvonnPos(w, from))
	if len(ref.moves) != 0 {
		t.Errorf("deselecting taps refused %v", ref.moves)
	}
	// The keyboard: Return on the stack that cannot move.
	win.Canvas().Focus(w)
	dvonnKeyTo(t, w, still)
	press(w, fyne.KeyReturn)
	if !slices.Equal(ref.moves, []rules.Move{dvonn.Pick(still)}) {
		t.Errorf("Return on %s: refused %v", dvonn.CellName(still), ref.moves)
	}
}

// TestAlakRefusedTaps: classic Alak reports a pick of an empty slot or the
// opponent's piece and a move to a slot that is not a destination; modern
// Alak a placement on a taken point.
func TestAlakRefusedTaps(t *testing.T) {
	g := alak.NewClassic() // xxxx...oooo, x to move
	w, rec, _ := newAlak(t, g)
	ref := &refusals{}
	w.SetOnRefused(ref.on)
	geo := w.geom()
	tapAt(w, geo.center(5))
	tapAt(w, geo.center(9))
	tapAt(w, geo.center(0))
	tapAt(w, geo.center(6))
	want := []rules.Move{alak.Pick(5), alak.Pick(9), alak.ClassicMove(0, 6)}
	if !slices.Equal(ref.moves, want) || len(rec.moves) != 0 {
		t.Fatalf("refused %v, want %v; moves %v", ref.moves, want, rec.moves)
	}

	m, err := alak.NewModern(7)
	if err != nil {
		t.Fatal(err)
	}
	play(t, m, "c")
	w, rec, _ = newAlak(t, m)
	ref.moves = nil
	w.SetOnRefused(ref.on)
	geo = w.geom()
	tapAt(w, geo.center(2))
	tapAt(w, geo.center(3))
	if !slices.Equal(ref.moves, []rules.Move{2}) || !slices.Equal(rec.moves, []rules.Move{3}) {
		t.Fatalf("modern: refused %v, moves %v", ref.moves, rec.moves)
	}
}

// TestOthelloRefusedTapAndKey: a tap and Return on a square without a
// legal placement both report it as refused, and nothing is played.
func TestOthelloRefusedTapAndKey(t *testing.T) {
	_, w, rec, win := newOthello(t)
	ref := &refusals{}
	w.SetOnRefused(ref.on)
	tapAt(w, othelloGeom(w.Size()).center(0)) // a1; the keyboard cursor follows
	win.Canvas().Focus(w)
	press(w, fyne.KeyRight, fyne.KeyRight, fyne.KeyRight, fyne.KeyDown, fyne.KeyDown, fyne.KeyDown, fyne.KeyReturn) // d4, a disc
	if want := []rules.Move{0, 27}; !slices.Equal(ref.moves, want) || len(rec.moves) != 0 {
		t.Fatalf("refused %v, want %v; moves %v", ref.moves, want, rec.moves)
	}
}
