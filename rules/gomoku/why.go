package gomoku

import (
	"strings"

	"planiverse/rules"
)

// Why returns why m is not a legal move of the side to move, as a sentence
// for the player ("That point is taken.", "Forbidden for Black: double
// three."), or "" when it is legal (rules.Refuser).
func (g *Game) Why(m rules.Move) string {
	if over, _ := g.Outcome(); over {
		return "The game is over."
	}
	if g.Legal(m) {
		return ""
	}
	switch {
	case m == rules.Swap:
		return "The colors can be swapped only when the opening rule offers it."
	case m == Balance:
		return "Two more stones can be placed only when Swap2 offers the choice."
	case m == rules.Pass:
		return "There is no passing in Gomoku."
	case int(m) >= g.n:
		return "That is not a point of the board."
	case g.board[m] != 0:
		return "That point is taken."
	}
	if f := g.FoulAt(int(m)); f != NoFoul {
		return "Forbidden for Black: " + strings.ReplaceAll(f.String(), "-", " ") + "."
	}
	return "That move is not allowed now."
}
