package othelloai

import "time"

// tuning is the type of params: the numeric tuning of the Othello
// knowledge, one field a knob, each with its unit and why it has its
// value. The measurements behind the values are in EXPERIMENTS.md.
// Structural constants (board geometry, table layouts, array sizes such as
// shallowMax and the multi-ProbCut table's shape) stay constants, and the
// weight tables (patterns.bin, defaultWeights, squareValue) are data.
type tuning struct {
	// Defaults of the Knowledge fields that New sets.

	// maxSolveEmpties, empty squares: Knowledge.MaxSolveEmpties. A 20-empty
	// solve takes up to about a second on one core ("Solver").
	maxSolveEmpties int
	// maxWLDEmpties, empty squares: Knowledge.MaxWLDEmpties. At 22 the WLD
	// solve changes fewer results than a timed search, in less time
	// ("Solver"); played, +4.5 points ("Clock plan").
	maxWLDEmpties int
	// maxSelectiveEmpties, empty squares: Knowledge.MaxSelectiveEmpties.
	// The move of the side that does not solve at 22; 24 was no stronger
	// ("Matches").
	maxSelectiveEmpties int
	// selectiveMargin, discs: Knowledge.SelectiveMargin. 10 to 14 kept the
	// exact result in nearly all test positions ("Solver").
	selectiveMargin int
	// mpcThreshold, standard deviations of the fitted residual:
	// Knowledge.MPCThreshold. Buro's usual 1.5; 1.0 and 0.8 were no
	// stronger ("Multi-ProbCut").
	mpcThreshold float64
	// shallowPlies, plies: Knowledge.ShallowPlies. Only the frontier:
	// deeper, nodes lose the table's move and the killers, and the search
	// is slower ("Shallow search").
	shallowPlies int

	// The clock plan (clock.go): the weight of a move by its empties
	// ("Clock plan").

	// wldShareMax, empty squares: the first move of the selective and WLD
	// solves, which weigh wldShare down to solveShareMax+1 empties.
	wldShareMax int
	// wldShare, middle-game moves: gives the WLD solve about a second.
	wldShare float64
	// solveShareMax and solveShareMin, empty squares: the exact solve's
	// window, where the solver could not finish in a uniform share.
	solveShareMax, solveShareMin int
	// solveShare, middle-game moves: a move of that window.
	solveShare float64
	// lateShare, middle-game moves: a move after the window, which the
	// solver finishes in milliseconds.
	lateShare float64

	// The exact solver (solve.go).

	// ttBits, log2 of entries: the solver's table has 1<<ttBits entries of
	// 24 bytes (24 MiB for 20 bits), in buckets of two.
	ttBits int
	// stabilityAlpha, discs: deep nodes test the stability cut-off when
	// alpha is at least this (it rarely cuts lower).
	stabilityAlpha int
	// ttMinEmpties, empty squares: deep nodes with fewer neither probe nor
	// fill the table (its cache miss costs more there; "Solver").
	ttMinEmpties int
	// etcEmpties, empty squares: from this many, deep nodes look their
	// children up in the table first (enhanced transposition cut-off).
	etcEmpties int
	// evalOrderEmpties, empty squares: from this many, deep nodes order
	// moves by the child's pattern evaluation and the opponent's mobility
	// (its cost only pays far from the end).
	evalOrderEmpties int
	// searchOrderEmpties, search2OrderEmpties, search3OrderEmpties, empty
	// squares: from these many the order uses a one-, two- and three-ply
	// search of the evaluation (the fewest nodes on FFO #40-#49,
	// "Solver").
	searchOrderEmpties, search2OrderEmpties, search3OrderEmpties int
	// evalOrderMobility, evaluation units (100 a disc): the weight of one
	// opponent reply in that order (the fastest of 60, 125 and 250,
	// "Solver").
	evalOrderMobility int
	// selectiveMinEmpties, empty squares: the fewest at which a selective
	// solve tries its cut (nearer the end the search is cheaper than the
	// test).
	selectiveMinEmpties int
	// aspirationWidth, discs: the half width of the exact root's first
	// window around the evaluation's estimate.
	aspirationWidth int
	// solverPoolSize, solvers: how many idle solvers (and 24 MiB tables)
	// each pool keeps.
	solverPoolSize int

	// The expected cost of a solve (solve.go), on game positions
	// ("Solver").

	// exactNodes20, nodes: an exact solve at 20 empties.
	exactNodes20 float64
	// nodesPerEmpty, factor: each further empty square multiplies it.
	nodesPerEmpty float64
	// wldSaving, factor: a WLD solve takes 1/wldSaving of the exact nodes.
	wldSaving float64
	// initialSolveRate, nodes per second: the solver's speed until solves
	// have timed it.
	initialSolveRate int64
	// minRateSample: solves shorter than this do not update the speed
	// (their timing is noise).
	minRateSample time.Duration

	// Move ordering (knowledge.go's movePriority), evaluation-like units
	// added to squareValue.

	// replyPenalty: per legal reply of the opponent (fewer replies first).
	replyPenalty int
	// cornerReplyPenalty: per corner the opponent may then take.
	cornerReplyPenalty int
	// xSquarePenalty, cSquarePenalty: playing next to an empty corner,
	// diagonally (X-square) or along the edge (C-square).
	xSquarePenalty, cSquarePenalty int
}

// params is the tuning of the Othello knowledge (see tuning).
var params = tuning{
	maxSolveEmpties:     20,
	maxWLDEmpties:       22,
	maxSelectiveEmpties: 23,
	selectiveMargin:     12,
	mpcThreshold:        1.5,
	shallowPlies:        1,

	wldShareMax:   23,
	wldShare:      3.0,
	solveShareMax: 20,
	solveShareMin: 17,
	solveShare:    4.0,
	lateShare:     0.25,

	ttBits:              20,
	stabilityAlpha:      8,
	ttMinEmpties:        9,
	etcEmpties:          10,
	evalOrderEmpties:    14,
	searchOrderEmpties:  16,
	search2OrderEmpties: 19,
	search3OrderEmpties: 21,
	evalOrderMobility:   125,
	selectiveMinEmpties: 12,
	aspirationWidth:     4,
	solverPoolSize:      4,

	exactNodes20:     3e6,
	nodesPerEmpty:    2.4,
	wldSaving:        2.7,
	initialSolveRate: 10_000_000,
	minRateSample:    20 * time.Millisecond,

	replyPenalty:       40,
	cornerReplyPenalty: 200,
	xSquarePenalty:     300,
	cSquarePenalty:     100,
}
