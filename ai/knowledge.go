package ai

import (
	"context"
	"math/rand/v2"
	"time"

	"planiverse/rules"
)

// Knowledge is what a game plugs into the search: a static evaluation of
// a position that is not over, from ToMove's point of view, within
// [-MaxEval, MaxEval] (one unit is roughly 1/100 of a disc, stone or
// piece), which every game provides, and any of the optional interfaces
// of this file, detected with type assertions: MoveOrderer,
// CandidateGenerator, Solver, Book, RootPolicy and SearchHooks for the
// search; LevelTable, ExactTable, ClockPlanner, Analyst (analysis.go) and
// Explainer (explain.go) for the levels, the clock and the displays. A
// knowledge package asserts at compile time every interface it means to
// satisfy, so that a changed signature cannot silently switch a feature
// off. Evaluate must not allocate and must leave s unchanged (it may Play
// and Undo). All four games implement it.
type Knowledge interface {
	Evaluate(s rules.State) int
}

// MoveOrderer is optional: it fills scores[i] with a heuristic priority of
// moves[i] (higher searched first) before the search's own ordering (hash
// move, killers, history) is applied on top: the search clamps the scores
// to +-(1<<26) and adds its history heuristic (up to 1<<20), so their
// scale sets how much the history weighs. It must not allocate. All four
// games implement it.
type MoveOrderer interface {
	OrderMoves(s rules.State, moves []rules.Move, scores []int32)
}

// CandidateGenerator is optional: it appends the moves worth searching in s
// to buf (a non-empty subset of Moves when the game is not over; Gomoku looks
// only near stones and answers forced threats). The search uses it instead of
// Moves at every node. It must not allocate once buf has grown. Gomoku
// and DVONN (the DVONN pieces' placement) implement it.
type CandidateGenerator interface {
	Candidates(s rules.State, buf []rules.Move) []rules.Move
}

// Solver is optional: an exact solver (Othello endgame, Alak retrograde
// table, Gomoku VCF). Solve is called at the root before the search; when
// ok it returns a best move and its exact score, and the search is skipped.
// The score is on the search's scale: a forced win WinScore - plies-to-win
// (a loss the negation, a draw 0), or, for Othello, the exact final disc
// difference times 100 (the evaluation's unit; beyond its exact solver's
// reach, a lower bound from a win/loss/draw solve of a won or drawn
// position). Solve returns ok=false at
// once when it cannot decide s, and promptly when ctx is canceled.
// Othello, Gomoku and Alak implement it.
type Solver interface {
	Solve(ctx context.Context, s rules.State) (m rules.Move, score int, nodes int64, ok bool)
}

// Book is optional: an opening book. BookMove returns the book's move in s
// with its score on the search's scale, or ok=false when s is not in the
// book. It must be fast (a lookup, no search) and leave s unchanged. A
// Search without Depth and Nodes limits, and the levels that use the
// Solver, play the book move when there is one. Only Othello implements
// it.
type Book interface {
	BookMove(s rules.State) (m rules.Move, score int, ok bool)
}

// RootPolicy is optional: the game's say over the root moves of a search
// (Gomoku: the moves that lose to a forced win are set aside). Only
// Gomoku implements it.
//   - FilterRoot is called once per Search, at the root, after the Book
//     and the Solver declined and before iterative deepening, with the
//     root's candidate moves (the CandidateGenerator's, else Moves), the
//     search's time limit (0: none) and the time elapsed since it began
//     by the engine's clock (0 without a limit). It returns the moves
//     worth searching: a non-empty subset of moves, compacted in place (it
//     may reorder and overwrite moves' elements), and moves unchanged when
//     it cannot decide or when it would drop every move. It sets its own
//     share of the time, leaves s unchanged and returns promptly when ctx
//     is canceled. The search then restricts its root to the result.
//   - CheckTime is asked under a time limit after each finished iteration
//     of depth plies whose best move is no proven result: ask false
//     leaves the move be; else the search asks Refuted about it (never
//     twice about one move) within wait, cut to the time left. spent is
//     the time Refuted took so far in the search.
//   - Refuted reports whether the root move m loses by force (proven
//     losses only; false when unsure). A refuted move is dropped from the
//     root and the iteration searched again at the same depth. It leaves s
//     unchanged and returns promptly when ctx is canceled.
//   - FinalReserve is the last part of a timed search's limit kept for
//     asking Refuted about the move the search is about to return, when it
//     has not been asked about it (verifyFinal in search.go).
type RootPolicy interface {
	FilterRoot(ctx context.Context, s rules.State, moves []rules.Move, limit, elapsed time.Duration) []rules.Move
	CheckTime(depth int, limit, spent time.Duration) (wait time.Duration, ask bool)
	Refuted(ctx context.Context, s rules.State, m rules.Move) bool
	FinalReserve(limit time.Duration) time.Duration
}

