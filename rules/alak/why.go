package alak

import (
	"fmt"

	"planiverse/rules"
)

// Pick returns the code of the first tap of a classic move, the choice of
// the piece on slot (0-based) before its destination: ClassicMove(slot,
// slot), never a legal move. Why says why that slot holds no piece the
// side to move can move, or "" when it does. Modern Alak has no picks.
func Pick(slot int) rules.Move { return ClassicMove(slot, slot) }

// Why returns why m is not a legal move of the side to move, as a sentence
// for the player ("That slot is taken."), or "" when it is legal
// (rules.Refuser). For Pick(s) in classic Alak it says why the piece on
// slot s cannot move at all, or "" when it can.
func (g *Game) Why(m rules.Move) string {
	if over, _ := g.Outcome(); over {
		return "The game is over."
	}
	if m >= rules.NoMove {
		return "There is no passing in Alak."
	}
	occ := g.stones[0] | g.stones[1]
	if g.modern {
		p := int(m)
		switch {
		case p >= g.n:
			return "That is not a point of the board."
		case occ&(1<<p) != 0:
			return "That point is taken."
		case g.Forbidden()&(1<<p) != 0:
			return "Ko: your stone was captured there on the last move, so you may not place there this turn."
		}
		return ""
	}
	from, to := int(m)/32, int(m)%32
	if from >= g.n || to >= g.n {
		return "That is not a slot of the board."
	}
	switch {
	case occ&(1<<from) == 0:
		return "That slot is empty: choose one of your pieces."
	case g.stones[g.side]&(1<<from) == 0:
		return fmt.Sprintf("That piece is %s's: you move the %s pieces.",
			colorNames[g.side^1], lower(colorNames[g.side]))
	}
	// A classic board always has an empty slot, so every piece can move.
	l, r := classicTargets(g.n, occ, from)
	switch {
	case to == from, to == l, to == r:
		return ""
	case occ&(1<<to) != 0:
		return "That slot is taken: a piece moves to the nearest empty slot on its left or right."
	}
	return "A piece moves to the nearest empty slot on its left or right, jumping over any pieces."
}

// lower returns s with its first letter in lower case ("Black": "black").
func lower(s string) string {
	if s == "" || s[0] < 'A' || s[0] > 'Z' {
		return s
	}
	return string(s[0]+'a'-'A') + s[1:]
}
