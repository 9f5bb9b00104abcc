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
	{4, "Strong", "a fixed-depth search, always its best move"},
	{5, "Expert", "full search for an eighth of the move time"},
	{6, "Master", "full strength for the whole move time"},
}

// Levels returns the six difficulty levels, 1 (Beginner) to MaxLevel
// (Master): Beginner, Casual, Club, Strong, Expert, Master. The slice is a
// fresh copy.
func Levels() []Level {
	return append([]Level(nil), levels...)
}

// levelSpec is how one level plays one game.
type levelSpec struct {
	depth  int           // depth limit in plies (0: none)
	time   time.Duration // time limit (0: none); a fraction of the move time
	temp   int           // softmax temperature in evaluation units (0: best move)
	cap    int           // a softened choice is at most this much worse than the best
	solver bool          // may use the game's exact solver
	min    int           // iterations up to this depth ignore the time limit
}

// spec returns the level's settings for the engine's current game. Levels
// 1-3 soften their choice (playSoft); 4 searches to a fixed depth; 5 and 6
// search for an eighth of and the whole move time, never shallower than
// min, with the game's exact solver.
func (e *Engine) spec(level int) levelSpec {
	mt := e.moveTime
	var t [MaxLevel]levelSpec
	switch e.gameName {
	case "gomoku":
		t = [MaxLevel]levelSpec{
			{depth: 1, temp: 150, cap: 500},
			{depth: 2, temp: 80, cap: 300},
			{depth: 3, temp: 30, cap: 120},
			{depth: 4},
			{time: mt / 8, solver: true, min: 5},
			{time: mt, solver: true, min: 6},
		}
	case "dvonn":
		t = [MaxLevel]levelSpec{
			{depth: 1, temp: 150, cap: 500},
			{depth: 2, temp: 80, cap: 300},
			{depth: 3, temp: 30, cap: 120},
			{depth: 5},
			{time: mt / 8, solver: true, min: 6},
			{time: mt, solver: true, min: 7},
		}
	case "alak":
		t = [MaxLevel]levelSpec{
			{depth: 1, temp: 200, cap: 600},
			{depth: 2, temp: 120, cap: 400},
			{depth: 4, temp: 30, cap: 120},
			{depth: 6},
			{time: mt / 8, min: 8},
			{time: mt, solver: true, min: 10},
		}
	default: // othello and other games
		t = [MaxLevel]levelSpec{
			{depth: 1, temp: 150, cap: 500},
			{depth: 2, temp: 80, cap: 300},
			{depth: 3, temp: 30, cap: 120},
			{depth: 6},
			{time: mt / 8, solver: true, min: 7},
			{time: mt, solver: true, min: 8},
		}
	}
	return t[level-1]
}

// Play chooses the move a player of the given level (1..MaxLevel; clamped)
// makes in s: low levels sample among the root moves of a shallow search
// that are within the level's cap of the best, by a softmax with the
// level's temperature, seeded by r (nil: always the best); higher levels
// search to a fixed depth or for a share of the move time (SetMoveTime).
// It never mutates s (it works on a Clone). Result.Move is legal, or
// rules.NoMove when the game is over. report and ctx behave as in Search.
func (e *Engine) Play(ctx context.Context, s rules.State, level int, r *rand.Rand, report func(Info)) Result {
	level = max(1, min(level, MaxLevel))
	e.bind(s)
	sp := e.spec(level)
	if sp.temp <= 0 || r == nil {
		return e.search(ctx, s, Limits{Depth: sp.depth, Time: sp.time}, report, sp.solver, sp.min)
	}
	return e.playSoft(ctx, s, sp, r, report)
}

// playSoft is the softened choice of the low levels: a depth-sp.depth
// search for the best score B, then each root move's score within
// (B - cap, B], then a softmax draw.
func (e *Engine) playSoft(ctx context.Context, s rules.State, sp levelSpec, r *rand.Rand, report func(Info)) Result {
	res := e.search(ctx, s, Limits{Depth: sp.depth}, report, false, 1)
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
	if pick < 0 || moves[pick] == res.Move {
		return res
	}
	return Result{Move: moves[pick], Score: scores[pick], Depth: res.Depth, PV: []rules.Move{moves[pick]}, Nodes: res.Nodes + e.nodes, Elapsed: res.Elapsed + time.Since(e.start)}
}
