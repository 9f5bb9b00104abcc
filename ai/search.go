package ai

import (
	"context"
	"math"
	"slices"
	"time"

	"planiverse/rules"
)

// Search runs an iterative-deepening principal-variation search of s within
// lim and returns the best move of the last finished iteration. It never
// mutates s (it searches a Clone). When lim has no Depth and no Nodes
// limit, the game's opening Book is consulted first, then a Solver in the
// game's knowledge is tried at the root (for at most two thirds of
// lim.Time); when either answers, its move and score are returned with
// Depth 0 (and Result.Book for a book move).
// report, if not nil, is called on this goroutine after every finished
// iteration and at most every ~100 ms in between. Canceling ctx makes
// Search return promptly with the last finished iteration's move (the best
// move of the unfinished one if it already beat it, else the first legal
// move when no iteration finished). A RootPolicy in the game's knowledge
// may then restrict the root moves (see filterRoot) and, under a time
// limit, refute the best move of an iteration (refuteBest, verifyFinal).
func (e *Engine) Search(ctx context.Context, s rules.State, lim Limits, report func(Info)) Result {
	return e.search(ctx, s, lim, report, true)
}

// search is Search with the solver optional.
func (e *Engine) search(ctx context.Context, s rules.State, lim Limits, report func(Info), useSolver bool) Result {
	e.begin(ctx, s, lim, report)
	defer e.end()
	if ctx.Done() != nil {
		stop := context.AfterFunc(ctx, func() { e.stop.Store(true) })
		defer stop()
		if ctx.Err() != nil {
			e.stop.Store(true)
		}
	}
	res, done := e.rootSetup(ctx, lim, useSolver)
	if done {
		return res
	}
	e.iterate(lim.Depth)
	e.verifyFinal()
	return e.finish()
}

// begin resets the per-search state.
func (e *Engine) begin(ctx context.Context, s rules.State, lim Limits, report func(Info)) {
	e.bind(s)
	e.s = s.Clone()
	e.start = e.clock()
	e.lastReport = e.start
	e.stop.Store(false)
	e.aborted = false
	e.nodes = 0
	e.nextCheck = checkInterval
	e.nodeLimit = lim.Nodes
	e.hasDead = lim.Time > 0
	if e.hasDead {
		e.deadline = e.start.Add(lim.Time)
	}
	e.report = report
	e.stack = e.stack[:0]
	e.rootMoves = e.rootMoves[:0]
	e.ctx = ctx
	e.verified = e.verified[:0]
	e.verifyTime = 0
	e.iterMove = rules.NoMove
	e.finalTime = 0
	if e.hasDead && e.policy != nil {
		e.finalTime = e.policy.FinalReserve(lim.Time)
	}
	e.killers = [maxPly][2]rules.Move{}
	for side := range e.history {
		for i := range e.history[side] {
			e.history[side][i] >>= 2
		}
	}
	e.tt.age++
	e.best = Result{Move: rules.NoMove}
	e.rootPV = e.rootPV[:0]
}

func (e *Engine) end() {
	e.s = nil
	e.ctx = nil
	e.report = nil
}

