package session

import (
	"context"
	"math"
	"slices"
	"sync"
	"time"

	"planiverse/ai"
	"planiverse/rules"
)

// Evaluation graph: every position of the game is searched briefly in the
// background, on an engine of its own, and its score is kept by ply for the
// panel's graph (widgets.EvalGraph). The analysis runs only while neither
// the computer nor a hint is searching, so that it never takes time from
// the game's own searches, except in computer against computer, where the
// computer is always searching: there it runs beside the computer's
// search. It starts over from the first changed ply when moves are taken
// back.

// analysisTime is the search time of one position of the evaluation graph.
const analysisTime = 60 * time.Millisecond

// analysisTTMegabytes is the analysis engine's transposition table size.
const analysisTTMegabytes = 16

// analyzer holds the evaluation graph's scores and runs its searches.
// Its methods run on the UI goroutine; the searches on one goroutine of
// their own, posting each score back through post.
type analyzer struct {
	post   func(func())
	spawn  func(func()) // runs the searches on a goroutine of their own
	newEng func() Searcher
	mu     sync.Mutex // held by the search goroutine for a whole run
	eng    Searcher

	name   string    // the game and variant the scores belong to (GameLine)
	moves  []string  // the history the scores belong to, in move texts
	scores []float64 // by ply-1: the position after that many moves, −1..+1 for the dark color
	known  []bool
	gen    uint64
	cancel context.CancelFunc
	// onUpdate is called (on the UI goroutine) when a score arrives.
	onUpdate func()
}

func newAnalyzer(post, spawn func(func()), newEng func() Searcher) *analyzer {
	return &analyzer{post: post, spawn: spawn, newEng: newEng}
}

// Analysis returns the evaluation graph's data: scores[i] is the
// evaluation of the position after move i+1, from the dark color's
// (Black's) point of view, from −1 (lost) to +1 (won); known[i] is
// false while it has not been searched yet.
func (c *Controller) Analysis() (scores []float64, known []bool) {
	if c.an == nil {
		return nil, nil
	}
	n := min(len(c.an.scores), len(c.hist))
	return c.an.scores[:n], c.an.known[:n]
}

// SetAnalysis turns the background evaluation of the game's positions on
// or off (the window turns it on when it shows the graph).
func (c *Controller) SetAnalysis(on bool) {
	switch {
	case on && c.an == nil:
		c.an = newAnalyzer(c.w.post, c.w.spawn, func() Searcher { return ai.NewEngine(analysisTTMegabytes) })
		c.an.onUpdate = c.changed
		c.analyze()
	case !on && c.an != nil:
		c.an.stop()
		c.an = nil
	}
}

// analyze brings the analysis up to date with the history: scores of moves
// no longer played are dropped, and the missing ones are searched while no
// other search runs.
func (c *Controller) analyze() {
	a := c.an
	if a == nil || c.state == nil {
		return
	}
	texts := make([]string, len(c.hist))
	for i, e := range c.hist {
		texts[i] = e.text
	}
	same := 0
	for same < len(texts) && same < len(a.moves) && texts[same] == a.moves[same] {
		same++
	}
	name := c.set.Game
	if d := c.set.Descriptor(); d != nil {
		name = d.Describe(c.set.Options()) // the variant, in English whatever the language
	}
	if a.name != name {
		same = 0
	}
	if same < len(a.moves) || a.name != name {
		a.stop()
		a.scores, a.known = a.scores[:min(same, len(a.scores))], a.known[:min(same, len(a.known))]
	}
	a.name = name
	a.moves = texts
	for len(a.scores) < len(texts) {
		a.scores = append(a.scores, 0)
		a.known = append(a.known, false)
	}
	if c.thinking && c.set.Opponent != Watch || c.hinting || c.closed {
		a.stop()
		return
	}
	if a.cancel != nil || !slices.Contains(a.known, false) {
		return // running, or nothing to do
	}
	a.start(c.desc, c.state.Clone(), len(texts))
}

// stop cancels the running analysis; its late results are dropped.
func (a *analyzer) stop() {
	a.gen++
	if a.cancel != nil {
		a.cancel()
		a.cancel = nil
	}
}

// start searches, newest first, every position of s's history (s is a
// private copy after n moves) whose score is missing.
func (a *analyzer) start(d *rules.Descriptor, s rules.State, n int) {
	a.gen++
	gen := a.gen
	ctx, cancel := context.WithCancel(context.Background())
	a.cancel = cancel
	todo := make([]bool, n)
	for i := range n {
		todo[i] = !a.known[i]
	}
	a.spawn(func() {
		a.mu.Lock()
		defer a.mu.Unlock()
		if a.eng == nil {
			a.eng = a.newEng()
		}
		for ply := n; ply >= 1 && ctx.Err() == nil; ply-- {
			if todo[ply-1] {
				v := a.evaluate(ctx, d, s)
				if ctx.Err() != nil {
					return
				}
				a.post(func() {
					if gen != a.gen || ply > len(a.known) {
						return
					}
					a.scores[ply-1], a.known[ply-1] = v, true
					if a.onUpdate != nil {
						a.onUpdate()
					}
				})
			}
			s.Undo()
		}
		a.post(func() {
			if gen == a.gen {
				a.cancel = nil
				if a.onUpdate != nil {
					a.onUpdate() // moves played meanwhile are analyzed next
				}
			}
		})
	})
}

// evaluate returns s's score for the graph: −1..+1 from the dark color's
// point of view, ±1 for a won or lost game and a forced win or loss, else
// tanh of the score over the game's ai.AdvantageScale.
func (a *analyzer) evaluate(ctx context.Context, d *rules.Descriptor, s rules.State) float64 {
	var v int
	if over, sc := s.Outcome(); over {
		v = ai.Sign(sc) * ai.WinScore
	} else {
		v = a.eng.Search(ctx, s, ai.Limits{Time: analysisTime}, nil).Score
	}
	if d.ColorOf(s, s.ToMove()) != 0 {
		v = -v
	}
	switch {
	case v > ai.MateBound:
		return 1
	case v < -ai.MateBound:
		return -1
	}
	return math.Tanh(float64(v) / float64(ai.AdvantageScale(d.Name)))
}
