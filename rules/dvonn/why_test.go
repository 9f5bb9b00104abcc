package dvonn

import (
	"math/rand/v2"
	"testing"

	"planiverse/rules"
	"planiverse/rules/rulestest"
)

// whyPosition is a small movement-phase position, White to move, on row 3:
//
//	C3 black 2 (with a DVONN piece)  D3 white 1  E3 a lone DVONN piece
//	F3 white 3 (with a DVONN piece)  G3 black 1  H3 white 6
//
// D3 can move to C3 or E3, F3 only to C3 (I3 is empty), H3 nowhere (B3 is
// empty and no other line is 6 spaces long from H3).
func whyPosition(t *testing.T) *Game {
	t.Helper()
	var cs [NumCells]Contents
	cs[mustCell("C3")] = Contents{Black: 1, Dvonns: 1, Top: Black}
	cs[mustCell("D3")] = Contents{White: 1, Top: White}
	cs[mustCell("E3")] = Contents{Dvonns: 1, Top: Red}
	cs[mustCell("F3")] = Contents{White: 1, Black: 1, Dvonns: 1, Top: White}
	cs[mustCell("G3")] = Contents{Black: 1, Top: Black}
	cs[mustCell("H3")] = Contents{White: 4, Black: 2, Top: White}
	g, err := NewPosition(cs, rules.First)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestWhyMovement: each refused pick or stack move says its own reason.
func TestWhyMovement(t *testing.T) {
	g := whyPosition(t)
	step := func(a, b string) rules.Move { return Step(mustCell(a), mustCell(b)) }
	pick := func(a string) rules.Move { return Pick(mustCell(a)) }
	for _, c := range []struct {
		name string
		m    rules.Move
		want string
	}{
		{"empty space", pick("A1"), "That space is empty: choose one of your stacks."},
		{"lone DVONN piece", pick("E3"), "The red DVONN pieces cannot be moved by themselves."},
		{"opponent's stack", pick("C3"), "That stack is Black's: a stack belongs to the color of its top piece."},
		{"no target", pick("H3"), "A stack of 6 has no stack to land on exactly 6 spaces away in a straight line."},
		{"movable stack", pick("F3"), ""},
		{"movable piece", pick("D3"), ""},
		{"wrong distance", step("F3", "G3"), "A stack of 3 moves exactly 3 spaces in a straight line."},
		{"off a line", step("F3", "D4"), "A stack of 3 moves exactly 3 spaces in a straight line."},
		{"single piece too far", step("D3", "F3"), "A single piece moves 1 space, onto a stack next to it."},
		{"onto an empty space", step("F3", "I3"), "That space is empty: a stack must land on another stack."},
		{"legal", step("F3", "C3"), ""},
		{"placement", Placement(mustCell("A1")), "All 49 pieces are placed: now the stacks move."},
		{"pass with a move", rules.Pass, "You may pass only when you have no move."},
	} {
		if got := g.Why(c.m).String(); got != c.want {
			t.Errorf("%s: Why = %q, want %q", c.name, got, c.want)
		}
	}
}

// TestWhySurrounded: a stack with six occupied neighbors says so.
func TestWhySurrounded(t *testing.T) {
	g := replay(t, placement1) // every space holds one piece; White to move
	d2 := mustCell("D2")       // an inner space
	if _, top, _ := g.Stack(d2); top != White {
		t.Fatalf("D2 holds %v, want a white piece", top)
	}
	if got := g.Why(Pick(d2)).String(); got != "That stack is surrounded on all six sides." {
		t.Errorf("Why(pick D2) = %q", got)
	}
	if got := g.Why(Step(d2, mustCell("D3"))).String(); got != "That stack is surrounded on all six sides." {
		t.Errorf("Why(D2D3) = %q", got)
	}
}

// TestWhyPlacement: a placement on an occupied space is refused; a stack
// move waits for the end of the placement.
func TestWhyPlacement(t *testing.T) {
	g := New()
	e3 := mustCell("E3")
	if got := g.Why(Placement(e3)).String(); got != "" {
		t.Errorf("Why(E3) on an empty board = %q", got)
	}
	g.Play(Placement(e3))
	if got := g.Why(Placement(e3)).String(); got != "That space is taken." {
		t.Errorf("Why(E3) on a taken space = %q", got)
	}
	if got := g.Why(Step(e3, mustCell("F3"))).String(); got != "Stacks move only after all 49 pieces are placed." {
		t.Errorf("Why(E3F3) during placement = %q", got)
	}
	if got := rules.Why(g, Placement(e3)); got != "That space is taken." {
		t.Errorf("rules.Why = %q", got)
	}
}

// TestWhyAgreesWithMoves: in random positions of both phases Why refuses
// exactly the placements and stack moves that Moves leaves out, and a pick
// is refused exactly when the stack has no move.
func TestWhyAgreesWithMoves(t *testing.T) {
	positions := rulestest.Positions(testGame, 60, 49, 5)
	r := rand.New(rand.NewPCG(3, 4))
	for range 60 {
		g := New()
		g.PlaceRandom(r)
		for k := r.IntN(30); k > 0; k-- {
			ms := g.Moves(nil)
			if len(ms) == 0 {
				break
			}
			g.Play(ms[r.IntN(len(ms))])
		}
		positions = append(positions, g)
	}
	codes := func(rules.State) []rules.Move {
		out := []rules.Move{rules.Pass}
		for a := range NumCells {
			out = append(out, Placement(a))
			for b := range NumCells {
				if a != b {
					out = append(out, Step(a, b))
				}
			}
		}
		return out
	}
	if n := rulestest.CheckWhy(t, positions, codes); n == 0 {
		t.Fatal("no move refused")
	}
	for _, s := range positions {
		g := s.(*Game)
		if g.Placing() {
			continue
		}
		if over, _ := g.Outcome(); over {
			continue
		}
		for c := range NumCells {
			movable := false
			for _, m := range g.Moves(nil) {
				if f, _, _ := Decode(m); f == c {
					movable = true
				}
			}
			if why := g.Why(Pick(c)).String(); movable != (why == "") {
				t.Fatalf("Why(pick %s) = %q, movable %v\n%s", CellName(c), why, movable, g)
			}
		}
	}
}