// rootSetup handles a finished game, a single legal move, the Book and the
// Solver.
// It returns done when the search need not run.
func (e *Engine) rootSetup(ctx context.Context, lim Limits, useSolver bool) (Result, bool) {
	if over, sc := e.s.Outcome(); over {
		return Result{Move: rules.NoMove, Score: TerminalScore(sc, 0), Elapsed: e.since(e.start)}, true
	}
	moves := e.s.Moves(e.stack[:0])
	e.stack = moves[:0]
	if len(moves) == 0 { // cannot happen for a correct game
		return Result{Move: rules.NoMove, Elapsed: e.since(e.start)}, true
	}
	e.best = Result{Move: moves[0], Score: -infinity}
	if useSolver && e.book != nil && lim.Depth == 0 && lim.Nodes == 0 {
		if m, score, ok := e.book.BookMove(e.s); ok && e.legal(m) {
			r := Result{Move: m, Score: score, PV: []rules.Move{m}, Elapsed: e.since(e.start), Book: true}
			if e.report != nil {
				e.report(Info{Score: score, PV: r.PV, Elapsed: r.Elapsed})
			}
			return r, true
		}
	}
	if useSolver && e.solver != nil && lim.Depth == 0 && lim.Nodes == 0 {
		sctx := ctx
		if lim.Time > 0 {
			// Two thirds of the time: a failed solve leaves the search some.
			var cancel context.CancelFunc
			sctx, cancel = context.WithTimeout(ctx, e.start.Add(lim.Time*2/3).Sub(e.clock()))
			defer cancel()
		}
		m, score, nodes, ok := e.solver.Solve(sctx, e.s)
		e.nodes += nodes
		if ok && e.legal(m) {
			r := Result{Move: m, Score: score, PV: []rules.Move{m}, Nodes: e.nodes, Elapsed: e.since(e.start)}
			if e.report != nil {
				e.report(Info{Score: score, PV: r.PV, Nodes: r.Nodes, Elapsed: r.Elapsed})
			}
			return r, true
		}
	}
	if e.policy != nil {
		e.filterRoot(ctx, lim)
	}
	return Result{}, false
}

// filterRoot asks the game's RootPolicy for the root moves worth
// searching. When it keeps a proper subset of the root's candidates, all
// legal, the subset goes to e.rootMoves, which negamax searches at ply 0
// instead of generating moves, and the first of them becomes the fallback
// move.
func (e *Engine) filterRoot(ctx context.Context, lim Limits) {
	e.stack = e.stack[:0]
	e.genMoves()
	defer func() { e.stack = e.stack[:0] }()
	all := len(e.stack)
	if all < 2 {
		return
	}
	var elapsed time.Duration
	if lim.Time > 0 {
		elapsed = e.since(e.start)
	}
	kept := e.policy.FilterRoot(ctx, e.s, e.stack[:all], lim.Time, elapsed)
	if len(kept) == 0 || len(kept) >= all {
		return
	}
	for _, m := range kept {
		if !e.legal(m) {
			return
		}
	}
	e.rootMoves = append(e.rootMoves[:0], kept...)
	e.best.Move = e.rootMoves[0]
}

// legal reports whether m is one of the root's moves.
func (e *Engine) legal(m rules.Move) bool {
	start := len(e.stack)
	e.stack = e.s.Moves(e.stack)
	found := false
	for _, x := range e.stack[start:] {
		if x == m {
			found = true
		}
	}
	e.stack = e.stack[:start]
	return found
}

// iterate runs the iterative deepening up to depth (0: maxDepth). Every
// iteration searches the full window.
//
// Aspiration windows were tried and not taken (EXPERIMENTS.md,
// "Aspiration windows").
func (e *Engine) iterate(depth int) {
	if depth <= 0 || depth > maxDepth {
		depth = maxDepth
	}
	for d := 1; d <= depth; d++ {
		e.immune = d == 1 // a move is always found, the clock counts from depth 2
		e.horizon = false
		score := e.negamax(d, 0, -infinity, infinity)
		if e.aborted {
			// A root move of the unfinished iteration that completed its
			// full-window search beats (or is) the previous best move,
			// which is searched first.
			if e.pvLen[0] > 0 {
				e.best.Move = e.pv[0][0]
				e.best.Score = score
				e.rootPV = append(e.rootPV[:0], e.pv[0][:e.pvLen[0]]...)
			}
			break
		}
		e.best.Move = e.pv[0][0]
		e.best.Score = score
		e.best.Depth = d
		e.rootPV = append(e.rootPV[:0], e.pv[0][:e.pvLen[0]]...)
		e.extendPV(d)
		e.sendInfo()
		refuted := e.policy != nil && e.refuteBest(d)
		e.iterMove, e.iterScore = e.best.Move, e.best.Score
		if refuted {
			d-- // search this depth again without the refuted move
			continue
		}
		if !e.horizon || score > MateBound && WinScore-score <= d || score < -MateBound && WinScore+score <= d {
			break // the tree is solved, or a forced result is proven
		}
		if e.hasDead && e.lateForIteration() {
			break // the next iteration would not finish in the time left
		}
		if e.stopped() {
			break
		}
	}
}

