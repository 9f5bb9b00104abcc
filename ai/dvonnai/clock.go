package dvonnai

import (
	"math/bits"

	"planiverse/rules"
	"planiverse/rules/dvonn"
)

// A game clock is spent where DVONN is decided, in the movement phase: a
// placement weighs placementShare (params) of a movement move; while
// placing, movementMoves movement moves of ours are planned for; in the
// movement phase each move weighs one and the moves still to come are half
// the stacks that can still move (height 5 or less) less movementSlack
// (the last moves are quick), at least 2.

// MoveShare is DVONN's clock plan (planiverse/ai's ClockPlanner): the
// weight of the side to move's move in s (a *dvonn.Game) and the total
// weight of its moves still to play, this one included; the move's part of
// the time left is share/total (see params.placementShare). Any other
// state gets (1, 1).
func MoveShare(s rules.State) (share, total float64) {
	g, ok := s.(*dvonn.Game)
	if !ok {
		return 1, 1
	}
	if g.Placing() {
		return params.placementShare, params.movementMoves + params.placementShare*float64((dvonn.NumCells-g.Placed())/2)
	}
	n := 0
	for m := g.Occupied(); m != 0; m &= m - 1 {
		if h, _, _ := g.Stack(bits.TrailingZeros64(m)); h <= 5 {
			n++
		}
	}
	return 1, max(float64(n)/2-params.movementSlack, 2)
}
