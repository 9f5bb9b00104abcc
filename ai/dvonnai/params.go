package dvonnai

// tuning holds dvonnai's numeric tuning constants: the hand-set weights of
// the field evaluation and of the move ordering, the DVONN-piece placement
// policy and the clock plan. The fitted weight tables (weights.go,
// model_weights.go) are data, not knobs. Results: EXPERIMENTS.md.
type tuning struct {
	// Field evaluation, placement phase (placementField), in evaluation
	// units per own piece minus per enemy piece; small (a few tens a piece)
	// so that the placement never outweighs the movement positions the
	// search reaches.
	placeNear1   int // 12 for a piece next to a DVONN piece: it stays alive
	placeNear2   int // 6 for a piece two spaces from the nearest DVONN piece
	placeTotDist int // -2 per space to each of the three DVONN pieces
	placeCrowded int // -4 per missing free neighbor below two: a piece boxed in by its own
	placeEdge    int // -2 per edge piece beyond edgeExcess more than the opponent has
	edgeExcess   int // 3 edge pieces more than the opponent are free: some edge is mobile, too much is cut off

	// Placement move ordering (placementValue), in ordering units; the
	// proximity table beside it is data.
	edgeNear int // 8 for an edge piece within two spaces of a DVONN piece: mobile from the first move
	edgeFar  int // -8 for an edge piece farther away: easily cut off

	// DVONN-piece placement policy (redScore), in ordering units: the first
	// in the center, the others redSpread spaces from the nearest, off the
	// edge, near the center and the middle row (layout B3 F3 J3).
	redFirstCenter int // 10 per space from the center for the first DVONN piece
	redSpread      int // 4 spaces from the nearest DVONN piece: spread across the board
	redSpreadCost  int // 20 per space off redSpread
	redCenter      int // 5 per space from the center for the later DVONN pieces
	redRow         int // 3 per row from the middle row
	redEdge        int // 30 off for an edge space

	// Movement move ordering (OrderMoves), in ordering units.
	orderOwn         int // -50 for landing on an own stack: tried last
	orderRed         int // 60 for taking a lone DVONN piece
	orderPerHeight   int // 200 per piece of an enemy stack landed on: tall captures first
	orderDvonnInside int // 60 more when that stack holds a DVONN piece

	// Clock plan (MoveShare).
	placementShare float64 // 0.06 of a movement move's time for a placement: best of 0.03..0.25 at 5 s a game ("clock")
	movementSlack  float64 // 10 moves fewer than half the mobile stacks: the last moves are quick
	movementMoves  float64 // 15 movement moves of ours planned for while placing

	// Exact endgame solving for the game analysis (ExactValue).
	exactMobile int // 14 mobile stacks at most: beyond, a full-width search rarely ends in the budget
	exactNodes  int // 200,000 nodes a position: bounds the time spent on a position it cannot solve
}

// params holds the values in use.
var params = tuning{
	placeNear1:   12,
	placeNear2:   6,
	placeTotDist: -2,
	placeCrowded: -4,
	placeEdge:    -2,
	edgeExcess:   3,

	edgeNear: 8,
	edgeFar:  -8,

	redFirstCenter: 10,
	redSpread:      4,
	redSpreadCost:  20,
	redCenter:      5,
	redRow:         3,
	redEdge:        30,

	orderOwn:         -50,
	orderRed:         60,
	orderPerHeight:   200,
	orderDvonnInside: 60,

	placementShare: 0.06,
	movementSlack:  10,
	movementMoves:  15,

	exactMobile: 14,
	exactNodes:  200_000,
}