// refuteBest asks the RootPolicy, under a time limit, whether the best
// move of the iteration of depth plies just finished loses by force,
// unless the policy does not ask at that depth, it was asked about that
// move already or the score is a proven result; the policy's CheckTime
// bounds the call. A refuted move is dropped from the root moves (all the
// candidates when the policy did not restrict them), the last move the
// policy cleared (an earlier iteration's best), else the first root move,
// becomes the fallback with an estimated score (fallbackScore), and it
// reports true. It keeps the move when it is the only one left.
func (e *Engine) refuteBest(depth int) bool {
	m := e.best.Move
	limit := e.deadline.Sub(e.start)
	if !e.hasDead || e.best.Score > MateBound || e.best.Score < -MateBound {
		return false
	}
	w, ask := e.policy.CheckTime(depth, limit, e.verifyTime)
	if !ask || slices.Contains(e.verified, m) {
		return false
	}
	wait := min(w, e.deadline.Sub(e.clock()))
	if wait <= 0 {
		return false
	}
	refuted, next := e.verify(m, wait)
	if refuted {
		e.best.Move, e.best.Score = next, e.fallbackScore(next)
	}
	return refuted
}

// fallbackScore estimates the score of the root move m, from the side to
// move's view, when m takes the place of a refuted move (whose score says
// nothing of m): the result when m ends the game, else the transposition
// table's score for the position after m when it holds one (exact or a
// bound, from whatever depth it was searched to), else that position's
// static evaluation. The search replaces the estimate when it completes an
// iteration with m.
func (e *Engine) fallbackScore(m rules.Move) int {
	side := e.s.ToMove()
	e.s.Play(m)
	var v int
	if over, sc := e.s.Outcome(); over {
		v = TerminalScore(sc, 1)
	} else if ent, ok := e.tt.probe(e.s.Hash()); ok {
		v = fromTT(ent.score, 1)
	} else {
		v = e.evaluate()
	}
	same := e.s.ToMove() == side
	e.s.Undo()
	if same {
		return v
	}
	return -v
}

// verify asks the RootPolicy, within wait, whether the root move m loses
// by force, and records m as asked about and the time taken. It first
// fills e.rootMoves with every candidate when the policy did not restrict
// them, and asks nothing (false) when fewer than two are left. A refuted m
// is dropped from e.rootMoves; next is then the last move the policy
// cleared that is still there, else the first root move left.
//
// A second search to prove refutations was tried and not taken
// (EXPERIMENTS.md, "A second search in the root verification").
func (e *Engine) verify(m rules.Move, wait time.Duration) (refuted bool, next rules.Move) {
	e.verified = append(e.verified, m)
	if len(e.rootMoves) == 0 {
		e.stack = e.stack[:0]
		e.genMoves()
		e.rootMoves = append(e.rootMoves[:0], e.stack...)
		e.stack = e.stack[:0]
	}
	if len(e.rootMoves) < 2 {
		return false, rules.NoMove
	}
	ctx, cancel := context.WithTimeout(e.ctx, wait)
	t0 := e.clock()
	refuted = e.policy.Refuted(ctx, e.s, m)
	cancel()
	e.verifyTime += e.since(t0)
	if !refuted {
		return false, rules.NoMove
	}
	kept := 0
	for _, x := range e.rootMoves {
		if x != m {
			e.rootMoves[kept] = x
			kept++
		}
	}
	e.rootMoves = e.rootMoves[:kept]
	next = e.rootMoves[0]
	for _, x := range e.verified {
		if slices.Contains(e.rootMoves, x) {
			next = x // asked about, not refuted
		}
	}
	return true, next
}

// lateForIteration reports whether a timed search is past the point where
// it starts no new iteration: the Hooks' IterationShare of its time, or
// half of it without one, or all of it with a fixed move time
// (SetMoveTimeFixed).
func (e *Engine) lateForIteration() bool {
	share := 0.5
	switch {
	case e.fixedTime:
		share = 1
	case e.iterShare != 0:
		share = min(max(e.iterShare, 0), 1)
	}
	return float64(e.since(e.start)) > share*float64(e.deadline.Sub(e.start))
}

