package gomokuai

import "planiverse/ai"

// The interfaces of package ai that Knowledge satisfies.
var (
	_ ai.Knowledge          = (*Knowledge)(nil)
	_ ai.Analyst            = (*Knowledge)(nil)
	_ ai.MoveOrderer        = (*Knowledge)(nil)
	_ ai.CandidateGenerator = (*Knowledge)(nil)
	_ ai.Solver             = (*Knowledge)(nil)
	_ ai.SearchHooks        = (*Knowledge)(nil)
	_ ai.RootPolicy         = (*Knowledge)(nil)
	_ ai.LevelTable         = (*Knowledge)(nil)
)

// levels is how each difficulty level plays Gomoku. Freestyle 15x15 is a
// first-player win, so two levels that do not blunder each win as Black and
// split their games: levels 1-5 all soften their choice, 5 much less and
// three plies deeper than 4, so that each level beats the one below in
// about seven games of ten (ai/EXPERIMENTS.md, "Gomoku level ladder").
var levels = [ai.MaxLevel]ai.LevelSpec{
	{Depth: 1, Temp: 200, Cap: 600},
	{Depth: 2, Temp: 180, Cap: 500},
	{Depth: 3, Temp: 120, Cap: 400},
	{Depth: 5, Temp: 115, Cap: 350},
	{Depth: 8, Temp: 5, Cap: 20},
	{TimeDivisor: 1, Solver: true},
}

// noviceLevel is the Novice level (ai.MinLevel): the moves of a 1-ply
// search, losing ones included (the cap is two wins' scores), drawn by a
// softmax whose temperature is about an eighth of a win's score: it
// places its stones nearly at random and takes a five or blocks a four
// most of the time, not always, so that it wins about half its games
// against the line-builder (novice.Liner; EXPERIMENTS.md, "Novice
// level").
var noviceLevel = ai.LevelSpec{Depth: 1, Temp: 140_000, Cap: 2_000_000}

// Levels is Gomoku's level table (ai.LevelTable).
func (k *Knowledge) Levels() [ai.MaxLevel]ai.LevelSpec { return levels }

// advantageScale is about one logit of win probability in evaluation
// units, Gomoku's clear advantage (ai.AnalysisScale.Advantage): the
// evaluation is fitted to a win probability, 1,250 to 1,300 units a logit.
const advantageScale = 1300

// SearchHooks are Gomoku's additions to the search (ai.SearchHooks): its
// quiescence search over fours, the static win check, the single-reply
// extension, forward pruning and reductions (quiesce.go), and iterations
// started until the time is spent (IterationShare).
func (k *Knowledge) SearchHooks() ai.Hooks {
	return ai.Hooks{
		IterationShare:         k.IterationShare(),
		Quiesce:                k.Quiesce,
		QuickWin:               k.QuickWin,
		ExtendSingleReply:      k.ExtendSingleReply(),
		ReverseFutilityMargin:  k.ReverseFutilityMargin,
		MoveCountLimit:         k.MoveCountLimit,
		LateReduction:          k.LateReduction,
		InternalReductionDepth: k.InternalReductionDepth(),
	}
}

// NoviceLevel is how the Novice level (ai.MinLevel) plays Gomoku (ai.LevelTable).
func (k *Knowledge) NoviceLevel() ai.LevelSpec { return noviceLevel }
