package othelloai

import (
	"context"
	"math"
	"math/bits"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"planiverse/ai"
	"planiverse/rules"
	"planiverse/rules/othello"
)

// The exact endgame solver: negamax alpha-beta (principal variation search)
// on raw bitboards. Far from the end ("deep" nodes): a transposition table
// (2-way buckets, exact keys; from ttMinEmpties empties, as a probe costs
// more than it saves nearer the end), enhanced transposition cut-offs, a
// stability cut-off, and fastest-first ordering (fewest opponent replies
// first). At few empties ("shallow" nodes): a search over an explicit list
// of the empty squares (corners first, X-squares last) with quadrant-parity
// ordering and no move generator, then dedicated code for the last three
// squares, the last two and the last one. Scores are final disc differences
// (-64..64, empty squares to the winner), always even.

// shallowMax: positions with at most this many empties are solved by
// shallow (list of empties, parity order, no table, no move sorting); it
// sizes emptyList. The solver's tuning is in params.
const shallowMax = 6

// ttEntry is one transposition-table slot: the exact position (both
// bitboards, so a hit is never a collision) and bounds on its value.
type ttEntry struct {
	own, opp     uint64
	lower, upper int8  // the value lies in [lower, upper]
	move         uint8 // best square found, or 64 for none
	empties      uint8 // empty squares of the position: the work it saves
	gen          uint8 // solve that stored it (older entries go first)
}

// solver holds the table and counters of one solve at a time.
type solver struct {
	tt    []ttEntry
	gen   uint8
	nodes int64
	stop  atomic.Bool
	// margin > 0 makes the search selective (SolveWLDSelective), in discs.
	margin int
}

// pool keeps solvers (and their 24 MiB tables) between solves, so a
// game's successive solves reuse the table and nothing is allocated per
// solve after the first. solverPool holds the exact solvers;
// selectivePool those of SolveWLDSelective, whose tables hold bounds that
// are not proven and must not reach an exact solve.
type pool struct {
	sync.Mutex
	free []*solver
}

var solverPool, selectivePool pool

// get takes a solver from the pool, or makes one, ready for a new solve
// (selective with margin > 0): its node count zeroed, its table's
// generation advanced and its stop flag cleared.
func (p *pool) get(margin int) *solver {
	p.Lock()
	var s *solver
	if n := len(p.free); n > 0 {
		s = p.free[n-1]
		p.free = p.free[:n-1]
	}
	p.Unlock()
	if s == nil {
		s = &solver{tt: make([]ttEntry, 1<<params.ttBits)}
	}
	s.nodes = 0
	s.margin = margin
	s.gen++
	s.stop.Store(false)
	return s
}

// put returns s to the pool, which keeps at most params.solverPoolSize.
func (p *pool) put(s *solver) {
	p.Lock()
	defer p.Unlock()
	if len(p.free) < params.solverPoolSize {
		p.free = append(p.free, s)
	}
}

// quadrant masks, for parity: a1-d4, e1-h4, a5-d8, e5-h8.
var quadMask = [4]uint64{0x000000000F0F0F0F, 0x00000000F0F0F0F0, 0x0F0F0F0F00000000, 0xF0F0F0F000000000}

// quadOf[sq] is the quadrant (0..3) of square sq.
var quadOf = func() (q [64]uint8) {
	for sq := range q {
		q[sq] = uint8(sq/32*2 + sq%8/4)
	}
	return q
}()

// parityOf returns a 4-bit mask of the quadrants holding an odd number of
// the empty squares empt.
func parityOf(empt uint64) uint {
	var p uint
	for q, m := range quadMask {
		p |= uint(bits.OnesCount64(empt&m)&1) << q
	}
	return p
}

func hashIndex(own, opp uint64) uint64 {
	h := own*0x9E3779B97F4A7C15 ^ bits.RotateLeft64(opp*0xC2B2AE3D27D4EB4F, 31)
	h ^= h >> 29
	h *= 0xBF58476D1CE4E5B9
	return h >> (64 - params.ttBits)
}