// extendPV lengthens a principal variation cut short by table cutoffs with
// the table's best moves, up to depth plies, checking each for legality.
func (e *Engine) extendPV(depth int) {
	n := 0
	for _, m := range e.rootPV {
		if !e.legal(m) {
			break
		}
		e.s.Play(m)
		n++
	}
	e.rootPV = e.rootPV[:n]
	for len(e.rootPV) < depth {
		if over, _ := e.s.Outcome(); over {
			break
		}
		ent, ok := e.tt.probe(e.s.Hash())
		if !ok || ent.move == rules.NoMove || !e.legal(ent.move) {
			break
		}
		e.s.Play(ent.move)
		e.rootPV = append(e.rootPV, ent.move)
		n++
	}
	for range n {
		e.s.Undo()
	}
}

// stopped reports whether the search has been canceled or run out of its
// limits (outside the immune first iteration, depth 1).
func (e *Engine) stopped() bool {
	if e.stop.Load() {
		return true
	}
	if e.immune {
		return false
	}
	if e.nodeLimit > 0 && e.nodes >= e.nodeLimit {
		return true
	}
	if !e.hasDead {
		return false
	}
	now := e.clock()
	if !now.Before(e.deadline) {
		return true
	}
	// In the RootPolicy's final reserve of the time, stop while the move
	// the search would return is one the policy has not checked, so that
	// verifyFinal can.
	return e.finalTime > 0 && !now.Before(e.deadline.Add(-e.finalTime)) && !slices.Contains(e.verified, e.candidate())
}

// candidate returns the move the search would return if it stopped now:
// the best root move of the running iteration when one has completed its
// search (as iterate takes it on an abort), else the last finished
// iteration's.
func (e *Engine) candidate() rules.Move {
	if e.pvLen[0] > 0 {
		return e.pv[0][0]
	}
	return e.best.Move
}

// verifyFinal asks the RootPolicy, with the time left to the deadline,
// about the move the search is about to return when it has not been asked
// about it: a move that became best after the policy's share of the time
// was spent, or in the iteration the clock cut short. It does nothing
// without a RootPolicy or a time limit, after a cancellation, for a
// proven result, or when fewer than two root moves are left. A refuted
// move is dropped from the root moves and replaced by the last finished
// iteration's best move, with that iteration's score, if that one still
// stands, else by the last move the policy cleared, else by the first
// root move left, with an estimated score (fallbackScore).
//
// It keeps refutable moves from being played (EXPERIMENTS.md,
// "verifyFinal").
func (e *Engine) verifyFinal() {
	m := e.best.Move
	if e.finalTime == 0 || e.stop.Load() || m == rules.NoMove || slices.Contains(e.verified, m) ||
		e.best.Score > MateBound || e.best.Score < -MateBound {
		return
	}
	wait := e.deadline.Sub(e.clock())
	if wait <= 0 {
		return
	}
	refuted, next := e.verify(m, wait)
	if !refuted {
		return
	}
	if slices.Contains(e.rootMoves, e.iterMove) {
		e.best.Move, e.best.Score = e.iterMove, e.iterScore
		return
	}
	e.best.Move, e.best.Score = next, e.fallbackScore(next)
}

func (e *Engine) sendInfo() {
	if e.report == nil {
		return
	}
	now := e.clock()
	e.lastReport = now
	e.report(Info{Depth: e.best.Depth, Score: e.best.Score, PV: append([]rules.Move(nil), e.rootPV...), Nodes: e.nodes, Elapsed: now.Sub(e.start)})
}

func (e *Engine) finish() Result {
	r := e.best
	if r.Score == -infinity {
		r.Score = 0
	}
	if len(e.rootPV) > 0 && e.rootPV[0] == r.Move {
		r.PV = append([]rules.Move(nil), e.rootPV...)
	} else {
		r.PV = []rules.Move{r.Move}
	}
	r.Nodes = e.nodes
	r.Elapsed = e.since(e.start)
	return r
}

