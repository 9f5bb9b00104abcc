package session

import (
	"os"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"planiverse/app/internal/fakeengine"
	"planiverse/app/internal/sessiontest"
	"planiverse/app/protocol/link"
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

// prompt runs f and fails the test if it takes over 300 ms: the
// controller's methods never wait for an engine process.
func prompt(t *testing.T, what string, f func()) {
	t.Helper()
	t0 := time.Now()
	f()
	if d := time.Since(t0); d > 300*time.Millisecond {
		t.Errorf("%s took %v while the engine started or hung", what, d.Round(time.Millisecond))
	}
}

// TestExternalEngineStartsInBackground: an engine that takes 8 s to start
// does not hold the controller: the move that starts it returns at once,
// "Starting the engine ext…" shows meanwhile, and New game and Close
// return at once, stopping it.
func TestExternalEngineStartsInBackground(t *testing.T) {
	q := sessiontest.NewQueue()
	c := externalController(t, q, fake("slowstart", "gomoku", "--depth", "1"))
	c.Start()
	m, _ := c.State().ParseMove("H8")
	prompt(t, "the move that starts the engine", func() {
		if err := c.Play(m); err != nil {
			t.Fatal(err)
		}
	})
	time.Sleep(100 * time.Millisecond)
	q.Drain()
	if on, _, _ := c.Thinking(); !on || !c.EngineStarting() || !slices.Contains(c.Messages(), "Starting the engine ext…") {
		t.Fatalf("while starting: thinking %v, starting %v, messages %q", on, c.EngineStarting(), c.Messages())
	}
	prompt(t, "New game", func() { c.NewGame(externalSettings()) })
	if c.EngineStarting() || slices.Contains(c.Messages(), "Starting the engine ext…") {
		t.Errorf("after New game: starting %v, messages %q", c.EngineStarting(), c.Messages())
	}
	c.Start()
	prompt(t, "the move that starts the engine again", func() { c.Play(m) })
	prompt(t, "Close", c.Close)
}

// TestExternalEngineHangsWithChild: an engine that hangs, with a child
// process holding its output, loses on time; Undo (which restarts it)
// and Close never wait for it, and no process of it is left.
func TestExternalEngineHangsWithChild(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no process groups")
	}
	old, oldGrace := externalMoveTime, externalGrace
	externalMoveTime, externalGrace = 200*time.Millisecond, 300*time.Millisecond
	defer func() { externalMoveTime, externalGrace = old, oldGrace }()
	dir := t.TempDir()
	pidFile := dir + "/pid"
	q := sessiontest.NewQueue()
	c := externalController(t, q, fake("hangchild", pidFile))
	c.Start()
	m, _ := c.State().ParseMove("H8")
	prompt(t, "the move that starts the engine", func() { c.Play(m) })
	q.RunUntil(t, "the hung engine's loss", c.Over)
	if !strings.Contains(c.Result(), "did not answer") {
		t.Errorf("result %q", c.Result())
	}
	child := childPid(t, pidFile)
	waitGone(t, child)
	// Undo restarts it: the hung engine is stopped without waiting.
	os.Remove(pidFile)
	prompt(t, "Undo", func() { c.Undo() })
	prompt(t, "the move that restarts the engine", func() { c.Play(m) })
	child = childPid(t, pidFile)
	prompt(t, "Undo while the engine hangs", func() { c.Undo() })
	waitGone(t, child)
	os.Remove(pidFile)
	prompt(t, "the move that restarts the engine", func() { c.Play(m) })
	child = childPid(t, pidFile)
	prompt(t, "Close while the engine hangs", c.Close)
	waitGone(t, child)
}

// childPid reads the process id the hangchild fake engine wrote.
func childPid(t *testing.T, path string) int {
	t.Helper()
	pid, err := fakeengine.ChildPid(path, 10*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	return pid
}

// waitGone fails the test unless process pid ends within 3 s.
func waitGone(t *testing.T, pid int) {
	t.Helper()
	for range 300 {
		if p, err := os.FindProcess(pid); err != nil || p.Signal(syscall.Signal(0)) != nil {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	if p, err := os.FindProcess(pid); err == nil {
		p.Kill()
	}
	t.Fatalf("the engine's child process %d is still running", pid)
}

// TestExternalEngineFlood: an engine that writes thousands of lines
// nobody asked for after each move plays on, and what it wrote stays
// bounded.
func TestExternalEngineFlood(t *testing.T) {
	q := sessiontest.NewQueue()
	c := externalController(t, q, fake("flood", "gomoku"))
	c.Start()
	for _, mv := range []string{"H8", "A1", "A15"} {
		m, _ := c.State().ParseMove(mv)
		if err := c.Play(m); err != nil {
			t.Fatal(err)
		}
		q.RunUntil(t, "the engine's reply", func() bool { return c.PersonToMove() || c.Over() })
		if c.Over() {
			t.Fatalf("the game ended: %s", c.Result())
		}
	}
	ext := c.ext[rules.Second]
	if ext == nil || ext.p == nil {
		t.Fatal("no engine")
	}
	// The flood after the last move: more than the queue holds.
	for i := 0; ; i++ {
		waiting, dropped := ext.p.Queued()
		if waiting > link.MaxQueuedLines {
			t.Fatalf("%d lines waiting", waiting)
		}
		if waiting == link.MaxQueuedLines && dropped > 0 {
			break
		}
		if i == 1000 {
			t.Fatalf("%d lines waiting, %d dropped: the flood (%d lines a move) did not arrive", waiting, dropped, fakeengine.FloodLines)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
