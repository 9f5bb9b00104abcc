package alakai

import (
	"context"

	"planiverse/ai"
	"planiverse/rules"
	"planiverse/rules/alak"
)

// The interfaces of package ai that Knowledge satisfies.
var (
	_ ai.Knowledge    = (*Knowledge)(nil)
	_ ai.Analyst      = (*Knowledge)(nil)
	_ ai.MoveOrderer  = (*Knowledge)(nil)
	_ ai.Solver       = (*Knowledge)(nil)
	_ ai.Preparer     = (*Knowledge)(nil)
	_ ai.PerfectTable = (*Knowledge)(nil)
	_ ai.NoviceTable  = (*Knowledge)(nil)
	_ ai.LevelFigures = (*Knowledge)(nil)
	_ ai.LevelTable   = (*Knowledge)(nil)
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
// ai.PerfectTable), spaced so that each level beats the one below
// (ai/EXPERIMENTS.md, "Alak table levels").
var tableLevels = [ai.MaxLevel - 1]ai.LevelSpec{
	{Depth: 1, Temp: 200, Cap: 600, TableWeight: 300, TableHorizon: 1},
	{Depth: 2, Temp: 120, Cap: 400, TableWeight: 500, TableHorizon: 1},
	{Depth: 3, Temp: 60, Cap: 300, TableWeight: 800, TableHorizon: 1},
	{Depth: 4, Temp: 40, Cap: 250, TableWeight: 1000, TableHorizon: 1},
	{Depth: 5, Temp: 30, Cap: 200, TableWeight: 1000, TableHorizon: 2},
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

// TableLevels is how levels 1-5 play from the table (ai.PerfectTable).
func (k *Knowledge) TableLevels() [ai.MaxLevel - 1]ai.LevelSpec { return tableLevels }

// WaitTable reports whether the table of s's rule set is ready, waiting
// for it until ctx is done (ai.PerfectTable). s is not changed.
func (k *Knowledge) WaitTable(ctx context.Context, s rules.State) bool {
	g, ok := s.(*alak.Game)
	if !ok {
		return false
	}
	_, _, _, ok = k.Solve(ctx, g.Copy())
	return ok
}

// TableValue is the package-level Value of s (ai.PerfectTable).
func (k *Knowledge) TableValue(s rules.State) (result, distance int, ok bool) {
	g, isAlak := s.(*alak.Game)
	if !isAlak {
		return 0, 0, false
	}
	return Value(g)
}

// Repetitions counts the occurrences of s's position in its history
// (ai.PerfectTable).
func (k *Knowledge) Repetitions(s rules.State) int {
	if g, ok := s.(*alak.Game); ok {
		return g.Repetitions()
	}
	return 1
}

// NoviceLevel is how the Novice level (ai.MinLevel) plays Alak (ai.NoviceTable).
func (k *Knowledge) NoviceLevel() ai.LevelSpec { return noviceLevel }