// clock returns the time now: the test clock if one is set, else
// time.Now. Every time the search reads goes through it, and the
// deadlines it gives a Solver or RootPolicy are durations from its
// readings, so a test clock governs them too.
func (e *Engine) clock() time.Time {
	if e.now != nil {
		return e.now()
	}
	return time.Now()
}

// since returns the time elapsed since t by the engine's clock.
func (e *Engine) since(t time.Time) time.Duration { return e.clock().Sub(t) }

// child searches the position after a move: negated with a flipped window
// when the turn passed to the opponent, as is when the same side moves again
// (DVONN's 49th placement).
func (e *Engine) child(same bool, depth, ply, alpha, beta int) int {
	if same {
		return e.negamax(depth, ply, alpha, beta)
	}
	return -e.negamax(depth, ply, -beta, -alpha)
}

// checkInterval is how many nodes negamax visits between two looks at the
// clock, the limits and the progress report.
const checkInterval = 1024

// shallowReach bounds the plies a Hooks.ShallowSearch may add beyond
// its depth (passes), and a Hooks.Quiesce beyond the horizon, so that no node
// reaches maxPly.
const shallowReach = 64

// negamax is the alpha-beta principal variation search of the position e.s
// to depth plies, at distance ply from the root, in named steps: the clock
// and limits (tick), the Hooks' ShallowSearch of a small depth, the
// finished game, the horizon (leafScore: a QuickWin proven result, the
// Quiesce search, else the evaluation), the transposition-table probe, a
// QuickWin proven result below the root, the forward pruning (prune:
// multi-ProbCut, internal iterative reduction, reverse futility pruning), the
// move loop (searchMoves, with its principal variation search and late move
// reductions) and the table store. The Hooks' single-reply extension
// applies at nodes with one candidate.
func (e *Engine) negamax(depth, ply, alpha, beta int) int {
	e.pvLen[ply] = 0
	if e.tick() {
		return 0
	}
	if depth <= e.shallowDepth && ply > 0 && ply < maxPly-shallowReach {
		if v, ok := e.shallowNode(depth, ply, alpha, beta); ok {
			return v
		}
	}
	if over, sc := e.s.Outcome(); over {
		return TerminalScore(sc, ply)
	}
	if depth <= 0 || ply >= maxPly-1 {
		return e.leafScore(ply, alpha, beta)
	}
	key := e.s.Hash()
	hashMove, v, hit := e.probe(key, depth, ply, alpha, beta)
	if hit {
		return v
	}
	// QuickWin comes after the table: a node the table ends costs no
	// static check (for Gomoku, no update of the pattern analysis). A
	// node QuickWin proves returns before its entry is stored, so only a
	// position that also stands at the root (none in Gomoku, where
	// stones are only added) can be ended by the table first.
	if v, ok := e.quickWin(ply); ok {
		return v // proven: no horizon
	}
	depth, lateLimit, v, cut := e.prune(depth, ply, alpha, beta, hashMove)
	if cut {
		return v
	}
	if ply == 0 && e.best.Depth > 0 {
		hashMove = e.best.Move // the previous iteration's best move first
	}
	outerHorizon := e.horizon
	e.horizon = false
	best, bestMove := e.searchMoves(depth, ply, alpha, beta, hashMove, lateLimit)
	if e.aborted {
		e.horizon = true
		return best
	}
	e.store(key, depth, ply, best, alpha, beta, bestMove)
	e.horizon = e.horizon || outerHorizon
	return best
}

// tick counts the node, looks at the clock, the limits and the progress
// report every checkInterval nodes, and reports whether the search is
// aborted.
func (e *Engine) tick() bool {
	e.nodes++
	if e.nodes >= e.nextCheck {
		e.nextCheck = e.nodes + checkInterval
		if e.stopped() {
			e.aborted = true
		} else if e.report != nil && e.since(e.lastReport) > 100*time.Millisecond && e.best.Depth > 0 {
			e.sendInfo()
		}
	}
	return e.aborted
}

