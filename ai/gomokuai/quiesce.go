package gomokuai

import (
	"math"
	"math/bits"

	"planiverse/ai/score"
	"planiverse/rules"
	"planiverse/rules/gomoku"
)

// Quiescence limits: at a leaf of the main search the side to move may
// play up to QuiescenceFours fours (each answered by its forced block,
// which costs no four), and a quiescence line holds at most
// quiescencePlies plies, forced blocks included.
//
// The side to move stands pat even when the opponent has a three. Making
// it answer instead, once a line (a point that stops the three, or a four
// of its own; the best answer's value is the node's), did not play better
// (2026-11-26). On the 4,444 Rapfi-labelled positions where the opponent
// has a three and the side to move has none and faces no four, the log
// loss of that value against Rapfi's 100 ms evaluation was 0.526 where
// the static evaluation's is 0.562 (three answers deep: 0.515). In play at
// 1 s a move against Rapfi (classical), on the 36 openings with colours
// swapped, it scored 4-67-1 where main scored 5-67 (-0.7 +- 7.4 points
// paired by opening and colour); against main at 300 ms a move, 32-35-5;
// against Rapfi at time odds (told 50 ms a move, where main is even with
// it; see the package doc), 34-36-2 against main's 37-33-2, -4.2 +- 13.1
// points paired.
const (
	QuiescenceFours = 4
	quiescencePlies = 24
	// quiescenceDelta: at a null-window node whose evaluation is this far
	// below alpha, the fours are not tried (delta pruning; about 10
	// logits of the win probability, Rapfi's margin on its scale).
	quiescenceDelta = 12_000
)

// Quiesce is the quiescence search at a leaf of the main search
// (planiverse/ai.Quiescer), for s a *gomoku.Game at distance ply from the
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
// The search is Rapfi's quiescence (its vcfsearch and vcfdefend, in
// dhbloo/rapfi search/ab/search.cpp) in outline: stand pat, then fours
// with their forced defence.
func (k *Knowledge) Quiesce(s rules.State, ply, alpha, beta int) (int, int64) {
	g := s.(*gomoku.Game)
	if g.Deciding() != gomoku.PhaseNone {
		return clampEval(k.Evaluate(g)), 1
	}
	k.qnodes = 0
	v := k.quiesce(g, ply, alpha, beta, QuiescenceFours, quiescencePlies)
	return v, k.qnodes
}

// clampEval bounds an evaluation to ±score.MaxEval, as the search does.
func clampEval(v int) int { return max(-score.MaxEval, min(score.MaxEval, v)) }

