package ai

// tuning holds the core search's own knobs; the games' knobs are in their
// knowledge packages' params.go, each a tuning of the same name.
type tuning struct {
	// The late move reduction of a game without Hooks.LateReduction
	// (searchLate):
	// one ply for a quiet move at least lmrIndex moves into a node at
	// least lmrDepth plies deep, two plies from lmr2Index moves and
	// lmr2Depth plies.
	lmrDepth, lmrIndex   int
	lmr2Depth, lmr2Index int
}

// params holds the values in use.
var params = tuning{
	lmrDepth:  3,
	lmrIndex:  3,
	lmr2Depth: 6,
	lmr2Index: 8,
}