// SolveExact solves b exactly: the best move for the side to move, the final
// disc difference it leads to with perfect play by both sides (empty
// squares to the winner; -64..64), and the nodes searched. A forced pass
// returns rules.Pass; a finished game returns rules.NoMove and its final
// score with no search. When ctx is canceled it returns ok = false
// promptly (it polls an atomic flag at every interior node). It has no
// limit on empties: at 24+ empties it may take minutes. It is safe for
// concurrent use (each call takes its own solver and table from a pool) and
// leaves b unchanged.
func SolveExact(ctx context.Context, b *othello.Board) (best rules.Move, discDiff int, nodes int64, ok bool) {
	return solveWith(ctx, b, &solverPool, 0, (*solver).root)
}

// SolveWLD solves b for win, loss or draw only: a search of the window
// (-1, 1), several times cheaper than SolveExact at 20+ empties. It returns
// a best move for the side to move and a value v whose sign is the game's
// result with perfect play: v > 0 a win by at least v discs, v < 0 a loss
// by at least -v, 0 a draw (exact). A won or drawn position's move keeps
// that result; a lost position's move is the first one searched. Passes,
// finished games, cancellation, concurrency: as SolveExact.
func SolveWLD(ctx context.Context, b *othello.Board) (best rules.Move, v int, nodes int64, ok bool) {
	return solveWith(ctx, b, &solverPool, 0, (*solver).rootWLD)
}

// SolveWLDSelective is SolveWLD with selectivity, in the manner of Buro's
// ProbCut as Edax's selective endgame searches use it: a node with at
// least selectiveMinEmpties empty squares whose two-ply search of the
// pattern evaluation (evalSearch) lies margin discs or more beyond the
// window is taken as beyond it, unsearched. Its result is probable, not
// proven: at 23 empties its move keeps the exact result in nearly all game
// positions, in about half the exact WLD solve's time (EXPERIMENTS.md,
// "Solver"). Its solvers and tables are kept apart from the exact ones
// (selectivePool). Passes, finished games, cancellation, concurrency: as
// SolveExact.
func SolveWLDSelective(ctx context.Context, b *othello.Board, margin int) (best rules.Move, v int, nodes int64, ok bool) {
	return solveWith(ctx, b, &selectivePool, max(margin, 1), (*solver).rootWLD)
}

// solveRate is the solver's observed speed in nodes per second: an
// average over the recent solves that took at least params.minRateSample,
// starting at params.initialSolveRate.
var solveRate atomic.Int64

func init() { solveRate.Store(params.initialSolveRate) }

// noteRate folds a solve of nodes in elapsed into solveRate.
func noteRate(nodes int64, elapsed time.Duration) {
	if elapsed < params.minRateSample {
		return
	}
	r := int64(float64(nodes) / elapsed.Seconds())
	old := solveRate.Load()
	solveRate.Store((3*old + r) / 4)
}

// wldWorth reports whether a WLD solve of a game position with empties
// empty squares is expected to take at most twice left at solveRate: the
// bar for Solve's WLD solves up to MaxWLDEmpties under a deadline. It is
// lower than Stretch's (solveFits), since most game positions solve well
// under the expected time (at 22 empties a median of 0.2 s against an
// expectation of 0.64 s), but it keeps a short move time (a lower
// level's) from being spent on a solve that cannot finish.
func wldWorth(empties int, left time.Duration) bool {
	return expectedSolve(empties, true) <= 2*left.Seconds()
}

// expectedSolve returns the expected time in seconds of a solve (WLD with
// wld, else exact) of a game position with empties empty squares, at
// solveRate.
func expectedSolve(empties int, wld bool) float64 {
	nodes := params.exactNodes20 * math.Pow(params.nodesPerEmpty, float64(empties-20))
	if wld {
		nodes /= params.wldSaving
	}
	return nodes / float64(solveRate.Load())
}

// solveFits reports whether a solve (WLD with wld, else exact) of a game
// position with empties empty squares is expected to take at most half of
// left, at solveRate.
func solveFits(empties int, wld bool, left time.Duration) bool {
	return 2*expectedSolve(empties, wld) <= left.Seconds()
}

