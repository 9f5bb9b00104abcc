package gomokuai

import (
	"math"
	"math/bits"

	"planiverse/ai"
	"planiverse/rules"
	"planiverse/rules/gomoku"
)

// Quiesce is the quiescence search at a leaf of the main search
// (ai.Hooks.Quiesce), for s a *gomoku.Game at distance ply from the
// root: a VCF-shaped search in which the side to move either stands pat
// (the static evaluation, Evaluate) or plays one of its fours, after which
// the opponent's block is forced; the opponent's own fours, made by a
// block, are answered by force too. It returns a fail-soft score within
// (alpha, beta) on the search's scale: a proven result where the
// patterns decide it below the leaf (staticResult: a five next, the
// opponent's two win points, an open four, a four and a three, two
// threes), else the evaluation raised by the fours. In the undecided
// phases of the Swap2 opening it is Evaluate. nodes counts the positions
// visited, the leaf included. It allocates nothing once its move buffer
// has grown and leaves s unchanged. It panics if s is not a *gomoku.Game.
//
// The search follows dhbloo/rapfi's quiescence (vcfsearch and vcfdefend
// in search/ab/search.cpp) in outline: stand pat, then fours with their
// forced defence.
func (k *Knowledge) Quiesce(s rules.State, ply, alpha, beta int) (int, int64) {
	g := s.(*gomoku.Game)
	if g.Deciding() != gomoku.PhaseNone {
		return clampEval(k.Evaluate(g)), 1
	}
	k.qnodes = 0
	v := k.quiesce(g, ply, alpha, beta, params.quiescenceFours, params.quiescencePlies)
	return v, k.qnodes
}

// clampEval bounds an evaluation to ±ai.MaxEval, as the search does.
func clampEval(v int) int { return max(-ai.MaxEval, min(ai.MaxEval, v)) }

// quiesce is Quiesce's search of g, with fours fours and plies plies left.
func (k *Knowledge) quiesce(g *gomoku.Game, ply, alpha, beta, fours, plies int) int {
	k.qnodes++
	if over, sc := g.Outcome(); over {
		return ai.TerminalScore(sc, ply)
	}
	a := &k.a
	a.refreshAll(g)
	me := g.ColorToMove()
	renjuBlack := me == 0 && a.renju()
	switch n, q := k.staticResult(g); {
	case n != 0:
		return ai.TerminalScore(ai.Sign(n), ply+abs(n))
	case q != rules.NoMove:
		if plies == 0 {
			return clampEval(k.evaluateForced(g, 0))
		}
		g.Play(q) // the forced block
		v := -k.quiesce(g, ply+1, -beta, -alpha, fours, plies-1)
		g.Undo()
		return v
	}
	best := clampEval(k.evaluateForced(g, 0))
	if best >= beta || fours == 0 || plies < 2 || a.nFour[me] == 0 {
		return best
	}
	if beta-alpha == 1 && best+params.quiescenceDelta < alpha {
		return best // delta pruning: no four is likely to lift it to alpha
	}
	alpha = max(alpha, best)
	start := len(k.qbuf)
	a.nextGen()
	k.qbuf = a.appendAll(k.qbuf, kindFour, me)
	k.qbuf = keepNearLast(g, k.qbuf, start)
	end := len(k.qbuf)
	k.orderFours(k.qbuf[start:end], me)
	for i := start; i < end; i++ {
		p := k.qbuf[i]
		if renjuBlack && g.FoulAt(int(p)) != gomoku.NoFoul {
			continue
		}
		g.Play(p)
		v := -k.quiesce(g, ply+1, -beta, -alpha, fours-1, plies-1)
		g.Undo()
		if v > best {
			best = v
			if v > alpha {
				alpha = v
				if v >= beta {
					break
				}
			}
		}
	}
	k.qbuf = k.qbuf[:start]
	return best
}

