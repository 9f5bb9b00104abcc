package dvonnai

import (
	"context"
	"math/bits"

	"planiverse/ai"
	"planiverse/rules"
	"planiverse/rules/dvonn"
	"planiverse/rules/phrase"
)

var _ ai.Explainer = (*Knowledge)(nil)

// tallStack is the least height of a stack whose capture the explanation
// names.
const tallStack = 2

// Explain says why played is worse than best in a DVONN position of the
// movement phase (ai.Explainer), by the first of these that holds for
// played and not (or less) for best: it cuts the mover's own stacks off
// from every DVONN piece; it lets the opponent take a tall stack of the
// mover's with the next move; it leaves the stack it moved with no move;
// it jumps onto a DVONN piece. "" in the placement phase and when none
// holds.
func (k *Knowledge) Explain(ctx context.Context, s rules.State, played, best rules.Move) phrase.P {
	g, ok := s.(*dvonn.Game)
	if !ok || g.Placing() || played == rules.Pass || ctx.Err() != nil {
		return phrase.P{}
	}
	mover := g.ToMove()
	me, you := dvonn.Descriptor.SeatName(s, mover), dvonn.Descriptor.SeatName(s, mover.Opponent())
	name, bestName := g.MoveString(played), g.MoveString(best)
	p, q := afterMove(g, played), afterMove(g, best)
	if p.cutOwn > q.cutOwn {
		data := map[string]any{"Move": name, "Mover": phrase.Color(me), "Pieces": phrase.Count("piece", "piece", "pieces", p.cutOwn), "Best": bestName}
		if q.cutOwn == 0 {
			return phrase.N("explain.dvonn.cutOff", "{{.Move}} cuts off {{.Count}} of {{.Mover}}'s stacks ({{.Pieces}}) from every DVONN piece, and it is removed; {{.Best}} keeps it.",
				"{{.Move}} cuts off {{.Count}} of {{.Mover}}'s stacks ({{.Pieces}}) from every DVONN piece, and they are removed; {{.Best}} keeps them.", p.cutStacks, data)
		}
		return phrase.N("explain.dvonn.cutOffMore", "{{.Move}} cuts off {{.Count}} of {{.Mover}}'s stacks ({{.Pieces}}) from every DVONN piece, and it is removed; {{.Best}} keeps more.",
			"{{.Move}} cuts off {{.Count}} of {{.Mover}}'s stacks ({{.Pieces}}) from every DVONN piece, and they are removed; {{.Best}} keeps more.", p.cutStacks, data)
	}
	if p.takeHeight >= tallStack && p.takeHeight > q.takeHeight {
		return phrase.T("explain.dvonn.take", "{{.Move}} lets {{.Opponent}} take {{.Mover}}'s stack of {{.Height}} on {{.Cell}} with {{.Reply}}.",
			map[string]any{"Move": name, "Opponent": phrase.Color(you), "Mover": phrase.Color(me), "Height": p.takeHeight,
				"Cell": dvonn.CellName(p.takeCell), "Reply": p.take})
	}
	if p.stuck && !q.stuck {
		return phrase.T("explain.dvonn.stuck", "After {{.Move}} the stack of {{.Height}} on {{.Cell}} has no move left; {{.Best}} keeps its stack movable.",
			map[string]any{"Move": name, "Height": p.height, "Cell": dvonn.CellName(p.to), "Best": bestName})
	}
	if p.ontoDvonn && !q.ontoDvonn {
		return phrase.T("explain.dvonn.ontoDvonn", "{{.Move}} jumps onto the DVONN piece on {{.Cell}}; {{.Best}} keeps more points.",
			map[string]any{"Move": name, "Cell": dvonn.CellName(p.to), "Best": bestName})
	}
	return phrase.P{}
}

// moveFacts is what a stack move does, seen by the mover.
type moveFacts struct {
	to        int  // the cell the stack lands on
	height    int  // the height of the stack there
	ontoDvonn bool // the target held a DVONN piece
	stuck     bool // the moved stack has no move afterwards
	cutOwn    int  // the mover's pieces in stacks it controlled that are removed
	cutStacks int  // those stacks
	// takeHeight is the tallest stack of the mover's that the opponent
	// can take with its next move (take, from takeCell's point of view).
	takeHeight int
	takeCell   int
	take       string
}

// afterMove plays m (a stack move) on a copy of g and sums up its facts.
func afterMove(g *dvonn.Game, m rules.Move) moveFacts {
	var f moveFacts
	from, to, placement := dvonn.Decode(m)
	if placement || m == rules.Pass {
		return f
	}
	mover := g.ToMove()
	_, _, dv := g.Stack(to)
	f.to, f.ontoDvonn = to, dv > 0
	c := g.Copy()
	own := c.Controlled(mover)
	c.Play(m)
	for cut := c.LastRemoved() & own &^ (1 << from); cut != 0; cut &= cut - 1 {
		h, _, _ := g.Stack(bits.TrailingZeros64(cut))
		f.cutOwn += h
		f.cutStacks++
	}
	f.height, _, _ = c.Stack(to)
	f.stuck = c.Occupied()>>to&1 != 0 && c.Targets(to) == 0
	if c.ToMove() == mover {
		return f
	}
	for _, r := range c.Moves(nil) {
		_, rt, pl := dvonn.Decode(r)
		if pl || r == rules.Pass || c.Controlled(mover)>>rt&1 == 0 {
			continue
		}
		if h, _, _ := c.Stack(rt); h > f.takeHeight {
			f.takeHeight, f.takeCell, f.take = h, rt, c.MoveString(r)
		}
	}
	return f
}
