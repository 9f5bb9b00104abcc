package alakai

import (
	"context"
	"fmt"
	"math/bits"

	"planiverse/ai"
	"planiverse/rules"
	"planiverse/rules/alak"
)

var _ ai.Explainer = (*Knowledge)(nil)

// Explain says why played is worse than best in an Alak position
// (ai.Explainer): it captures fewer of the opponent's pieces than best
// ("misses a capture"), or it lets the opponent capture more of the
// mover's pieces with the next move than best does ("allows a
// capture"). Suicide cannot be played: a move never removes the mover's
// own pieces (RULES.md, "Alak"). "" when neither holds.
func (k *Knowledge) Explain(ctx context.Context, s rules.State, played, best rules.Move) string {
	g, ok := s.(*alak.Game)
	if !ok || ctx.Err() != nil {
		return ""
	}
	unit := "piece"
	if g.Modern() {
		unit = "stone"
	}
	you := alak.Descriptor.SeatName(s, g.ToMove().Opponent())
	name, bestName := g.MoveString(played), g.MoveString(best)
	cp, cb := bits.OnesCount32(g.Captures(played)), bits.OnesCount32(g.Captures(best))
	if cb > cp {
		return fmt.Sprintf("%s misses the capture of %s with %s.", name, plural(cb, unit), bestName)
	}
	rp, np := replyCapture(g, played)
	_, nb := replyCapture(g, best)
	if np > nb {
		return fmt.Sprintf("%s lets %s capture %s with %s.", name, you, plural(np, unit), rp)
	}
	return ""
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

// plural writes n and the noun one, with an "s" unless n is 1.
func plural(n int, one string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %ss", n, one)
}
