package ai

import (
	"context"
	"math"
	"math/rand/v2"
	"time"

	"planiverse/ai/alakai"
	"planiverse/ai/score"
	"planiverse/rules"
	"planiverse/rules/alak"
)

// MaxLevel is the strongest difficulty level (full strength, the engine's
// move time).
const MaxLevel = 6

// Level is a difficulty: Number from 1 (gentlest) to MaxLevel, with a
// short Name and a one-line Description. The names are the same in every
// game.
type Level struct {
	Number      int
	Name        string
	Description string
}

var levels = []Level{
	{1, "Beginner", "looks one move ahead and often picks a reasonable but weaker move"},
	{2, "Casual", "looks two moves ahead and sometimes picks a weaker move"},
	{3, "Club", "looks a few moves ahead and rarely picks a weaker move"},
	{4, "Strong", "looks several moves ahead and seldom errs"},
	{5, "Expert", "looks deeper still and errs only now and then, in subtle lines"},
	{6, "Master", "full strength for the whole move time (perfect play in Alak up to 13 points)"},
}

// Levels returns the six difficulty levels, 1 (Beginner) to MaxLevel
// (Master): Beginner, Casual, Club, Strong, Expert, Master. The slice is a
// fresh copy.
func Levels() []Level {
	return append([]Level(nil), levels...)
}

// levelSpec is how one level plays one game. A level is limited either
// by depth or by time, never both: a depth level (the lower ones) searches
// to exactly its depth however long that takes; a timed level (Expert and
// Master, except Expert in Gomoku) is purely time-limited, its time a budget
// that the whole move keeps (solver, root filter and waiting for Alak's
// table included), with only the depth-1 iteration allowed to run past it.
// So a timed level searches shallower on a slower machine or at a shorter
// move time, and has no minimum depth.
type levelSpec struct {
	depth  int           // depth limit in plies (0: none)
	time   time.Duration // time budget of the move (0: none); a fraction of the move time
	temp   int           // softmax temperature in evaluation units (0: best move)
	cap    int           // a softened choice is at most this much worse than the best
	solver bool          // may use the game's exact solver

	// Alak with a table (playTable): the weight of a perfect-play result
	// in evaluation units, and the distance in plies within which a result
	// weighs fully.
	tableK  float64
	horizon int
}

// spec returns the level's settings for the engine's current game when it
// searches (Alak with a table plays by tableSpec instead). Levels 1-3
// soften their choice (playSoft); 4 searches to a fixed depth; 5 and 6
// search for an eighth of and the whole move time, 5 with the game's exact
// solver except in Alak, 6 always with it. A timed level's move time is a
// budget: only the depth-1 iteration may run past it.
// Gomoku differs: freestyle 15x15 is a first-player win, so two levels
// that do not blunder each win as Black and split their games; there 4 and
// 5 soften their choice too, less at 5, which searches three plies deeper.
func (e *Engine) spec(level int) levelSpec {
	mt := e.moveTime
	var t [MaxLevel]levelSpec
	switch e.gameName {
	case "gomoku":
		t = [MaxLevel]levelSpec{
			// The late move reductions that grow with depth and move number
			// and the internal iterative reduction made a fixed depth weaker:
			// the settings before them (3: temperature 170, cap 500; 4: depth
			// 4, 115, 350; 5: depth 5, 15, 60) gave 4v3 62.5% and 5v4 60% (80
			// games a pair); these settings measured, 160 games a pair at 200
			// ms (selfplay seeds 11, 13, 17 and 19, 2026-11-26): 2v1 75%, 3v2
			// 71%, 4v3 76%, 5v4 67.5%, 6v5 72%; with the evaluation's threat
			// values (the same seeds): 2v1 69%, 3v2 70%, 4v3 71%, 5v4 68%, 6v5
			// 73%; with the move ordering scaled above the history (gomokuai's
			// orderScale, 2026-11-27) and 5 at depth 7, 5v4 fell to 62.5% (2v1
			// 69%, 3v2 69%, 4v3 75%, 6v5 73%), and 5 now searches depth 8: 5v4
			// 68%, 6v5 74% (level 4 at temperature 140, cap 400 instead: 5v4
			// 66%, 4v3 69%); with the attacks ordered ahead of the blocks
			// (gomokuai's orderDefenceShare 50, 2026-11-28): 2v1 70.6%, 3v2
			// 68.4%, 4v3 66.9%, 5v4 73.1%, 6v5 71.9% (+- 7 each). (Before,
			// with the quiescence and the class evaluation: 1: 150, 500; 2
			// and 3: 120, 400; 4: 80, 300; 5: 25, 100 gave 3v2 64% and 5v4
			// 60%.)
			{depth: 1, temp: 200, cap: 600},
			{depth: 2, temp: 180, cap: 500},
			{depth: 3, temp: 120, cap: 400},
			{depth: 5, temp: 115, cap: 350},
			{depth: 8, temp: 5, cap: 20},
			{time: mt, solver: true},
		}
	case "dvonn":
		t = [MaxLevel]levelSpec{
			{depth: 1, temp: 150, cap: 500},
			{depth: 2, temp: 80, cap: 300},
			{depth: 3, temp: 30, cap: 120},
			{depth: 5},
			{time: mt / 8, solver: true},
			{time: mt, solver: true},
		}
	case "alak":
		t = [MaxLevel]levelSpec{
			{depth: 1, temp: 200, cap: 600},
			{depth: 2, temp: 120, cap: 400},
			{depth: 4, temp: 30, cap: 120},
			{depth: 6},
			{time: mt / 8},
			{time: mt, solver: true},
		}
	default: // othello and other games
		t = [MaxLevel]levelSpec{
			{depth: 1, temp: 150, cap: 500},
			{depth: 2, temp: 80, cap: 300},
			{depth: 3, temp: 30, cap: 120},
			{depth: 6},
			{time: mt / 8, solver: true},
			{time: mt, solver: true},
		}
	}
	return t[level-1]
}

