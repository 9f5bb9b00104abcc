package dvonn

import (
	"fmt"

	"planiverse/rules"
)

// Pick returns the code of the first tap of a stack move, the choice of
// the stack on cell (0..48) before its target: Step(cell, cell), never a
// legal move. Why says why that stack cannot move, or "" when it can.
func Pick(cell int) rules.Move { return Step(cell, cell) }

// Why returns why m is not a legal move of the side to move, as a sentence
// for the player ("That stack is surrounded on all six sides."), or ""
// when it is legal (rules.Refuser). For Pick(c) it says why the stack on
// c cannot move at all, or "" when it has a move.
func (g *Game) Why(m rules.Move) string {
	if over, _ := g.Outcome(); over {
		return "The game is over."
	}
	placing := g.placed < NumCells
	if m == rules.Pass {
		switch {
		case placing:
			return "There is no passing while the pieces are placed."
		case g.canMove(g.toMove):
			return "You may pass only when you have no move."
		}
		return ""
	}
	from, to, placement := Decode(m)
	switch {
	case to < 0:
		return "That is not a move of DVONN."
	case placement && !placing:
		return "All 49 pieces are placed: now the stacks move."
	case placement && g.occ&(1<<to) != 0:
		return "That space is taken."
	case placement:
		return ""
	case placing:
		return "Stacks move only after all 49 pieces are placed."
	}
	s := g.cells[from]
	h := int(s.height)
	switch {
	case h == 0:
		return "That space is empty: choose one of your stacks."
	case s.top == uint8(Red):
		return "The red DVONN pieces cannot be moved by themselves."
	case g.ctrl[g.toMove]&(1<<from) == 0:
		return fmt.Sprintf("That stack is %s's: a stack belongs to the color of its top piece.", colorName(Piece(s.top)))
	case g.surrounded(from):
		return "That stack is surrounded on all six sides."
	case from == to && g.targets(from) == 0 && h == 1:
		return "That piece has no stack next to it to land on."
	case from == to && g.targets(from) == 0:
		return fmt.Sprintf("A stack of %d has no stack to land on exactly %d spaces away in a straight line.", h, h)
	case from == to:
		return ""
	case h > maxDistance || targetMask[from][h]&(1<<to) == 0:
		if h == 1 {
			return "A single piece moves 1 space, onto a stack next to it."
		}
		return fmt.Sprintf("A stack of %d moves exactly %d spaces in a straight line.", h, h)
	case g.occ&(1<<to) == 0:
		return "That space is empty: a stack must land on another stack."
	}
	return ""
}

// colorName returns the name of a player's color as the window writes it:
// "White", "Black".
func colorName(p Piece) string {
	if p == Black {
		return "Black"
	}
	return "White"
}