// shallowNode asks the Hooks' ShallowSearch for the node's value; ok false when
// it declines.
func (e *Engine) shallowNode(depth, ply, alpha, beta int) (int, bool) {
	v, m, n, hor, ok := e.shallowSearch(e.s, depth, ply, alpha, beta)
	if !ok {
		return 0, false
	}
	e.nodes += n - 1 // this node was counted by tick
	e.horizon = e.horizon || hor
	if m != rules.NoMove && v > alpha && v < beta {
		// The node's principal variation: its best move (the shallow
		// search keeps no longer line).
		e.pv[ply][0] = m
		e.pvLen[ply] = 1
	}
	return v, true
}

// leafScore is the value of a node at the horizon: a result the Hooks'
// QuickWin proves, else the Hooks' Quiesce, else the static evaluation.
func (e *Engine) leafScore(ply, alpha, beta int) int {
	if v, ok := e.quickWin(ply); ok {
		return v // proven: no horizon
	}
	e.horizon = true
	if e.quiesce != nil && ply > 0 && ply < maxPly-shallowReach {
		v, n := e.quiesce(e.s, ply, alpha, beta)
		e.nodes += n - 1 // this node was counted by tick
		return v
	}
	return e.evaluate()
}

// probe looks the node up in the transposition table: it returns the
// table's move (rules.NoMove when none) and, with hit, a score that ends the
// node (an entry of enough depth whose bound fits the window; below the
// root only).
func (e *Engine) probe(key uint64, depth, ply, alpha, beta int) (hashMove rules.Move, score int, hit bool) {
	ent, ok := e.tt.probe(key)
	if !ok {
		return rules.NoMove, 0, false
	}
	if ply > 0 && int(ent.depth) >= depth && int(ent.depth) <= depth+e.ttDepthSpan {
		sc := fromTT(ent.score, ply)
		if ent.bound == boundExact || ent.bound == boundLower && sc >= beta || ent.bound == boundUpper && sc <= alpha {
			if ent.depth != depthSolved {
				e.horizon = true
			}
			return ent.move, sc, true
		}
	}
	return ent.move, 0, false
}

// prune applies the forward pruning below the root: multi-ProbCut, the
// internal iterative reduction (which returns a reduced depth) and, at
// null-window nodes, the Hooks' reverse futility pruning and the move count
// of its late move pruning (lateLimit, 0 for none). With cut the node's
// value is v.
func (e *Engine) prune(depth, ply, alpha, beta int, hashMove rules.Move) (newDepth, lateLimit, v int, cut bool) {
	if ply > 0 && e.probCut != nil {
		if v, cut := e.multiProbCut(depth, ply, alpha, beta); cut {
			return depth, 0, v, true
		}
		if e.aborted {
			return depth, 0, 0, true
		}
		e.pvLen[ply] = 0 // the shallow search's line is not this node's
	}
	if e.iirDepth > 0 && depth >= e.iirDepth && hashMove == rules.NoMove && ply > 0 {
		depth-- // internal iterative reduction
	}
	if e.futility == nil && e.moveCount == nil || ply == 0 || beta-alpha != 1 {
		return depth, 0, 0, false
	}
	if e.futility != nil && beta < MaxEval && beta > -MaxEval {
		if margin, ok := e.futility(e.s, depth); ok {
			if v := e.evaluate(); v-margin >= beta {
				e.horizon = true
				return depth, 0, v, true // reverse futility pruning
			}
		}
	}
	if e.moveCount == nil {
		return depth, 0, 0, false
	}
	return depth, e.moveCount(depth), 0, false
}

