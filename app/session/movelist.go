package session

import (
	"planiverse/rules/phrase"
	"strings"

	"planiverse/rules"
)

// MoveList returns the moves of the game so far in the game's notation,
// space-separated (the text --moves and paste read).
func (c *Controller) MoveList() string {
	texts, _, _ := c.History()
	return strings.Join(texts, " ")
}

// LoadMoves starts a new game with set and plays the moves of text on it
// (the game's notation, separated by spaces or new lines; lines starting
// with '#' are comments). Every move is checked first: on a bad one it
// returns an error naming it, and the game on screen stays as it was. The
// moves count as played by their seats, so Undo takes them back as usual.
func (c *Controller) LoadMoves(set MatchSettings, text string) error {
	var moves []string
	for _, line := range strings.Split(text, "\n") {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
			moves = append(moves, line)
		}
	}
	joined := strings.Join(moves, " ")
	if strings.TrimSpace(joined) == "" {
		return rules.Errorp(rules.ErrSyntax, phrase.T("error.moves.none", "no moves to set up", nil))
	}
	_, check, err := NewGame(set.Game, set.Options())
	if err != nil {
		return err
	}
	played, err := rules.PlayMoveList(check, joined)
	if err != nil {
		return err
	}
	return c.newGame(set, played)
}
