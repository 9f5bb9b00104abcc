package session

import (
	"testing"

	"planiverse/app/internal/sessiontest"
	"planiverse/app/session/quality"
)

// TestFileNotes: an opened record's notes hold for its moves while the
// game keeps them; taking a move back and playing another ends them, and
// notes without a class are not kept.
func TestFileNotes(t *testing.T) {
	q := sessiontest.NewQueue()
	c := newTestController(t, sessiontest.NewScripted(false), q.Post, settings("othello", VsPerson))
	c.Start()
	playTexts(t, c, "f5 d6 c3")
	if c.SetFileNotes([]quality.Note{{}, {}, {}}) {
		t.Fatal("notes without a class were kept")
	}
	notes := []quality.Note{{}, {Class: quality.Blunder, HasClass: true, Comment: "Blunder"}, {}, {}}
	if !c.SetFileNotes(notes) {
		t.Fatal("notes with a class were not kept")
	}
	if n, ok := c.FileNote(2); !ok || n.Class != quality.Blunder {
		t.Fatalf("note on move 2: %+v %v", n, ok)
	}
	if _, ok := c.FileNote(4); ok {
		t.Fatal("a note beyond the game's moves")
	}
	playTexts(t, c, "d3")
	if _, ok := c.FileNote(2); !ok {
		t.Fatal("a move after the record's ended its notes")
	}
	c.Undo()
	c.Undo()
	playTexts(t, c, "c5")
	if _, ok := c.FileNote(2); ok {
		t.Fatal("the notes hold for a game whose moves changed")
	}
}
