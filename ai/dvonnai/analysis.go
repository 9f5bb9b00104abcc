package dvonnai

import (
	"context"

	"planiverse/ai"
	"planiverse/rules"
)

// AnalysisScale returns DVONN's scale for judging moves (ai.Analyst):
// losses are drops of expected score, with lichess's thresholds (5, 10
// and 15 percent), at the engine-game model's 171 evaluation units a
// logit (model.go: the model is a logistic fit of the game result, its
// weights in 1/64 of 1/300 logit at each of PhaseMax phase steps).
func (k *Knowledge) AnalysisScale() ai.AnalysisScale {
	return ai.AnalysisScale{Logit: float64(PhaseMax*64*300) / modelDiv, Inaccuracy: 5, Mistake: 10, Blunder: 15}
}

// ExactValue proves nothing (ai.Analyst): DVONN has no exact solver; the
// search's own proven results near the end are its exact values.
func (k *Knowledge) ExactValue(ctx context.Context, s rules.State) (rules.Move, int, bool) {
	return rules.NoMove, 0, false
}
