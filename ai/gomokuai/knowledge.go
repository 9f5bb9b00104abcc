// Package gomokuai is the Gomoku knowledge of the Planiverse search (it
// imports planiverse/ai and asserts the interfaces it satisfies in
// levels.go): an evaluation from line patterns and from the pattern
// classes of the empty points (patterns.go: what a stone there would make
// in each of its four lines, kept up to date incrementally; classes.go:
// the four codes together), candidate moves near the stones that answer
// forced threats, capped to the best by pattern code, move ordering by
// pattern code, a VCF (victory by continuous fours) solver, a VCT (victory
// by continuous threats: fours and threes) threat-space search (vct.go),
// and a root filter that drops the root moves after which the opponent
// wins by VCF, and under a deadline by VCT (rootfilter.go); for the main
// search, a quiescence over fours at its leaves, the wins the patterns
// decide within five plies at every node (QuickWin), the single-reply
// extension, forward pruning and reductions (quiesce.go). The VCF and VCT
// searches run on a private copy of the position that can pass (board.go),
// which is how the opponent's threats are seen.
//
// All of it reads the line bitboards of package gomoku (Game.Line): each
// line of the board is one uint32 per color, and patterns are found with
// shifts and masks over the line's five-point windows (see lines.go). The
// analysis of every line is cached and redone only for lines whose stones
// changed, which makes the evaluation incremental across a search.
//
// Measured strength, the match results and the experiments behind the
// knobs are in EXPERIMENTS.md, which also says how to run the matches.
package gomokuai

import (
	"context"
	"math/bits"
	"slices"
	"time"

	"planiverse/ai"
	"planiverse/rules"
	"planiverse/rules/gomoku"
)

// The score scale is package ai's: evaluations stay within
// ±ai.MaxEval (about 100 units per disc, stone or piece), a forced win in
// n plies scores ai.WinScore - n.

// Evaluation terms, in units of about 1/100 of a stone, beyond the sum of
// live windows (windowValue).
const (
	// evalWinNext: the side to move has a win point (a four).
	evalWinNext = 60_000
	// evalLost: the opponent has two distinct win points and the side to
	// move has none.
	evalLost = -60_000
	// evalOpenFourNext: the side to move can make an open four and the
	// opponent has no four to interpose.
	evalOpenFourNext = 8_000
	// evalDoubleThree: the opponent has threes in two lines and the side to
	// move has neither a three nor a four point.
	evalDoubleThree = -4_000
)

// Knowledge is the Gomoku game knowledge: Evaluate, OrderMoves, Candidates,
// Solve and RootMoves for a *gomoku.Game. It keeps scratch state (the line analysis
// cache, a VCF table of about 256 KB, the VCT's df-pn table of 12 MB), so
// one value must not be shared between goroutines.
type Knowledge struct {
	a   analyzer
	vcf *vcfSearch
	vct *vctSearch // shares vcf's board

	tempo []rules.Move // scratch of RootMoves

	// quiet: RootMoves proved that the opponent has no VCT after a pass
	// (and found no VCF) at the position of hash quietKey (Refuted then has
	// nothing to find).
	quiet    bool
	quietKey uint64

	keys [gomoku.MaxPoints]uint64 // scratch of patternMoves

	qbuf   []rules.Move // Quiesce's move stack
	qnodes int64        // Quiesce's node count
}

// New returns Gomoku knowledge for any board size and rule.
func New() *Knowledge {
	k := &Knowledge{}
	k.vcf = newVCFSearch(&k.a, 14)
	k.vct = newVCTSearch(k.vcf, 16, 19)
	k.tempo = make([]rules.Move, 0, gomoku.MaxPoints)
	k.qbuf = make([]rules.Move, 0, 4*gomoku.MaxPoints)
	return k
}