// tableSpec returns the settings of levels 1..MaxLevel-1 for Alak with a
// table (playTable): depth, temp and cap as in levelSpec, and the weight of
// the perfect-play result. Tuned with 100-game classic self-play matches
// (planiverse selfplay alak) so that each level beats the one below in
// about three games of four.
func tableSpec(level int) levelSpec {
	t := [MaxLevel - 1]levelSpec{
		{depth: 1, temp: 200, cap: 600, tableK: 300, horizon: 1},
		{depth: 2, temp: 120, cap: 400, tableK: 500, horizon: 1},
		{depth: 3, temp: 60, cap: 300, tableK: 800, horizon: 1},
		{depth: 4, temp: 40, cap: 250, tableK: 1000, horizon: 1},
		{depth: 5, temp: 30, cap: 200, tableK: 1000, horizon: 2},
	}
	return t[min(level, MaxLevel-1)-1]
}

// Play chooses the move a player of the given level (1..MaxLevel; clamped)
// makes in s: low levels sample among the root moves of a shallow search
// that are within the level's cap of the best, by a softmax with the
// level's temperature, seeded by r (nil: always the best); higher levels
// search to a fixed depth or for a share of the move time (SetMoveTime).
// In Alak with a retrograde table (classic, modern up to 13 points) every
// level with a non-nil r, and MaxLevel always, plays by the table instead
// (playTable: softened perfect-play values, perfect play at MaxLevel); the
// first move waits for the table for up to half the level's time (half the
// move time at a depth level), else searches for the rest of it.
// It never mutates s (it works on a Clone). Result.Move is legal, or
// rules.NoMove when the game is over. report and ctx behave as in Search.
func (e *Engine) Play(ctx context.Context, s rules.State, level int, r *rand.Rand, report func(Info)) Result {
	level = max(1, min(level, MaxLevel))
	e.bind(s)
	start := e.clock()
	sp := e.spec(level)
	if g, ok := s.(*alak.Game); ok && (r != nil || level == MaxLevel) && e.alakTable(ctx, g, e.tableWait(sp)) {
		return e.playTable(ctx, s, level, tableSpec(level), r, report)
	}
	if sp.time > 0 {
		// The move time is a budget: what waiting for a table took
		// comes off it.
		sp.time = max(sp.time-e.since(start), time.Millisecond)
	}
	if sp.temp <= 0 || r == nil {
		return e.search(ctx, s, Limits{Depth: sp.depth, Time: sp.time}, report, sp.solver)
	}
	return e.playSoft(ctx, s, sp, r, report)
}

