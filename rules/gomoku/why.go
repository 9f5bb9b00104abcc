package gomoku

import (
	"strings"

	"planiverse/rules"
	"planiverse/rules/phrase"
)

// Why returns why m is not a legal move of the side to move, as a sentence
// for the player ("That point is taken.", "Forbidden for Black: double
// three."), or the zero phrase when it is legal (rules.Refuser).
func (g *Game) Why(m rules.Move) phrase.P {
	if over, _ := g.Outcome(); over {
		return phrase.T("why.gameOver", "The game is over.", nil)
	}
	if g.Legal(m) {
		return phrase.P{}
	}
	switch {
	case m == rules.Swap:
		return phrase.T("why.gomoku.theColorsCanBeSwapped", "The colors can be swapped only when the opening rule offers it.", nil)
	case m == Balance:
		return phrase.T("why.gomoku.twoMoreStonesCanBe", "Two more stones can be placed only when Swap2 offers the choice.", nil)
	case m == rules.Pass:
		return phrase.T("why.gomoku.thereIsNoPassingIn", "There is no passing in Gomoku.", nil)
	case int(m) >= g.n:
		return phrase.T("why.gomoku.thatIsNotAPoint", "That is not a point of the board.", nil)
	case g.board[m] != 0:
		return phrase.T("why.gomoku.thatPointIsTaken", "That point is taken.", nil)
	}
	if f := g.FoulAt(int(m)); f != NoFoul {
		return phrase.T("why.gomoku.foul."+f.String(), "Forbidden for Black: "+strings.ReplaceAll(f.String(), "-", " ")+".", nil)
	}
	return phrase.T("why.gomoku.thatMoveIsNotAllowed", "That move is not allowed now.", nil)
}