// Evaluate returns the static evaluation of s (a *gomoku.Game, not over)
// from the side to move's point of view, within ±ai.MaxEval: a blend
// (evaluateForced) of the live windows of the color to
// move (ColorOf(ToMove), which is how a swap is taken into account) minus
// the opponent's and of the pattern-class values of the empty points
// (classValue: pointEval.value summed over the board for that color plus
// pointEval.valueOpp for the opponent), plus evalTempo and the threat
// terms above. Facing a single
// win point of the opponent's (a four), it plays the forced block (at
// most evalForcedPlies in a row) and returns the negated value of the
// position after it. It panics if
// s is not a *gomoku.Game; it allocates nothing and leaves s unchanged.
//
// Under Renju, Black to move facing a single White win point that is
// forbidden for Black is lost. In the undecided phases of the Swap2
// opening the seat to move has no color yet: a seat placing stones
// scores -|v| (the other seat will choose the better color), a seat
// choosing scores |v|, where v is the evaluation for the color to move.
func (k *Knowledge) Evaluate(s rules.State) int {
	g := s.(*gomoku.Game)
	v := k.evaluate(g)
	switch g.Deciding() {
	case gomoku.PhasePlaceThree, gomoku.PhasePlaceTwo:
		return -abs(v)
	case gomoku.PhaseChoose, gomoku.PhaseChooseAgain:
		return abs(v)
	}
	return v
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// evaluate is Evaluate for the color to move, after at most
// evalForcedPlies forced blocks (at the main search's leaves Quiesce
// runs instead; this serves Evaluate and the quiescence's stand-pat).
func (k *Knowledge) evaluate(g *gomoku.Game) int { return k.evaluateForced(g, params.evalForcedPlies) }

// evaluateForced is evaluate with at most plies forced blocks played.
//
// The blend: evalWindowShare percent of the live-window sum (analyzer
// score), the point values (pointEval.value of the side to move's points
// plus pointEval.valueOpp of the opponent's), evalTempo, the side to
// move's bonus in evaluation units, and threatValue, a value for which
// threats each side has anywhere on the board (threatMask: a four point,
// a three point, a point of a double threat). These weights are fitted to
// a teacher engine's evaluations (cmd/fitteacher; the weights are in
// evalweights.go, the fits in EXPERIMENTS.md, "The evaluation"). The
// large tempo says what Gomoku players know: the move is worth much more
// than a stone. The value is bounded by ±ai.MaxEval/2.
func (k *Knowledge) evaluateForced(g *gomoku.Game, plies int) int {
	a := &k.a
	a.refreshAll(g)
	me := g.ColorToMove()
	opp := me ^ 1
	if a.nWin[me] > 0 {
		return evalWinNext
	}
	v := a.score
	if me == 1 {
		v = -v
	}
	v = v*evalWindowShare/100 + int(a.value[me]+a.valueOpp[opp]) + evalTempo
	v += int(threatValue[a.threatMask(me)<<3|a.threatMask(opp)])
	n, q, _ := a.distinctWins(opp)
	switch {
	case n >= 2, n == 1 && me == 0 && g.FoulAt(int(q)) != gomoku.NoFoul:
		return evalLost
	case n == 1 && plies > 0 && g.Deciding() == gomoku.PhaseNone:
		g.Play(q)
		if over, _ := g.Outcome(); !over {
			v = -k.evaluateForced(g, plies-1)
			g.Undo()
			return v
		}
		g.Undo()
	case n == 0:
		if a.nThree[me] > 0 {
			v += evalOpenFourNext
		} else if a.nThree[opp] >= 2 && a.nFour[me] == 0 {
			v += evalDoubleThree
		}
	}
	return max(-ai.MaxEval/2, min(ai.MaxEval/2, v))
}

// pointOrder is the ordering score of point p for color me: its attack
// score plus orderDefenceShare percent of the opponent's score there.
func (a *analyzer) pointOrder(p int, me rules.Seat) int32 {
	return pointTable[a.sets[me&1][p]&setMask].order + pointTable[a.sets[(me^1)&1][p]&setMask].defence
}

// OrderMoves scores each move by the pattern codes of its point
// (pointOrder, times orderScale): what a stone there makes in its four
// lines for the color to move (a five scores highest, then open fours
// and double threats, fours, threes), plus what it blocks of the
// opponent's. rules.Swap scores 0 (the search decides it). It allocates
// nothing.
//
// The search adds its history heuristic, which grows to 1<<20
// (planiverse/ai), to these scores; scaled by orderScale, a double threat
// outranks every quiet point whatever its history (TestOrderScale), and a
// difference of tens in the pattern order weighs as much as a good share
// of the history's range.
func (k *Knowledge) OrderMoves(s rules.State, moves []rules.Move, scores []int32) {
	g := s.(*gomoku.Game)
	a := &k.a
	a.refreshAll(g)
	me := g.ColorToMove()
	size := g.Size()
	for i, m := range moves {
		if m == rules.Swap || int(m) >= size*size {
			scores[i] = 0
			continue
		}
		scores[i] = a.pointOrder(int(m), me) * params.orderScale
	}
}

// Candidates appends the moves worth searching in s (a *gomoku.Game) to
// buf:
//   - nothing when the game is over; the center on an empty board;
//   - when the side to move has a win point (a four), only that win;
//   - else when the opponent has a four, only the point(s) that block it;
//   - else when the side to move has a three (a point making an open four)
//     and the opponent no four point, only the open-four points;
//   - else when the opponent has a three (a point making an open four), the
//     defences (points that leave the opponent no open four in that line)
//     and the moves making a four of one's own;
//   - otherwise the empty points within distance 2 (a 5x5 square) of a
//     stone, at most the candidateCap best by their pattern codes
//     (pointOrder), and rules.Swap when it is legal.
//
// Under Renju, Black's forbidden points are dropped (when that leaves
// nothing, the allowed points near the stones, else every legal move). At
// a color choice of the Swap2 opening rules.Swap and Balance are added
// when legal.
//
// It allocates nothing once buf has grown.
func (k *Knowledge) Candidates(s rules.State, buf []rules.Move) []rules.Move {
	g := s.(*gomoku.Game)
	if over, _ := g.Outcome(); over {
		return buf
	}
	start := len(buf)
	buf = k.candidates(g, buf)
	if g.Rule() == gomoku.Renju && g.ColorToMove() == 0 {
		buf = dropFouls(g, buf, start)
		if len(buf) == start {
			buf = dropFouls(g, Near(g, buf), start)
		}
		if len(buf) == start {
			buf = g.Moves(buf)
		}
	}
	if g.CanSwap() && !containsMove(buf[start:], rules.Swap) {
		buf = append(buf, rules.Swap)
	}
	if g.CanBalance() {
		buf = append(buf, gomoku.Balance)
	}
	return buf
}

// dropFouls removes Black's forbidden points from buf[start:], in place.
func dropFouls(g *gomoku.Game, buf []rules.Move, start int) []rules.Move {
	kept := start
	for _, m := range buf[start:] {
		if int(m) >= g.Size()*g.Size() || g.FoulAt(int(m)) == gomoku.NoFoul {
			buf[kept] = m
			kept++
		}
	}
	return buf[:kept]
}

func containsMove(ms []rules.Move, m rules.Move) bool {
	for _, x := range ms {
		if x == m {
			return true
		}
	}
	return false
}

// candidates is Candidates before the Renju and Swap2 adjustments.
func (k *Knowledge) candidates(g *gomoku.Game, buf []rules.Move) []rules.Move {
	size := g.Size()
	if g.Stones() == 0 {
		return append(buf, rules.Move((size/2)*size+size/2))
	}
	a := &k.a
	a.refreshAll(g)
	me := g.ColorToMove()
	opp := me ^ 1
	if p, ok := a.firstWin(me); ok {
		return append(buf, p)
	}
	a.nextGen()
	if a.nWin[opp] > 0 {
		return a.appendAll(buf, kindWin, opp)
	}
	start := len(buf)
	if a.nThree[me] > 0 && a.nFour[opp] == 0 {
		// An open four wins: the opponent has no four to interpose.
		buf = a.appendAll(buf, kindThree, me)
		if me == 1 || !a.renju() {
			return buf
		}
		// Renju: keep only Black's allowed ones, else search on.
		buf = dropFouls(g, buf, start)
		if len(buf) > start {
			return buf
		}
		a.nextGen()
	}
	if a.nThree[opp] > 0 {
		for _, r := range a.lines {
			if a.info[r.dir][r.line].three[opp] != 0 {
				buf = a.appendDefences(buf, int(r.dir), int(r.line), me)
			}
		}
		buf = a.appendAll(buf, kindFour, me)
		if len(buf) > start {
			return buf
		}
	}
	buf = k.patternMoves(g, buf)
	if g.CanSwap() {
		buf = append(buf, rules.Swap)
	}
	return buf
}

// patternMoves appends the empty points within distance 2 of a stone
// (Near), only the best candidateCap of them by pointOrder when there are
// more, sorted by pointOrder (highest first, earlier points first among
// equals).
//
// The cap makes some proofs false: where every capped candidate loses by
// force, the search calls the node lost, though a point beyond the cap may
// defend.
func (k *Knowledge) patternMoves(g *gomoku.Game, buf []rules.Move) []rules.Move {
	a := &k.a
	me := g.ColorToMove()
	size := g.Size()
	var rows [gomoku.MaxSize]uint32
	nearRows(g, &rows)
	// The points' keys (orderKey), in increasing order of point.
	n := 0
	for y := 0; y < size; y++ {
		for m := rows[y]; m != 0; m &= m - 1 {
			p := y*size + bits.TrailingZeros32(m) - 1
			k.keys[n] = orderKey(a.pointOrder(p, me), rules.Move(p))
			n++
		}
	}
	keys := k.keys[:n]
	if n > params.candidateCap {
		selectSmallest(keys, params.candidateCap)
		keys = keys[:params.candidateCap]
		slices.Sort(keys)
	}
	for _, key := range keys {
		buf = append(buf, rules.Move(uint16(key)))
	}
	return buf
}

// orderKey is the sort key of move m with ordering score v: smaller keys
// for higher scores, and among equal scores for smaller moves.
func orderKey(v int32, m rules.Move) uint64 {
	return uint64(uint32(-v)^1<<31)<<32 | uint64(m)
}

// selectSmallest reorders the distinct keys so that keys[:n] are the n
// smallest (in no particular order), for 0 < n <= len(keys): a
// quickselect around the median of three, partitioning without a branch
// on the comparisons (which a branch predictor cannot guess).
func selectSmallest(keys []uint64, n int) {
	t := n - 1 // the index that must hold the n-th smallest
	lo, hi := 0, len(keys)-1
	for lo < hi {
		// The median of keys[lo], keys[mid] and keys[hi] as the pivot, at
		// hi.
		mid := lo + (hi-lo)/2
		if keys[mid] < keys[lo] {
			keys[mid], keys[lo] = keys[lo], keys[mid]
		}
		if keys[hi] < keys[mid] {
			keys[hi], keys[mid] = keys[mid], keys[hi]
			if keys[mid] < keys[lo] {
				keys[mid], keys[lo] = keys[lo], keys[mid]
			}
		}
		keys[mid], keys[hi] = keys[hi], keys[mid]
		pivot := keys[hi]
		// Lomuto's partition: keys[lo:st] < pivot <= keys[st:i]. Swapping
		// a key not below the pivot with keys[st] keeps that true, so
		// every key is swapped and only st depends on the comparison.
		st := lo
		for i := lo; i < hi; i++ {
			x := keys[i]
			keys[i] = keys[st]
			keys[st] = x
			_, below := bits.Sub64(x, pivot, 0) // 1 when x < pivot
			st += int(below)
		}
		keys[hi], keys[st] = keys[st], pivot
		switch {
		case t < st:
			hi = st - 1
		case t > st:
			lo = st + 1
		default:
			return
		}
	}
}

// Near appends to buf the empty points of g within distance 2 (a 5x5
// square) of a stone, row by row: the quiet candidates before the cap
// (Candidates, CandidateCap).
func Near(g *gomoku.Game, buf []rules.Move) []rules.Move {
	size := g.Size()
	var rows [gomoku.MaxSize]uint32
	nearRows(g, &rows)
	for y := 0; y < size; y++ {
		for m := rows[y]; m != 0; m &= m - 1 {
			buf = append(buf, rules.Move(y*size+bits.TrailingZeros32(m)-1))
		}
	}
	return buf
}

// nearRows sets rows[y] to the empty points of row y within distance 2 (a
// 5x5 square) of a stone, as a line bitboard (bit x+1 for column x).
func nearRows(g *gomoku.Game, rows *[gomoku.MaxSize]uint32) {
	size := g.Size()
	var occ [gomoku.MaxSize + 4]uint32 // occ[y+2]: stones of row y
	for y := 0; y < size; y++ {
		occ[y+2] = g.Line(0, gomoku.Horizontal, y) | g.Line(1, gomoku.Horizontal, y)
	}
	full := gomoku.LineMask(size, gomoku.Horizontal, 0)
	for y := 0; y < size; y++ {
		n := occ[y] | occ[y+1] | occ[y+2] | occ[y+3] | occ[y+4]
		n |= n<<1 | n<<2 | n>>1 | n>>2
		rows[y] = n & full &^ occ[y+2]
	}
}

// Solve runs a VCF search for the side to move of s (a *gomoku.Game) with
// up to solveDepth fours and solveNodes nodes, shortest win first, then,
// when there is none, a VCT search (vctSearch: fours and threes) within
// the SolveVCT budgets. When it finds a win it returns the first move and
// ai.WinScore - plies to the five (for a VCT an estimate, 2*threats+3:
// the threats, the open four and the five, without forced blocks), with ok true; otherwise ok is false. It returns
// promptly (ok false) when ctx is canceled. nodes counts the positions
// visited. It allocates nothing.
func (k *Knowledge) Solve(ctx context.Context, s rules.State) (m rules.Move, value int, nodes int64, ok bool) {
	g, isGomoku := s.(*gomoku.Game)
	if !isGomoku {
		return rules.NoMove, 0, 0, false
	}
	if over, _ := g.Outcome(); over || ctx.Err() != nil || g.Deciding() != gomoku.PhaseNone {
		return rules.NoMove, 0, 0, false
	}
	v := k.vcf
	v.nodes, v.limit, v.done = 0, params.solveNodes, ctx.Done()
	v.b.load(g)
	seq, found := v.solve(params.solveDepth)
	v.done = nil
	if found {
		return seq[0], ai.WinScore - len(seq), v.nodes, true
	}
	nodes = v.nodes
	if v.aborted && ctx.Err() != nil {
		return rules.NoMove, 0, nodes, false
	}
	t := k.vct
	t.nodes, t.limit, t.done, t.deadline = 0, params.solveVCTNodes, ctx.Done(), time.Time{}
	if dl, has := ctx.Deadline(); has {
		t.deadline = time.Now().Add(time.Duration(float64(time.Until(dl)) * params.solveVCTShare))
	}
	v.b.load(g)
	t.skipProof = true
	first, won := t.solve(params.solveVCTDepth)
	t.skipProof = false
	t.done, v.done = nil, nil
	nodes += t.nodes
	if !won {
		return rules.NoMove, 0, nodes, false
	}
	return first, ai.WinScore - (2*t.depth + 3), nodes, true
}

// IterationShare returns searchShare (ai.Hooks.IterationShare): a
// timed search starts iterations until its time is spent. An unfinished
// iteration still yields the root moves it completed (the previous best
// first), so starting one late loses nothing.
func (k *Knowledge) IterationShare() float64 { return params.searchShare }
