package session

import (
	"context"
	"math/rand/v2"
	"sync/atomic"
	"testing"
	"time"

	"planiverse/ai"
	"planiverse/app/internal/sessiontest"
	"planiverse/rules"
)

// lingering is a Searcher that searches until canceled and then takes a
// while to return, like a real engine unwinding.
type lingering struct {
	started  chan struct{}
	returned atomic.Bool
}

func (l *lingering) search(ctx context.Context, s rules.State) ai.Result {
	close(l.started)
	<-ctx.Done()
	time.Sleep(100 * time.Millisecond)
	l.returned.Store(true)
	return ai.Result{Move: s.Moves(nil)[0]}
}

func (l *lingering) Play(ctx context.Context, s rules.State, _ int, _ *rand.Rand, _ func(ai.Info)) ai.Result {
	return l.search(ctx, s)
}

func (l *lingering) Search(ctx context.Context, s rules.State, _ ai.Limits, _ func(ai.Info)) ai.Result {
	return l.search(ctx, s)
}

// TestWaitOutlastsClose checks that Wait returns only once the searches
// and the background analysis a closed controller had started are over.
func TestWaitOutlastsClose(t *testing.T) {
	q := sessiontest.NewQueue()
	eng := &lingering{started: make(chan struct{})}
	c := newTestController(t, eng, q.Post, settings("othello", VsComputer))
	c.SetAnalysis(true)
	c.Start()
	if err := c.Play(19); err != nil { // d3: the computer searches
		t.Fatal(err)
	}
	select {
	case <-eng.started:
	case <-time.After(10 * time.Second):
		t.Fatal("the computer never started its search")
	}
	c.Close()
	done := make(chan struct{})
	go func() { c.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("Wait still waits 10 s after Close")
	}
	if !eng.returned.Load() {
		t.Fatal("Wait returned before the canceled search did")
	}
}
