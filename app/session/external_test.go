package session

import (
	"strings"
	"testing"
	"time"

	"planiverse/app/internal/sessiontest"
	"planiverse/rules"
)

// externalSettings is a Gomoku game of the person (Black) against the
// configured engine "ext".
func externalSettings() MatchSettings {
	set := settings("gomoku", VsComputer).WithOption("gomoku", "opening", "none")
	set.Engine = "ext"
	return set
}

func externalController(t *testing.T, q *sessiontest.Queue, command string) *Controller {
	t.Helper()
	c := newTestController(t, sessiontest.NewScripted(false), q.Post, externalSettings())
	c.Engines = func() []EngineConfig { return []EngineConfig{{Name: "ext", Game: "gomoku", Command: command}} }
	if err := c.NewGame(externalSettings()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.Close)
	return c
}

// TestExternalEngineGame plays moves against an external pbrain engine (the
// test binary in engine mode) and takes one back.
func TestExternalEngineGame(t *testing.T) {
	q := sessiontest.NewQueue()
	c := externalController(t, q, fake("engine", "gomoku", "--depth", "1"))
	c.Start()
	if c.PlayerName(rules.Second) != "ext" {
		t.Fatalf("the engine's seat is named %q", c.PlayerName(rules.Second))
	}
	for i := range 3 {
		m, _ := c.State().ParseMove([]string{"H8", "A1", "A15"}[i])
		if err := c.Play(m); err != nil {
			t.Fatal(err)
		}
		q.RunUntil(t, "the engine's reply", func() bool { return c.PersonToMove() || c.Over() })
		if c.Over() {
			t.Fatalf("the game ended: %s", c.Result())
		}
	}
	if texts, _, _ := c.History(); len(texts) != 6 {
		t.Fatalf("history %v", texts)
	}
	// Undo restarts the engine, which is then told the whole game.
	c.Undo()
	m, _ := c.State().ParseMove("O1")
	if err := c.Play(m); err != nil {
		t.Fatal(err)
	}
	q.RunUntil(t, "the restarted engine's reply", func() bool { return c.PersonToMove() || c.Over() })
	if c.Over() {
		t.Fatalf("after undo: %s", c.Result())
	}
}

// TestExternalEngineFailures: a crash, garbage and a hang each end the game
// with a message naming the engine, and the board stays as it was.
func TestExternalEngineFailures(t *testing.T) {
	old, oldGrace := externalMoveTime, externalGrace
	externalMoveTime, externalGrace = 200*time.Millisecond, 300*time.Millisecond
	defer func() { externalMoveTime, externalGrace = old, oldGrace }()
	for mode, why := range map[string]string{
		"crash":   "exited",
		"garbage": "is not a point",
		"slow":    "did not answer",
		"illegal": "illegal move",
	} {
		q := sessiontest.NewQueue()
		c := externalController(t, q, fake(mode, "gomoku"))
		c.Start()
		// The fake engine answers its first move and misbehaves at its
		// second, mid-game.
		for i, mv := range []string{"H8", "A1"} {
			m, _ := c.State().ParseMove(mv)
			if err := c.Play(m); err != nil {
				t.Fatalf("%s: move %d: %v", mode, i, err)
			}
			h := c.State().Hash()
			q.RunUntil(t, mode, func() bool { return c.PersonToMove() || c.Over() })
			if i == 0 && c.Over() {
				t.Fatalf("%s: the game ended at the first move: %s", mode, c.Result())
			}
			if i == 1 && c.State().Hash() != h {
				t.Errorf("%s: the board changed", mode)
			}
		}
		if !strings.Contains(c.Result(), "The engine ext failed") || !strings.Contains(c.Result(), why) {
			t.Errorf("%s: result %q, want the engine named and %q", mode, c.Result(), why)
		}
	}
}
