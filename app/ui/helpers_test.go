package ui

import (
	"context"
	"math/rand/v2"
	"sync/atomic"
	"testing"
	"time"

	"planiverse/ai"
	"planiverse/app/session"
	"planiverse/rules"
	"strings"
)

// Test helpers, as in app/session's tests.

// uiQueue stands in for the UI goroutine in tests: post queues functions,
// and the test goroutine runs them (runUntil, drain), so the controller is
// only ever touched by the test goroutine.
type uiQueue struct{ ch chan func() }

func newUIQueue() *uiQueue { return &uiQueue{ch: make(chan func(), 4096)} }

func (q *uiQueue) post(f func()) { q.ch <- f }

// runUntil runs posted functions until cond holds, failing after 30 s.
func (q *uiQueue) runUntil(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.After(30 * time.Second)
	for !cond() {
		select {
		case f := <-q.ch:
			f()
		case <-deadline:
			t.Fatalf("timed out waiting for %s", what)
		}
	}
}

// waitPosted waits until something is queued, without running it.
func (q *uiQueue) waitPosted(t *testing.T) {
	t.Helper()
	for i := 0; len(q.ch) == 0; i++ {
		if i > 3000 {
			t.Fatal("nothing posted within 30 s")
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// drain runs everything queued now.
func (q *uiQueue) drain() {
	for {
		select {
		case f := <-q.ch:
			f()
		default:
			return
		}
	}
}

// scripted is a session.Searcher for tests: it answers the first legal move, after
// release is closed (if set), and signals each start on started.
type scripted struct {
	release chan struct{}
	started chan struct{}
	calls   atomic.Int32
	book    bool // answers are marked as opening-book moves
}

func newScripted(block bool) *scripted {
	f := &scripted{started: make(chan struct{}, 64)}
	if block {
		f.release = make(chan struct{})
	}
	return f
}

func (f *scripted) answer(s rules.State) ai.Result {
	f.calls.Add(1)
	f.started <- struct{}{}
	if f.release != nil {
		<-f.release
	}
	moves := s.Moves(nil)
	if len(moves) == 0 {
		return ai.Result{Move: rules.NoMove}
	}
	if f.book {
		return ai.Result{Move: moves[0], Book: true}
	}
	return ai.Result{Move: moves[0], Depth: 1}
}

func (f *scripted) Play(_ context.Context, s rules.State, _ int, _ *rand.Rand, _ func(ai.Info)) ai.Result {
	return f.answer(s)
}

func (f *scripted) Search(_ context.Context, s rules.State, _ ai.Limits, _ func(ai.Info)) ai.Result {
	return f.answer(s)
}

func (f *scripted) waitStarted(t *testing.T) {
	t.Helper()
	select {
	case <-f.started:
	case <-time.After(30 * time.Second):
		t.Fatal("the search did not start")
	}
}

func settings(game string, opp session.Opponent) session.MatchSettings {
	s := session.DefaultSettings()
	s.Game, s.Opponent, s.Level = game, opp, 1
	return s
}

func newTestController(t *testing.T, eng session.Searcher, post func(func()), set session.MatchSettings) *session.Controller {
	t.Helper()
	c := session.NewController(eng, post, 1)
	c.MinDelay, c.WatchDelay, c.ShowDelay = 0, 0, 0
	if err := c.NewGame(set); err != nil {
		t.Fatal(err)
	}
	return c
}

// playTexts plays moves (space separated) as the person between two
// people.
func playTexts(t *testing.T, c *session.Controller, moves string) {
	t.Helper()
	for _, text := range strings.Fields(moves) {
		m, err := c.State().ParseMove(text)
		if err != nil {
			t.Fatal(err)
		}
		if err := c.Play(m); err != nil {
			t.Fatalf("%s: %v", text, err)
		}
	}
}
