package ai

import (
	"context"
	"math"
	"math/rand/v2"
	"time"

	"planiverse/rules"
)

// MaxLevel is the strongest difficulty level (full strength, the engine's
// move time).
const MaxLevel = 6

// MinLevel is the gentlest difficulty level, Novice, below Beginner: a
// level a true beginner wins about half the time against (LevelTable.NoviceLevel).
const MinLevel = 0

// Level is a difficulty: Number from MinLevel (gentlest) to MaxLevel, with a
// short Name and a one-line Description. The names are the same in every
// game.
type Level struct {
	Number      int
	Name        string
	Description string
}

// novice is level MinLevel, listed by AllLevels.
var novice = Level{MinLevel, "Novice", "plays nearly at random, with an eye for the obvious: a beginner's even match"}

var levels = []Level{
	{1, "Beginner", "looks one move ahead and often picks a reasonable but weaker move"},
	{2, "Casual", "looks two moves ahead and sometimes picks a weaker move"},
	{3, "Club", "looks a few moves ahead and rarely picks a weaker move"},
	{4, "Strong", "looks several moves ahead and seldom errs"},
	{5, "Expert", "looks deeper still and errs only now and then, in subtle lines"},
	{6, "Master", "full strength for the whole move time, and perfect play wherever the game's exact solver reaches"},
}

// Levels returns the six difficulty levels 1 (Beginner) to MaxLevel
// (Master): Beginner, Casual, Club, Strong, Expert, Master, the entry of
// level n at index n-1; AllLevels adds Novice below them. The slice is a
// fresh copy.
func Levels() []Level {
	return append([]Level(nil), levels...)
}

// AllLevels returns every difficulty level, MinLevel (Novice) to MaxLevel
// (Master), gentlest first: the entry of level n is at index n-MinLevel.
// The slice is a fresh copy.
func AllLevels() []Level {
	return append([]Level{novice}, levels...)
}

// LevelOf returns level n (MinLevel..MaxLevel; clamped).
func LevelOf(n int) Level {
	return AllLevels()[max(MinLevel, min(n, MaxLevel))-MinLevel]
}

// LevelSpec is how one level plays one game, as a LevelTable gives it. A
// level is limited either by depth or by time, never both: a depth level
// (the lower ones) searches to exactly its depth however long that takes; a
// timed level is purely time-limited, its time a budget that the whole move
// keeps (solver, root filter and waiting for an ExactTable included), with
// only the depth-1 iteration allowed to run past it. So a timed level
// searches shallower on a slower machine or at a shorter move time, and has
// no minimum depth.
type LevelSpec struct {
	Depth       int  // depth limit in plies (0: none)
	TimeDivisor int  // a timed level's budget is the move time divided by this (1: all of it; 0: not timed)
	Temp        int  // softmax temperature in evaluation units (0: the best move)
	Cap         int  // a softened choice is at most this much worse than the best, in evaluation units
	Solver      bool // may use the game's exact solver
}

// DefaultLevels is the level table of a game whose knowledge is no
// LevelTable: levels 1-3 soften their choice (playSoft) after searches of
// 1, 2 and 3 plies, 4 searches 6 plies, 5 and 6 search for an eighth of and
// the whole move time with the game's exact solver.
var DefaultLevels = [MaxLevel]LevelSpec{
	{Depth: 1, Temp: 150, Cap: 500},
	{Depth: 2, Temp: 80, Cap: 300},
	{Depth: 3, Temp: 30, Cap: 120},
	{Depth: 6},
	{TimeDivisor: 8, Solver: true},
	{TimeDivisor: 1, Solver: true},
}

// DefaultNovice is how the Novice level plays a game whose knowledge is no
// LevelTable: a softened choice after a 1-ply search, hot enough to be
// close to random among the moves within a wide cap.
var DefaultNovice = LevelSpec{Depth: 1, Temp: 600, Cap: 2000}

// noviceSpec is the Novice level's spec for knowledge k.
func noviceSpec(k any) LevelSpec {
	if lt, ok := k.(LevelTable); ok {
		return lt.NoviceLevel()
	}
	return DefaultNovice
}

// levelSpec is a LevelSpec with its time budget resolved against the
// engine's move time.
type levelSpec struct {
	depth  int           // depth limit in plies (0: none)
	time   time.Duration // time budget of the move (0: none)
	temp   int           // softmax temperature in evaluation units (0: best move)
	cap    int           // a softened choice is at most this much worse than the best
	solver bool          // may use the game's exact solver
}

// resolve returns l with its time budget taken from the move time mt.
func (l LevelSpec) resolve(mt time.Duration) levelSpec {
	sp := levelSpec{depth: l.Depth, temp: l.Temp, cap: l.Cap, solver: l.Solver}
	if l.TimeDivisor > 0 {
		sp.time = mt / time.Duration(l.TimeDivisor)
	}
	return sp
}

