package dvonnai

import (
	"planiverse/ai"
	"planiverse/rules"
)

// The interfaces of package ai that Knowledge satisfies.
var (
	_ ai.Knowledge          = (*Knowledge)(nil)
	_ ai.Analyst            = (*Knowledge)(nil)
	_ ai.MoveOrderer        = (*Knowledge)(nil)
	_ ai.CandidateGenerator = (*Knowledge)(nil)
	_ ai.LevelTable         = (*Knowledge)(nil)
	_ ai.ClockPlanner       = (*Knowledge)(nil)
)

// levels is how each difficulty level plays DVONN: levels 1-3 soften their
// choice after searches of 1, 2 and 3 plies, 4 searches 5 plies, 5 and 6
// search for an eighth of and the whole move time.
var levels = [ai.MaxLevel]ai.LevelSpec{
	{Depth: 1, Temp: 150, Cap: 500},
	{Depth: 2, Temp: 80, Cap: 300},
	{Depth: 3, Temp: 30, Cap: 120},
	{Depth: 5},
	{TimeDivisor: 8, Solver: true},
	{TimeDivisor: 1, Solver: true},
}

// noviceLevel is the Novice level (ai.MinLevel): the moves of a 1-ply
// search drawn by a softmax hot enough to be nearly random, yet leaning to
// the better moves, so that it wins about half its games against random
// legal moves (novice.Random; EXPERIMENTS.md, "Novice level").
var noviceLevel = ai.LevelSpec{Depth: 1, Temp: 5000, Cap: 20000}

// Levels is DVONN's level table (ai.LevelTable).
func (k *Knowledge) Levels() [ai.MaxLevel]ai.LevelSpec { return levels }

// MoveShare is DVONN's clock plan (ai.ClockPlanner): the package-level
// MoveShare.
func (k *Knowledge) MoveShare(s rules.State) (share, total float64) { return MoveShare(s) }

// NoviceLevel is how the Novice level (ai.MinLevel) plays DVONN (ai.LevelTable).
func (k *Knowledge) NoviceLevel() ai.LevelSpec { return noviceLevel }
