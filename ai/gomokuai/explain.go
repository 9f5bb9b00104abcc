package gomokuai

import (
	"context"
	"math/bits"

	"planiverse/ai"
	"planiverse/rules"
	"planiverse/rules/gomoku"
	"planiverse/rules/phrase"
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
func (k *Knowledge) Explain(ctx context.Context, s rules.State, played, best rules.Move) phrase.P {
	g, ok := s.(*gomoku.Game)
	if !ok || ctx.Err() != nil || !isStone(g, played) || !isStone(g, best) {
		return phrase.P{}
	}
	me := g.ColorToMove()
	you := me ^ 1
	meName, youName := phrase.Color(colorName(me)), phrase.Color(colorName(you))
	name := g.MoveString(played)
	if f := fivePoints(g, me); f != nil && !wins(g, played) {
		return phrase.T("explain.gomoku.missedFive", "{{.Move}} misses the five at {{.Point}}.", map[string]any{"Move": name, "Point": pointName(g, f[0])})
	}
	p := g.Clone().(*gomoku.Game)
	p.Play(played)
	if over, _ := p.Outcome(); over {
		return phrase.P{}
	}
	if f := fivePoints(p, you); f != nil {
		return phrase.T("explain.gomoku.four", "{{.Move}} leaves {{.Opponent}}'s four unblocked: {{.Opponent}} makes five at {{.Point}}.",
			map[string]any{"Move": name, "Opponent": youName, "Point": pointName(g, f[0])})
	}
	if seq, ok := VCF(g, explainVCFDepth); ok && fivePoints(p, me) == nil {
		return phrase.T("explain.gomoku.missedVCF", "{{.Move}} misses {{.Mover}}'s win by continuous fours in {{.Moves}}, starting at {{.Point}}.",
			map[string]any{"Move": name, "Mover": meName, "Moves": phrase.Count("move", "move", "moves", (len(seq)+1)/2), "Point": g.MoveString(seq[0])})
	}
	if ctx.Err() != nil {
		return phrase.P{}
	}
	q := g.Clone().(*gomoku.Game)
	q.Play(best)
	if at, ok := openFourPoint(p, you); ok {
		if _, also := openFourPoint(q, you); !also {
			return phrase.T("explain.gomoku.openThree", "{{.Move}} leaves {{.Opponent}}'s open three unblocked: {{.Opponent}} makes an open four at {{.Point}}.",
				map[string]any{"Move": name, "Opponent": youName, "Point": pointName(g, at)})
		}
	}
	if seq, ok := VCF(p, explainVCFDepth); ok {
		if _, also := VCF(q, explainVCFDepth); !also {
			return phrase.T("explain.gomoku.allowsVCF", "{{.Move}} allows {{.Opponent}} a win by continuous fours in {{.Moves}}, starting at {{.Point}}.",
				map[string]any{"Move": name, "Opponent": youName, "Moves": phrase.Count("move", "move", "moves", (len(seq)+1)/2), "Point": p.MoveString(seq[0])})
		}
	}
	return phrase.P{}
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
