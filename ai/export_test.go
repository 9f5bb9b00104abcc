package ai

import (
	"context"
	"time"

	"planiverse/rules"
)

// Internals for the external tests (package ai_test), which need the real
// games' knowledge (planiverse/ai/games) and so cannot live in package ai.

// Helpers of the internal tests.
var (
	CheckMinimax = checkMinimax
	Minimax      = minimax
	RandomWalk   = randomWalk
)

// HashEval is the tests' pseudo-random evaluation (hashEval).
type HashEval = hashEval

// NewTicTac returns the empty tic-tac-toe board of the internal tests.
func NewTicTac() rules.State { return &tictac{} }

// DefaultAdvantageScale is AdvantageScale for a game without its own.
const DefaultAdvantageScale = defaultAdvantageScale

// SetExactDepth switches the exact-depth mode of the minimax tests on or
// off (no reductions, table cutoffs only from entries of the same depth).
func (e *Engine) SetExactDepth(on bool) { e.setExactDepth(on) }

// SearchUsingSolver is Search with the solver optional.
func (e *Engine) SearchUsingSolver(ctx context.Context, s rules.State, lim Limits, report func(Info), useSolver bool) Result {
	return e.search(ctx, s, lim, report, useSolver)
}

// SetClock replaces the engine's clock (nil: time.Now).
func (e *Engine) SetClock(now func() time.Time) { e.now = now }

// LateForIteration reports whether a timed search that started at start
// with the given deadline and Hooks.IterationShare (0: none) starts no new
// iteration at the engine's clock's time.
func (e *Engine) LateForIteration(share float64, start, deadline time.Time) bool {
	e.iterShare, e.start, e.deadline = share, start, deadline
	return e.lateForIteration()
}

// TableWaitForLevel binds the engine to s's game and returns the time
// budget of the level (0: a depth level) and how long Play waits there for
// an ExactTable.
func (e *Engine) TableWaitForLevel(s rules.State, level int) (levelTime, wait time.Duration) {
	e.bind(s)
	sp := e.spec(level)
	return sp.time, e.tableWait(sp)
}

// CopyTableFrom copies f's transposition table and history into e (of
// the same table size).
func (e *Engine) CopyTableFrom(f *Engine) {
	copy(e.tt.entries, f.tt.entries)
	e.tt.age = f.tt.age
	e.history = f.history
}

// UseNodeClock replaces the engine's clock (SetClock) by a virtual one
// that advances unit per node the engine counts, so that a timed search
// (a timed level's move time, Limits.Time) spends a node budget, its time
// divided by unit, and plays the same moves on every machine and run. The
// time limits the search hands its knowledge (the Solver's context, the
// RootPolicy's limits and contexts, the wait for an ExactTable) are the same
// virtual durations, in real time: a test that gives the engine a long
// move time (SetMoveTime) leaves the knowledge to its own node limits.
func (e *Engine) UseNodeClock(unit time.Duration) {
	base := time.Date(2000, time.January, 1, 0, 0, 0, 0, time.UTC)
	var offset, last int64
	e.now = func() time.Time {
		n := e.nodes
		if n < last {
			offset += last // a new search restarted the count
		}
		last = n
		return base.Add(time.Duration(offset+n) * unit)
	}
}