// LevelTable is optional: how each difficulty level plays the game and
// how well. All four games implement it; a game without it gets
// DefaultLevels, DefaultNovice and no figures.
//   - Levels is how levels 1 to MaxLevel play, in order (see LevelSpec).
//   - NoviceLevel is how the Novice level (MinLevel) plays, calibrated
//     against a novice baseline (ai/novice) so that a true beginner wins
//     about half its games.
//   - LevelFigures are the figures of the levels, one per level from
//     MinLevel to MaxLevel in order (LevelFigure), for the New game
//     dialog's words about each level (the tool app/cmd/levelquality
//     writes them). It must keep no state.
type LevelTable interface {
	Levels() [MaxLevel]LevelSpec
	NoviceLevel() LevelSpec
	LevelFigures() []LevelFigure
}

// ExactTable is optional: a table that knows the exact result of some of
// the game's positions with perfect play (Alak's retrograde tables). Where
// one covers the position, Play draws every level's move from it instead of
// a search (playTable in levels.go): the engine scores each root move by a
// search of TableDepth plies and the table chooses. Only Alak implements
// it.
//   - Prepare starts building, in the background, what s's variant needs
//     (the table for its rule set, if it is not built yet) and reports
//     whether a table covers s's board; with wait it also blocks until
//     that is ready. It leaves s unchanged.
//   - WaitTable reports whether the table for s is ready, waiting for it
//     until ctx is done; s is not changed.
//   - TableDepth is the depth in plies of the search that scores each root
//     move at level (MinLevel..MaxLevel), the move included; 0: the static
//     evaluation after the move.
//   - ChooseMove returns the index in moves (s's legal moves) of level's
//     move, given their search scores from the mover's point of view, and
//     its score on the search's scale (a win with perfect play in n plies
//     WinScore - n). r may be nil only at MaxLevel. It leaves s unchanged.
type ExactTable interface {
	Prepare(s rules.State, wait bool) bool
	WaitTable(ctx context.Context, s rules.State) bool
	TableDepth(level int) int
	ChooseMove(s rules.State, level int, moves []rules.Move, scores []int, r *rand.Rand) (pick, score int)
}

// ClockPlanner is optional: the game's plan for a game clock. MoveShare
// returns the weight share of the side to move's move in s and the total
// weight of the moves that side still has to play, this one included
// (0 < share <= total); a move's part of the time left on the clock is
// share/total, so a game spends its time where it is decided (Othello's
// exact solver, DVONN's movement phase). It must keep no state: one value
// answers for every goroutine. Othello and DVONN implement it.
type ClockPlanner interface {
	MoveShare(s rules.State) (share, total float64)
}

// SearchHooks is optional: the game's additions to the search's nodes,
// each a standard technique that the search applies when the game sets
// it (Hooks). Othello (multi-ProbCut, its shallow search) and Gomoku (the
// others) implement it. SearchHooks is called when an engine binds to
// the game's knowledge; the functions it returns are called from that
// engine's goroutine only.
type SearchHooks interface {
	SearchHooks() Hooks
}