// staticResult is what the rules decide in g for the side to move within
// five plies, read from the patterns alone (quickWinCheck of
// dhbloo/rapfi game/wincheck.h in outline): a win in n plies (n > 0), a
// loss in -n plies (n < 0), or nothing proven (n = 0). When the opponent
// has a single win point (a four), block is that point, the forced reply,
// and n is 0; otherwise block is rules.NoMove. The analysis must be up to
// date with g (analyzer.refreshAll).
//
// In order:
//   - the side to move has a win point: a five, a win in 1;
//   - the opponent has two distinct win points, or one that is forbidden
//     to Black under Renju: a loss in 2;
//   - the side to move can make an open four (or fours in two lines at
//     once) while the opponent has no win point: a win in 3, whatever
//     fours he has, since he can block one point only and his own four
//     comes a move too late;
//   - a four and a three in another line at one point, when the opponent
//     has no four point anywhere (so no three either): the four's block
//     cannot give him a four, and the three becomes an open four: a win
//     in 5;
//   - threes in two lines at one point, when the opponent has no four
//     point: his reply makes no four and stops one of them only: a win
//     in 5.
//
// For Black under Renju only the open four on an allowed point counts
// (and only while White has no four point); a double four or a double
// three is forbidden to him, and his threes may be false.
//
// TestStaticResultSound checks every win in 3 or 5 it claims on seeded
// games by brute force over every reply (EXPERIMENTS.md, "staticResult").
func (k *Knowledge) staticResult(g *gomoku.Game) (n int, block rules.Move) {
	a := &k.a
	me := g.ColorToMove()
	opp := me ^ 1
	renjuBlack := me == 0 && a.renju()
	if a.nWin[me] > 0 {
		return 1, rules.NoMove
	}
	switch w, q, _ := a.distinctWins(opp); {
	case w >= 2, w == 1 && renjuBlack && g.FoulAt(int(q)) != gomoku.NoFoul:
		return -2, rules.NoMove
	case w == 1:
		return 0, q
	}
	if renjuBlack {
		if a.nThree[me] > 0 && a.nFour[opp] == 0 && k.openFourAllowed(g, true) {
			return 3, rules.NoMove
		}
		return 0, rules.NoMove
	}
	t := a.threats[me]
	switch {
	case t.count(bitIndex(threatOpen4)) > 0:
		return 3, rules.NoMove
	case a.nFour[opp] > 0:
		// His four point gains him a tempo: no win in 5 is sure.
	case t.count(bitIndex(threatFourThree)) > 0, t.count(bitIndex(threatThree3)) > 0:
		return 5, rules.NoMove
	}
	return 0, rules.NoMove
}

// QuickWin returns the result staticResult proves for s, a *gomoku.Game
// at distance ply from the root, on the search's scale (a win n plies
// below it scores ai.WinScore - ply - n), with ok; ok is false when
// nothing is proven, when a four must be blocked, and in the undecided
// phases of the Swap2 opening (ai.Hooks.QuickWin). The main search
// asks at every node below the root, so that the lines it proves end as
// soon as the patterns decide them instead of a few plies on. It
// allocates nothing and leaves s unchanged; it panics if s is not a
// *gomoku.Game.
//
// It proves more forced wins in the same time and plays as well
// (EXPERIMENTS.md, "QuickWin").
func (k *Knowledge) QuickWin(s rules.State, ply int) (int, bool) {
	g := s.(*gomoku.Game)
	if g.Deciding() != gomoku.PhaseNone {
		return 0, false
	}
	if over, _ := g.Outcome(); over {
		return 0, false
	}
	k.a.refreshAll(g)
	if n, _ := k.staticResult(g); n != 0 {
		return ai.TerminalScore(ai.Sign(n), ply+abs(n)), true
	}
	return 0, false
}

// bitIndex returns the index of the single set bit of a threat bit.
func bitIndex(bit uint8) int { return bits.TrailingZeros8(bit) }

// keepNearLast keeps, of the points buf[start:], those near the last
// stone of the side to move's color (dhbloo/rapfi's range for its
// quiescence fours: within a 5x5 square of it, or on one of its four lines within 4
// points), in place; all of them when that color has no stone played yet.
func keepNearLast(g *gomoku.Game, buf []rules.Move, start int) []rules.Move {
	size := g.Size()
	n := g.Ply()
	if n < 2 {
		return buf
	}
	last := int(g.History(n - 2))
	if last >= size*size {
		return buf // a swap or a Swap2 choice
	}
	lx, ly := last%size, last/size
	kept := start
	for _, m := range buf[start:] {
		dx, dy := abs(int(m)%size-lx), abs(int(m)/size-ly)
		if dx <= 2 && dy <= 2 || (dx == 0 || dy == 0 || dx == dy) && max(dx, dy) <= 4 {
			buf[kept] = m
			kept++
		}
	}
	return buf[:kept]
}

