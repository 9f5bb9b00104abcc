package alakai

import "time"

// tuning holds alakai's numeric tuning constants: the hand-set weights of
// the evaluation and of the move ordering, and how long Solve waits for a
// table still being built. No match has tuned them (EXPERIMENTS.md).
type tuning struct {
	// Evaluation weights (Evaluate), in the search's unit (about 1/100 of
	// a piece).
	pieceWeight    int // 100 per piece or stone of material: the unit
	mobilityWeight int // 5 per legal move (classic) or legal point (modern): a tie-breaker
	captureNow     int // 60 per piece of the best capture the side to move has: it is taken next ply
	captureThreat  int // 25 per piece of the best capture the opponent threatens: it can often be parried

	// Move ordering (OrderMoves), in ordering units.
	orderCapture int // 1000 per piece the move captures: captures first
	orderNear    int // 10 per enemy piece next to the landing slot: moves into the fight next

	// tableWait divides the time to a timed search's deadline into the most
	// Solve waits for a table being built: 4, a quarter, so that the search
	// keeps time of its own.
	tableWait time.Duration
}

// params holds the values in use.
var params = tuning{
	pieceWeight:    100,
	mobilityWeight: 5,
	captureNow:     60,
	captureThreat:  25,
	orderCapture:   1000,
	orderNear:      10,
	tableWait:      4,
}
