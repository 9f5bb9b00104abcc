package ai

import (
	"context"
	"math"
	"reflect"
	"sync/atomic"
	"time"

	"planiverse/rules"
)

// maxPly bounds the search's ply (and its per-ply tables); iterative
// deepening never goes past maxDepth.
const (
	maxPly   = 256
	maxDepth = 250
)

// infinity is beyond every score the search produces.
const infinity = WinScore + 1

// Limits bound one search. Zero fields mean "no limit"; at least one should
// be set (a search with none runs until the game tree is solved or ctx is
// canceled). Depth is in plies, Nodes counts positions visited, Time is
// the wall-clock budget of the whole call, Solver and RootPolicy included:
// the search returns by then (it looks at the clock every 1024 nodes), with
// the best move of the last finished iteration. Only the depth-1 iteration
// ignores Nodes and Time, so that a move is always found.
type Limits struct {
	Depth int
	Nodes int64
	Time  time.Duration
}

// Info is one progress report: the deepest finished iteration's depth (in
// plies), score (side to move's view, see the package doc), principal
// variation, and the nodes and time spent so far. It is sent after each
// finished iteration and at most every ~100 ms while one is running.
type Info struct {
	Depth   int
	Score   int
	PV      []rules.Move
	Nodes   int64
	Elapsed time.Duration
}

// Result of a search. Move is always legal when the position has moves, and
// rules.NoMove when the game is over. Score is from the side to move's view
// (WinScore - n: a forced win in n plies; for an Othello exact solve the
// final disc difference times 100). Depth is the last finished iteration's
// depth in plies (0 when a Solver or the Book answered or none finished).
// PV starts with Move. Nodes and Elapsed count the whole call. Book says
// the move came from the game's opening book (Score is then the book's).
type Result struct {
	Move    rules.Move
	Score   int
	Depth   int
	PV      []rules.Move
	Nodes   int64
	Elapsed time.Duration
	Book    bool
}

// histSize is the history table's length per side: move codes of the four
// games are below 0x1040, and Pass and Swap fall on the table's last slots.
const histSize = 1 << 13

// histIndex maps a move code to its history slot.
func histIndex(m rules.Move) int { return int(m) & (histSize - 1) }

// Engine owns a transposition table and the search's scratch space (move
// stack, killers, history, principal-variation table). It keeps the table
// between searches. It is not safe for concurrent use: use one Engine per
// goroutine.
type Engine struct {
	tt       transTable
	moveTime time.Duration
	// fixedTime: the move time is fixed, see SetMoveTimeFixed.
	fixedTime bool

	// Game knowledge, cached per concrete state type.
	override Knowledge
	knowType reflect.Type
	know     Knowledge
	orderer  MoveOrderer
	cands    CandidateGenerator
	solver   Solver
	book     Book
	policy   RootPolicy
	// The game's Hooks, taken apart when the engine binds.
	iterShare     float64
	probCut       func(s rules.State, depth int) (shallow int, a, b, margin float64, ok bool)
	shallowSearch func(s rules.State, depth, ply, alpha, beta int) (score int, move rules.Move, nodes int64, horizon, ok bool)
	// shallowDepth: nodes of at most this remaining depth go to
	// shallowSearch (-1: none).
	shallowDepth  int
	quiesce       func(s rules.State, ply, alpha, beta int) (score int, nodes int64)
	quickWinCheck func(s rules.State, ply int) (score int, ok bool)
	futility      func(s rules.State, depth int) (margin int, ok bool)
	moveCount     func(depth int) int
	lateReduction func(depth, index int) int
	// iirDepth: the Hooks' InternalReductionDepth (0: none).
	iirDepth int
	// extendReply: the knowledge asks for the single-reply extension.
	extendReply bool

	// Per-search state.
	s          rules.State
	stack      []rules.Move
	rootMoves  []rules.Move // the RootPolicy's kept root moves; empty: every candidate
	ctx        context.Context
	verified   []rules.Move  // root moves the RootPolicy was asked about this search (Refuted)
	verifyTime time.Duration // the time the RootPolicy's Refuted took this search
	finalTime  time.Duration // the RootPolicy's FinalReserve of a timed search's limit, else 0
	iterMove   rules.Move    // the best move of the last finished iteration (after the RootPolicy)
	iterScore  int           // iterMove's score (an estimate when the RootPolicy replaced the iteration's best)
	scores     []int32
	killers    [maxPly][2]rules.Move
	history    [2][histSize]int32
	pv         [maxPly][maxPly]rules.Move
	pvLen      [maxPly]int
	nodes      int64
	nextCheck  int64 // e.nodes at which negamax next looks at the clock and limits
	nodeLimit  int64
	deadline   time.Time
	hasDead    bool
	start      time.Time
	stop       atomic.Bool
	aborted    bool
	horizon    bool
	immune     bool             // the depth-1 iteration ignores node and time limits
	now        func() time.Time // the clock (tests); nil: time.Now
	report     func(Info)
	// exactDepth: the exact-depth mode the tests set (setExactDepth); bind
	// folds it into the fields below and switches off the knowledge's
	// pruning, so that negamax never looks at it.
	exactDepth bool
	// ttDepthSpan: a table entry ends a node of depth d when its depth is
	// within [d, d+ttDepthSpan] (depthSolved normally, 0 in exact depth).
	ttDepthSpan int
	// lmrFloor: a move whose order score is at least this is never
	// reduced (orderKiller normally: the hash move and the killers).
	lmrFloor int32
	// solvedDepth: the least depth stored for a node whose value reached
	// no horizon (depthSolved normally, 0 in exact depth).
	solvedDepth int
	lastReport  time.Time
	best        Result // last finished iteration
	rootPV      []rules.Move
}

