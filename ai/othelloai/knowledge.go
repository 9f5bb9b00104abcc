// Package othelloai is the Othello knowledge of the Planiverse search: a
// pattern evaluation with weights trained by self-play regression and
// refitted on search scores (EvaluatePatterns, pattern.go), a hand-set
// evaluation (EvaluateBitboards: mobility, potential mobility, corners, X-
// and C-squares, stable discs, parity), move ordering, and an exact endgame
// solver on raw bitboards (SolveExact), multi-ProbCut (mpc.go) and an
// opening book built by its own search (book.go).
//
// The programs under cmd/ build its data (cmd/trainpatterns,
// cmd/labelgames, cmd/labelteacher, cmd/fitlabels, cmd/fitmpc,
// cmd/buildbook) and measure it (cmd/patternmatch, cmd/validatepatterns,
// cmd/endgamechoice); EXPERIMENTS.md records what they found.
//
// It imports planiverse/ai and asserts the interfaces it satisfies
// (levels.go); nothing in ai imports it. Scores follow ai's scale: from the side to move's point of view,
// about 100 units per disc, evaluations within ai.MaxEval either way.
package othelloai

import (
	"context"
	"math/bits"
	"time"

	"planiverse/rules"
	"planiverse/rules/othello"
)

// The score scale is package ai's: evaluations stay within
// ai.MaxEval either way (about 100 units per disc, stone or piece), a
// forced win in n plies scores ai.WinScore - n.

// Knowledge is the Othello game knowledge for the search: Evaluate,
// OrderMoves and Solve. A value is cheap and holds no scratch state (the
// solver's tables live in a shared pool), so it is safe for concurrent use
// as long as MaxSolveEmpties is not changed meanwhile.
//
// It is not a Reducer, so the midgame search makes the engine's default
// late move reductions (described with planiverse/ai's Reducer); other
// reductions and aspiration windows were no stronger (EXPERIMENTS.md).
type Knowledge struct {
	// MaxSolveEmpties: Solve declines (ok = false, no search) positions
	// with more empty squares than this. New sets 20: a 20-empty solve
	// takes up to about a second on one core, each extra empty two to
	// three times more (EXPERIMENTS.md, "Solver").
	MaxSolveEmpties int
	// MaxWLDEmpties: above MaxSolveEmpties and up to this many empty
	// squares, Solve runs a win/loss/draw solve (SolveWLD, about three
	// times cheaper than an exact one) and plays its move when it proves
	// a win or a draw; under a deadline only when the solve is expected
	// to take at most twice the time left (wldWorth). 0 or at most
	// MaxSolveEmpties: none. New sets 22: there the solve changes fewer
	// game results than a timed midgame search, in less time
	// (EXPERIMENTS.md, "Solver").
	MaxWLDEmpties int
	// MaxSelectiveEmpties: above MaxSolveEmpties and MaxWLDEmpties and up
	// to this many empty squares, Solve runs a selective win/loss/draw
	// solve (SolveWLDSelective with SelectiveMargin discs) and plays its
	// move when it finds a probable win or draw; under a deadline only
	// when an exact WLD solve with one empty square fewer may finish
	// (wldWorth), which costs about as much; under a deadline it also
	// stands in, up to MaxWLDEmpties, for a WLD solve that wldWorth
	// declines. New sets 23, the move of the side that does not solve at
	// 22; 24 was no stronger (EXPERIMENTS.md, "Solver").
	MaxSelectiveEmpties int
	// SelectiveMargin: the cut margin of that solve, in discs (0: none).
	SelectiveMargin int
	// Stretch lets Solve go beyond MaxSolveEmpties and MaxWLDEmpties
	// when its context has a deadline and the solve's expected time
	// (solveFits) is at most half the time left: an exact solve if that
	// fits, else a WLD one. New sets it.
	Stretch bool
	// MPCThreshold is multi-ProbCut's cut margin t in standard deviations
	// of the fitted residual (mpc.go); 0 turns multi-ProbCut off (the zero
	// Knowledge searches without it). New sets params.mpcThreshold.
	MPCThreshold float64
	// NoBook turns the opening book (BookMove, book.go) off.
	NoBook bool
	// ShallowPlies: the midgame search hands nodes with at most this
	// many plies left to ShallowSearch (shallow.go); 0 (the zero
	// Knowledge): only the horizon's evaluations. New sets
	// params.shallowPlies.
	ShallowPlies int
}

