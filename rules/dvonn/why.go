package dvonn

import (
	"planiverse/rules"
	"planiverse/rules/phrase"
)

// Pick returns the code of the first tap of a stack move, the choice of
// the stack on cell (0..48) before its target: Step(cell, cell), never a
// legal move. Why says why that stack cannot move, or the zero phrase
// when it can.
func Pick(cell int) rules.Move { return Step(cell, cell) }

// Why returns why m is not a legal move of the side to move, as a sentence
// for the player ("That stack is surrounded on all six sides."), or the
// zero phrase when it is legal (rules.Refuser). For Pick(c) it says why
// the stack on c cannot move at all, or the zero phrase when it has a
// move.
func (g *Game) Why(m rules.Move) phrase.P {
	if over, _ := g.Outcome(); over {
		return phrase.T("why.gameOver", "The game is over.", nil)
	}
	placing := g.placed < NumCells
	if m == rules.Pass {
		switch {
		case placing:
			return phrase.T("why.dvonn.thereIsNoPassingWhile", "There is no passing while the pieces are placed.", nil)
		case g.canMove(g.toMove):
			return phrase.T("why.passWithMoves", "You may pass only when you have no move.", nil)
		}
		return phrase.P{}
	}
	from, to, placement := Decode(m)
	switch {
	case to < 0:
		return phrase.T("why.dvonn.thatIsNotAMove", "That is not a move of DVONN.", nil)
	case placement && !placing:
		return phrase.T("why.dvonn.all49PiecesArePlaced", "All 49 pieces are placed: now the stacks move.", nil)
	case placement && g.occ&(1<<to) != 0:
		return phrase.T("why.dvonn.thatSpaceIsTaken", "That space is taken.", nil)
	case placement:
		return phrase.P{}
	case placing:
		return phrase.T("why.dvonn.stacksMoveOnlyAfterAll", "Stacks move only after all 49 pieces are placed.", nil)
	}
	s := g.cells[from]
	h := int(s.height)
	switch {
	case h == 0:
		return phrase.T("why.dvonn.thatSpaceIsEmptyChoose", "That space is empty: choose one of your stacks.", nil)
	case s.top == uint8(Red):
		return phrase.T("why.dvonn.theRedDvonnPiecesCannot", "The red DVONN pieces cannot be moved by themselves.", nil)
	case g.ctrl[g.toMove]&(1<<from) == 0:
		return phrase.T("why.dvonn.notYourStack", "That stack is {{.Owner}}'s: a stack belongs to the color of its top piece.",
			map[string]any{"Owner": phrase.Color(colorName(Piece(s.top)))})
	case g.surrounded(from):
		return phrase.T("why.dvonn.thatStackIsSurroundedOn", "That stack is surrounded on all six sides.", nil)
	case from == to && g.targets(from) == 0 && h == 1:
		return phrase.T("why.dvonn.thatPieceHasNoStack", "That piece has no stack next to it to land on.", nil)
	case from == to && g.targets(from) == 0:
		return phrase.N("why.dvonn.noLanding", "A stack of {{.Count}} has no stack to land on exactly {{.Count}} space away in a straight line.",
			"A stack of {{.Count}} has no stack to land on exactly {{.Count}} spaces away in a straight line.", h, nil)
	case from == to:
		return phrase.P{}
	case h > maxDistance || targetMask[from][h]&(1<<to) == 0:
		if h == 1 {
			return phrase.T("why.dvonn.aSinglePieceMoves1", "A single piece moves 1 space, onto a stack next to it.", nil)
		}
		return phrase.N("why.dvonn.distance", "A stack of {{.Count}} moves exactly {{.Count}} space in a straight line.",
			"A stack of {{.Count}} moves exactly {{.Count}} spaces in a straight line.", h, nil)
	case g.occ&(1<<to) == 0:
		return phrase.T("why.dvonn.thatSpaceIsEmptyA", "That space is empty: a stack must land on another stack.", nil)
	}
	return phrase.P{}
}

// colorName returns the name of a player's color as the window writes it:
// "White", "Black".
func colorName(p Piece) string {
	if p == Black {
		return "Black"
	}
	return "White"
}
