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
//
// The solver has since become several times faster (0.1 to 0.3 s for a
// game position at 20 empties), and once it has solved a position the
// moves after it cost nothing, so a 7.9 s clock against Zebra at 18 plies
// ends with 3.7 to 4.4 s unspent (4.1 CPU-s spent a game, Zebra 4.6). A
// plan that spends the clock (branch othello-clockplan: the moves after
// the solve window's first planned at 0.1, the window's at 2, a
// middle-game move at 1.4 times its share; 85-90% of the clock spent)
// did not play better at equal CPU: at a 5.5 and a 5.2 s clock (4.9 and
// 4.6 CPU-s a game) on two sets of 56 XOT openings with colours swapped
// it scored 36-57-19 and 28-70-14, against 37-56-19 and 38-63-11 for
// these shares at a 9 s clock (4.6 CPU-s a game): -0.3 +- 0.6 and
// -1.0 +- 0.9 discs a game paired by opening. On top of that plan,
// moving the solve window up to 22 empties with an exact solve there
// (MaxSolveEmpties 22) or a win/loss/draw one (MaxWLDEmpties 22) was
// worse than the plan alone: -1.6 +- 1.3 and -1.4 +- 1.5 discs a game on
// 42 and 30 of the first set's openings.
//
// What did pay is a win/loss/draw solve at 22 and 21 empties
// (MaxWLDEmpties), where Zebra solves for the result too, with a share of
// wldShare (then at 22 and 21 empties only), so that the solve gets about
// a second and rarely fails (a median of 0.2 s at 22 empties); a solved
// move leaves the rest of its share to later moves. Against Zebra at 18
// plies at a 9 s clock (4.4 CPU-s a game, Zebra 4.2-4.5) on the two sets
// above and a third (the lines with NR%192==65 of Egaroucid's
// openingslarge.txt): 40-51-21, 40-56-16 and 39-55-18 (43.6%) against
// 37-56-19, 38-63-11 and 33-62-17 (39.1%) without it, +4.5 +- 3.4 points
// of score paired by opening. The margin in discs did not change
// (-0.15 +- 0.44 discs a game), as a WLD solve plays any winning move. As
// Black, the side on move at 22 empties, the losses fell from 83 to 69 of
// 168.
//
// The same solve at 23 empties as well (23 and 22 weighing 6, 21 one; a
// 8.6 s clock for equal CPU) did not do better on the first two sets:
// 38-57-17 and 40-60-12, -2.7 +- 5.4 points against the 22-empty plan;
// that solve often failed in its time. A selective one at 23 empties
// (MaxSelectiveEmpties, SolveWLDSelective) weighing wldShare too, at the
// same 9 s clock (4.3-4.4 CPU-s a game, Zebra 4.3-4.5): 42-50-20, 44-52-16
// and 43-51-18 (46.4%), +2.8 +- 3.1 points against the 22-empty plan alone
// and +7.3 +- 4.0 against neither, with the same margin in discs; as
// White, the side on move at 23 empties, 63-81-24 against 52-93-23.
//
// Solving the position at 24 empties for win, loss or draw (on all 336
// of those games) shows where they were decided: 123 won, 57 drawn and
// 156 lost there, 45.1% with perfect play on both sides against the 46.4%
// scored, so the middle game, not the moves from 24 empties on, loses
// them. Moving the middle game's time towards its later moves (a move
// weighing 0.8 above 40 empties, 1 from 40 to 33 and 1.25 from 32 to 25,
// with the selective solve at 24 empties) scored 44-52-16 and 45-57-10 on
// the first two sets: -0.9 +- 4.6 points. Moving it towards its earlier
// moves instead, as Zebra's fixed depth does (Zebra at 18 plies spends
// about 70% of its time from 52 to 33 empties): a move weighing 1.5 above
// 36 empties and 0.75 from 36 to 24, at an 8.3 s clock for equal CPU
// (4.27-4.29 CPU-s a game, Zebra 3.9-4.3), scored 41-54-19 and 42-59-11
// on two new sets (the lines with NR%192 == 9 and 185 of openingslarge.txt)
// against 37-53-24 and 49-42-21 for this plan at 9 s (4.2-4.3 CPU-s):
// -4.6 +- 5.5 points. Uniform middle-game shares stay.
//
// Time itself gains little against Zebra at 18 plies. On the 57 XOT
// openings of set K (the lines with NR%192 == 9 of openingslarge.txt),
// twice the clock scored 47-20-47 against 47-21-46 (16.6 s against
// 8.3 s, 7.5 CPU-s a game against 3.9), -0.4 +- 9.1 points paired by
// opening, while the engine mode emptied its transposition table before
// every move; with the table kept (as since), 51-27-36 against 49-20-45
// (14.8 s against 7.4 s, 7.1 CPU-s against 3.7), +4.8 +- 9.0. With less
// time on both sides the score falls: Zebra at 16 plies (about 2.0 CPU-s
// a game) against a 3.55 s clock (1.96 CPU-s) gave 169-62-219 (44.4%
// +- 4.2) on the 225 XOT openings with NR%192 == 25, 57, 105 and 153,
// where Zebra at 18 plies against 7.4 s had given 195-73-182 (51.4%):
// -7.0 +- 6.1 points paired by opening.
//
// With more time on both sides the score rises: Zebra at 20 plies
// (`20 20 22`, 7.89 CPU-s a game, about 0.26 a move) against a clock of
// 15, 16 or 15.5 s (7.65 CPU-s a game), with the frontier's incremental
// evaluation (fold.go), on eight new sets of XOT openings (NR%192 == 117,
// 177, 1, 33, 49, 81, 113 and 129 of openingslarge.txt): 402-145-351,
// 52.8% +- 2.9 over 898 games (sets from 49.6% to 58.5%), against 49.8%
// at 18 plies and 44.4% at 16. At 18 plies this build (7.4 s) then scored
// 107-30-89 on two more new sets (NR%192 == 145 and 17; 3.72 CPU-s a
// game, Zebra 3.81), which brings 18 plies to 862-312-850, 50.3% +- 1.9
// over 2,024 games.
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
