package gomokuai

import (
	"context"

	"planiverse/rules"
	"planiverse/rules/gomoku"
)

// Budgets of RootMoves' VCF searches: ThreatDepth fours and ThreatNodes
// nodes for the opponent's VCF after a pass (the threat test), and
// RefuteDepth fours and RefuteNodes nodes for the opponent's VCF after
// each root move, FilterNodes nodes for all of them together. A VCF node
// costs about 1 µs on 15x15, so the filter stays within about 200 ms; it
// usually costs a few ms, since a VCF that still works is found in a few
// nodes.
const (
	ThreatDepth = 12
	ThreatNodes = 40_000
	RefuteDepth = 12
	RefuteNodes = 3_000
	FilterNodes = 160_000
)

// RootMoves is the Gomoku root filter (planiverse/ai.RootFilter): it drops
// from moves the root moves that lose to an opponent's VCF (victory by
// continuous fours). s must be a *gomoku.Game (any other State, or a
// finished game, gets moves back unchanged).
//
// First it asks whether the opponent would have a VCF if the side to move
// passed (ThreatDepth fours, ThreatNodes nodes); if not, or if the side to
// move has a five point, moves is returned unchanged. Otherwise each move
// that places a stone is played and the opponent's VCF searched again
// (RefuteDepth fours, RefuteNodes nodes): the moves after which one is
// found are removed, compacting moves in place (order kept). A move after
// which the search runs out of nodes, or is not tried because ctx was
// cancelled or FilterNodes were spent, is kept: only proven losses are dropped. Our own fours count
// as defences, since the VCF search makes the attacker answer them with a
// four. When every move loses, moves is returned unchanged (the search then
// picks the longest resistance).
//
// It leaves s unchanged, returns promptly when ctx is cancelled, and
// allocates nothing.
func (k *Knowledge) RootMoves(ctx context.Context, s rules.State, moves []rules.Move) []rules.Move {
	g, ok := s.(*gomoku.Game)
	if !ok || len(moves) < 2 || ctx.Err() != nil {
		return moves
	}
	if over, _ := g.Outcome(); over || g.Deciding() != gomoku.PhaseNone {
		return moves // no colours yet in the Swap2 opening: no threats to weigh
	}
	v := k.vcf
	b := &v.b
	b.load(g)
	k.a.refreshBoard(b)
	if k.a.nWin[b.toMove] > 0 {
		return moves // a five now: nothing to fear
	}
	v.done = ctx.Done()
	defer func() { v.done = nil }()

	b.pass()
	v.nodes, v.limit = 0, ThreatNodes
	_, threat := v.solve(ThreatDepth)
	b.undo()
	if !threat {
		return moves
	}
	n := b.size * b.size
	budget := int64(FilterNodes)
	kept := 0
	for _, m := range moves {
		lost := false
		if int(m) < n && budget > 0 && ctx.Err() == nil {
			b.play(int(m))
			v.nodes, v.limit = 0, min(RefuteNodes, budget)
			_, lost = v.solve(RefuteDepth)
			budget -= v.nodes
			b.undo()
		}
		if !lost {
			moves[kept] = m
			kept++
		}
	}
	if kept == 0 {
		return moves // nothing was overwritten: every move loses
	}
	return moves[:kept]
}
