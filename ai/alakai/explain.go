package alakai

import (
	"context"
	"math/bits"

	"planiverse/ai"
	"planiverse/rules"
	"planiverse/rules/alak"
	"planiverse/rules/phrase"
)

var _ ai.Explainer = (*Knowledge)(nil)

// Explain says why played is worse than best in an Alak position
// (ai.Explainer): it captures fewer of the opponent's pieces than best
// ("misses a capture"), or it lets the opponent capture more of the
// mover's pieces with the next move than best does ("allows a
// capture"). Suicide cannot be played: a move never removes the mover's
// own pieces (RULES.md, "Alak"). "" when neither holds.
func (k *Knowledge) Explain(ctx context.Context, s rules.State, played, best rules.Move) phrase.P {
	g, ok := s.(*alak.Game)
	if !ok || ctx.Err() != nil {
		return phrase.P{}
	}
	unit := "piece"
	if g.Modern() {
		unit = "stone"
	}
	count := func(n int) phrase.P { return phrase.Count(unit, unit, unit+"s", n) }
	you := alak.Descriptor.SeatName(s, g.ToMove().Opponent())
	name, bestName := g.MoveString(played), g.MoveString(best)
	cp, cb := bits.OnesCount32(g.Captures(played)), bits.OnesCount32(g.Captures(best))
	if cb > cp {
		return phrase.T("explain.alak.missedCapture", "{{.Move}} misses the capture of {{.Pieces}} with {{.Best}}.",
			map[string]any{"Move": name, "Pieces": count(cb), "Best": bestName})
	}
	rp, np := replyCapture(g, played)
	_, nb := replyCapture(g, best)
	if np > nb {
		return phrase.T("explain.alak.allowsCapture", "{{.Move}} lets {{.Opponent}} capture {{.Pieces}} with {{.Reply}}.",
			map[string]any{"Move": name, "Opponent": phrase.Color(you), "Pieces": count(np), "Reply": rp})
	}
	return phrase.P{}
}

// replyCapture plays m on a copy of g and returns the opponent's reply
// that captures the most of the mover's pieces, with their number (0 when
// none captures, or the game is over).
func replyCapture(g *alak.Game, m rules.Move) (string, int) {
	c := g.Copy()
	mover := c.ToMove()
	c.Play(m)
	if over, _ := c.Outcome(); over || c.ToMove() == mover {
		return "", 0
	}
	reply, most := "", 0
	for _, r := range c.Moves(nil) {
		if n := bits.OnesCount32(c.Captures(r)); n > most {
			reply, most = c.MoveString(r), n
		}
	}
	return reply, most
}