// solveWith runs root (the solver's root search: exact or WLD) on b with a
// solver of pool p, selective with margin > 0, canceled by ctx.
func solveWith(ctx context.Context, b *othello.Board, p *pool, margin int, root func(*solver, uint64, uint64) (rules.Move, int)) (best rules.Move, discDiff int, nodes int64, ok bool) {
	own, opp := b.Bitboards()
	if ctx.Err() != nil {
		return rules.NoMove, 0, 0, false
	}
	if othello.MovesMask(own, opp) == 0 && othello.MovesMask(opp, own) == 0 {
		return rules.NoMove, othello.FinalScore(own, opp), 0, true
	}
	s := p.get(margin)
	var stop func() bool
	if ctx.Done() != nil {
		stop = context.AfterFunc(ctx, func() { s.stop.Store(true) })
	}
	start := time.Now()
	best, discDiff = root(s, own, opp)
	if margin == 0 {
		noteRate(s.nodes, time.Since(start))
	}
	nodes, ok = s.nodes, !s.stop.Load()
	// Back to the pool unless the cancel callback has started: it might
	// still set the flag of the solver's next user.
	if stop == nil || stop() {
		p.put(s)
	}
	if !ok {
		return rules.NoMove, 0, nodes, false
	}
	return best, discDiff, nodes, true
}

// root searches every move of a position that is not over and returns the
// best one with its exact value.
func (s *solver) root(own, opp uint64) (rules.Move, int) {
	s.nodes++
	moves := othello.MovesMask(own, opp)
	if moves == 0 {
		return rules.Pass, -s.search(opp, own, -64, 64)
	}
	// Aspiration: a window around the evaluation's estimate, widened on
	// the side where the score falls outside it.
	est := EvaluatePatterns(own, opp) / 100
	est = max(-62, min(62, est&^1))
	lo, hi := est-params.aspirationWidth, est+params.aspirationWidth
	for {
		best, v := s.rootWindow(own, opp, moves, max(lo, -65), min(hi, 65))
		if s.stop.Load() {
			return rules.NoMove, 0
		}
		switch {
		case v <= lo && lo > -65:
			hi = v + 1
			lo = max(-65, v-4*params.aspirationWidth)
		case v >= hi && hi < 65:
			lo = v - 1
			hi = min(65, v+4*params.aspirationWidth)
		default:
			return best, v
		}
	}
}

// rootWLD searches a position that is not over within the window (-1, 1):
// the best move and its fail-soft value, whose sign is the result.
func (s *solver) rootWLD(own, opp uint64) (rules.Move, int) {
	s.nodes++
	moves := othello.MovesMask(own, opp)
	if moves == 0 {
		return rules.Pass, -s.search(opp, own, -1, 1)
	}
	return s.rootWindow(own, opp, moves, -1, 1)
}

// rootWindow searches the root's moves within (alpha, beta) and returns
// the best one with its fail-soft value.
func (s *solver) rootWindow(own, opp, moves uint64, alpha, beta int) (rules.Move, int) {
	var list moveList
	list.fill(own, opp, moves, s.probeMove(own, opp), bits.OnesCount64(^(own | opp)))
	best, bestV := rules.NoMove, -65
	for i := 0; i < list.n; i++ {
		m := list.pick(i)
		v := s.child(opp&^m.flips, own|m.flips|1<<m.sq, alpha, beta, i == 0)
		if s.stop.Load() {
			return rules.NoMove, 0
		}
		if v > bestV {
			bestV, best = v, rules.Move(m.sq)
		}
		if v > alpha {
			alpha = v
			if v >= beta {
				break
			}
		}
	}
	// Remember the root's best move for the next window.
	e := s.slot(own, opp, bits.OnesCount64(^(own | opp)))
	e.move = uint8(best)
	return best, bestV
}

// search returns the value of the position for the side owning own, within
// the window (alpha, beta) fail-soft.
// child returns the score, for the side to move, of the move leading to
// the child (own, opp) (the child's side to move first): principal
// variation search, with the full window for the first move and a null
// window re-searched on a fail-high for the others.
func (s *solver) child(own, opp uint64, alpha, beta int, first bool) int {
	if first {
		return -s.search(own, opp, -beta, -alpha)
	}
	v := -s.search(own, opp, -alpha-1, -alpha)
	if v > alpha && v < beta {
		v = -s.search(own, opp, -beta, -v)
	}
	return v
}

