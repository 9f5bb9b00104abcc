package gomokuai

import (
	"context"
	"fmt"
	"math/bits"

	"planiverse/ai"
	"planiverse/rules"
	"planiverse/rules/gomoku"
)

var _ ai.Explainer = (*Knowledge)(nil)

// explainVCFDepth bounds the VCF searches of an explanation, in fours.
const explainVCFDepth = 12

// Explain says why played is worse than best in a Gomoku position
// (ai.Explainer), by the first of these that holds: the mover had a five
// and played does not make it; played leaves the opponent's four
// unblocked; the mover had a win by continuous fours (VCF) and played
// makes no four; played leaves the opponent's open three unblocked where
// best blocks it; played allows the opponent a VCF (named with its length
// in moves) that best does not. Renju's forbidden
// points are never among Black's moves, so they are never played. ""
// for the opening choices (swap, balance) and when none holds.
func (k *Knowledge) Explain(ctx context.Context, s rules.State, played, best rules.Move) string {
	g, ok := s.(*gomoku.Game)
	if !ok || ctx.Err() != nil || !isStone(g, played) || !isStone(g, best) {
		return ""
	}
	me := g.ColorToMove()
	you := me ^ 1
	meName, youName := colorName(me), colorName(you)
	name := g.MoveString(played)
	if f := fivePoints(g, me); f != nil && !wins(g, played) {
		return fmt.Sprintf("%s misses the five at %s.", name, pointName(g, f[0]))
	}
	p := g.Clone().(*gomoku.Game)
	p.Play(played)
	if over, _ := p.Outcome(); over {
		return ""
	}
	if f := fivePoints(p, you); f != nil {
		return fmt.Sprintf("%s leaves %s's four unblocked: %s makes five at %s.", name, youName, youName, pointName(g, f[0]))
	}
	if seq, ok := VCF(g, explainVCFDepth); ok && fivePoints(p, me) == nil {
		return fmt.Sprintf("%s misses %s's win by continuous fours in %s, starting at %s.", name, meName,
			plural((len(seq)+1)/2, "move"), g.MoveString(seq[0]))
	}
	if ctx.Err() != nil {
		return ""
	}
	q := g.Clone().(*gomoku.Game)
	q.Play(best)
	if at, ok := openFourPoint(p, you); ok {
		if _, also := openFourPoint(q, you); !also {
			return fmt.Sprintf("%s leaves %s's open three unblocked: %s makes an open four at %s.", name, youName, youName, pointName(g, at))
		}
	}
	if seq, ok := VCF(p, explainVCFDepth); ok {
		if _, also := VCF(q, explainVCFDepth); !also {
			return fmt.Sprintf("%s allows %s a win by continuous fours in %s, starting at %s.", name, youName,
				plural((len(seq)+1)/2, "move"), p.MoveString(seq[0]))
		}
	}
	return ""
}

// isStone reports whether m places a stone (not swap or balance).
func isStone(g *gomoku.Game, m rules.Move) bool {
	return int(m) < g.Size()*g.Size()
}

// colorName is the name of a color (0 black, 1 white).
func colorName(c rules.Seat) string { return gomoku.Descriptor.Colors[c&1] }

// fivePoints returns the empty points where a stone of color makes five,
// nil when there is none.
func fivePoints(g *gomoku.Game, color rules.Seat) []int {
	var out []int
	size := g.Size()
	for dir := range 4 {
		for l := range gomoku.NumLines(size, dir) {
			own, opp := g.Line(color, dir, l), g.Line(color^1, dir, l)
			empty := gomoku.LineMask(size, dir, l) &^ (own | opp)
			for w := gomoku.WinPoints(own, empty, exactFor(g.Rule())[color&1]); w != 0; w &= w - 1 {
				out = append(out, gomoku.LinePoint(size, dir, l, bits.TrailingZeros32(w)))
			}
		}
	}
	return out
}

// wins reports whether the stone m of the side to move makes five.
func wins(g *gomoku.Game, m rules.Move) bool {
	c := g.Clone()
	c.Play(m)
	over, _ := c.Outcome()
	return over
}

// openFourPoint returns an empty point where a stone of color makes an
// open four: a line with two points that would make five.
func openFourPoint(g *gomoku.Game, color rules.Seat) (int, bool) {
	size := g.Size()
	for p := range size * size {
		if g.Point(p) != 0 {
			continue
		}
		for dir := range 4 {
			l, b := gomoku.LineOf(size, dir, p)
			own, opp := g.Line(color, dir, l)|1<<b, g.Line(color^1, dir, l)
			empty := gomoku.LineMask(size, dir, l) &^ (own | opp)
			if bits.OnesCount32(gomoku.WinPoints(own, empty, exactFor(g.Rule())[color&1])) >= 2 {
				return p, true
			}
		}
	}
	return 0, false
}

// pointName is the text of point p.
func pointName(g *gomoku.Game, p int) string { return gomoku.PointName(g.Size(), p) }

// plural writes n and the noun one, with an "s" unless n is 1.
func plural(n int, one string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %ss", n, one)
}
