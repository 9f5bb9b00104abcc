package session

import (
	"slices"
	"strings"
	"testing"
	"time"

	"planiverse/app/internal/sessiontest"
	"planiverse/rules"
)

// TestMessagesLast checks that each message goes when it stops being
// true: the Intro at the first move, "Move taken back." at the next
// action (Hint, Save through Acted, review), the hint when the position on
// view changes.
func TestMessagesLast(t *testing.T) {
	q := sessiontest.NewQueue()
	set := settings("dvonn", VsPerson).WithOption("dvonn", "placement", "random")
	c := newTestController(t, sessiontest.NewScripted(false), q.Post, set)
	c.Start()
	has := func(text string) bool {
		return slices.ContainsFunc(c.Messages(), func(m string) bool { return strings.Contains(m, text) })
	}
	if !has("White moves first.") {
		t.Fatalf("no intro at the start: %q", c.Messages())
	}
	c.buf = c.State().Moves(c.buf[:0])
	if err := c.Play(c.buf[0]); err != nil {
		t.Fatal(err)
	}
	if has("White moves first.") {
		t.Fatalf("the intro outlived the first move: %q", c.Messages())
	}
	if !slices.Contains(c.MessageLog(), "The 49 pieces were placed at random. White moves first.") {
		t.Fatalf("the log lost the intro: %q", c.MessageLog())
	}

	for _, act := range []string{"hint", "save", "review"} {
		c := newTestController(t, sessiontest.NewScripted(false), q.Post, settings("othello", VsPerson))
		c.Start()
		playTexts(t, c, "f5 d6")
		c.Undo()
		if !slices.Contains(c.Messages(), "Move taken back.") {
			t.Fatalf("%s: no message after Undo: %q", act, c.Messages())
		}
		switch act {
		case "hint":
			c.RequestHint()
		case "save":
			c.Acted()
		case "review":
			c.Review(0)
		}
		if slices.Contains(c.Messages(), "Move taken back.") {
			t.Fatalf("%s: %q outlived the action", act, c.Messages())
		}
	}

	// The hint goes when an earlier position is put on view, and stays
	// gone on the way back.
	c = newTestController(t, sessiontest.NewScripted(false), q.Post, settings("othello", VsPerson))
	c.Start()
	playTexts(t, c, "f5 d6")
	c.RequestHint()
	q.RunUntil(t, "the hint", func() bool { return c.Hint() != rules.NoMove })
	c.ReviewStep(-1)
	if c.Hint() != rules.NoMove {
		t.Fatal("the hint stayed while reviewing an earlier move")
	}
	c.Review(c.Plies())
	if c.Hint() != rules.NoMove {
		t.Fatal("the hint came back after review")
	}
}

// TestHoldClock checks that a held clock (a dialog open) does not run, and
// runs on from where it was once released; a game started while held
// starts its clock at the release.
func TestHoldClock(t *testing.T) {
	q := sessiontest.NewQueue()
	ft := newFakeTime()
	c := NewController(sessiontest.NewScripted(false), q.Post, 1)
	c.now = ft.now
	if err := c.NewGame(clockSettings("othello", "game1", true)); err != nil {
		t.Fatal(err)
	}
	c.HoldClock(true) // the new-game dialog
	c.Start()
	ft.add(20 * time.Second)
	if left, running, _ := c.Clock(rules.First); running || left != time.Minute {
		t.Fatalf("held at the start: %v running %v", left, running)
	}
	c.HoldClock(false)
	ft.add(10 * time.Second)
	c.HoldClock(true)
	c.HoldClock(true) // a dialog over a dialog
	ft.add(time.Hour)
	c.HoldClock(false)
	if left, running, _ := c.Clock(rules.First); running || left != 50*time.Second || !c.ClockHeld() {
		t.Fatalf("held twice, released once: %v running %v", left, running)
	}
	c.HoldClock(false)
	ft.add(5 * time.Second)
	if left, running, _ := c.Clock(rules.First); !running || left != 45*time.Second {
		t.Fatalf("released: %v running %v, want 45 s", left, running)
	}
}

// TestInProgressAndCounted: a game against Planiverse's computer counts in
// the statistics and is in progress from the first move until it ends.
func TestInProgressAndCounted(t *testing.T) {
	q := sessiontest.NewQueue()
	c := newTestController(t, sessiontest.NewScripted(false), q.Post, settings("othello", VsComputer))
	if !c.Counted() || c.InProgress() {
		t.Fatal("before Start: counted, not in progress")
	}
	c.Start()
	if c.InProgress() {
		t.Fatal("in progress before any move")
	}
	playTexts(t, c, "f5")
	if !c.InProgress() {
		t.Fatal("not in progress after a move")
	}
	c.Resign()
	if c.InProgress() {
		t.Fatal("in progress after resigning")
	}
	p := newTestController(t, sessiontest.NewScripted(false), q.Post, settings("othello", VsPerson))
	if p.Counted() {
		t.Fatal("a game between two people counted")
	}
}

// TestRefused: a Renju forbidden point tried by Black says why.
func TestRefused(t *testing.T) {
	q := sessiontest.NewQueue()
	set := settings("gomoku", VsPerson).WithOption("gomoku", "rules", "renju").WithOption("gomoku", "opening", "none")
	c := newTestController(t, sessiontest.NewScripted(false), q.Post, set)
	c.Start()
	playTexts(t, c, "F8 A1 G8 A3 H9 A5 H10 A7")
	_, fresh, err := NewGame("gomoku", set.Options())
	if err != nil {
		t.Fatal(err)
	}
	h8, err := fresh.ParseMove("H8")
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Play(h8); err == nil {
		t.Fatal("a forbidden point was played")
	}
	c.Refused(h8)
	if msgs := c.Messages(); len(msgs) == 0 || msgs[len(msgs)-1] != "Forbidden for Black: double three." {
		t.Fatalf("messages %q", msgs)
	}
	a1, _ := c.State().ParseMove("B2")
	c.Refused(a1)
	if msgs := c.Messages(); len(msgs) != 1 {
		t.Fatalf("a legal point refused with a reason: %q", msgs)
	}
}
