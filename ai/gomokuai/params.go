package gomokuai

// tuning holds the search knobs of the Gomoku knowledge: budgets, margins,
// shares and caps. The evaluation's weights are data (evalweights.go,
// patterns.go, lines.go), and sizes that arrays need stay constants. The
// measurements behind the values are in EXPERIMENTS.md, under the name in
// quotes.
type tuning struct {
	// Solve (the root's solver): VCF then VCT of the side to move.
	solveDepth    int     // fours of Solve's VCF: any number (maxVCFDepth); the node budget bounds it
	solveNodes    int64   // nodes of Solve's VCF, about 1 µs each on 15x15
	solveVCTDepth int     // threats of Solve's VCT, and of Refuted's VCT
	solveVCTNodes int64   // nodes of Solve's VCT, about 1 µs each on 15x15
	solveVCTShare float64 // share of the time left to the deadline Solve's VCT may take; 0.2 keeps time for the search ("Solve's budgets")
	searchShare   float64 // share of a timed search's time after which no iteration starts: all of it ("SearchShare")

	// Evaluation and move order.
	evalForcedPlies   int   // forced blocks evaluate plays before it evaluates (a short quiescence over fours)
	orderDefenceShare int32 // weight of a block against an attack in the order, percent; 50 puts the attacks that start a win first ("orderDefenceShare")
	candidateCap      int   // most moves Candidates returns when no threat forces the choice ("CandidateCap")
	orderScale        int32 // factor of pointOrder in OrderMoves, so that the pattern order outweighs the search's history ("orderScale")

	// Quiescence (Quiesce).
	quiescenceFours int // fours the side to move may play at a leaf
	quiescencePlies int // most plies of a quiescence line, forced blocks included
	quiescenceDelta int // delta pruning margin, evaluation units: about 10 logits of the win probability

	// Forward pruning (ReverseFutilityMargin, MoveCountLimit).
	futilityUnit     int // reverse futility margin a ply, evaluation units: about 0.3 of a logit; best of 250..650 ("ReverseFutilityMargin")
	futilityMaxDepth int // deepest node, in plies, where reverse futility pruning applies
	// lateMoves is the late move pruning's move count by depth (index: the
	// depth in plies, 1 to len-1; deeper nodes have no limit): 3 + d^1.32.
	// Smaller or larger counts played worse ("lateMoves").
	lateMoves []int

	// Reductions (LateReduction, InternalReductionDepth): lmrBase +
	// ln(depth)*ln(index+1)/lmrDivisor plies ("Reductions").
	lmrBase     float64 // plies added to the late move reduction's product
	lmrDivisor  float64 // divisor of the late move reduction's product
	lmrMinDepth int     // shallowest node, in plies, whose late moves are reduced
	lmrMinIndex int     // first move index reduced
	iirDepth    int     // shallowest node, in plies, searched a ply shallower without a hash move

	// RootMoves' VCF filter: the opponent's VCF after a pass (the threat
	// test), then after each root move; a VCF node costs about 1 µs on
	// 15x15, so the filter stays within about 200 ms (usually a few ms).
	threatDepth int   // fours of the threat test
	threatNodes int64 // nodes of the threat test
	refuteDepth int   // fours of the opponent's VCF after a root move
	refuteNodes int64 // nodes of the opponent's VCF after a root move
	filterNodes int64 // nodes of all the refutations together

	// RootMoves' VCT part (vctFilter, blockVCT): the opponent's VCT after
	// a pass, then after each candidate defence, with four times the nodes
	// each later round; the search's deadline usually ends the rounds.
	threatVCTDepth    int   // threats of the VCT threat test
	threatVCTNodes    int64 // nodes of the VCT threat test
	refuteVCTNodes    int64 // nodes of the opponent's VCT after a move, first round
	maxRefuteVCTNodes int64 // most nodes of one such VCT in later rounds
	defenceNodes      int64 // nodes of all the defences' searches together

	// Refuted (the root verifier): about 1 µs a node on 15x15; its
	// deadline (verify.Share of the move time) usually ends it first.
	verify         verifyLimits // when and for how long the search asks Refuted; halving or doubling the shares made no difference (ai/EXPERIMENTS.md, "Root verifier shares")
	verifyVCFNodes int64        // nodes of the opponent's VCF (refuteDepth fours)
	verifyVCTNodes int64        // nodes of his VCT (solveVCTDepth threats)

	// The VCT search (vct.go, dfpn.go).
	iterativeVCTNodes int64  // nodes of the iterative pass before df-pn: it finds the short wins, whose proofs make the tightest defence sets
	walkVCTNodes      int64  // nodes of the proof walk after a df-pn win, beyond the search's own budget
	defenceVCFDepth   int    // fours of the defender's VCF before his replies to a three ("DefenceVCFDepth and DefenceVCFNodes")
	defenceVCFNodes   int64  // nodes of that VCF: a shortcut only, so small
	pnChildThree      uint32 // initial proof number of the defender's node after an attacker's three (the cost squares he usually has)
	epsShift          int    // df-pn's 1+ε trick with ε = 1/2^epsShift ("epsShift")
}

// params is the knowledge's tuning.
var params = tuning{
	solveDepth:    maxVCFDepth,
	solveNodes:    1_000_000,
	solveVCTDepth: 16,
	solveVCTNodes: 400_000,
	solveVCTShare: 0.2,
	searchShare:   1.0,

	evalForcedPlies:   8,
	orderDefenceShare: 50,
	candidateCap:      20,
	orderScale:        1 << 10,

	quiescenceFours: 4,
	quiescencePlies: 24,
	quiescenceDelta: 12_000,

	futilityUnit:     400,
	futilityMaxDepth: 8,
	lateMoves:        []int{0, 4, 5, 7, 9, 11, 13, 16, 18},

	lmrBase:     0.3,
	lmrDivisor:  1.2,
	lmrMinDepth: 3,
	lmrMinIndex: 2,
	iirDepth:    4,

	threatDepth: 12,
	threatNodes: 40_000,
	refuteDepth: 12,
	refuteNodes: 3_000,
	filterNodes: 160_000,

	threatVCTDepth:    12,
	threatVCTNodes:    60_000,
	refuteVCTNodes:    8_000,
	maxRefuteVCTNodes: 512_000,
	defenceNodes:      3_000_000,

	verify:         verifyLimits{Depth: 4, Share: 0.2, TotalShare: 0.4, FinalShare: 0.1},
	verifyVCFNodes: 100_000,
	verifyVCTNodes: 1_000_000,

	iterativeVCTNodes: 10_000,
	walkVCTNodes:      200_000,
	defenceVCFDepth:   20,
	defenceVCFNodes:   2_000,
	pnChildThree:      3,
	epsShift:          0,
}