// playSoft is the softened choice of the low levels: a depth-sp.depth
// search for the best score B, then each root move's score within
// (B - cap, B], then a softmax draw.
func (e *Engine) playSoft(ctx context.Context, s rules.State, sp levelSpec, r *rand.Rand, report func(Info)) Result {
	res := e.search(ctx, s, Limits{Depth: sp.depth}, report, false)
	if res.Move == rules.NoMove || res.Depth < sp.depth || ctx.Err() != nil {
		return res
	}
	e.begin(ctx, s, Limits{}, nil)
	defer e.end()
	if ctx.Done() != nil {
		stop := context.AfterFunc(ctx, func() { e.stop.Store(true) })
		defer stop()
	}
	st := e.s
	moves := st.Moves(nil)
	if len(moves) < 2 {
		return res
	}
	e.immune = true
	B := res.Score
	lo := B - sp.cap - 1
	scores := make([]int, len(moves))
	side := st.ToMove()
	for i, m := range moves {
		st.Play(m)
		same := st.ToMove() == side
		scores[i] = e.child(same, sp.depth-1, 1, lo, B+1)
		st.Undo()
		if e.aborted {
			return res
		}
	}
	// Softmax over moves within the cap.
	total := 0.0
	w := make([]float64, len(moves))
	for i, sc := range scores {
		if sc > lo {
			w[i] = math.Exp(float64(min(sc-B, 0)) / float64(sp.temp))
			total += w[i]
		}
	}
	if total == 0 {
		return res
	}
	pick := weightedPick(r, w, total)
	if pick < 0 || moves[pick] == res.Move {
		return res
	}
	return Result{Move: moves[pick], Score: scores[pick], Depth: res.Depth, PV: []rules.Move{moves[pick]}, Nodes: res.Nodes + e.nodes, Elapsed: res.Elapsed + e.since(e.start)}
}

// Alak with a retrograde table (classic, modern up to alakai.MaxSolvedPoints).
//
// Every level plays from the table's values, so that the ladder does not end
// in draws: classic Alak is a draw with perfect play, and a stronger level
// can only win when the weaker one has walked into a lost position.
//
// Levels 1-5 make a softened choice (playTable): each root move m gets the
// utility
//
//	u(m) = clamp(h(m), ±hCap) + result(m) * tableK * min(1, horizon/d(m)) - repPenalty * earlier(m)
//
// where h is the move's score in a sp.depth-ply search (evaluation units,
// about 100 per piece), result is +1, 0 or -1 for a win, draw or loss with
// perfect play (alakai.Value) reached in d plies, and earlier is how often
// the resulting position occurred before. A loss beyond the level's horizon
// looks less bad the farther it is, which is how the levels err: seldom, and
// in deep lines. The move is then drawn by a softmax with temperature
// sp.temp among the moves within sp.cap of the best utility.
//
// Level 6 (MaxLevel) plays perfectly: a move of the best value (the shortest
// win, else a draw, else the longest loss, as alakai's Solve) and, among
// drawing moves, the one that sets the most traps: a position not seen
// before, then the largest share of the opponent's replies that lose, then
// the best static evaluation.

const (
	hCap       = 1000 // clamp of the search score in a table level's utility
	repPenalty = 150  // utility per earlier occurrence of the position reached
)

// tableMove is one root move of a table level with its exact value and
// utility.
type tableMove struct {
	m      rules.Move
	result int // +1 win, 0 draw, -1 loss for the mover (perfect play)
	dist   int // plies to the end with perfect play
	reps   int // occurrences of the reached position, itself included
	u      float64
}

// tableWait is how long Play at a level with settings sp waits for Alak's
// table: half the level's time, so that a timed level keeps its budget, or
// half the engine's move time at a depth level.
func (e *Engine) tableWait(sp levelSpec) time.Duration {
	if sp.time > 0 {
		return sp.time / 2
	}
	return e.moveTime / 2
}

// alakTable reports whether the table of g's rule set is ready, waiting
// for it for at most wait (or until ctx is done); false when no table
// covers g's board or the engine's knowledge is not alakai's.
func (e *Engine) alakTable(ctx context.Context, g *alak.Game, wait time.Duration) bool {
	if _, ok := e.know.(*alakai.Knowledge); !ok || !alakai.Prepare(g) {
		return false
	}
	wctx, cancel := context.WithCancel(ctx)
	defer cancel()
	t := time.AfterFunc(wait, cancel)
	defer t.Stop()
	_, _, _, ok := e.solver.Solve(wctx, g.Copy()) // a copy: s is never touched
	return ok
}

