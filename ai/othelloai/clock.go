package othelloai

import (
	"planiverse/rules"
	"planiverse/rules/othello"
)

// The clock plan: a move's weight by the empty squares left (params: the
// selective and WLD solves weigh wldShare, the exact solve's window
// solveShare, later moves lateShare, a middle-game move 1; EXPERIMENTS.md,
// "Clock plan").

// shareAt returns the weight of a move at empties empty squares (see
// solveShare).
func shareAt(empties int) float64 {
	switch {
	case empties > params.wldShareMax:
		return 1
	case empties > params.solveShareMax:
		return params.wldShare
	case empties >= params.solveShareMin:
		return params.solveShare
	}
	return params.lateShare
}

// MoveShare is Othello's clock plan (planiverse/ai's ClockPlanner): the
// weight of the side to move's move in s (an *othello.Board) and the total
// weight of its moves still to play, one every two empty squares, this one
// included; the move's part of the time left is share/total (see
// solveShare). Any other state gets (1, 1).
func MoveShare(s rules.State) (share, total float64) {
	b, ok := s.(*othello.Board)
	if !ok {
		return 1, 1
	}
	e := b.Empties()
	for n := e; n > 0; n -= 2 {
		total += shareAt(n)
	}
	return shareAt(e), max(total, shareAt(e))
}
