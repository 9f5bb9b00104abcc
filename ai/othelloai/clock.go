package othelloai

import (
	"planiverse/rules"
	"planiverse/rules/othello"
)

// A game clock is spent where an Othello game at equal time is decided.
// Against Zebra at 120 ms a move (112 XOT games), our exact score at 22
// and at 20 empties was on average within 0.1 disc of the same, and every
// game from 17 empties on was played perfectly, but 1.3 discs a game were
// lost at 20 to 18 empties, where the exact solver (about 0.2 s at 20
// empties) could not finish in the 80 ms it was given. So a move from
// solveShareMax down to solveShareMin empties weighs solveShare, one with
// fewer lateShare (the solver finishes in a few milliseconds), and the
// others one each. At the same 2 s CPU clock against Zebra, side by side,
// these shares scored 13-32-9 and uniform shares 6-44-5: +3.6 +- 1.0
// discs a game paired by opening.
const (
	solveShareMax = 20
	solveShareMin = 17
	solveShare    = 4.0
	lateShare     = 0.25
)

// shareAt returns the weight of a move at empties empty squares (see
// solveShare).
func shareAt(empties int) float64 {
	switch {
	case empties > solveShareMax:
		return 1
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
