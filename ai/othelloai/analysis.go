package othelloai

import (
	"context"

	"planiverse/ai"
	"planiverse/rules"
	"planiverse/rules/othello"
)

// analysisScale is how the game analysis judges an Othello move
// (ai.Analyst): losses in discs, 3, 6 and 12 discs the least inaccuracy,
// mistake and blunder; a midgame score's expected score at 6 discs a
// logit (a 6-disc lead is worth an expected score of about 0.73).
var analysisScale = ai.AnalysisScale{Logit: 600, Unit: "discs", UnitScore: 100,
	Inaccuracy: 3, Mistake: 6, Blunder: 12}

// AnalysisScale returns Othello's scale for judging moves (ai.Analyst).
func (k *Knowledge) AnalysisScale() ai.AnalysisScale { return analysisScale }

// ExactValue solves s exactly (SolveExact) when it has at most
// params.maxSolveEmpties empty squares (a finished board too): its best
// move and the final disc difference times 100 (ai.Analyst). It returns
// ok false for more empties, other states and a canceled ctx.
func (k *Knowledge) ExactValue(ctx context.Context, s rules.State) (rules.Move, int, bool) {
	b, isBoard := s.(*othello.Board)
	if !isBoard || b.Empties() > params.maxSolveEmpties {
		return rules.NoMove, 0, false
	}
	m, d, _, ok := SolveExact(ctx, b)
	if !ok {
		return rules.NoMove, 0, false
	}
	return m, 100 * d, true
}