// searchMoves generates, orders and searches the moves of a node (the
// RootPolicy's at the root) and returns the best score and move; the node's
// principal variation, the killers and the history follow its cutoffs.
func (e *Engine) searchMoves(depth, ply, alpha, beta int, hashMove rules.Move, lateLimit int) (best int, bestMove rules.Move) {
	s := e.s
	side := s.ToMove()
	start := len(e.stack)
	if ply == 0 && len(e.rootMoves) > 0 {
		e.stack = append(e.stack, e.rootMoves...) // the RootPolicy's choice
		e.growScores()
	} else {
		e.genMoves()
	}
	end := len(e.stack)
	e.orderMoves(start, end, ply, hashMove, side)
	// The single-reply extension: a forced move costs no depth (bounded
	// so that the node stays clear of maxPly).
	childDepth := depth - 1
	if e.extendReply && end-start == 1 && ply > 0 && ply < maxPly/2 {
		childDepth = depth
	}
	best = -infinity
	bestMove = rules.NoMove
	for i := start; i < end; i++ {
		e.pickNext(i, end)
		if lateLimit > 0 && i-start >= lateLimit && e.scores[i] < orderKiller && best > -MateBound {
			e.horizon = true
			break // late move pruning
		}
		m := e.stack[i]
		s.Play(m)
		same := s.ToMove() == side
		var score int
		if i == start {
			score = e.child(same, childDepth, ply+1, alpha, beta)
		} else {
			score = e.searchLate(same, depth, ply, i-start, e.scores[i], alpha, beta)
		}
		s.Undo()
		if e.aborted {
			break
		}
		if score > best {
			best = score
			bestMove = m
			if score > alpha {
				alpha = score
				e.updatePV(ply, m)
				if score >= beta {
					e.cutoff(m, ply, depth, side)
					break
				}
			}
		}
	}
	e.stack = e.stack[:start]
	return best, bestMove
}

// searchLate searches a move after the first (the index-th of its node,
// with order score order) by principal variation search: a null-window
// search, first shallower by the late move reduction for a quiet move and
// again at full depth if it beats alpha (with the Hooks' LateReduction, or if it is a
// proven loss), then with the full window if it lands inside it.
func (e *Engine) searchLate(same bool, depth, ply, index int, order int32, alpha, beta int) int {
	r := 0
	switch {
	case order >= e.lmrFloor:
	case e.lateReduction != nil:
		r = max(0, min(e.lateReduction(depth, index), depth-1))
	case depth >= params.lmrDepth && index >= params.lmrIndex:
		r = 1
		if depth >= params.lmr2Depth && index >= params.lmr2Index {
			r = 2
		}
	}
	score := e.child(same, depth-1-r, ply+1, alpha, alpha+1)
	if r > 0 && (score > alpha || e.lateReduction != nil && score < -MateBound) && !e.aborted {
		score = e.child(same, depth-1, ply+1, alpha, alpha+1)
	}
	if score > alpha && score < beta && !e.aborted {
		score = e.child(same, depth-1, ply+1, alpha, beta)
	}
	return score
}

// updatePV makes m followed by the child's line the principal variation
// of the node at ply.
func (e *Engine) updatePV(ply int, m rules.Move) {
	e.pv[ply][0] = m
	n := e.pvLen[ply+1]
	copy(e.pv[ply][1:1+n], e.pv[ply+1][:n])
	e.pvLen[ply] = n + 1
}

// store writes a searched node to the transposition table: its bound from
// the window (alpha, beta) it was searched with, and depthSolved for a value
// that reached no horizon.
func (e *Engine) store(key uint64, depth, ply, best, alpha, beta int, bestMove rules.Move) {
	bound := boundExact
	switch {
	case best <= alpha:
		bound = boundUpper
	case best >= beta:
		bound = boundLower
	}
	d := depth
	if !e.horizon {
		d = max(depth, e.solvedDepth)
	}
	e.tt.store(key, d, ply, best, bound, bestMove)
}

// quickWin asks the Hooks' QuickWin, if any, for a result proved at the node
// e.s, at distance ply from the root: never at the root.
func (e *Engine) quickWin(ply int) (int, bool) {
	if e.quickWinCheck == nil || ply == 0 {
		return 0, false
	}
	return e.quickWinCheck(e.s, ply)
}