func (s *solver) search(own, opp uint64, alpha, beta int) int {
	empt := ^(own | opp)
	n := bits.OnesCount64(empt)
	if n > shallowMax {
		return s.deep(own, opp, alpha, beta, n)
	}
	// The list of empties in the static order of shallowOrder (corners
	// first, X-squares last), kept through the search.
	var list emptyList
	for e := empt; e != 0; e &= e - 1 {
		sq := int8(bits.TrailingZeros64(e))
		j := list.n
		for ; j > 0 && shallowRank[list.sq[j-1]] > shallowRank[sq]; j-- {
			list.sq[j] = list.sq[j-1]
		}
		list.sq[j] = sq
		list.n++
	}
	return s.shallow(own, opp, alpha, beta, list, parityOf(empt))
}

// shallowRank[sq] is the rank of square sq in the order shallow nodes try
// their moves within a parity class: by squareValue, best first (0).
var shallowRank = func() (r [64]uint8) {
	var o [64]int
	for i := range o {
		o[i] = i
	}
	slices.SortStableFunc(o[:], func(a, b int) int { return int(squareValue[b]) - int(squareValue[a]) })
	for i, sq := range o {
		r[sq] = uint8(i)
	}
	return r
}()

// neighborOf[sq] is the set of squares adjacent to square sq: a move
// there can flip only if an opponent disc is among them.
var neighborOf = func() (n [64]uint64) {
	for sq := range n {
		n[sq] = neighbors(1 << uint(sq))
	}
	return n
}()

// move is a candidate move of a deep node with its ordering key.
type move struct {
	flips uint64
	sq    uint
	key   int
}

// moveList holds the moves of a node (at most 33 are ever legal).
type moveList struct {
	m [36]move
	n int
}

// fill lists the moves of mask with their fastest-first keys (after the
// table's best move): fewest opponent replies (corner replies counting
// double), then fewest empty squares next to our discs (the opponent's
// potential mobility), then our discs made stable around the corners.
func (l *moveList) fill(own, opp, mask uint64, ttMove uint8, n int) {
	l.n = 0
	for mask != 0 {
		bit := mask & -mask
		mask ^= bit
		sq := uint(bits.TrailingZeros64(bit))
		f := othello.FlipsMask(int(sq), own, opp)
		o2, p2 := opp&^f, own|f|bit
		mob := othello.MovesMask(o2, p2)
		replies := bits.OnesCount64(mob) + bits.OnesCount64(mob&cornerMask)
		var key int
		switch {
		case n >= params.search3OrderEmpties:
			key = -evalSearch(o2, p2, mob, 3, -ai.MaxEval, ai.MaxEval) - params.evalOrderMobility*replies
		case n >= params.search2OrderEmpties:
			key = -evalSearch(o2, p2, mob, 2, -ai.MaxEval, ai.MaxEval) - params.evalOrderMobility*replies
		case n >= params.searchOrderEmpties:
			key = -evalSearch1(o2, p2, mob) - params.evalOrderMobility*replies
		case n >= params.evalOrderEmpties:
			key = -EvaluatePatterns(o2, p2) - params.evalOrderMobility*replies
		default:
			key = -replies << 15
			if n >= params.ttMinEmpties {
				// Below the table's range the cheapest order, by
				// mobility alone, pays best.
				key -= bits.OnesCount64(neighbors(p2)&^(o2|p2)) << 10
				key += bits.OnesCount64(cornerStable(p2)) << 11
			}
		}
		if uint8(sq) == ttMove {
			key += 1 << 28
		}
		l.m[l.n] = move{flips: f, sq: sq, key: key}
		l.n++
	}
}

// cornerStable returns the discs of own that are stable by touching a
// corner along the edges: the corners and their edge neighbors (a cheap
// subset of StableDiscs).
func cornerStable(own uint64) uint64 {
	c := own & cornerMask
	return c | own&((c<<1)&notColA|(c>>1)&notColH|c<<8|c>>8)
}

