package othelloai

import (
	"planiverse/rules"
	"planiverse/rules/othello"
)

// Multi-ProbCut (M. Buro, "Experiments with Multi-ProbCut and a New
// High-Quality Evaluation Function for Othello", 1997): in the midgame
// search, a node of depth d is first searched to a shallow depth
// MPCShallow(d) with a null window, and pruned when the linear model
// v_d ≈ a*v_shallow + b, fitted per game stage and depth on self-play
// positions, predicts the deep score outside the window with a margin of
// t standard deviations of its residual. The table mpcTable
// (mpc_table.go) is written by TestFitMPC:
//
//	OTHELLO_MPC_FIT=1 go test -run TestFitMPC -timeout 0 ./ai/othelloai
//
// DefaultMPCThreshold is the usual t (Buro used about 1.5). Against Zebra
// at 18 plies (our clock 7.9 CPU-s a game, two sets of 56 XOT openings
// with colours swapped) t = 1.0, which searches about a ply deeper at
// 150 ms a move, scored 43-49-20 and 28-66-18 against 34-57-21 and
// 37-65-10 for 1.5 (+0.8 +- 1.3 and 0.0 +- 1.3 discs a game paired by
// opening), and t = 0.8 34-59-10 on the first set (0.0 +- 1.5): no
// difference these matches can show, so t stays 1.5.
//
// The table is fitted on the noisy one-ply player's positions, which are
// often lopsided (slopes A near 1). Fitted instead on 14,464 positions of
// 452 games against Zebra (TestFitMPC with OTHELLO_MPC_GAMES), the slopes
// fall to 0.43-0.77 with similar residuals: in balanced positions the
// deeper score is the shallower one shrunk towards 0, so the cut bounds
// move outwards. With that table (stages 1-4; stage 0 kept) against Zebra
// at 18 plies, our clock 8.7 CPU-s (4.2-4.3 CPU-s a game, as with this
// table at 9 s), it scored 41-52-21 and 48-54-10 on the two sets of 56 XOT
// openings with NR%192 == 9 and 185 (the sets of its positions), against
// 37-53-24 and 49-42-21 with this table: -1.8 +- 7.1 points, so this
// table stays. Nor did fitting depths 11 and 12 with their own pairs
// (mpcMaxDepth 12: 11 on 5 plies, 12 on 6, whose residuals are smaller
// than the 10/4 model's, 165 against 190 at stage 1) pay: 45-45-24 and
// 40-50-22 on the same sets at 9 s (4.2-4.3 CPU-s), -0.2 +- 7.2 points.

// DefaultMPCThreshold is the default of Knowledge.MPCThreshold: the cut
// margin in standard deviations of the fitted residual.
const DefaultMPCThreshold = 1.5

// MPC stages and depths: stage = (60 - empties) / mpcStageWidth, depths
// mpcMinDepth..mpcMaxDepth are fitted; deeper nodes use the mpcMaxDepth
// model of their stage.
const (
	mpcStages     = 8
	mpcStageWidth = 8
	mpcMinDepth   = 3
	mpcMaxDepth   = 10
)

// mpcModel is one fitted regression v_deep ≈ A*v_shallow + B with residual
// standard deviation Sigma (evaluation units, 100 per disc); N is the
// number of positions of the fit (0: no model, MPC off there).
type mpcModel struct {
	A, B, Sigma float32
	N           int32
}

// MPCShallow returns the shallow depth (plies) paired with a search of
// depth plies: 2*floor(depth/4) + depth%2 (the pairing Edax uses), of the
// same parity as depth so that the evaluation's odd/even effect cancels in
// the regression, and at least 1.
func MPCShallow(depth int) int {
	return max(2*(depth/4)+depth%2, 1)
}

// mpcStage returns the MPC stage of a position with empties empty squares.
func mpcStage(empties int) int {
	st := (60 - empties) / mpcStageWidth
	return min(max(st, 0), mpcStages-1)
}

// ProbCut implements planiverse/ai's ProbCutter (multi-ProbCut, see above)
// for s, an *othello.Board, searched to depth plies: ok is false when
// MPCThreshold <= 0, for depths below mpcMinDepth, for positions the
// endgame solver would handle at the root (at most MaxSolveEmpties empties,
// whose scores need exact play), and where the table has no model.
// It does not allocate.
func (k *Knowledge) ProbCut(s rules.State, depth int) (shallow int, a, b, margin float64, ok bool) {
	if k.MPCThreshold <= 0 || depth < mpcMinDepth {
		return 0, 0, 0, 0, false
	}
	bd, isBoard := s.(*othello.Board)
	if !isBoard {
		return 0, 0, 0, 0, false
	}
	e := bd.Empties()
	if e <= k.MaxSolveEmpties || depth >= e {
		return 0, 0, 0, 0, false
	}
	m := &mpcTable[mpcStage(e)][min(depth, mpcMaxDepth)-mpcMinDepth]
	if m.N == 0 || m.A <= 0 {
		return 0, 0, 0, 0, false
	}
	return MPCShallow(depth), float64(m.A), float64(m.B), k.MPCThreshold * float64(m.Sigma), true
}
