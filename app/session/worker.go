package session

import (
	"context"
	"math/rand/v2"
	"sync"
	"time"

	"planiverse/ai"
	"planiverse/rules"
)

// Searcher is what the worker needs from an engine; *ai.Engine has it
// (tests may substitute a scripted one).
type Searcher interface {
	Play(ctx context.Context, s rules.State, level int, r *rand.Rand, report func(ai.Info)) ai.Result
	Search(ctx context.Context, s rules.State, lim ai.Limits, report func(ai.Info)) ai.Result
}

// infoEvery is the least time between two progress reports the worker
// forwards to the UI goroutine (the engine may report more often).
const infoEvery = 100 * time.Millisecond

// worker runs searches on background goroutines, one at a time, with one
// engine, and hands their progress and result to the UI goroutine through
// post (fyne.Do in the app). An ai.Engine is not safe for concurrent use: a
// new search waits for a canceled one to return (ai promises well under
// 100 ms), on its own goroutine, never on the UI goroutine.
type worker struct {
	mu   sync.Mutex // held for the whole of a search; guards eng and rng
	eng  Searcher
	rng  *rand.Rand // seeds the softened choices of low levels
	post func(func())
	bg   sync.WaitGroup // every background goroutine of the controller (spawn)
}

// spawn runs f on a new goroutine counted in w.bg, so that Controller.Wait
// can wait for every search, analysis and engine the controller started.
func (w *worker) spawn(f func()) {
	w.bg.Add(1)
	go func() {
		defer w.bg.Done()
		f()
	}()
}

// jobKind says what a searchJob asks of the engine. Its zero value is no
// kind: a job must say which it is, so that no level (level 0, Novice,
// included) can be mistaken for "no level".
type jobKind uint8

const (
	// playLevel is the computer's move at searchJob.level (ai.Engine.Play).
	playLevel jobKind = iota + 1
	// searchLimits is a plain search within searchJob.limits
	// (ai.Engine.Search): a hint.
	searchLimits
)

// searchJob is one search: a private Clone of the position, and either a
// level (kind playLevel: the computer's move, ai.Engine.Play) or limits
// (kind searchLimits: a hint, ai.Engine.Search). onInfo and onDone run on
// the UI goroutine via post; they must check themselves whether the job is
// still wanted (the controller's generation counter).
type searchJob struct {
	kind     jobKind
	state    rules.State
	level    int           // kind playLevel: ai.MinLevel..ai.MaxLevel
	limits   ai.Limits     // kind searchLimits
	maxTime  time.Duration // > 0: the search stops by then (the computer's clock) with its best move so far
	minDelay time.Duration
	onInfo   func(ai.Info)
	onDone   func(ai.Result)
}

// newWorker returns a worker searching with eng, posting to the UI through
// post, with its random choices seeded by seed.
func newWorker(eng Searcher, post func(func()), seed uint64) *worker {
	return &worker{eng: eng, rng: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)), post: post}
}

// start runs j on a new goroutine. Canceling ctx stops the search; a
// canceled job posts nothing more once it notices. The result is held back
// until at least j.minDelay has passed since start, so that the computer's
// instant replies stay visible.
func (w *worker) start(ctx context.Context, j searchJob) {
	begin := time.Now()
	w.spawn(func() {
		w.mu.Lock()
		defer w.mu.Unlock()
		if ctx.Err() != nil {
			return
		}
		var last time.Time
		report := func(info ai.Info) {
			if ctx.Err() != nil || time.Since(last) < infoEvery || j.onInfo == nil {
				return
			}
			last = time.Now()
			info.PV = append([]rules.Move(nil), info.PV...) // the engine reuses its buffer
			w.post(func() { j.onInfo(info) })
		}
		var res ai.Result
		sctx := ctx
		if j.maxTime > 0 {
			var cancel context.CancelFunc
			sctx, cancel = context.WithTimeout(ctx, j.maxTime-time.Since(begin))
			defer cancel()
		}
		switch j.kind {
		case playLevel:
			res = w.eng.Play(sctx, j.state, j.level, w.rng, report)
		case searchLimits:
			res = w.eng.Search(sctx, j.state, j.limits, report)
		default:
			panic("session: a searchJob without a kind")
		}
		res.PV = append([]rules.Move(nil), res.PV...)
		if wait := j.minDelay - time.Since(begin); wait > 0 {
			t := time.NewTimer(wait)
			select {
			case <-t.C:
			case <-ctx.Done():
				t.Stop()
			}
		}
		if ctx.Err() != nil {
			return
		}
		w.post(func() { j.onDone(res) })
	})
}
