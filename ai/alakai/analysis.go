package alakai

import (
	"context"
	"math/bits"

	"planiverse/ai"
	"planiverse/rules"
	"planiverse/rules/alak"
)

// AnalysisScale returns Alak's scale for judging moves (ai.Analyst):
// where the retrograde table covers the board every value is exact (a
// win, a draw or a loss); beyond it losses are drops of expected score,
// with lichess's thresholds, at the default advantage of 6 pieces a logit.
func (k *Knowledge) AnalysisScale() ai.AnalysisScale {
	return ai.AnalysisScale{Logit: 600, Inaccuracy: 5, Mistake: 10, Blunder: 15}
}

// ExactValue is the retrograde table's value of s with perfect play and a
// move that keeps it (ai.Analyst), waiting for the table until ctx is
// done. Like the table it ignores the repetition rule, so that a value
// depends on the position only: a game ended by a third repetition gets
// its table value too (with rules.NoMove). ok is false where no table
// covers s, for a game the pieces decided and for a canceled ctx.
func (k *Knowledge) ExactValue(ctx context.Context, s rules.State) (rules.Move, int, bool) {
	g, isAlak := s.(*alak.Game)
	if !isAlak || piecesOver(g) {
		return rules.NoMove, 0, false
	}
	l := slot(g.Modern(), g.Len())
	if l == nil || !l.ready(ctx, g.Modern(), g.Len()) {
		return rules.NoMove, 0, false
	}
	t := l.t
	r, d, found := t.lookup(g.Stones(0), g.Stones(1), g.ToMove(), g.Forbidden())
	if !found {
		return rules.NoMove, 0, false
	}
	if over, _ := g.Outcome(); over {
		return rules.NoMove, scoreOf(r, d), true
	}
	// The moves by the same values: a repetition is no end.
	k.buf = g.Moves(k.buf[:0])
	best, bestScore := rules.NoMove, -ai.WinScore-1
	for _, mv := range k.buf {
		g.Play(mv)
		sc := -ai.WinScore
		if piecesOver(g) {
			_, res := g.Outcome()
			sc = scoreOf(-ai.Sign(res), 1)
		} else if r, d, found := t.lookup(g.Stones(0), g.Stones(1), g.ToMove(), g.Forbidden()); found {
			sc = scoreOf(-r, d+1)
		}
		g.Undo()
		if sc > bestScore {
			best, bestScore = mv, sc
		}
	}
	return best, scoreOf(r, d), best != rules.NoMove
}

// piecesOver reports whether the pieces ended g: in classic Alak a side
// with fewer than two, in modern Alak a full board.
func piecesOver(g *alak.Game) bool {
	if g.Modern() {
		full := uint32(1)<<g.Len() - 1
		return (g.Stones(0)|g.Stones(1)|g.Forbidden())&full == full
	}
	return bits.OnesCount32(g.Stones(0)) < 2 || bits.OnesCount32(g.Stones(1)) < 2
}