// NewEngine returns an Engine with a transposition table of about
// ttMegabytes megabytes (rounded down to a power-of-two number of 16-byte
// entries; at least 1 MB). The top level's move time starts at 3 s.
func NewEngine(ttMegabytes int) *Engine {
	return &Engine{
		tt:       newTransTable(ttMegabytes),
		moveTime: 3 * time.Second,
		stack:    make([]rules.Move, 0, 4096),
		scores:   make([]int32, 4096),
		rootPV:   make([]rules.Move, 0, maxPly),
	}
}

// SetMoveTime sets the time budget per move of the top level (MaxLevel);
// the timed levels below use their LevelSpec's share of it (an eighth in
// DefaultLevels; a game's LevelTable or ExactTable may search to a fixed
// depth instead, see Play). d <= 0 restores the default 3 s.
func (e *Engine) SetMoveTime(d time.Duration) {
	if d <= 0 {
		d = 3 * time.Second
	}
	e.moveTime = d
}

// SetMoveTimeFixed says whether a timed search's time is a fixed time per
// move, which a move that finishes early loses rather than saves for later
// moves (a tournament's time per move, the engine mode's --time-ms). Then
// iterative deepening starts iterations until the time is up, whatever the
// Hooks' IterationShare: an unfinished iteration still yields the root
// moves it completed (see Search). Off by default: a budget cut from a
// game clock or a level's time, where the share holds.
func (e *Engine) SetMoveTimeFixed(on bool) { e.fixedTime = on }

// SetKnowledge makes the engine use k for every position instead of
// KnowledgeFor's choice (nil restores KnowledgeFor). It is meant for tests
// and for games outside the four.
func (e *Engine) SetKnowledge(k Knowledge) {
	e.override = k
	e.knowType = nil
}

// ClearHash empties the transposition table and the history heuristic.
func (e *Engine) ClearHash() {
	e.tt.clear()
	e.history = [2][histSize]int32{}
}

// bind selects the knowledge for s, reusing the cached one when the
// concrete type is unchanged.
func (e *Engine) bind(s rules.State) {
	t := reflect.TypeOf(s)
	if e.know != nil && t == e.knowType {
		return
	}
	k := e.override
	if k == nil {
		k = KnowledgeFor(s)
	}
	e.knowType = t
	e.know = k
	e.orderer, _ = k.(MoveOrderer)
	e.cands, _ = k.(CandidateGenerator)
	e.solver, _ = k.(Solver)
	e.book, _ = k.(Book)
	e.policy, _ = k.(RootPolicy)
	var h Hooks
	if x, ok := k.(SearchHooks); ok {
		h = x.SearchHooks()
	}
	e.iterShare = h.IterationShare
	e.probCut = h.ProbCut
	e.shallowSearch, e.shallowDepth = h.ShallowSearch, -1
	if h.ShallowSearch != nil && h.ShallowDepth > 0 {
		e.shallowDepth = h.ShallowDepth
	}
	e.quiesce = h.Quiesce
	e.quickWinCheck = h.QuickWin
	e.extendReply = h.ExtendSingleReply
	e.futility, e.moveCount = h.ReverseFutilityMargin, h.MoveCountLimit
	e.lateReduction = h.LateReduction
	e.iirDepth = max(0, h.InternalReductionDepth)
	e.ttDepthSpan, e.lmrFloor, e.solvedDepth = depthSolved, orderKiller, depthSolved
	if e.exactDepth {
		e.probCut, e.futility, e.moveCount, e.quickWinCheck, e.iirDepth = nil, nil, nil, nil, 0
		e.ttDepthSpan, e.lmrFloor, e.solvedDepth = 0, math.MinInt32, 0
	}
}

// setExactDepth switches the exact-depth mode of the tests on or off: a
// search then takes table cutoffs only from entries of exactly the needed
// depth, reduces no move, and uses none of the Hooks' ProbCut, forward
// pruning, QuickWin and internal iterative reduction, so that its score
// equals a plain minimax's of the same depth (with the single-reply
// extension and the quiescence, which the tests' minimax mirrors).
func (e *Engine) setExactDepth(on bool) {
	e.exactDepth = on
	e.knowType = nil // bind again
}
