package dvonnai

import (
	"context"
	"math/bits"

	"planiverse/ai"
	"planiverse/rules"
	"planiverse/rules/dvonn"
)

// AnalysisScale returns DVONN's scale for judging moves (ai.Analyst):
// losses are drops of expected score, with lichess's thresholds (5, 10
// and 15 percent), at the engine-game model's 171 evaluation units a
// logit (model.go: the model is a logistic fit of the game result, its
// weights in 1/64 of 1/300 logit at each of PhaseMax phase steps).
func (k *Knowledge) AnalysisScale() ai.AnalysisScale {
	return ai.AnalysisScale{Logit: float64(PhaseMax*64*300) / modelDiv, Inaccuracy: 5, Mistake: 10, Blunder: 15}
}

// ExactValue solves the movement phase's endgames exactly (ai.Analyst):
// a full-width search to the end of the game (exactSolver) within
// params.exactNodes nodes, tried when at most params.exactMobile stacks can
// move, so it decides positions with few mobile stacks and gives ok false
// for the others, for the placement phase, for
// a finished game (DVONN's analysis has no unit) and for a canceled ctx.
func (k *Knowledge) ExactValue(ctx context.Context, s rules.State) (rules.Move, int, bool) {
	g, isDvonn := s.(*dvonn.Game)
	if !isDvonn || g.Placing() || ctx.Err() != nil {
		return rules.NoMove, 0, false
	}
	if over, _ := g.Outcome(); over || bits.OnesCount64(g.Mobile()) > params.exactMobile {
		return rules.NoMove, 0, false
	}
	m, score, ok := k.exact.solve(g.Copy(), params.exactNodes, ctx.Done())
	if !ok || m == rules.NoMove {
		return rules.NoMove, 0, false
	}
	return m, score, true
}
