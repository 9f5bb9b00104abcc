package alak

import (
	"planiverse/rules"
	"planiverse/rules/phrase"
)

// Pick returns the code of the first tap of a classic move, the choice of
// the piece on slot (0-based) before its destination: ClassicMove(slot,
// slot), never a legal move. Why says why that slot holds no piece the
// side to move can move, or the zero phrase when it does. Modern Alak has no picks.
func Pick(slot int) rules.Move { return ClassicMove(slot, slot) }

// Why returns why m is not a legal move of the side to move, as a sentence
// for the player ("That slot is taken."), or the zero phrase when it is
// legal (rules.Refuser). For Pick(s) in classic Alak it says why the
// piece on slot s cannot move at all, or the zero phrase when it can.
func (g *Game) Why(m rules.Move) phrase.P {
	if over, _ := g.Outcome(); over {
		return phrase.T("why.gameOver", "The game is over.", nil)
	}
	if m >= rules.NoMove {
		return phrase.T("why.alak.thereIsNoPassingIn", "There is no passing in Alak.", nil)
	}
	occ := g.stones[0] | g.stones[1]
	if g.modern {
		p := int(m)
		switch {
		case p >= g.n:
			return phrase.T("why.alak.thatIsNotAPoint", "That is not a point of the board.", nil)
		case occ&(1<<p) != 0:
			return phrase.T("why.alak.thatPointIsTaken", "That point is taken.", nil)
		case g.Forbidden()&(1<<p) != 0:
			return phrase.T("why.alak.koYourStoneWasCaptured", "Ko: your stone was captured there on the last move, so you may not place there this turn.", nil)
		}
		return phrase.P{}
	}
	from, to := int(m)/32, int(m)%32
	if from >= g.n || to >= g.n {
		return phrase.T("why.alak.thatIsNotASlot", "That is not a slot of the board.", nil)
	}
	switch {
	case occ&(1<<from) == 0:
		return phrase.T("why.alak.thatSlotIsEmptyChoose", "That slot is empty: choose one of your pieces.", nil)
	case g.stones[g.side]&(1<<from) == 0:
		return phrase.T("why.alak.notYourPiece."+lower(colorNames[g.side]), "That piece is {{.Owner}}'s: you move the "+lower(colorNames[g.side])+" pieces.",
			map[string]any{"Owner": phrase.Color(colorNames[g.side^1])})
	}
	// A classic board always has an empty slot, so every piece can move.
	l, r := classicTargets(g.n, occ, from)
	switch {
	case to == from, to == l, to == r:
		return phrase.P{}
	case occ&(1<<to) != 0:
		return phrase.T("why.alak.thatSlotIsTakenA", "That slot is taken: a piece moves to the nearest empty slot on its left or right.", nil)
	}
	return phrase.T("why.alak.aPieceMovesToThe", "A piece moves to the nearest empty slot on its left or right, jumping over any pieces.", nil)
}

// lower returns s with its first letter in lower case ("Black": "black").
func lower(s string) string {
	if s == "" || s[0] < 'A' || s[0] > 'Z' {
		return s
	}
	return string(s[0]+'a'-'A') + s[1:]
}
