package othelloai

import (
	"planiverse/rules"
	"planiverse/rules/othello"
)

// The clock plan: a move's weight by the empty squares left. A move of
// the selective and win/loss/draw solves (wldShareMax down to
// solveShareMax+1 empties) weighs wldShare, one of the exact solve window
// (solveShareMax down to solveShareMin) solveShare, a later one lateShare
// (the solver then finishes in milliseconds), and a middle-game move 1.
// Chosen by matches at equal CPU (EXPERIMENTS.md, "Clock plan").
const (
	wldShareMax   = 23
	wldShare      = 3.0 // a move from wldShareMax down to solveShareMax+1 empties
	solveShareMax = 20
	solveShareMin = 17
	solveShare    = 4.0
	lateShare     = 0.25
)

// shareAt returns the weight of a move at empties empty squares (see
// solveShare).
func shareAt(empties int) float64 {
	switch {
	case empties > wldShareMax:
		return 1
	case empties > solveShareMax:
		return wldShare
	case empties >= solveShareMin:
		return solveShare
	}
	return lateShare
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
