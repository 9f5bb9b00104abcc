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
