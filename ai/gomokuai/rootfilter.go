package gomokuai

import (
	"context"
	"time"

	"planiverse/rules"
	"planiverse/rules/gomoku"
)

// RootMoves is the Gomoku root filter (FilterRoot, planiverse/ai.RootPolicy): it drops
// from moves the root moves that lose to an opponent's VCF (victory by
// continuous fours). s must be a *gomoku.Game (any other State, or a
// finished game, gets moves back unchanged).
//
// First it asks whether the opponent would have a VCF if the side to move
// passed (threatDepth fours, threatNodes nodes). If the side to move has a
// five point, moves is returned unchanged; if the opponent has no VCF
// threat, it is returned unchanged too, except under a deadline, where the
// moves after which he wins by VCT are dropped (vctFilter). Otherwise each
// move that places a stone is played and the opponent's VCF searched again
// (refuteDepth fours, refuteNodes nodes): the moves after which one is
// found are removed, compacting moves in place (order kept). A move after
// which the search runs out of nodes, or is not tried because ctx was
// canceled or filterNodes were spent, is kept: only proven losses are
// dropped. Our own fours count as defences, since the VCF search makes the
// attacker answer them with a four. When every move loses, moves is
// returned unchanged (the search then picks the longest resistance). Under
// a deadline the moves kept are then searched for the opponent's VCT too
// (blockVCT): a block that stops his fours may leave him threes that win.
//
// It leaves s unchanged, returns promptly when ctx is canceled, and
// allocates nothing.
//
// What it drops is lost: checked against a stronger engine on match
// positions (EXPERIMENTS.md, "RootMoves").
func (k *Knowledge) RootMoves(ctx context.Context, s rules.State, moves []rules.Move) []rules.Move {
	g, ok := s.(*gomoku.Game)
	if !ok || len(moves) < 2 || ctx.Err() != nil {
		return moves
	}
	if over, _ := g.Outcome(); over || g.Deciding() != gomoku.PhaseNone {
		return moves // no colors yet in the Swap2 opening: no threats to weigh
	}
	k.quietKey, k.quiet = g.Hash(), false
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
	v.nodes, v.limit = 0, params.threatNodes
	_, threat := v.solve(params.threatDepth)
	b.undo()
	if !threat {
		return k.vctFilter(ctx, moves)
	}
	n := b.size * b.size
	budget := int64(params.filterNodes)
	kept := 0
	for _, m := range moves {
		lost := false
		if int(m) < n && budget > 0 && ctx.Err() == nil {
			b.play(int(m))
			v.nodes, v.limit = 0, min(params.refuteNodes, budget)
			_, lost = v.solve(params.refuteDepth)
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
	return k.blockVCT(ctx, moves[:kept])
}

// blockVCT is the end of RootMoves when the opponent has a VCF threat:
// moves are the ones his VCF did not refute (the blocks), and under a
// deadline (ctx.Deadline, as for vctFilter) the ones after which he wins
// by VCT instead are dropped too (a block that stops the fours may leave
// threes that win). Each stone move is tested with refuteVCTNodes nodes,
// then the survivors again with four times as many each round
// (vctRounds). Only proven losses are dropped; when every block loses,
// moves is returned unchanged. The position is in k.vcf.b.
func (k *Knowledge) blockVCT(ctx context.Context, moves []rules.Move) []rules.Move {
	if _, timed := ctx.Deadline(); !timed || len(moves) < 2 {
		return moves
	}
	t := k.vct
	t.done, t.deadline = ctx.Done(), time.Time{}
	defer func() { t.done = nil }()
	var safe bitSet
	n := k.vcf.b.size * k.vcf.b.size
	count := 0
	for _, m := range moves {
		if int(m) < n {
			safe.add(int(m))
			count++
		}
	}
	if count < 2 {
		return moves
	}
	if k.vctRounds(ctx, moves, &safe, count, params.refuteVCTNodes, params.defenceNodes) {
		return moves
	}
	kept := 0
	for _, m := range moves {
		if int(m) >= n || safe.has(int(m)) {
			moves[kept] = m
			kept++
		}
	}
	return moves[:kept]
}

// vctRounds searches, for each stone move of moves in safe (count of
// them), the opponent's VCT (threatVCTDepth threats) after it, with per
// nodes each in the first round and four times as many each later round
// up to maxRefuteVCTNodes, while more than one is left and budget nodes
// and ctx last, and removes from safe the moves after which one is found. It reports
// allLost when the last one was proven lost too (safe then still holds
// it). The position is in k.vcf.b; t.done must be set.
func (k *Knowledge) vctRounds(ctx context.Context, moves []rules.Move, safe *bitSet, count int, per, budget int64) (allLost bool) {
	t := k.vct
	b := &k.vcf.b
	n := b.size * b.size
	for ; count > 1 && budget > 0 && ctx.Err() == nil; per *= 4 {
		for _, m := range moves {
			if int(m) >= n || !safe.has(int(m)) || budget <= 0 || ctx.Err() != nil {
				continue
			}
			b.play(int(m))
			t.nodes, t.limit, t.skipProof = 0, min(per, budget), true
			_, lost := t.solve(params.threatVCTDepth)
			t.skipProof = false
			budget -= t.nodes
			b.undo()
			if lost {
				if count == 1 {
					return true
				}
				safe.del(int(m))
				count--
			}
		}
		if per >= params.maxRefuteVCTNodes {
			break
		}
	}
	return false
}

// vctFilter is RootMoves when the opponent has no VCF threat: it asks
// whether the opponent would win by VCT (vctSearch) if the side to move
// passed. If so, each stone move is played and the opponent's VCF and VCT
// searched again, first the candidate defences (the moves on the proof of
// that win: the threats and forced blocks of his lines, the replies to
// his first threat; and the moves that may make a four or a three of our
// own, a threat gains a tempo), then the other moves; the moves after
// which neither is found (a refutation, or a search that ran out of
// nodes) are kept, in the order of moves, and so are the moves left
// untried when the budget or ctx ends. While time remains, the kept ones
// are searched again with larger budgets (rounds), dropping the ones then
// proven lost. When every move is proven lost, moves is returned
// unchanged. The position is in k.vcf.b, with the side to move's color.
//
// The moves off the candidate defences are searched too: a stone off the
// proof's points can spoil it (it may fill the gap of a split two whose
// three the proof needs, TestRootMovesDefenceOffProof), so no move is
// dropped that is not lost (EXPERIMENTS.md, "vctFilter").
//
// It runs only under a deadline (ctx.Deadline, as the search sets for a
// timed search): a fixed-depth search, as the lower levels and the search's
// minimax tests run, keeps the VCF filter alone, whose drops are proven.
func (k *Knowledge) vctFilter(ctx context.Context, moves []rules.Move) []rules.Move {
	if _, timed := ctx.Deadline(); !timed {
		return moves
	}
	v, t := k.vcf, k.vct
	b := &v.b
	t.done, t.deadline = ctx.Done(), time.Time{}
	defer func() { t.done = nil }()

	me := b.toMove
	b.pass()
	t.nodes, t.limit = 0, params.threatVCTNodes
	_, threat := t.solve(params.threatVCTDepth)
	b.undo()
	if !threat {
		k.quiet = !t.aborted // proven: no VCT of his within threatVCTDepth threats
		return moves
	}
	var safe bitSet
	cand := k.defenceSet(me, t)
	n := b.size * b.size
	budget := int64(params.defenceNodes)
	count := 0
	// The candidate defences first, then the other moves: a stone off
	// the proof's points may still spoil it (it may fill a gap or close
	// an end of a line his threats need), so only a proven loss drops a
	// move; a move left untried when the budget or ctx runs out is kept.
	for _, pass := range [2]bool{true, false} {
		for _, m := range moves {
			if int(m) >= n || cand.has(int(m)) != pass {
				continue
			}
			lost := false
			if budget > 0 && ctx.Err() == nil {
				b.play(int(m))
				v.nodes, v.limit = 0, min(params.refuteNodes, budget)
				_, lost = v.solve(params.refuteDepth)
				budget -= v.nodes
				if !lost && budget > 0 {
					t.nodes, t.limit, t.skipProof = 0, min(params.refuteVCTNodes, budget), true
					_, lost = t.solve(params.threatVCTDepth)
					t.skipProof = false
					budget -= t.nodes
				}
				b.undo()
			}
			if !lost {
				safe.add(int(m))
				count++
			}
		}
	}
	if count == 0 {
		return moves
	}
	// Later rounds search the survivors' refutations again with four times
	// the nodes, while the budget and ctx last.
	if count > 1 {
		if k.vctRounds(ctx, moves, &safe, count, 4*params.refuteVCTNodes, budget) {
			return moves // every candidate loses
		}
	}
	kept := 0
	for _, m := range moves {
		if int(m) < n && safe.has(int(m)) {
			moves[kept] = m
			kept++
		}
	}
	return moves[:kept]
}

// Refuted is the Gomoku root verifier (planiverse/ai.RootPolicy): it
// reports whether, after the side to move of s (a *gomoku.Game) plays the
// root move m, the opponent wins by VCF or by VCT (vctSearch), searched
// with the Verify budgets until ctx is canceled. This gives the move the
// search chose the deep refutation search that RootMoves' rounds could
// not give every candidate. A win found is proven, so only lost moves are
// refuted. It answers false at once for a pass or swap, when the side to
// move has a five point, and at the root where RootMoves last proved that
// the opponent has no VCF (within threatNodes) and no VCT (a finished
// search of threatVCTDepth threats) after a pass: a stone of ours does not
// create a threat of his (under Renju this may miss a Black threat that a
// White stone makes legal; the answer is then only "unsure"). It leaves s
// unchanged and allocates nothing.
func (k *Knowledge) Refuted(ctx context.Context, s rules.State, m rules.Move) bool {
	g, ok := s.(*gomoku.Game)
	if !ok || ctx.Err() != nil || int(m) < 0 || int(m) >= g.Size()*g.Size() {
		return false
	}
	if over, _ := g.Outcome(); over || g.Deciding() != gomoku.PhaseNone {
		return false
	}
	if k.quiet && k.quietKey == g.Hash() {
		return false
	}
	v, t := k.vcf, k.vct
	b := &v.b
	b.load(g)
	k.a.refreshBoard(b)
	if _, win := k.a.firstWin(b.toMove); win {
		return false
	}
	b.play(int(m))
	defer b.undo()
	v.done, t.done, t.deadline = ctx.Done(), ctx.Done(), time.Time{}
	defer func() { v.done, t.done = nil, nil }()
	if dl, has := ctx.Deadline(); has {
		t.deadline = dl
	}
	v.nodes, v.limit = 0, params.verifyVCFNodes
	if _, lost := v.solve(params.refuteDepth); lost {
		return true
	}
	if ctx.Err() != nil {
		return false
	}
	t.nodes, t.limit, t.skipProof = 0, params.verifyVCTNodes, true
	_, lost := t.solve(params.solveVCTDepth)
	t.skipProof = false
	return lost
}

// bitSet is a set of points.
type bitSet [(gomoku.MaxPoints + 63) / 64]uint64

func (s *bitSet) add(p int)      { s[p/64] |= 1 << (p % 64) }
func (s *bitSet) has(p int) bool { return s[p/64]&(1<<(p%64)) != 0 }
func (s *bitSet) del(p int)      { s[p/64] &^= 1 << (p % 64) }

// defenceSet returns the candidate defences of color me, to move in
// k.vcf.b, against the opponent's VCT that t found last (after a pass): the
// points of its proof (t.inProof) and the points where me may make a four
// or a three (a tempo of our own). The searches that test them reuse t's
// marks, so the set is taken first.
func (k *Knowledge) defenceSet(me rules.Seat, t *vctSearch) bitSet {
	var cand bitSet
	a, b := &k.a, &k.vcf.b
	a.refreshBoard(b)
	a.nextGen()
	k.tempo = a.appendAll(k.tempo[:0], kindFour, me)
	k.tempo = t.appendThreeMakers(k.tempo, me)
	for p := 0; p < b.size*b.size; p++ {
		if t.inProof(rules.Move(p)) || a.stamp[p] == a.gen {
			cand.add(p)
		}
	}
	return cand
}