// New returns the Othello knowledge with the default settings (params).
func New() *Knowledge {
	return &Knowledge{MaxSolveEmpties: params.maxSolveEmpties, MaxWLDEmpties: params.maxWLDEmpties,
		MaxSelectiveEmpties: params.maxSelectiveEmpties, SelectiveMargin: params.selectiveMargin,
		Stretch: true, MPCThreshold: params.mpcThreshold, ShallowPlies: params.shallowPlies}
}

// Solve solves s (an *othello.Board) exactly when it has at most
// MaxSolveEmpties empty squares: the best move and its score on the
// search's scale, the final disc difference (empties to the winner) times
// 100, with the nodes searched. Up to MaxWLDEmpties empties it solves for
// win, loss or draw (SolveWLD), under a deadline only when wldWorth says
// the solve may finish, and up to MaxSelectiveEmpties selectively
// (SolveWLDSelective); it answers only a win or draw (proven, or probable
// for the selective solve): the score is then 100 times a lower bound of
// the disc difference (at least 2 discs for a win, 0 for a draw); a loss
// returns ok = false, with the nodes spent, and the search picks the move
// that resists best. With Stretch and a deadline, positions beyond those
// limits are solved too when the solve is expected to take at most half
// the time left. It returns ok = false at once for other states or more
// empties, and promptly when ctx is canceled.
func (k *Knowledge) Solve(ctx context.Context, s rules.State) (m rules.Move, value int, nodes int64, ok bool) {
	b, isBoard := s.(*othello.Board)
	if !isBoard {
		return rules.NoMove, 0, 0, false
	}
	e := b.Empties()
	exact, wld := e <= k.MaxSolveEmpties, e <= k.MaxWLDEmpties
	sel := e <= k.MaxSelectiveEmpties && k.SelectiveMargin > 0
	if dl, has := ctx.Deadline(); has && !exact {
		left := time.Until(dl)
		wld = wld && wldWorth(e, left)
		sel = sel && wldWorth(e-1, left)
		if k.Stretch {
			exact = solveFits(e, false, left)
			wld = wld || solveFits(e, true, left)
		}
	}
	switch {
	case exact:
		m, d, nodes, ok := SolveExact(ctx, b)
		return m, 100 * d, nodes, ok
	case wld || sel:
		var v int
		if wld {
			m, v, nodes, ok = SolveWLD(ctx, b)
		} else {
			m, v, nodes, ok = SolveWLDSelective(ctx, b, k.SelectiveMargin)
		}
		if !ok || v < 0 {
			return rules.NoMove, 0, nodes, false
		}
		return m, 100 * v, nodes, true
	}
	return rules.NoMove, 0, 0, false
}

// OrderMoves fills scores[i] with a priority of moves[i] in s (an
// *othello.Board; higher is searched first): corners first, few opponent
// replies, squares next to an empty corner last. It does not allocate.
func (k *Knowledge) OrderMoves(s rules.State, moves []rules.Move, scores []int32) {
	b, isBoard := s.(*othello.Board)
	if !isBoard {
		return
	}
	own, opp := b.Bitboards()
	empt := ^(own | opp)
	for i, m := range moves {
		if m >= 64 {
			scores[i] = 0
			continue
		}
		sq := int(m)
		f := othello.FlipsMask(sq, own, opp)
		o2, p2 := opp&^f, own|f|1<<sq
		scores[i] = int32(movePriority(sq, empt, othello.MovesMask(o2, p2)))
	}
}

// movePriority is OrderMoves' priority of playing sq, with empt the empty
// squares before the move and replies the opponent's legal moves after it.
func movePriority(sq int, empt, replies uint64) int {
	v := int(squareValue[sq]) - params.replyPenalty*bits.OnesCount64(replies) - params.cornerReplyPenalty*bits.OnesCount64(replies&cornerMask)
	if c := xCorner[sq]; c >= 0 && empt>>c&1 != 0 {
		v -= params.xSquarePenalty
	}
	if c := cCorner[sq]; c >= 0 && empt>>c&1 != 0 {
		v -= params.cSquarePenalty
	}
	return v
}