// Hooks are a game's additions to the search's nodes (SearchHooks); a nil
// function or a zero value keeps the search's default. The functions must
// not allocate and must leave s unchanged.
type Hooks struct {
	// IterationShare is the share of a search's time limit (Limits.Time,
	// counted from the start of the call), clamped to [0, 1], after which
	// iterative deepening starts no new iteration; 0 keeps the default
	// one half (an iteration usually costs more than all the ones before
	// it). A share near 1 suits a game whose iterations grow slowly and
	// whose unfinished iteration still yields a move (the root moves it
	// completed, see Search). Gomoku sets it.
	IterationShare float64

	// ProbCut is multi-ProbCut (M. Buro, "Experiments with Multi-ProbCut
	// and a New High-Quality Evaluation Function for Othello", 1997). At
	// an interior node (ply > 0) of a search to depth plies, the search
	// asks it for a linear model of the depth-plies score v_deep from the
	// score v_shallow of a search of the same node to shallow plies
	// (1 <= shallow < depth): v_deep ≈ a*v_shallow + b (a > 0), and a cut
	// margin (t times the residual's standard deviation), b and margin in
	// evaluation units. With ok, the search runs a null-window search of
	// depth shallow and prunes the node when a*v_shallow + b - margin >=
	// beta (fail high) or a*v_shallow + b + margin <= alpha (fail low).
	// The search skips it outside [-MaxEval, MaxEval] windows. Othello
	// sets it.
	ProbCut func(s rules.State, depth int) (shallow int, a, b, margin float64, ok bool)

	// ShallowSearch is a game's own alpha-beta for the last plies of the
	// tree, on its raw representation, without the transposition table,
	// killers or history (the nodes near the leaves are most of the tree,
	// and for them the generic node's bookkeeping costs more than it
	// saves; Edax's midgame search does the same). At a node with ply > 0
	// and a remaining depth of at most ShallowDepth plies (0: never), the
	// search calls it instead of searching the node itself. It must
	// return what the search would: a fail-soft negamax score of s to
	// depth plies (a pass is a ply) within the window (alpha, beta), the
	// clamped evaluation at depth 0, TerminalScore(outcome, ply) for a
	// finished game; with the nodes it visited (each position counted
	// once, the node itself included) and horizon true when a score came
	// from the evaluation (false: the result is exact); and move, the
	// move of s that scored best (rules.NoMove when s is over or at depth
	// 0), which the search puts at the head of the node's principal
	// variation when the score falls inside the window. ok = false (with
	// nothing searched) hands the node back to the search. Othello sets
	// both.
	ShallowDepth  int
	ShallowSearch func(s rules.State, depth, ply, alpha, beta int) (score int, move rules.Move, nodes int64, horizon, ok bool)

	// Quiesce is a quiescence search, called instead of the static
	// evaluation at the horizon (remaining depth 0, ply > 0). It returns a
	// fail-soft score of s from the side to move's point of view within
	// the window (alpha, beta): the clamped evaluation, raised by the
	// forcing moves the game's quiescence plays (Gomoku: the side to
	// move's fours, each with the forced block, as in a VCF), or a proven
	// result on the TerminalScore scale counted from ply (a win n plies
	// below the leaf scores WinScore - ply - n). nodes counts the
	// positions it visited, the leaf itself included. Gomoku sets it.
	Quiesce func(s rules.State, ply, alpha, beta int) (score int, nodes int64)

	// QuickWin is a static check for a result the rules decide within a
	// few plies (for Gomoku: a five next, an open four, a four and a
	// three, two threes). The search asks at every node below the root,
	// after the game-over test: at a leaf before the quiescence,
	// elsewhere after the transposition table's cut-off (below the root a
	// node QuickWin proves is never stored, so the table cannot end it
	// first unless its position also stands at the root). When it proves
	// a result for the side to move of s at distance ply from the root,
	// it returns it on the TerminalScore scale counted from ply (a win n
	// plies below the node scores WinScore - ply - n) with ok, and the
	// node ends there. It must prove only what is true against every
	// defence. Gomoku sets it.
	QuickWin func(s rules.State, ply int) (score int, ok bool)

	// ExtendSingleReply: a node (ply > 0) whose candidate moves are a
	// single move (a forced reply, such as the block of a Gomoku four)
	// searches it at the node's own depth instead of one ply less: the
	// single-reply extension, which makes a sequence of forcing moves and
	// their forced answers cost one ply a pair. Gomoku sets it.
	ExtendSingleReply bool

	// Forward pruning at the shallow nodes of the search that are not on
	// the principal variation (null-window nodes, ply > 0), in the manner
	// of Stockfish. Gomoku sets both.
	//   - ReverseFutilityMargin: reverse futility pruning (static
	//     null-move pruning). With ok, a node of depth plies whose clamped
	//     static evaluation clears beta by margin (evaluation units)
	//     returns the evaluation without a search; ok false keeps the node
	//     (a position with threats the evaluation cannot weigh, or depth
	//     too large).
	//   - MoveCountLimit: late move pruning. A node of depth plies
	//     searches at most that many moves (the hash move and the killers
	//     are never pruned), once one of them scored above a proven loss;
	//     0 searches all.
	ReverseFutilityMargin func(s rules.State, depth int) (margin int, ok bool)
	MoveCountLimit        func(depth int) int

	// The search's reductions in the game's own measure. Gomoku sets both.
	//   - LateReduction: the late move reduction, in plies, of a quiet
	//     move (not the first move, the hash move or a killer) at a node of
	//     depth plies, the move being the index-th searched there (0 the
	//     first). The search clamps it to depth-1 plies and searches a
	//     reduced move again at full depth when it scores above alpha or a
	//     proven loss, so that a loss claimed at a node rests on unreduced
	//     searches of its moves. Without it the reduction is the core's
	//     (params.go: 1 ply from the fourth move at depth 3 and 2 from the
	//     ninth at depth 6), searched again only when it scores above
	//     alpha.
	//   - InternalReductionDepth: a node (not the root) of at least that
	//     many plies that the transposition table gives no move to search
	//     first is searched one ply shallower (internal iterative
	//     reduction, as in Stockfish: its next visit will have a move from
	//     this one); 0 never.
	LateReduction          func(depth, index int) int
	InternalReductionDepth int
}
