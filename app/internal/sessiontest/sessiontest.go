// Package sessiontest holds test doubles shared by the tests of app/session
// and app/ui: a queue that stands in for the UI goroutine, and a scripted
// searcher. It may import ai and rules; it never imports a package of app,
// so that the session's internal tests can use it.
package sessiontest

import (
	"context"
	"math/rand/v2"
	"sync/atomic"
	"testing"
	"time"

	"planiverse/ai"
	"planiverse/rules"
)

// Queue stands in for the UI goroutine in tests: Post queues functions, and
// the test goroutine runs them (RunUntil, Drain), so the controller is only
// ever touched by the test goroutine.
type Queue struct{ ch chan func() }

// NewQueue returns a queue with room for 4,096 posted functions.
func NewQueue() *Queue { return &Queue{ch: make(chan func(), 4096)} }

// Post queues f; it is the controller's post function.
func (q *Queue) Post(f func()) { q.ch <- f }

// RunUntil runs posted functions until cond holds, failing after 30 s.
func (q *Queue) RunUntil(t *testing.T, what string, cond func() bool) {
	t.Helper()
	q.RunUntilWithin(t, what, 30*time.Second, cond)
}

// RunUntilWithin runs posted functions until cond holds, failing after
// limit.
func (q *Queue) RunUntilWithin(t *testing.T, what string, limit time.Duration, cond func() bool) {
	t.Helper()
	deadline := time.After(limit)
	for !cond() {
		select {
		case f := <-q.ch:
			f()
		case <-deadline:
			t.Fatalf("timed out waiting for %s", what)
		}
	}
}

// WaitPosted waits until something is queued, without running it.
func (q *Queue) WaitPosted(t *testing.T) {
	t.Helper()
	for i := 0; len(q.ch) == 0; i++ {
		if i > 3000 {
			t.Fatal("nothing posted within 30 s")
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// Drain runs everything queued now.
func (q *Queue) Drain() {
	for {
		select {
		case f := <-q.ch:
			f()
		default:
			return
		}
	}
}

// Scripted is a searcher for tests (session.Searcher): it answers the first
// legal move, after Release is closed (if set), and signals each start on
// Started.
type Scripted struct {
	Release chan struct{}
	Started chan struct{}
	Calls   atomic.Int32
	Book    bool // answers are marked as opening-book moves
}

// NewScripted returns a Scripted searcher; with block its answers wait for
// Release to be closed.
func NewScripted(block bool) *Scripted {
	f := &Scripted{Started: make(chan struct{}, 64)}
	if block {
		f.Release = make(chan struct{})
	}
	return f
}

func (f *Scripted) answer(s rules.State) ai.Result {
	f.Calls.Add(1)
	f.Started <- struct{}{}
	if f.Release != nil {
		<-f.Release
	}
	moves := s.Moves(nil)
	if len(moves) == 0 {
		return ai.Result{Move: rules.NoMove}
	}
	if f.Book {
		return ai.Result{Move: moves[0], Book: true}
	}
	return ai.Result{Move: moves[0], Depth: 1}
}

// Play answers as the level's move.
func (f *Scripted) Play(_ context.Context, s rules.State, _ int, _ *rand.Rand, _ func(ai.Info)) ai.Result {
	return f.answer(s)
}

// Search answers as the search's best move.
func (f *Scripted) Search(_ context.Context, s rules.State, _ ai.Limits, _ func(ai.Info)) ai.Result {
	return f.answer(s)
}

// WaitStarted waits for a search to start, failing after 30 s.
func (f *Scripted) WaitStarted(t *testing.T) {
	t.Helper()
	select {
	case <-f.Started:
	case <-time.After(30 * time.Second):
		t.Fatal("the search did not start")
	}
}