// pick moves the best-keyed move of l.m[i:] to position i and returns it
// (selection sort, done lazily since cut-offs often come early).
func (l *moveList) pick(i int) move {
	b := i
	for j := i + 1; j < l.n; j++ {
		if l.m[j].key > l.m[b].key {
			b = j
		}
	}
	l.m[i], l.m[b] = l.m[b], l.m[i]
	return l.m[i]
}

const cornerMask uint64 = 0x8100000000000081

// probe returns the table entry of the position, or nil. The table is
// 2-way set-associative: a position may sit in either slot of its bucket.
func (s *solver) probe(own, opp uint64) *ttEntry {
	i := hashIndex(own, opp) &^ 1
	if e := &s.tt[i]; e.own == own && e.opp == opp {
		return e
	}
	if e := &s.tt[i+1]; e.own == own && e.opp == opp {
		return e
	}
	return nil
}

// slot returns the entry where the position (n empties) is stored: its own
// entry, or a fresh one replacing the slot of its bucket stored by an older
// solve or, failing that, saving less work.
func (s *solver) slot(own, opp uint64, n int) *ttEntry {
	if e := s.probe(own, opp); e != nil {
		e.gen = s.gen
		return e
	}
	i := hashIndex(own, opp) &^ 1
	e, f := &s.tt[i], &s.tt[i+1]
	if f.gen != s.gen && e.gen == s.gen || f.gen == e.gen && f.empties < e.empties {
		e = f
	}
	*e = ttEntry{own: own, opp: opp, lower: -64, upper: 64, move: 64, empties: uint8(n), gen: s.gen}
	return e
}

// probeMove returns the table's best move for the position, or 64.
func (s *solver) probeMove(own, opp uint64) uint8 {
	if e := s.probe(own, opp); e != nil {
		return e.move
	}
	return 64
}

// deep searches a position with more than shallowMax empties (n of them).
func (s *solver) deep(own, opp uint64, alpha, beta, n int) int {
	s.nodes++
	if s.stop.Load() {
		return 0
	}
	moves := othello.MovesMask(own, opp)
	if moves == 0 {
		if othello.MovesMask(opp, own) == 0 {
			return othello.FinalScore(own, opp)
		}
		return -s.deep(opp, own, -beta, -alpha, n)
	}
	// Stability cut-off: the opponent keeps its stable discs, so we score at
	// most 64 - 2*stable; worth the test only when alpha is high.
	if alpha >= params.stabilityAlpha {
		if up := 64 - 2*bits.OnesCount64(StableDiscs(opp, own)); up <= alpha {
			return up
		}
	}
	ttMove := uint8(64)
	var hit *ttEntry
	if n >= params.ttMinEmpties {
		hit = s.probe(own, opp)
	}
	if hit != nil {
		lo, up := int(hit.lower), int(hit.upper)
		if lo >= beta {
			return lo
		}
		if up <= alpha {
			return up
		}
		if lo == up {
			return lo
		}
		alpha = max(alpha, lo)
		beta = min(beta, up)
		ttMove = hit.move
	}
	// The selective cut (SolveWLDSelective): fail hard at the bound the
	// shallow search clears by the margin.
	if s.margin > 0 && n >= params.selectiveMinEmpties {
		v := evalSearch(own, opp, moves, 2, -ai.MaxEval, ai.MaxEval)
		if v >= 100*(beta+s.margin) {
			return beta
		}
		if v <= 100*(alpha-s.margin) {
			return alpha
		}
	}
	alpha0 := alpha
	var list moveList
	list.fill(own, opp, moves, ttMove, n)
	// Enhanced transposition cut-off: a child whose table entry already
	// proves a score of at least beta for us ends the node at once.
	if n >= params.etcEmpties {
		for i := 0; i < list.n; i++ {
			m := &list.m[i]
			o2, p2 := opp&^m.flips, own|m.flips|1<<m.sq
			if c := s.probe(o2, p2); c != nil && -int(c.upper) >= beta {
				return -int(c.upper)
			}
		}
	}
	best, bestSq := -65, uint8(64)
	for i := 0; i < list.n; i++ {
		m := list.pick(i)
		v := s.child(opp&^m.flips, own|m.flips|1<<m.sq, alpha, beta, i == 0)
		if v > best {
			best, bestSq = v, uint8(m.sq)
			if v > alpha {
				alpha = v
				if v >= beta {
					break
				}
			}
		}
	}
	if s.stop.Load() {
		return 0
	}
	if n < params.ttMinEmpties {
		return best
	}
	// Store the result as bounds (fail-soft), keeping what is still true of
	// an entry for the same position.
	e := s.slot(own, opp, n)
	switch {
	case best <= alpha0:
		e.upper = int8(min(int(e.upper), best))
	case best >= beta:
		e.lower = int8(max(int(e.lower), best))
		e.move = bestSq
	default:
		e.lower, e.upper, e.move = int8(best), int8(best), bestSq
	}
	return best
}