// quiesce is Quiesce's search of g, with fours fours and plies plies left.
func (k *Knowledge) quiesce(g *gomoku.Game, ply, alpha, beta, fours, plies int) int {
	k.qnodes++
	if over, sc := g.Outcome(); over {
		return score.Terminal(sc, ply)
	}
	a := &k.a
	a.refreshAll(g)
	me := g.ColorToMove()
	renjuBlack := me == 0 && a.renju()
	switch n, q := k.staticResult(g); {
	case n != 0:
		return score.Terminal(score.Sign(n), ply+abs(n))
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
	if beta-alpha == 1 && best+quiescenceDelta < alpha {
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
// five plies, read from the patterns alone (Rapfi's quickWinCheck in
// outline, dhbloo/rapfi game/wincheck.h): a win in n plies (n > 0), a
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
// games by brute force over every reply; so did a scratch test on the
// 6,651 positions of 144 games of Master against Rapfi, where the wins in
// 5 apply at 67 (2026-11-27).
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
// below it scores score.WinScore - ply - n), with ok; ok is false when
// nothing is proven, when a four must be blocked, and in the undecided
// phases of the Swap2 opening (planiverse/ai.WinChecker). The main search
// asks at every node below the root, so that the lines it proves end as
// soon as the patterns decide them instead of a few plies on. It
// allocates nothing and leaves s unchanged; it panics if s is not a
// *gomoku.Game.
//
// Measured 2026-11-27, at 1 s a move (bestmove and match --level max):
//   - proofs: on the package doc's 34 positions of match games where
//     Rapfi (300 ms) first scores a forced win for the side to move, a
//     search proves 22 where the build before it proved 14 (the two run
//     side by side); after H8 I9 F6 I10 F7, White's win is still not
//     proved in 3 s;
//   - play: against Rapfi (classical) at equal time on
//     testdata/openings-balanced.txt with colours swapped, two passes
//     scored 13-58-1 and 8-63-1 (the first from a scratch copy with the
//     same checks), 21-121-2 in all (15.3% +- 6.8), +0.0 +- 7.5 points
//     paired by opening and colour against the build before (11-61-0).
//     Against AIWine at equal time on the same openings: 62-9-1 (86.8%
//     +- 8.2), -0.7 +- 10.4 points paired against the build before;
//     against Pela, 70-1-1 (97.9% +- 3.0), +0.7 +- 2.4 (the build before:
//     68-0-4).
//
// It was taken for the proofs: in play it neither gained nor lost.
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
		return score.Terminal(score.Sign(n), ply+abs(n)), true
	}
	return 0, false
}

// bitIndex returns the index of the single set bit of a threat bit.
func bitIndex(bit uint8) int { return bits.TrailingZeros8(bit) }

// keepNearLast keeps, of the points buf[start:], those near the last
// stone of the side to move's colour (Rapfi's range for its quiescence
// fours: within a 5x5 square of it, or on one of its four lines within 4
// points), in place; all of them when that colour has no stone played yet.
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

// orderFours sorts the four points ps of colour me by pointOrder, highest
// first (an insertion sort: there are few).
func (k *Knowledge) orderFours(ps []rules.Move, me rules.Player) {
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

// ExtendSingleReply reports true (planiverse/ai.ReplyExtender): the block
// of a four is the only candidate (Candidates), so a four and its block
// cost the main search one ply, as in a VCF.
//
// Making the pair free as well (the single reply searched a ply deeper
// than its node, where Rapfi extends it by 1.3 plies, so that its pair
// costs 0.7) did not play better (2026-11-28): a search to depth 14 took
// 3.7 times the nodes (after H8 I9 F6 I10 F7), and on the 200 ms screen
// (package doc) two passes scored 14-128-2 (10.4%), -1.9 +- 6.9 points
// paired by opening and colour against three passes of main (25-188-3).
//
// Nor did a part of Rapfi's extra 0.3 of a ply (2026-11-28), emulated
// over whole plies: each single reply added 0.3 to a count kept along the
// path, and the reply was searched a ply deeper still whenever the count
// reached one (a scratch change to planiverse/ai negamax). On the 200 ms
// screen two passes scored 28-114-2 (20.1%), -1.6 +- 6.8 points paired by
// opening and colour against three passes of main with orderDefenceShare
// at 50 (46-168-2, 21.8%); it proved 26 of the 61 wins of
// orderDefenceShare's doc at 200 ms, as main did.
func (k *Knowledge) ExtendSingleReply() bool { return true }

// Forward pruning (planiverse/ai.Pruner). The reverse futility margin is
// futilityUnit evaluation units a ply (about 0.3 of a logit of the win
// probability on the fitted scale: Rapfi's margin of 63 a ply on its
// scale of 200 units a logit) up to futilityMaxDepth plies; late move
// pruning keeps 3 + depth^1.32 moves (Rapfi's futility move count) up to
// lateMaxDepth plies.
//
// Measured at 1 s a move (2026-11-25), the quiescence, the single-reply
// extension and this pruning together against the build before them, on
// the 10 shared openings and 13 more that Rapfi scores within 150 of
// even, each played with colours swapped:
//   - AIWine, 138 games each: 83-54-1 (60.5%) against 77-61 (55.8%),
//     +4.7 +- 11.7 points paired by opening and colour: no difference
//     shown;
//   - Rapfi (classical), 46 games each: 2-44 against 0-46; by Rapfi's own
//     judgement (300 ms a position, +600 or a mate) the losses were
//     decided at a median ply of 11 against 16 (paired: 14 earlier, 8
//     later);
//   - depth reached at 1 s on middle games: 1 to 3 plies more.
//
// No gain was shown, and main did not take it then. With the evaluation
// per pattern class on top (2026-11-26), the same match against AIWine on
// those 23 openings and 13 more (36 openings, three passes, 216 games)
// scored 145-67-4 (68.1% +- 6.2) against the 94-70 (57.3%) of the build
// before both over 164 games of the same openings; against Pela 64-6-2
// (90%, 72 games); against Rapfi (classical) 14-130 over 144 games of
// the 36 openings (9.7%; 7-85 on the 23 where the build before scored
// 0-46). Main took both.
//
// Two additions did not score better against AIWine in a first 34 games
// (where this build scored 22-11-1 and the build before 17-17) and were
// left out: a logarithmic late move reduction (0.5 +
// ln(depth)*ln(index+1)/2 plies, Stockfish's and Rapfi's shape) 19-14-1,
// and with razoring at 1 and 2 plies as well (margins 210 and 310,
// Rapfi's) 19-15.
//
// Razoring alone did not play better either (2026-11-27): at a
// null-window node of 1 or 2 plies in a position FutilityMargin calls
// quiet, the quiescence's value when the evaluation is 225 or 300 below
// alpha (about Rapfi's margins, on this scale). Master at 1 s against Rapfi
// (classical) told 50 ms, on testdata/openings-balanced.txt with colours
// swapped: 49-19-4 (70.8%) against main's 48-21-3 (68.8%), +2.1 +- 12.1
// points paired by opening and colour. At equal time (Rapfi at 1 s too,
// 2026-11-27) it scored 5-66-1 (7.6% +- 5.8), -7.6 +- 8.0 points paired
// against main's 11-61-0.
//
// Rapfi's improving rule did not play better (2026-11-27). A node is
// improving when its static evaluation is above that of the node two
// plies up the path, where the same side was to move (from the third ply
// on). At a node that is not improving, Rapfi keeps half the move count
// and reduces a late move a ply more at null-window nodes; at one that
// is, it takes a ply off the futility margin. This was measured in
// planiverse/ai negamax, with the evaluation taken at every node below
// the root. The 200 ms screen (package doc) ran Master against Rapfi
// (classical) at 200 ms a move each, two passes per variant, paired by
// opening and colour against main's six passes (57-366-9, 14.2%):
//   - half the move count alone: 17-126-1 (12.2%), -2.1 +- 6.3 points;
//   - all three: 17-126-1 (12.2%), -2.1 +- 7.0;
//   - all three, and the margin a ply smaller everywhere (Rapfi's margin
//     is that of depth - 1): 15-128-1 (10.8%), -3.5 +- 4.7.
//
// All three together did prove a win sooner. After H8 I9 F6 I10 F7 they
// proved White's win at 1.2 s; main had not proved it at 3 s.
const (
	futilityUnit     = 400
	futilityMaxDepth = 8
	lateMaxDepth     = 8
)

// lateMoves is the late move pruning's move count by depth: 3 + d^1.32.
// With the move ordering scaled above the history (orderScale,
// 2026-11-27), keeping 70% of these counts scored 61.1% +- 9.0 against
// Rapfi told 50 ms on the 36 openings (Master at 1 s), -10.4 +- 11.4
// points paired against the 71.5% of the counts as they are, and keeping
// 130% of them 63.2% +- 9.5, -8.3 +- 11.0: neither taken.
var lateMoves = [lateMaxDepth + 1]int{0, 4, 5, 7, 9, 11, 13, 16, 18}

// FutilityMargin returns futilityUnit per ply of depth, with ok only up
// to futilityMaxDepth plies and in a quiet position: not an undecided
// Swap2 phase, and the opponent (who just moved) has no win point and no
// point making an open four, whose threat the evaluation weighs only
// roughly.
//
// Calling a position loud also when the opponent has a point making a
// four and a three, or threes in two lines (threatFourThree,
// threatThree3: the threats staticResult proves for the side that holds
// them), did not play better (2026-11-27): with QuickWin, Master at 1 s
// against Rapfi (classical) at equal time on
// testdata/openings-balanced.txt with colours swapped scored 12-60-0
// (16.7% +- 7.8), +1.4 +- 8.9 points paired by opening and colour against
// QuickWin alone (21-121-2 over two passes).
//
// Nor did two of Rapfi's conditions (2026-11-28), on the 200 ms screen
// (package doc), two passes each, paired by opening and colour against
// three passes of main before the search's final verification (46-168-2,
// 21.8%):
//   - pruning also where the opponent has a three, as Rapfi does (it only
//     spares a side's run of fours): 16-125-3 (12.2%), -9.6 +- 7.8
//     points, the only clear loss of the day's variants;
//   - the transposition table's score in place of the evaluation when
//     its bound says the true value lies on that side of it (Rapfi's
//     eval = ttValue; in planiverse/ai negamax): 28-116-0 (19.4%), -2.3
//     +- 7.0;
//   - the other way, no pruning also where the opponent has a point making
//     a four: 24-119-1 (17.0%), -4.7 +- 7.8.
//
// Nor did another futilityUnit (2026-11-28), on the same screen, paired
// by opening and colour against eight passes of main (96-475-5, 17.1%):
//   - 250 units a ply, six passes: 83-341-8 (20.1%), +3.0 +- 6.6 points
//     (+4.1 +- 7.2 against the three passes of main run between its
//     own); at 1 s a move, one pass: 12-60-0 (16.7%), -3.0 +- 7.5
//     against main's three passes (38-169-9, verifyFinal's doc);
//   - 650 units a ply, two passes: 29-114-1 (20.5%), +1.7 +- 7.2.
func (k *Knowledge) FutilityMargin(s rules.State, depth int) (int, bool) {
	g := s.(*gomoku.Game)
	if depth > futilityMaxDepth || g.Deciding() != gomoku.PhaseNone {
		return 0, false
	}
	a := &k.a
	a.refreshAll(g)
	opp := g.ColorToMove() ^ 1
	if a.nWin[opp] > 0 || a.nThree[opp] > 0 {
		return 0, false
	}
	return futilityUnit * depth, true
}

// MoveCountLimit returns lateMoves[depth] up to lateMaxDepth plies, else
// 0 (no limit).
func (k *Knowledge) MoveCountLimit(depth int) int {
	if depth > lateMaxDepth || depth < 1 {
		return 0
	}
	return lateMoves[depth]
}

// Reductions (planiverse/ai.Reducer). The late move reduction is
// lmrBase + ln(depth) * ln(index+1) / lmrDivisor plies for the index-th
// move searched at a node of depth plies (Stockfish's and Rapfi's shape,
// milder than Rapfi's ln(depth) * ln(count) plus its policy and cut-node
// terms), none below lmrMinDepth plies or before the lmrMinIndex-th
// move; nodes of iirDepth plies or more without a hash move are searched
// a ply shallower (internal iterative reduction). They replaced the
// search's default reductions (1 ply from the fourth move at depth 3, 2
// from the ninth at depth 6).
//
// Measured 2026-11-26 at 1 s a move, against main before them (the 36
// openings of the AIWine and Rapfi matches of the class evaluation, each
// played with colours swapped):
//   - depth reached on 16 positions of match games at plies 12 and 18: 1
//     to 4 plies more (13-18 before, 15-21 with the late move reductions
//     alone); on the 3-stone opening H8 J8 F6, 17 plies against 12;
//   - AIWine, two passes: 106-36-2 (74.3%) against 145-67-4 (68.1%) over
//     216 games, +6.3 +- 10.3 points paired by opening and colour;
//   - Rapfi (classical), two passes: 11-133 (7.6%) against 14-130
//     (9.7%), -2.1 +- 5.6 points paired: no change shown;
//   - Pela: 64-6-2 (90.3%), as before;
//   - Rapfi's judgement of the move played (scratch move-quality proxy,
//     200 positions of match games, Rapfi 500 ms after our 1 s move): win
//     probability 0.4604 against 0.4512, +0.009 +- 0.009 paired (the late
//     move reductions alone: 0.4587, +0.007 +- 0.009).
//
// Milder reductions (0.5 + ln(depth) * ln(index+1) / 2 from the fourth
// move, without the internal iterative reduction) reached 1-2 plies less
// deep and scored 5-45 against Rapfi in 50 games. Main before them, at
// four times the move time (4 s against Rapfi's 1 s), lost its first 3
// games against Rapfi too, and main with them at twice the move time
// (1.1 s a move used against Rapfi's 0.5 s) scored 5-67 on the 36
// openings against 11-133 at equal time, -0.7 +- 6.3 points paired
// (2026-11-26): the gap to Rapfi is not one of depth.
//
// Four refinements in Rapfi's manner did not play better (2026-11-26).
// Self-play is at 300 ms a move on the 36 openings with colours swapped,
// the variant's wins-losses-draws against main (main against itself:
// 34-32-6):
//   - reductions by the move's threats, judged after it (a four never
//     reduced, a three 2 plies less, any other move 1 more): 2-70
//     against Rapfi at 1 s, against main's 11-133, -4.9 +- 4.0 points
//     paired; Rapfi judged its moves better on 157 positions where
//     earlier builds had made the losing move (win probability 0.103
//     against 0.069), but not on the move-quality proxy's 200 positions
//     (+0.003 +- 0.012);
//   - judged before the move, a point where either side makes a three or
//     more 1 ply less and fours unreduced: 27-39-6 in self-play; any
//     other move 1 more alone: 30-36-6;
//   - a fail-high reduction (a ply off every move of a null-window node
//     whose evaluation clears beta by 94 units a ply): 26-36-10;
//   - a singular extension (at 7 plies or more, a hash move that no other
//     move comes within 6 units a ply of, in a search of half the depth,
//     is searched a ply deeper): 33-30-9.
//
// Nor did more of Rapfi's selectivity prove its forced wins sooner
// (2026-11-26). The measure: 143 positions of Master's 1 s games against
// Rapfi, in each game the first where Rapfi (300 ms) scores a forced win
// of 7 to 55 plies for the side to move; counted, the positions where a
// 1 s search of Master (bestmove --level max) scores a forced win. Main
// proves 50 (the same 50 again; 72 at 3 s). The variants proved:
//   - a ply more reduction of late moves at null-window nodes (Rapfi's
//     cut-node reduction): 52;
//   - pruning, below 4 plies, the late moves that make no open two for
//     either side (Rapfi's trivial moves): 46;
//   - those two with razoring at 1 and 2 plies (the quiescence's value
//     when the evaluation is 200 or 300 units below alpha): 34;
//   - the late move pruning's count at every depth and at PV nodes too:
//     49; a steeper reduction (divisor 0.8): 47;
//   - a counter-move (the last refutation of the opponent's move) ordered
//     before all but the hash move and killers: 39;
//   - the reply extension for nodes of up to 3 candidates (answers to a
//     three): 47; up to 10 quiescence fours: 45.
//
// Steeper reductions with the scaled move ordering (orderScale) went deeper
// but did not play better at equal time (2026-11-27): a divisor of 0.9 and
// a ply more for every reduced move at a null-window node (Rapfi's cut-node
// reduction in outline). At 1 s on middle games they reached 2 to 4 plies
// deeper (after H8 I9 F6 I10 F7, 23 plies against 19) and proved 17 of
// the 34 forced wins of the package doc's games where main proves 15.
// Against Rapfi (classical) at equal time on the 36 openings: 17-55-0
// (23.6%) against main's 14-56-2, +2.8 +- 10.5 points paired. Not taken.
// The search's second look at a reduced move that returns a proven loss
// (at full depth) is costly where a win is being proved: with the steeper
// reductions, depth 24 after H8 I9 F6 I10 F7 took 31 million nodes with it
// and 5.3 million without (proving the win); but without it, main proved
// 16 of the 34 and the steeper variant 17, no more than with it.
//
// The reductions also apply at the root, where they can hide the best
// move (2026-11-27). After H8 F9 I5 F8 I8, a 1 s search played F7
// (-1,208 at depth 16), where a search to a fixed depth of 16 plays G9
// (+562) and one of 3 s G9 (+771, as Rapfi chooses and scores it): G9
// led at depths 9 and 10, fell to ninth in the root's order when F7 took
// the lead, and from then on was searched 4 or 5 plies shallower, where it
// failed low. Three changes aimed at that, and one at the reductions'
// parity, did not play better against Rapfi (classical) at equal time on
// testdata/openings-balanced.txt with colours swapped (Master at 1 s),
// each against main's three passes (QuickWin's doc, 32-181-3, 15.5%),
// paired by opening and colour:
//   - a ply less reduction at every node searched with an open window,
//     the root included (Rapfi's r - delta/rootDelta at PV nodes): 12-60-0
//     (16.7% +- 7.8), +1.2 +- 6.2 points;
//   - no reduction at the root at all: 10-61-1 (14.6% +- 7.4), -0.9 +-
//     9.3;
//   - the root's moves after the first ordered by their scores in the
//     previous iteration (planiverse/ai negamax): 6-64-2 (9.7% +- 6.3),
//     -5.8 +- 7.8;
//   - reductions rounded to an even number of plies (2*round(x/2) of the
//     formula's x), so that a reduced search ends with the same side to
//     move as the full one and the evaluation's tempo (evalTempo) does
//     not tilt their comparison: 9-61-2 (13.9% +- 7.2), -1.6 +- 7.6.
//     Iterative deepening shows no odd-even swing to remove: over 30
//     positions of those games, the root's score moved by 329 units on
//     average from one iteration to the next and by 432 over two.
//
// Rapfi's singular extension did not play better against Rapfi either
// (2026-11-27). It was tried in planiverse/ai negamax, at nodes below the
// root searched to 7 plies or more. The node's table entry must hold a
// hash move and a lower or exact bound v, from a search of at least
// depth - 3 plies. The other moves are searched to half the depth against
// v - 7 units a ply. If they all fail low, the hash move is searched a
// ply deeper. If they reach that bound and it is at or above beta, the
// node returns it (multi-cut). On the 200 ms screen (package doc), paired
// by opening and colour against main's six passes (57-366-9, 14.2%):
//   - as described, six passes: 62-367-3 (14.7%), +0.5 +- 5.6 points;
//   - without the multi-cut, two passes: 13-130-1 (9.4%), -4.9 +- 4.3;
//   - with a margin of 14 units a ply, two passes: 16-128-0 (11.1%),
//     -3.1 +- 5.8.
//
// Four more of Rapfi's rules for reductions did not play better on the
// 200 ms screen (2026-11-28), paired by opening and colour against four
// passes of main after the faster pattern update (48-234-6, 17.7%):
//   - a ply less reduction at every node that is or has been on the
//     principal variation (a flag in the transposition table, Rapfi's
//     ttPv), two passes: 23-119-2 (16.7%), -1.0 +- 7.1 points;
//   - a reduced move whose null-window search beats alpha by more than
//     300 units searched again a ply deeper than unreduced (Rapfi's
//     lmrExtension in outline), four passes: 52-230-6 (19.1%), +1.4 +-
//     6.0;
//   - where the opponent has a three, an own four that does not defend
//     against it reduced 2 plies more when it is more than 4 points from
//     the opponent's last stone and 1 more when it is that far from the
//     side's own last stone, and pruned below 4 plies when both hold
//     (Rapfi's distracting defence moves), two passes: 26-113-5 (19.8%),
//     +2.1 +- 7.5;
//   - a node searched with an open window whose hash move comes from a
//     shallower search searched 0.28 plies shallower for each ply of the
//     difference (rounded down, at most 3; Rapfi's reduction for a
//     principal variation that changed), two passes: 17-122-5 (13.5%),
//     -4.2 +- 7.1.
//
// Nor did sparing the root's threats (2026-11-28): root moves that make a
// three or more for the side to move searched without reduction. It
// found the win after orderDefenceShare's example at depth 15, and 20 of
// the 61 wins of that doc at 200 ms where main finds 17 (44 at 1 s where
// main finds 42), but on the 200 ms screen two passes scored 20-124-0
// (13.9%), +1.6 +- 5.3 points against three passes of main (25-188-3);
// sparing the replies to them as well (the threats at ply 1) lost that
// example again.
//
// Nor did Rapfi's rules for cut nodes (2026-11-28). They were tried in
// planiverse/ai negamax with Stockfish's and Rapfi's node types: a
// null-window node is a cut node when its parent searched it as a reduced
// late move, or as the first move of a null-window node that is not one,
// and the searches again at full depth alternate the type. On the 200 ms
// screen (package doc), paired by opening and colour against three passes
// of main with orderDefenceShare at 50 (46-168-2, 21.8%), two passes
// each:
//   - the fail-high reduction (Rapfi's likelyFailHigh): at a cut node
//     whose static evaluation clears beta by -57 + 95 units a ply
//     (Rapfi's margin on this scale), every move that makes no four,
//     the first included, searched a ply shallower: 28-113-3 (20.5%),
//     -1.3 +- 7.2 points;
//   - with it, 2 plies more reduction of every move but the hash move and
//     the killers that makes no four at a cut node (Rapfi's 1.8 plies,
//     which it spares its quiet killers): 26-116-2 (18.8%), -3.0 +- 8.4.
//
// They proved 19 and 17 of the 61 wins of orderDefenceShare's doc at 200
// ms, where main proved 24 and 26 in two runs; after H8 I9 F6 I10 F7 the
// first proved White's win in 1 s.
//
// Nor did Rapfi's reduction after a score improvement (2026-11-28): once a
// move raised alpha at a node of 3 to 11 plies without a proven score, the
// node's remaining moves were searched a ply shallower (Rapfi's
// ALPHA_IMPROVEMENT_REDUCTION, Stockfish's depth -= 1 there; in
// planiverse/ai negamax). Two passes of the 200 ms screen scored 28-116-0
// (19.4%), -2.3 +- 7.5 points paired against the three passes above.
const (
	lmrBase     = 0.3
	lmrDivisor  = 1.2
	lmrMinDepth = 3
	lmrMinIndex = 2
	iirDepth    = 4
)

// lmrTable holds LateReduction's values for depths and indexes below 64.
var lmrTable = func() *[64][64]int8 {
	t := new([64][64]int8)
	for d := lmrMinDepth; d < 64; d++ {
		for i := lmrMinIndex; i < 64; i++ {
			t[d][i] = int8(lmrBase + math.Log(float64(d))*math.Log(float64(i+1))/lmrDivisor)
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
func (k *Knowledge) InternalReductionDepth() int { return iirDepth }