// playTable is Play for an Alak game whose table is ready (see above).
// r may be nil only at MaxLevel.
func (e *Engine) playTable(ctx context.Context, s rules.State, level int, sp levelSpec, r *rand.Rand, report func(Info)) Result {
	e.begin(ctx, s, Limits{}, nil)
	defer e.end()
	if ctx.Done() != nil {
		stop := context.AfterFunc(ctx, func() { e.stop.Store(true) })
		defer stop()
	}
	g := e.s.(*alak.Game)
	moves := g.Moves(nil)
	if len(moves) == 0 {
		return Result{Move: rules.NoMove}
	}
	e.immune = true
	side := g.ToMove()
	tm := make([]tableMove, len(moves))
	for i, m := range moves {
		g.Play(m)
		tm[i] = tableMove{m: m, reps: g.Repetitions()}
		tm[i].result, tm[i].dist = tableValue(g)
		if level < MaxLevel {
			h := e.child(g.ToMove() == side, sp.depth-1, 1, -infinity, infinity)
			tm[i].u = float64(max(-hCap, min(hCap, h)))
		} else {
			tm[i].u = e.trapShare(g) + float64(max(-hCap, min(hCap, -e.evaluate())))/(100*hCap)
		}
		g.Undo()
		if e.aborted {
			return Result{Move: moves[0], Nodes: e.nodes, Elapsed: e.since(e.start)}
		}
	}
	var pick int
	if level >= MaxLevel {
		pick = bestTableMove(tm)
	} else {
		pick = softTableMove(tm, sp, r)
	}
	c := tm[pick]
	score := 0
	if c.result != 0 {
		score = c.result * (WinScore - c.dist)
	}
	res := Result{Move: c.m, Score: score, PV: []rules.Move{c.m}, Nodes: e.nodes, Elapsed: e.since(e.start)}
	if report != nil {
		report(Info{Score: res.Score, PV: res.PV, Nodes: res.Nodes, Elapsed: res.Elapsed})
	}
	return res
}

// tableValue is the value of the position g reached by a move, for the
// player who made it: result +1/0/-1 and the distance in plies from before
// the move (1 for a move that ends the game).
func tableValue(g *alak.Game) (result, dist int) {
	if over, sc := g.Outcome(); over {
		if sc == 0 {
			return 0, 1
		}
		return -score.Sign(sc), 1
	}
	res, d, ok := alakai.Value(g)
	if !ok {
		return 0, 1
	}
	return -res, d + 1
}

// trapShare is the share (0..1) of the side to move's replies in g that
// lose with perfect play.
func (e *Engine) trapShare(g *alak.Game) float64 {
	start := len(e.stack)
	e.stack = g.Moves(e.stack)
	replies := e.stack[start:]
	losing := 0
	for _, m := range replies {
		g.Play(m)
		if res, _ := tableValue(g); res < 0 {
			losing++
		}
		g.Undo()
	}
	n := len(replies)
	e.stack = e.stack[:start]
	if n == 0 {
		return 0
	}
	return float64(losing) / float64(n)
}

// bestTableMove is level 6's choice: the best value (the shortest win, a
// draw, the longest loss); among draws, the fewest repetitions, then the
// highest utility (trap share, then evaluation).
func bestTableMove(tm []tableMove) int {
	key := func(t tableMove) int {
		switch {
		case t.result > 0:
			return 2*WinScore - t.dist
		case t.result < 0:
			return -2*WinScore + t.dist
		}
		return -t.reps
	}
	best := 0
	for i := 1; i < len(tm); i++ {
		if k, kb := key(tm[i]), key(tm[best]); k > kb || k == kb && tm[i].u > tm[best].u {
			best = i
		}
	}
	return best
}

// softTableMove is the softened choice of levels 1-5 (see above).
func softTableMove(tm []tableMove, sp levelSpec, r *rand.Rand) int {
	top := math.Inf(-1)
	for i := range tm {
		t := &tm[i]
		if t.result != 0 {
			w := sp.tableK * min(1, float64(sp.horizon)/float64(t.dist))
			t.u += float64(t.result) * w
		}
		t.u -= repPenalty * float64(t.reps-1)
		top = max(top, t.u)
	}
	total := 0.0
	w := make([]float64, len(tm))
	for i, t := range tm {
		if t.u >= top-float64(sp.cap) {
			w[i] = math.Exp((t.u - top) / float64(sp.temp))
			total += w[i]
		}
	}
	return weightedPick(r, w, total)
}

// weightedPick draws index i with probability w[i]/total (total = the sum
// of w; zero weights are never drawn) from r. It returns -1 when every
// weight is zero.
func weightedPick(r *rand.Rand, w []float64, total float64) int {
	x := r.Float64() * total
	pick := -1
	for i := range w {
		if w[i] == 0 {
			continue
		}
		pick = i
		x -= w[i]
		if x < 0 {
			break
		}
	}
	return pick
}
