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
// (mpc_table.go) is written by the fitmpc tool:
//
//	go run ./ai/othelloai/cmd/fitmpc
//
// The default t is params.mpcThreshold; tables fitted otherwise were no
// stronger (EXPERIMENTS.md, "Multi-ProbCut").

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

// MPCShallow returns the shallow depth (plies) that goes with a search of
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

// ProbCut is planiverse/ai's Hooks.ProbCut for Othello (multi-ProbCut, see above)
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