// emptyList is the list of empty squares of a shallow node.
type emptyList struct {
	sq [shallowMax]int8
	n  int
}

// without returns the list with its i-th square removed, the order of the
// others kept.
func (l *emptyList) without(i int) emptyList {
	c := *l
	c.n--
	copy(c.sq[i:c.n], l.sq[i+1:l.n])
	return c
}

// shallow searches a position with at most shallowMax empties, listed in l,
// parity being the mask of quadrants with an odd number of them: moves in
// odd quadrants are tried first (parity ordering), each class in the
// list's order. Moves are found square by square (a neighboring opponent
// disc, then the flips), without a move generator.
func (s *solver) shallow(own, opp uint64, alpha, beta int, l emptyList, parity uint) int {
	switch l.n {
	case 3:
		return s.last3(own, opp, alpha, beta, l, parity, false)
	case 2:
		return s.last2(own, opp, alpha, beta, int(l.sq[0]), int(l.sq[1]), false)
	case 1:
		return s.last1(own, opp, int(l.sq[0]))
	}
	s.nodes++
	best := -65
	for pass := uint(1); pass < 3; pass++ {
		for i := 0; i < l.n; i++ {
			x := uint(l.sq[i]) & 63
			q := uint(quadOf[x])
			if (parity>>q&1)+pass != 2 || neighborOf[x]&opp == 0 { // pass 1: odd quadrants, pass 2: even
				continue
			}
			f := othello.FlipsMask(int(x), own, opp)
			if f == 0 {
				continue
			}
			v := -s.shallow(opp&^f, own|f|1<<x, -beta, -alpha, l.without(i), parity^1<<q)
			if v > best {
				best = v
				if v > alpha {
					alpha = v
					if v >= beta {
						return v
					}
				}
			}
		}
	}
	if best == -65 {
		if othello.MovesMask(opp, own) == 0 {
			return othello.FinalScore(own, opp)
		}
		return -s.shallow(opp, own, -beta, -alpha, l, parity)
	}
	return best
}

// last3 returns the value of a position with the three empty squares of
// l, fail-soft within (alpha, beta), trying the squares of odd quadrants
// first; passed is set when the opponent has just passed.
func (s *solver) last3(own, opp uint64, alpha, beta int, l emptyList, parity uint, passed bool) int {
	s.nodes++
	x1, x2, x3 := int(l.sq[0]), int(l.sq[1]), int(l.sq[2])
	// Parity: a lone empty square of its quadrant first.
	if parity>>quadOf[x1&63]&1 == 0 {
		if parity>>quadOf[x2&63]&1 != 0 {
			x1, x2 = x2, x1
		} else if parity>>quadOf[x3&63]&1 != 0 {
			x1, x2, x3 = x3, x1, x2
		}
	}
	best := -65
	if neighborOf[x1&63]&opp != 0 {
		if f := othello.FlipsMask(x1, own, opp); f != 0 {
			best = -s.last2(opp&^f, own|f|1<<uint(x1&63), -beta, -alpha, x2, x3, false)
			if best >= beta {
				return best
			}
			alpha = max(alpha, best)
		}
	}
	if neighborOf[x2&63]&opp != 0 {
		if f := othello.FlipsMask(x2, own, opp); f != 0 {
			v := -s.last2(opp&^f, own|f|1<<uint(x2&63), -beta, -alpha, x1, x3, false)
			if v >= beta {
				return v
			}
			best = max(best, v)
			alpha = max(alpha, v)
		}
	}
	if neighborOf[x3&63]&opp != 0 {
		if f := othello.FlipsMask(x3, own, opp); f != 0 {
			best = max(best, -s.last2(opp&^f, own|f|1<<uint(x3&63), -beta, -alpha, x1, x2, false))
		}
	}
	if best == -65 {
		if passed {
			return othello.FinalScore(own, opp)
		}
		return -s.last3(opp, own, -beta, -alpha, l, parity, true)
	}
	return best
}

