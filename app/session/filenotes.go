package session

import (
	"slices"

	"planiverse/app/session/quality"
	"planiverse/rules"
)

// fileNotes is the analysis an opened SGF record carried in its
// annotations (quality.Notes: each move's class, value and comment, and
// the whole judgment where Planiverse wrote one, as `planiverse analyze
// --sgf` writes them). It holds while the game on screen is the one
// opened and its moves begin with the record's.
type fileNotes struct {
	game  rules.State // the game object the notes belong to (Controller.state)
	moves []string    // the record's moves, in move texts
	notes []quality.Note
}

// SetFileNotes keeps notes, the annotations of the record just opened (one
// per move, in order), for the game now on screen, when any of them says
// a move's class, and reports whether it did; otherwise it forgets any
// earlier notes. Notes for more moves than the game has are cut to its
// moves.
func (c *Controller) SetFileNotes(notes []quality.Note) bool {
	texts, _, _ := c.History()
	notes = notes[:min(len(notes), len(texts))]
	if !slices.ContainsFunc(notes, func(n quality.Note) bool { return n.HasClass }) {
		c.xa.notes = fileNotes{}
		return false
	}
	c.xa.notes = fileNotes{game: c.state, moves: texts[:len(notes)], notes: notes}
	return true
}

// FileNote returns the opened record's note on the game's ply-th move
// (1 for the first), and false when there is none or the game is no
// longer the one opened (another game, or its moves changed).
func (c *Controller) FileNote(ply int) (quality.Note, bool) {
	f := &c.xa.notes
	if f.game == nil || f.game != c.state || ply < 1 || ply > len(f.notes) {
		return quality.Note{}, false
	}
	texts, _, _ := c.History()
	if len(texts) < len(f.moves) || !slices.Equal(texts[:len(f.moves)], f.moves) {
		return quality.Note{}, false
	}
	return f.notes[ply-1], true
}
