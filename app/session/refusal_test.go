package session

import (
	"testing"

	"planiverse/app/internal/sessiontest"
	"planiverse/rules"
	"planiverse/rules/alak"
	"planiverse/rules/dvonn"
)

// refuse tries m through the board's refusal path (Refused, as a tapped
// move that is not legal) and checks that the latest message is want, that
// it is the only refusal that holds, and that the game is as it was.
func refuse(t *testing.T, c *Controller, m rules.Move, want string) {
	t.Helper()
	h, plies := c.State().Hash(), c.Plies()
	if err := c.Play(m); err == nil {
		t.Fatalf("move code %d was played", m)
	}
	c.Refused(m)
	msgs := c.Messages()
	if len(msgs) == 0 || msgs[len(msgs)-1] != want {
		t.Fatalf("messages %q, want the last to be %q", msgs, want)
	}
	n := 0
	for _, msg := range msgs {
		if msg == want {
			n++
		}
	}
	if n != 1 {
		t.Errorf("the refusal %q holds %d times", want, n)
	}
	if c.State().Hash() != h || c.Plies() != plies {
		t.Errorf("a refused move changed the game")
	}
}

// TestRefusedOthello: a tap on a square that flips nothing, or on a disc,
// says why.
func TestRefusedOthello(t *testing.T) {
	q := sessiontest.NewQueue()
	c := newTestController(t, sessiontest.NewScripted(false), q.Post, settings("othello", VsPerson))
	c.Start()
	a1, d4 := rules.Move(0), rules.Move(27)
	refuse(t, c, a1, "No discs to flip there: a disc must trap white discs in a line between itself and another black disc.")
	refuse(t, c, d4, "That square is taken.")
	refuse(t, c, d4, "That square is taken.") // said again, not stacked
	if msgs := c.Messages(); len(msgs) != 1 {
		t.Errorf("refusals stacked: %q", msgs)
	}
	playTexts(t, c, "d3")
	if msgs := c.Messages(); len(msgs) != 0 {
		t.Errorf("a refusal outlived the next move: %q", msgs)
	}
}

// TestRefusedDvonn: a placement on a taken space, and in the movement
// phase a lone DVONN piece, the opponent's stack and an empty space, each
// say why.
func TestRefusedDvonn(t *testing.T) {
	q := sessiontest.NewQueue()
	c := newTestController(t, sessiontest.NewScripted(false), q.Post, settings("dvonn", VsPerson))
	c.Start()
	playTexts(t, c, "E3")
	e3, _ := dvonn.CellIndex("E3")
	refuse(t, c, dvonn.Placement(e3), "That space is taken.")

	set := settings("dvonn", VsPerson).WithOption("dvonn", "placement", "random")
	c = newTestController(t, sessiontest.NewScripted(false), q.Post, set)
	c.Start()
	g := c.State().(*dvonn.Game)
	red, black := -1, -1
	for cell := range dvonn.NumCells {
		switch _, top, _ := g.Stack(cell); top {
		case dvonn.Red:
			red = cell
		case dvonn.Black:
			black = cell
		}
	}
	if g.Placing() || g.ToMove() != rules.First || red < 0 || black < 0 {
		t.Fatalf("not the movement phase with White to move:\n%s", g)
	}
	refuse(t, c, dvonn.Pick(red), "The red DVONN pieces cannot be moved by themselves.")
	refuse(t, c, dvonn.Pick(black), "That stack is Black's: a stack belongs to the color of its top piece.")
	// A white piece that can move, tried onto a space two steps away
	// (every stack is one piece high).
	for _, m := range g.Moves(nil) {
		from, _, _ := dvonn.Decode(m)
		for _, to := range dvonn.Neighbors(from) {
			for _, far := range dvonn.Neighbors(to) {
				if far == from || dvonn.TargetMask(from, 2)&(1<<far) == 0 {
					continue
				}
				refuse(t, c, dvonn.Step(from, far), "A single piece moves 1 space, onto a stack next to it.")
				return
			}
		}
	}
	t.Fatal("no move two spaces away found")
}

// TestRefusedAlak: in classic Alak an empty slot and the opponent's piece,
// in modern Alak a taken point, say why.
func TestRefusedAlak(t *testing.T) {
	q := sessiontest.NewQueue()
	c := newTestController(t, sessiontest.NewScripted(false), q.Post, settings("alak", VsPerson))
	c.Start()
	refuse(t, c, alak.Pick(5), "That slot is empty: choose one of your pieces.")
	refuse(t, c, alak.Pick(9), "That piece is White's: you move the black pieces.")
	refuse(t, c, alak.ClassicMove(3, 6), "A piece moves to the nearest empty slot on its left or right, jumping over any pieces.")

	set := settings("alak", VsPerson).WithOption("alak", "rules", "modern")
	c = newTestController(t, sessiontest.NewScripted(false), q.Post, set)
	c.Start()
	playTexts(t, c, "c")
	refuse(t, c, 2, "That point is taken.")
}

// TestRefusedGomokuTaken: a tap on a stone says the point is taken.
func TestRefusedGomokuTaken(t *testing.T) {
	q := sessiontest.NewQueue()
	set := settings("gomoku", VsPerson).WithOption("gomoku", "opening", "none")
	c := newTestController(t, sessiontest.NewScripted(false), q.Post, set)
	c.Start()
	playTexts(t, c, "H8")
	h8, _ := c.State().ParseMove("I9")
	playTexts(t, c, "I9")
	refuse(t, c, h8, "That point is taken.")
}

// TestRefusedNotOnComputersTurn: while the computer thinks, a refused
// tap says nothing.
func TestRefusedNotOnComputersTurn(t *testing.T) {
	q := sessiontest.NewQueue()
	eng := sessiontest.NewScripted(true)
	c := newTestController(t, eng, q.Post, settings("othello", VsComputer))
	c.Start()
	playTexts(t, c, "d3")
	eng.WaitStarted(t)
	before := c.Messages()
	c.Refused(rules.Move(0))
	if after := c.Messages(); len(after) != len(before) {
		t.Errorf("messages %q became %q on the computer's turn", before, after)
	}
	close(eng.Release)
	q.RunUntil(t, "the computer's reply", c.PersonToMove)
	c.Close()
}