// openFourAllowed reports whether the side to move may play one of its
// open-four points (a.nThree > 0): always, but for Black under Renju,
// whose points may be forbidden.
func (k *Knowledge) openFourAllowed(g *gomoku.Game, renjuBlack bool) bool {
	if !renjuBlack {
		return true
	}
	a := &k.a
	start := len(k.qbuf)
	a.nextGen()
	k.qbuf = a.appendAll(k.qbuf, kindThree, 0)
	ok := false
	for _, p := range k.qbuf[start:] {
		if g.FoulAt(int(p)) == gomoku.NoFoul {
			ok = true
			break
		}
	}
	k.qbuf = k.qbuf[:start]
	return ok
}

// orderFours sorts the four points ps of color me by pointOrder, highest
// first (an insertion sort: there are few).
func (k *Knowledge) orderFours(ps []rules.Move, me rules.Seat) {
	a := &k.a
	var keys [64]int32
	if len(ps) > len(keys) {
		return
	}
	for i, p := range ps {
		keys[i] = a.pointOrder(int(p), me)
	}
	for i := 1; i < len(ps); i++ {
		p, v := ps[i], keys[i]
		j := i
		for ; j > 0 && keys[j-1] < v; j-- {
			ps[j], keys[j] = ps[j-1], keys[j-1]
		}
		ps[j], keys[j] = p, v
	}
}

// ExtendSingleReply reports true (ai.Hooks.ExtendSingleReply): the block
// of a four is the only candidate (Candidates), so a four and its block
// cost the main search one ply, as in a VCF.
func (k *Knowledge) ExtendSingleReply() bool { return true }

// Forward pruning (ai.Hooks). The reverse futility margin is
// futilityUnit evaluation units a ply up to futilityMaxDepth plies; late
// move pruning keeps 3 + depth^1.32 moves (dhbloo/rapfi's futility move
// count, params.lateMoves) up to len(params.lateMoves)-1 plies. Razoring
// and the improving rule were tried and left out (EXPERIMENTS.md,
// "Forward pruning").

// ReverseFutilityMargin returns futilityUnit per ply of depth, with ok only up
// to futilityMaxDepth plies and in a quiet position: not an undecided
// Swap2 phase, and the opponent (who just moved) has no win point and no
// point making an open four, whose threat the evaluation weighs only
// roughly.
func (k *Knowledge) ReverseFutilityMargin(s rules.State, depth int) (int, bool) {
	g := s.(*gomoku.Game)
	if depth > params.futilityMaxDepth || g.Deciding() != gomoku.PhaseNone {
		return 0, false
	}
	a := &k.a
	a.refreshAll(g)
	opp := g.ColorToMove() ^ 1
	if a.nWin[opp] > 0 || a.nThree[opp] > 0 {
		return 0, false
	}
	return params.futilityUnit * depth, true
}

// MoveCountLimit returns params.lateMoves[depth] for a depth it has, else
// 0 (no limit).
func (k *Knowledge) MoveCountLimit(depth int) int {
	if depth >= len(params.lateMoves) || depth < 1 {
		return 0
	}
	return params.lateMoves[depth]
}

// Reductions (ai.Hooks). The late move reduction is
// lmrBase + ln(depth) * ln(index+1) / lmrDivisor plies for the index-th
// move searched at a node of depth plies (Stockfish's shape, milder than
// dhbloo/rapfi's ln(depth) * ln(count) plus its policy and cut-node
// terms), none below lmrMinDepth plies or before the lmrMinIndex-th
// move; nodes of iirDepth plies or more without a hash move are searched
// a ply shallower (internal iterative reduction). They replaced the
// search's default reductions (1 ply from the fourth move at depth 3, 2
// from the ninth at depth 6). The variants tried are in EXPERIMENTS.md,
// "Reductions".
// lmrTable holds LateReduction's values for depths and indexes below 64.
var lmrTable = func() *[64][64]int8 {
	t := new([64][64]int8)
	for d := params.lmrMinDepth; d < 64; d++ {
		for i := params.lmrMinIndex; i < 64; i++ {
			t[d][i] = int8(params.lmrBase + math.Log(float64(d))*math.Log(float64(i+1))/params.lmrDivisor)
		}
	}
	return t
}()

// LateReduction returns the late move reduction of the index-th move
// searched at a node of depth plies (lmrTable; the largest depth and
// index in it stand for larger ones).
func (k *Knowledge) LateReduction(depth, index int) int {
	return int(lmrTable[max(0, min(depth, 63))][max(0, min(index, 63))])
}

// InternalReductionDepth returns iirDepth.
func (k *Knowledge) InternalReductionDepth() int { return params.iirDepth }
