package gomokuai

import (
	"context"

	"planiverse/ai"
	"planiverse/rules"
	"planiverse/rules/gomoku"
)

// AnalysisScale returns Gomoku's scale for judging moves (ai.Analyst):
// losses are drops of expected score, with lichess's thresholds (5, 10
// and 15 percent), at advantageScale's 1,300 evaluation units a logit
// (the evaluation is fitted to a win probability), which is also its
// clear advantage.
func (k *Knowledge) AnalysisScale() ai.AnalysisScale {
	return ai.AnalysisScale{Logit: advantageScale, Inaccuracy: 5, Mistake: 10, Blunder: 15, Advantage: advantageScale}
}

// ExactValue looks for a VCF (a win by continuous fours, within Solve's
// node budget) of the side to move in s (ai.Analyst): its first move and
// ai.WinScore less the line's plies. It proves only wins: ok false when
// there is none, in the swap opening's choices, for a finished game and a
// canceled ctx.
func (k *Knowledge) ExactValue(ctx context.Context, s rules.State) (rules.Move, int, bool) {
	g, isGomoku := s.(*gomoku.Game)
	if !isGomoku || ctx.Err() != nil || g.Deciding() != gomoku.PhaseNone {
		return rules.NoMove, 0, false
	}
	if over, _ := g.Outcome(); over {
		return rules.NoMove, 0, false
	}
	v := k.vcf
	v.nodes, v.limit, v.done = 0, params.solveNodes, ctx.Done()
	v.b.load(g)
	seq, found := v.solve(params.solveDepth)
	v.done = nil
	if !found || len(seq) == 0 {
		return rules.NoMove, 0, false
	}
	return seq[0], ai.WinScore - len(seq), true
}
