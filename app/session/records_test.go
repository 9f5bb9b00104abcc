package session

import (
	"errors"
	"slices"
	"testing"

	"planiverse/app/internal/sessiontest"
	"planiverse/rules"
)

// TestRecordRoundTrip: a game's record opens as the same game, with its
// variant, moves and players; a resigned game opens finished; a bad record
// is refused and leaves the game on screen as it was.
func TestRecordRoundTrip(t *testing.T) {
	q := sessiontest.NewQueue()
	set := settings("gomoku", VsComputer).WithOption("gomoku", "size", "19").WithOption("gomoku", "opening", "none")
	set.Level = 4
	c := newTestController(t, sessiontest.NewScripted(false), q.Post, set)
	c.Start()
	playTexts(t, c, "J10")
	q.RunUntil(t, "the reply", c.PersonToMove)
	playTexts(t, c, "K11")
	q.RunUntil(t, "the reply", c.PersonToMove)
	c.Resign()
	r := c.Record()
	if r.Game != "gomoku" || r.Options["size"] != "19" || len(r.Moves) != 4 || r.Info.Result != "W+R" {
		t.Fatalf("record %+v", r)
	}
	if r.Info.Players[0] != "Player" || r.Info.Players[1] != "Planiverse level 4" || r.Info.Levels != [2]int{0, 4} {
		t.Fatalf("players %q levels %v", r.Info.Players, r.Info.Levels)
	}

	d := newTestController(t, sessiontest.NewScripted(false), q.Post, settings("othello", VsPerson))
	if err := d.LoadRecord(settings("othello", VsPerson), r, "Opened."); err != nil {
		t.Fatal(err)
	}
	if d.Settings().Game != "gomoku" || d.Settings().Option("size") != "19" || !slices.Equal(d.Record().Moves, r.Moves) {
		t.Fatalf("opened %s %v", GameLine(d.Settings()), d.Record().Moves)
	}
	if !d.Over() || d.Record().Info.Result != "W+R" {
		t.Fatalf("a resigned game opened unfinished: %q", d.Result())
	}

	before := d.Record()
	bad := *r
	bad.Moves = append(slices.Clone(r.Moves), "J10") // taken already
	if err := d.LoadRecord(settings("othello", VsPerson), &bad, ""); !errors.Is(err, rules.ErrIllegal) {
		t.Fatalf("a record with an illegal move: %v", err)
	}
	if after := d.Record(); !slices.Equal(after.Moves, before.Moves) || after.Game != before.Game {
		t.Fatal("a bad record changed the game")
	}
	unknown := &rules.Record{Game: "chess"}
	if err := d.LoadRecord(settings("othello", VsPerson), unknown, ""); !errors.Is(err, rules.ErrFormat) {
		t.Fatalf("an unknown game: %v", err)
	}
}