// last2 returns the value of a position with two empty squares x1 and x2,
// fail-soft within (alpha, beta); passed is set when the opponent has just
// passed.
func (s *solver) last2(own, opp uint64, alpha, beta, x1, x2 int, passed bool) int {
	s.nodes++
	best := -65
	if neighborOf[x1&63]&opp != 0 {
		if f := othello.FlipsMask(x1, own, opp); f != 0 {
			best = -s.last1(opp&^f, own|f|1<<uint(x1&63), x2)
			if best >= beta {
				return best
			}
		}
	}
	if neighborOf[x2&63]&opp != 0 {
		if f := othello.FlipsMask(x2, own, opp); f != 0 {
			best = max(best, -s.last1(opp&^f, own|f|1<<uint(x2&63), x1))
		}
	}
	if best == -65 {
		if passed {
			return othello.FinalScore(own, opp)
		}
		return -s.last2(opp, own, -beta, -alpha, x1, x2, true)
	}
	return best
}

// last1 returns the exact value of a position whose only empty square is x,
// for the side owning own (63 discs on the board).
func (s *solver) last1(own, opp uint64, x int) int {
	s.nodes++
	o := bits.OnesCount64(own)
	if n := othello.CountLastFlips(x, own); n != 0 {
		return 2*(o+n) - 62
	}
	if n := othello.CountLastFlips(x, opp); n != 0 {
		return 2*(o-n) - 64
	}
	if 2*o > 63 {
		return 2*o - 62
	}
	return 2*o - 64
}

// evalSearch1 is a one-ply search of the pattern evaluation for the side
// owning own, whose moves are mob: the best of its moves by the
// evaluation of the position after it (the opponent's view negated), or
// the evaluation itself when it must pass.
func evalSearch1(own, opp, mob uint64) int {
	if mob == 0 {
		return EvaluatePatterns(own, opp)
	}
	best := -ai.MaxEval
	for m := mob; m != 0; m &= m - 1 {
		sq := bits.TrailingZeros64(m)
		f := othello.FlipsMask(sq, own, opp)
		best = max(best, -EvaluatePatterns(opp&^f, own|f|1<<uint(sq)))
	}
	return best
}

// evalSearch is a depth-ply alpha-beta negamax (fail-soft, within
// (alpha, beta)) of the pattern evaluation, in evaluation units, for the
// side owning own, whose moves are mob; a pass costs a ply and a finished
// game is evaluated like any position. It orders the solver's moves far
// from the end, where a node's subtree dwarfs its cost.
func evalSearch(own, opp, mob uint64, depth, alpha, beta int) int {
	if depth == 0 {
		return EvaluatePatterns(own, opp)
	}
	if mob == 0 {
		omob := othello.MovesMask(opp, own)
		if omob == 0 {
			return EvaluatePatterns(own, opp)
		}
		return -evalSearch(opp, own, omob, depth-1, -beta, -alpha)
	}
	best := -ai.MaxEval
	for m := mob; m != 0; m &= m - 1 {
		sq := bits.TrailingZeros64(m)
		f := othello.FlipsMask(sq, own, opp)
		o2, p2 := opp&^f, own|f|1<<uint(sq)
		var v int
		if depth == 1 {
			v = -EvaluatePatterns(o2, p2)
		} else {
			v = -evalSearch(o2, p2, othello.MovesMask(o2, p2), depth-1, -beta, -max(alpha, best))
		}
		if v > best {
			best = v
			if v >= beta {
				return v
			}
		}
	}
	return best
}
