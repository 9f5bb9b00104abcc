package alakai

import (
	"context"

	"planiverse/ai"
	"planiverse/rules"
	"planiverse/rules/alak"
)

// The interfaces of package ai that Knowledge satisfies.
var (
	_ ai.Knowledge   = (*Knowledge)(nil)
	_ ai.Analyst     = (*Knowledge)(nil)
	_ ai.MoveOrderer = (*Knowledge)(nil)
	_ ai.Solver      = (*Knowledge)(nil)
	_ ai.ExactTable  = (*Knowledge)(nil)
	_ ai.LevelTable  = (*Knowledge)(nil)
)

// levels is how each difficulty level plays Alak where no retrograde table
// covers the board (modern Alak over MaxSolvedPoints): levels 1-3 soften
// their choice after searches of 1, 2 and 4 plies, 4 searches 6 plies, 5
// and 6 search for an eighth of and the whole move time.
var levels = [ai.MaxLevel]ai.LevelSpec{
	{Depth: 1, Temp: 200, Cap: 600},
	{Depth: 2, Temp: 120, Cap: 400},
	{Depth: 4, Temp: 30, Cap: 120},
	{Depth: 6},
	{TimeDivisor: 8},
	{TimeDivisor: 1, Solver: true},
}

// tableLevels is how levels 1-5 soften the retrograde table's choice (see
// tableplay.go), spaced so that each level beats the one below
// (ai/EXPERIMENTS.md, "Alak table levels").
var tableLevels = [ai.MaxLevel - 1]tableLevel{
	{depth: 1, temp: 200, cap: 600, weight: 300, horizon: 1},
	{depth: 2, temp: 120, cap: 400, weight: 500, horizon: 1},
	{depth: 3, temp: 60, cap: 300, weight: 800, horizon: 1},
	{depth: 4, temp: 40, cap: 250, weight: 1000, horizon: 1},
	{depth: 5, temp: 30, cap: 200, weight: 1000, horizon: 2},
}

// noviceLevel is the Novice level (ai.MinLevel), from the table or not:
// the moves of a 1-ply search drawn by a softmax hot enough to be nearly
// random, yet leaning to captures, with no weight on the table's results,
// so that it wins about half its games against random legal moves
// (novice.Random; EXPERIMENTS.md, "Novice level").
var noviceLevel = ai.LevelSpec{Depth: 1, Temp: 3000, Cap: 10000}

// Levels is Alak's level table (ai.LevelTable) where no table covers the
// board.
func (k *Knowledge) Levels() [ai.MaxLevel]ai.LevelSpec { return levels }

// WaitTable reports whether the table of s's rule set is ready, waiting
// for it until ctx is done (ai.ExactTable). s is not changed.
func (k *Knowledge) WaitTable(ctx context.Context, s rules.State) bool {
	g, ok := s.(*alak.Game)
	if !ok {
		return false
	}
	_, _, _, ok = k.Solve(ctx, g.Copy())
	return ok
}

// NoviceLevel is how the Novice level (ai.MinLevel) plays Alak (ai.LevelTable).
func (k *Knowledge) NoviceLevel() ai.LevelSpec { return noviceLevel }
