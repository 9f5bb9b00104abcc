package session

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"planiverse/ai"
	"planiverse/app/internal/sessiontest"
	"planiverse/rules"
)

// fakeTime is a clock the test moves by hand.
type fakeTime struct{ t time.Time }

func (f *fakeTime) now() time.Time      { return f.t }
func (f *fakeTime) add(d time.Duration) { f.t = f.t.Add(d) }
func newFakeTime() *fakeTime            { return &fakeTime{t: time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)} }
func clockSettings(game, clock string, lose bool) MatchSettings {
	s := settings(game, VsPerson)
	s.Clock, s.LoseOnTime = clock, lose
	return s
}

// TestGameClock: 1 minute per game + 1 s a move, between two people; each
// move charges its mover and adds the increment; the flag falls on Tick and
// loses the game.
func TestGameClock(t *testing.T) {
	q := sessiontest.NewQueue()
	ft := newFakeTime()
	c := NewController(sessiontest.NewScripted(false), q.Post, 1)
	c.now = ft.now
	if err := c.NewGame(clockSettings("othello", "game1", true)); err != nil {
		t.Fatal(err)
	}
	if left, running, on := c.Clock(rules.First); !on || running || left != time.Minute {
		t.Fatalf("before Start: %v %v %v", left, running, on)
	}
	c.Start()
	ft.add(10 * time.Second)
	if left, running, _ := c.Clock(rules.First); !running || left != 50*time.Second {
		t.Fatalf("Black after 10 s: %v running %v", left, running)
	}
	if left, running, _ := c.Clock(rules.Second); running || left != time.Minute {
		t.Fatalf("White waiting: %v running %v", left, running)
	}
	playTexts(t, c, "f5")
	if left, running, _ := c.Clock(rules.First); running || left != 51*time.Second {
		t.Fatalf("Black after its move: %v running %v, want 51 s", left, running)
	}
	ft.add(30 * time.Second)
	playTexts(t, c, "d6")
	if left, _, _ := c.Clock(rules.Second); left != 31*time.Second {
		t.Fatalf("White after 30 s: %v", left)
	}
	var over string
	c.OnGameOver = func(s string) { over = s }
	ft.add(50 * time.Second)
	c.Tick()
	if over != "" {
		t.Fatal("the flag fell with a second left")
	}
	ft.add(1500 * time.Millisecond)
	c.Tick()
	if !c.Over() || !strings.Contains(over, "Black loses on time") {
		t.Fatalf("after Black's time ran out: over %v, %q", c.Over(), over)
	}
	if c.resultCode != "W+T" {
		t.Errorf("result code %q, want W+T", c.resultCode)
	}
	if _, running, _ := c.Clock(rules.First); running {
		t.Error("the clock runs after the game ended")
	}
	if m, _ := c.State().ParseMove("c3"); c.Play(m) == nil {
		t.Error("a move after losing on time")
	}
}

// TestMoveClock: 30 s per move; a move over the limit loses when
// LoseOnTime is set and is only said otherwise.
func TestMoveClock(t *testing.T) {
	for _, lose := range []bool{true, false} {
		q := sessiontest.NewQueue()
		ft := newFakeTime()
		c := NewController(sessiontest.NewScripted(false), q.Post, 1)
		c.now = ft.now
		if err := c.NewGame(clockSettings("othello", "move30s", lose)); err != nil {
			t.Fatal(err)
		}
		c.Start()
		ft.add(29 * time.Second)
		playTexts(t, c, "f5")
		if c.Over() {
			t.Fatal("a move within the limit lost")
		}
		if left, running, _ := c.Clock(rules.Second); !running || left != 30*time.Second {
			t.Fatalf("White's move clock: %v %v", left, running)
		}
		ft.add(31 * time.Second)
		playTexts(t, c, "d6")
		if c.Over() != lose {
			t.Fatalf("LoseOnTime %v: over %v after 31 s", lose, c.Over())
		}
		if !lose {
			if msgs := strings.Join(c.Messages(), "\n"); !strings.Contains(msgs, "White ran out of time") {
				t.Fatalf("no message: %q", msgs)
			}
			ft.add(40 * time.Second)
			c.Tick() // Black over the limit on Tick: said, once
			c.Tick()
			if n := strings.Count(strings.Join(c.Messages(), "\n"), "Black ran out of time"); n != 1 {
				t.Fatalf("Black's flag said %d times", n)
			}
		}
	}
}

// deadlineSearcher records whether the computer's search had a deadline.
type deadlineSearcher struct {
	*sessiontest.Scripted
	left chan time.Duration
}

func (d *deadlineSearcher) Play(ctx context.Context, s rules.State, level int, r *rand.Rand, rep func(ai.Info)) ai.Result {
	dl, ok := ctx.Deadline()
	if !ok {
		d.left <- -1
	} else {
		d.left <- time.Until(dl)
	}
	return d.Scripted.Play(ctx, s, level, r, rep)
}

// TestComputerFitsItsClock: the computer's search gets a deadline that
// fits its clock, and none without a clock.
func TestComputerFitsItsClock(t *testing.T) {
	for _, tc := range []struct {
		clock    string
		min, max time.Duration
	}{
		{"off", -1, -1},
		{"move30s", 20 * time.Second, 27 * time.Second},
		{"game1", 1500 * time.Millisecond, 3 * time.Second},
	} {
		q := sessiontest.NewQueue()
		eng := &deadlineSearcher{Scripted: sessiontest.NewScripted(false), left: make(chan time.Duration, 4)}
		set := settings("othello", VsComputer)
		set.Side, set.Clock = rules.Second, tc.clock
		c := newTestController(t, eng, q.Post, set)
		c.Start()
		var left time.Duration
		select {
		case left = <-eng.left:
		case <-time.After(30 * time.Second):
			t.Fatal("no search")
		}
		if left < tc.min || left > tc.max {
			t.Errorf("%s: the search's deadline is %v away, want %v..%v", tc.clock, left, tc.min, tc.max)
		}
		c.Close()
	}
}

// TestPauseAndLevels: computer against computer plays each seat at its
// own level, and pauses and resumes.
func TestPauseAndLevels(t *testing.T) {
	q := sessiontest.NewQueue()
	eng := sessiontest.NewScripted(true)
	set := settings("othello", Watch)
	set.Level, set.Level2, set.HasLevel2 = 2, 5, true
	c := newTestController(t, eng, q.Post, set)
	if c.LevelOf(rules.First) != 2 || c.LevelOf(rules.Second) != 5 {
		t.Fatalf("levels %d %d", c.LevelOf(rules.First), c.LevelOf(rules.Second))
	}
	c.Start()
	eng.WaitStarted(t)
	c.SetPaused(true)
	if !c.Paused() {
		t.Fatal("not paused")
	}
	if on, _, _ := c.Thinking(); on {
		t.Fatal("thinking while paused")
	}
	close(eng.Release)
	q.Drain()
	time.Sleep(50 * time.Millisecond)
	q.Drain()
	if texts, _, _ := c.History(); len(texts) != 0 {
		t.Fatal("a move was played while paused")
	}
	c.SetPaused(false)
	q.RunUntil(t, "moves after resuming", func() bool { texts, _, _ := c.History(); return len(texts) >= 2 })
}