// spec returns the level's settings for the engine's current game when it
// searches: its knowledge's LevelTable, else DefaultLevels.
func (e *Engine) spec(level int) levelSpec {
	if level < 1 {
		return noviceSpec(e.know).resolve(e.moveTime)
	}
	t := DefaultLevels
	if lt, ok := e.know.(LevelTable); ok {
		t = lt.Levels()
	}
	return t[level-1].resolve(e.moveTime)
}

// Play chooses the move a player of the given level (MinLevel..MaxLevel;
// clamped) makes in s: low levels (Novice included) sample among the root moves of a shallow search
// that are within the level's cap of the best, by a softmax with the
// level's temperature, seeded by r (nil: always the best); higher levels
// search to a fixed depth or for a share of the move time (SetMoveTime).
// In a game whose knowledge has an ExactTable covering s (Alak: classic,
// modern up to 13 points) every level with a non-nil r, and MaxLevel
// always, plays by the table instead (playTable: the table chooses from
// the root moves' search scores); the first move waits for the table for
// up to half the level's time (half the move time at a depth level), else
// searches for the rest of it.
// It never mutates s (it works on a Clone). Result.Move is legal, or
// rules.NoMove when the game is over. report and ctx behave as in Search.
func (e *Engine) Play(ctx context.Context, s rules.State, level int, r *rand.Rand, report func(Info)) Result {
	level = max(MinLevel, min(level, MaxLevel))
	e.bind(s)
	start := e.clock()
	sp := e.spec(level)
	if t, ok := e.know.(ExactTable); ok && (r != nil || level == MaxLevel) && e.waitTable(ctx, t, s, e.tableWait(sp)) {
		return e.playTable(ctx, s, t, level, r, report)
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
	pick := WeightedPick(r, w, total)
	if pick < 0 || moves[pick] == res.Move {
		return res
	}
	return Result{Move: moves[pick], Score: scores[pick], Depth: res.Depth, PV: []rules.Move{moves[pick]}, Nodes: res.Nodes + e.nodes, Elapsed: res.Elapsed + e.since(e.start)}
}

// tableWait is how long Play at a level with settings sp waits for an
// ExactTable: half the level's time, so that a timed level keeps its
// budget, or half the engine's move time at a depth level.
func (e *Engine) tableWait(sp levelSpec) time.Duration {
	if sp.time > 0 {
		return sp.time / 2
	}
	return e.moveTime / 2
}

// waitTable reports whether t's table for s is ready, waiting for it for
// at most wait (or until ctx is done); false when no table covers s.
func (e *Engine) waitTable(ctx context.Context, t ExactTable, s rules.State, wait time.Duration) bool {
	if !t.Prepare(s, false) {
		return false
	}
	wctx, cancel := context.WithCancel(ctx)
	defer cancel()
	timer := time.AfterFunc(wait, cancel)
	defer timer.Stop()
	return t.WaitTable(wctx, s)
}

// playTable is Play for a game whose ExactTable is ready: every root move
// is scored by a search of the table level's Depth plies (the move
// included; Depth 0: the static evaluation after it), from the mover's
// point of view, and the table's ChooseMove picks among them. r may be nil
// only at MaxLevel.
func (e *Engine) playTable(ctx context.Context, s rules.State, t ExactTable, level int, r *rand.Rand, report func(Info)) Result {
	e.begin(ctx, s, Limits{}, nil)
	defer e.end()
	if ctx.Done() != nil {
		stop := context.AfterFunc(ctx, func() { e.stop.Store(true) })
		defer stop()
	}
	g := e.s
	moves := g.Moves(nil)
	if len(moves) == 0 {
		return Result{Move: rules.NoMove}
	}
	e.immune = true
	depth := t.TableDepth(level)
	side := g.ToMove()
	scores := make([]int, len(moves))
	for i, m := range moves {
		g.Play(m)
		same := g.ToMove() == side
		if depth > 0 {
			scores[i] = e.child(same, depth-1, 1, -infinity, infinity)
		} else if scores[i] = e.evaluate(); !same {
			scores[i] = -scores[i]
		}
		g.Undo()
		if e.aborted {
			return Result{Move: moves[0], Nodes: e.nodes, Elapsed: e.since(e.start)}
		}
	}
	pick, score := t.ChooseMove(g, level, moves, scores, r)
	m := moves[pick]
	res := Result{Move: m, Score: score, PV: []rules.Move{m}, Nodes: e.nodes, Elapsed: e.since(e.start)}
	if report != nil {
		report(Info{Score: res.Score, PV: res.PV, Nodes: res.Nodes, Elapsed: res.Elapsed})
	}
	return res
}

// WeightedPick draws index i with probability w[i]/total (total = the sum
// of w; zero weights are never drawn) from r: the softmax draw of the
// softened levels. It returns -1 when every weight is zero.
func WeightedPick(r *rand.Rand, w []float64, total float64) int {
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
