// Package ai is Planiverse's computer opponent: one game-independent search
// over the rules.State contract, with game knowledge plugged in through
// the interfaces of knowledge.go, and six difficulty levels (levels.go).
//
// Scores are from the point of view of the side to move: evaluations stay
// within [-MaxEval, MaxEval] (about 100 units per disc, stone or piece), a
// forced win found by the search scores WinScore - ply (score.go).
//
// Package ai names no game. A program installs the games' knowledge once
// at start-up, ai.Use(games.Knowledge()) (ai/games; registry.go); a game
// without installed knowledge is an error wrapping ErrNoKnowledge, never
// a fallback to a generic evaluator.
//
// The search's features and where they live, with the knowledge's hook
// that switches on or shapes a game-specific one:
//
//   - iterative deepening with full windows and its time control:
//     search.go (iterate, stopped, lateForIteration); hook:
//     Hooks.IterationShare
//   - negamax alpha-beta with principal variation search: search.go
//     (negamax, searchMoves, searchLate)
//   - transposition table, 16-byte entries in two-slot buckets: tt.go,
//     probed and stored in search.go (probe, store)
//   - move ordering, hash move, killers and history heuristic on top of
//     the game's order: search.go (orderMoves, cutoff); hook: MoveOrderer
//   - the moves searched at each node: search.go (genMoves); hook:
//     CandidateGenerator
//   - late move reductions: search.go (searchLate), the defaults in
//     params.go; hook: Hooks.LateReduction
//   - internal iterative reduction, reverse futility pruning and late
//     move pruning: search.go (prune, searchMoves); hooks:
//     Hooks.InternalReductionDepth, Hooks.ReverseFutilityMargin,
//     Hooks.MoveCountLimit
//   - multi-ProbCut: search.go (multiProbCut); hook: Hooks.ProbCut
//   - the game's own search of the last plies: search.go (shallowNode);
//     hook: Hooks.ShallowSearch
//   - quiescence search and static win checks: search.go (leafScore,
//     quickWin); hooks: Hooks.Quiesce, Hooks.QuickWin
//   - single-reply extension: search.go (searchMoves); hook:
//     Hooks.ExtendSingleReply
//   - the root's opening book and exact solver: search.go (rootSetup);
//     hooks: Book, Solver
//   - the root policy, which may restrict the root moves and refute an
//     iteration's best move, the depth then searched again without it:
//     search.go (filterRoot, refuteBest, verify, verifyFinal); hook:
//     RootPolicy (Gomoku's in ai/gomokuai/rootpolicy.go)
//   - the levels, softened choices and timed or depth-limited searches:
//     levels.go (Play, playSoft); hook: LevelTable
//   - play from a table of exact results: levels.go (playTable); hook:
//     ExactTable (Alak's in ai/alakai/tableplay.go)
//   - the analysis of played moves: analysis.go, explain.go,
//     levelfigures.go; hooks: Analyst, Explainer, LevelTable
//   - the knowledge registry, advantage scale and clock shares:
//     registry.go; hook: ClockPlanner
//   - a generic evaluation for toy games: mobility.go
package ai
