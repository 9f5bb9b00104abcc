package othelloai

import (
	"planiverse/ai"
	"planiverse/rules"
)

// The interfaces of package ai that Knowledge satisfies.
var (
	_ ai.Knowledge    = (*Knowledge)(nil)
	_ ai.Analyst      = (*Knowledge)(nil)
	_ ai.MoveOrderer  = (*Knowledge)(nil)
	_ ai.Solver       = (*Knowledge)(nil)
	_ ai.Book         = (*Knowledge)(nil)
	_ ai.SearchHooks  = (*Knowledge)(nil)
	_ ai.LevelTable   = (*Knowledge)(nil)
	_ ai.ClockPlanner = (*Knowledge)(nil)
)

// Levels is Othello's level table (ai.LevelTable): ai.DefaultLevels,
// levels 1-3 softening their choice after searches of 1, 2 and 3 plies, 4
// searching 6 plies, 5 and 6 for an eighth of and the whole move time,
// with the exact solver.
func (k *Knowledge) Levels() [ai.MaxLevel]ai.LevelSpec { return ai.DefaultLevels }

// SearchHooks are Othello's additions to the search (ai.SearchHooks):
// multi-ProbCut (mpc.go) and the bitboard search of the last plies
// (shallow.go), to ShallowPlies plies.
func (k *Knowledge) SearchHooks() ai.Hooks {
	return ai.Hooks{ProbCut: k.ProbCut, ShallowDepth: k.ShallowDepth(), ShallowSearch: k.ShallowSearch}
}

// noviceLevel is the Novice level (ai.MinLevel): the moves of a 1-ply
// search drawn by a softmax hot enough (50 discs) to be nearly random, yet
// leaning to the better moves, so that it wins about half its games
// against the flip-maximiser (novice.Greedy; EXPERIMENTS.md, "Novice
// level").
var noviceLevel = ai.LevelSpec{Depth: 1, Temp: 5000, Cap: 20000}

// MoveShare is Othello's clock plan (ai.ClockPlanner): the package-level
// MoveShare.
func (k *Knowledge) MoveShare(s rules.State) (share, total float64) { return MoveShare(s) }

// NoviceLevel is how the Novice level (ai.MinLevel) plays Othello (ai.LevelTable).
func (k *Knowledge) NoviceLevel() ai.LevelSpec { return noviceLevel }