// multiProbCut tries the Hooks' ProbCut at a node of depth plies
// (see Hooks): a null-window search of the model's shallow depth at
// the bound that predicts the deep score beyond beta (or below alpha) with
// the model's margin. It returns beta (alpha) and cut when that search
// confirms. It only runs inside [-MaxEval, MaxEval] windows, so forced results are
// never pruned.
func (e *Engine) multiProbCut(depth, ply, alpha, beta int) (int, bool) {
	if alpha < -MaxEval || beta > MaxEval {
		return 0, false
	}
	shallow, a, b, margin, ok := e.probCut(e.s, depth)
	if !ok || shallow < 1 || shallow >= depth || a <= 0 {
		return 0, false
	}
	if hi := int(math.Ceil((float64(beta) + margin - b) / a)); hi < MaxEval {
		if v := e.negamax(shallow, ply, hi-1, hi); !e.aborted && v >= hi {
			e.horizon = true
			return beta, true
		}
	}
	if e.aborted {
		return 0, false
	}
	if lo := int(math.Floor((float64(alpha) - margin - b) / a)); lo > -MaxEval {
		if v := e.negamax(shallow, ply, lo, lo+1); !e.aborted && v <= lo {
			e.horizon = true
			return alpha, true
		}
	}
	return 0, false
}

// evaluate returns the static evaluation of e.s clamped to [-MaxEval, MaxEval].
func (e *Engine) evaluate() int {
	v := e.know.Evaluate(e.s)
	if v > MaxEval {
		v = MaxEval
	} else if v < -MaxEval {
		v = -MaxEval
	}
	return v
}

// genMoves appends the moves to search at e.s to the move stack and grows
// the score array to match.
func (e *Engine) genMoves() {
	start := len(e.stack)
	if e.cands != nil {
		e.stack = e.cands.Candidates(e.s, e.stack)
	}
	if len(e.stack) == start {
		e.stack = e.s.Moves(e.stack)
	}
	e.growScores()
}

// growScores keeps the score array as long as the move stack.
func (e *Engine) growScores() {
	if len(e.stack) > len(e.scores) {
		e.scores = make([]int32, 2*cap(e.stack))
	}
}

// Ordering bonuses, above any orderer-plus-history score.
const (
	orderHash   = 1 << 30
	orderKiller = 1 << 28
	historyMax  = 1 << 20
	orderClamp  = 1 << 26
)

// orderMoves scores stack[start:end]: hash move, then killers, then the
// knowledge's orderer plus the history heuristic.
func (e *Engine) orderMoves(start, end, ply int, hashMove rules.Move, side rules.Seat) {
	moves := e.stack[start:end]
	sc := e.scores[start:end]
	if e.orderer != nil {
		e.orderer.OrderMoves(e.s, moves, sc)
	} else {
		clear(sc)
	}
	k0, k1 := e.killers[ply][0], e.killers[ply][1]
	h := &e.history[side]
	for i, m := range moves {
		v := sc[i]
		if v > orderClamp {
			v = orderClamp
		} else if v < -orderClamp {
			v = -orderClamp
		}
		switch m {
		case hashMove:
			v = orderHash
		case k0:
			v = orderKiller + 1
		case k1:
			v = orderKiller
		default:
			v += h[histIndex(m)]
		}
		sc[i] = v
	}
}

// pickNext moves the best-scored remaining move to index i (selection sort:
// cheap when a cutoff comes early).
func (e *Engine) pickNext(i, end int) {
	bi := i
	bv := e.scores[i]
	for j := i + 1; j < end; j++ {
		if e.scores[j] > bv {
			bi, bv = j, e.scores[j]
		}
	}
	if bi != i {
		e.stack[i], e.stack[bi] = e.stack[bi], e.stack[i]
		e.scores[i], e.scores[bi] = e.scores[bi], e.scores[i]
	}
}

// cutoff records a beta cutoff in the killer and history tables: the
// move's history grows by depth squared, and the side's whole table is
// halved when an entry passes historyMax.
//
// A history malus was tried and not taken (EXPERIMENTS.md, "History
// malus").
func (e *Engine) cutoff(m rules.Move, ply, depth int, side rules.Seat) {
	if e.killers[ply][0] != m {
		e.killers[ply][1] = e.killers[ply][0]
		e.killers[ply][0] = m
	}
	h := &e.history[side]
	i := histIndex(m)
	h[i] += int32(depth * depth)
	if h[i] > historyMax {
		for i := range h {
			h[i] >>= 1
		}
	}
}
