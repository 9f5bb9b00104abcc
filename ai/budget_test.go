package ai_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"planiverse/ai"
	"planiverse/rules"
	"planiverse/rules/alak"
	"planiverse/rules/dvonn"
	"planiverse/rules/gomoku"
	"planiverse/rules/othello"
)

// budgetPositions are quiet positions of each timed game where no exact
// solver answers: Othello and Gomoku early middle games, DVONN just after a
// random placement.
func budgetPositions(t testing.TB) map[string]rules.State {
	t.Helper()
	o := othello.New()
	g, _ := gomoku.New(gomoku.Options{Size: 15})
	d := dvonn.New()
	d.PlaceRandom(rand.New(rand.NewPCG(5, 5)))
	for _, p := range []struct {
		s     rules.State
		moves string
	}{
		{o, "f5 d6 c3 d3 c4 f4 c5 b3 c2 e6"},
		{g, "H8 I9 G9 I7 H9 H7"},
	} {
		if err := rules.PlayMoves(p.s, p.moves); err != nil {
			t.Fatal(err)
		}
	}
	return map[string]rules.State{"othello": o, "gomoku": g, "dvonn": d}
}

// TestMoveTimeIsABudget checks, with a test clock that runs far ahead at
// every reading, that the Master level stops after the depth-1 iteration
// once its move time is spent: no deeper iteration ignores the clock. The
// clock makes the test independent of the machine's speed.
func TestMoveTimeIsABudget(t *testing.T) {
	for name, s := range budgetPositions(t) {
		t.Run(name, func(t *testing.T) {
			e := ai.NewEngine(4)
			e.SetMoveTime(50 * time.Millisecond)
			clock := time.Now()
			e.SetClock(func() time.Time { clock = clock.Add(time.Hour); return clock })
			res := e.Play(context.Background(), s, ai.MaxLevel, nil, nil)
			if res.Depth != 1 || !slices.Contains(s.Moves(nil), res.Move) {
				t.Fatalf("depth %d move %s: want the depth-1 iteration's legal move", res.Depth, s.MoveString(res.Move))
			}
		})
	}
}

// TestBudgetMidIteration checks, with a test clock that advances a fixed
// step at every reading, that a search whose time runs out inside an
// iteration returns a legal move of a finished iteration (at least depth
// 1), within its budget plus 10% by that clock.
func TestBudgetMidIteration(t *testing.T) {
	const budget = 200 * time.Millisecond
	for name, s := range budgetPositions(t) {
		for _, step := range []time.Duration{time.Millisecond, 5 * time.Millisecond} {
			t.Run(fmt.Sprint(name, step), func(t *testing.T) {
				e := ai.NewEngine(4)
				e.SetMoveTime(budget)
				clock := time.Now()
				e.SetClock(func() time.Time { clock = clock.Add(step); return clock })
				res := e.Play(context.Background(), s, ai.MaxLevel, nil, nil)
				if res.Depth < 1 || !slices.Contains(s.Moves(nil), res.Move) {
					t.Fatalf("depth %d move %s", res.Depth, s.MoveString(res.Move))
				}
				if res.Elapsed > budget+budget/10 {
					t.Fatalf("took %v by the test clock for a %v budget", res.Elapsed, budget)
				}
			})
		}
	}
}

// deadlineKnowledge is tic-tac-toe knowledge with a Solver and a
// RootPolicy that decline, recording the real time left to the deadline
// of the Solver's context (-1: no deadline) and the time limit and elapsed
// time the policy's filter is given.
type deadlineKnowledge struct {
	ai.HashEval
	solve          time.Duration
	limit, elapsed time.Duration
	filtered       bool
}

// left is the real time left to ctx's deadline, -1 when it has none.
func left(ctx context.Context) time.Duration {
	if dl, ok := ctx.Deadline(); ok {
		return time.Until(dl)
	}
	return -1
}

func (k *deadlineKnowledge) Solve(ctx context.Context, s rules.State) (rules.Move, int, int64, bool) {
	k.solve = left(ctx)
	return rules.NoMove, 0, 0, false
}

func (k *deadlineKnowledge) FilterRoot(ctx context.Context, s rules.State, moves []rules.Move, limit, elapsed time.Duration) []rules.Move {
	k.limit, k.elapsed, k.filtered = limit, elapsed, true
	return moves
}

func (k *deadlineKnowledge) CheckTime(depth int, limit, spent time.Duration) (time.Duration, bool) {
	return 0, false
}

func (k *deadlineKnowledge) Refuted(ctx context.Context, s rules.State, m rules.Move) bool {
	return false
}

func (k *deadlineKnowledge) FinalReserve(limit time.Duration) time.Duration { return 0 }

// TestSolverAndFilterInBudget checks that the Solver gets its share of a
// time limit (two thirds) measured by the engine's clock, and that the
// RootPolicy's filter is told the limit and the time elapsed by that
// clock: with a test clock an hour ahead of the real one, the Solver's
// context must still expire within its share of real time, and the
// elapsed time must be a few readings of the test clock.
func TestSolverAndFilterInBudget(t *testing.T) {
	const limit = 300 * time.Millisecond
	k := &deadlineKnowledge{solve: -2}
	e := ai.NewEngine(1)
	e.SetKnowledge(k)
	clock := time.Now().Add(time.Hour)
	e.SetClock(func() time.Time { clock = clock.Add(time.Microsecond); return clock })
	res := e.Search(context.Background(), ai.NewTicTac(), ai.Limits{Time: limit}, nil)
	if res.Depth < 1 {
		t.Fatalf("%+v: want a finished iteration", res)
	}
	if k.solve < 0 || k.solve > limit*2/3 {
		t.Errorf("Solver: %v left to its deadline, want at most %v", k.solve, limit*2/3)
	}
	if !k.filtered || k.limit != limit || k.elapsed <= 0 || k.elapsed > time.Millisecond {
		t.Errorf("RootPolicy: filtered %v with limit %v after %v, want %v after a few µs", k.filtered, k.limit, k.elapsed, limit)
	}
}

// TestDepthSearchIgnoresDeadline checks that a depth-limited search (the
// gentler levels) tells its RootPolicy's filter that it has no time limit
// even when the caller's context has a deadline (a game clock's cap).
func TestDepthSearchIgnoresDeadline(t *testing.T) {
	k := &deadlineKnowledge{solve: -2, limit: -1, elapsed: -1}
	e := ai.NewEngine(1)
	e.SetKnowledge(k)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	res := e.Search(ctx, ai.NewTicTac(), ai.Limits{Depth: 2}, nil)
	if res.Depth != 2 {
		t.Fatalf("%+v: want depth 2", res)
	}
	if !k.filtered || k.limit != 0 || k.elapsed != 0 {
		t.Errorf("RootPolicy: filtered %v with limit %v after %v, want no limit", k.filtered, k.limit, k.elapsed)
	}
}

// TestTableWaitInBudget checks that a timed Alak level waits for the
// table for at most half its time, so that the search keeps the rest.
func TestTableWaitInBudget(t *testing.T) {
	e := ai.NewEngine(1)
	e.SetMoveTime(3 * time.Second)
	for lv := 1; lv <= ai.MaxLevel; lv++ {
		lt, w := e.TableWaitForLevel(alak.NewClassic(), lv)
		if lt > 0 && w > lt/2 || w <= 0 {
			t.Errorf("level %d (time %v): waits %v for the table", lv, lt, w)
		}
	}
}

// TestMoveTimeWallClock plays a few Master moves at a short move time in
// self-play, in each game from the budget positions and from the start of
// classic and 13-point modern Alak (whose first move waits for the table),
// and checks by the wall clock that no move overran its budget by more than
// maxOverrun (generous: the machine may be loaded). It logs per game the
// largest and the 95th-percentile overrun of the time a move took beyond
// the budget (negative: within it), and how many moves exceeded the budget
// plus min(10%, 50 ms).
func TestMoveTimeWallClock(t *testing.T) {
	const (
		bt         = 100 * time.Millisecond
		moves      = 3
		maxOverrun = time.Second
	)
	limit := bt + min(bt/10, 50*time.Millisecond)
	games := budgetPositions(t)
	games["alak"] = alak.NewClassic()
	for _, name := range []string{"othello", "gomoku", "dvonn", "alak"} {
		s := games[name]
		// A table built here, not in the background under a later test's
		// allocation count.
		ai.Prepare(s, true)
		e := ai.NewEngine(64)
		e.SetMoveTime(bt)
		var over []time.Duration // per move: time taken minus the budget
		for range moves {
			if over, _ := s.Outcome(); over {
				break
			}
			start := time.Now()
			res := e.Play(context.Background(), s, ai.MaxLevel, nil, nil)
			over = append(over, time.Since(start)-bt)
			s.Play(res.Move)
		}
		slices.Sort(over)
		n := 0
		for _, d := range over {
			if d > limit-bt {
				n++
			}
		}
		t.Logf("%-15s %3d moves at %v: overrun max %v, p95 %v; %d over %v", name, len(over), bt,
			over[len(over)-1].Round(time.Millisecond), over[len(over)*95/100].Round(time.Millisecond), n, limit)
		if worst := over[len(over)-1]; worst > maxOverrun {
			t.Errorf("%s: a move took %v beyond its %v budget", name, worst, bt)
		}
	}
}

// TestIterationShare checks when a timed search starts no new iteration:
// past half its time without an IterationShare (the other games' rule),
// past the share with one (clamped to [0, 1]), and only at the end with a
// fixed move time, whatever the share.
func TestIterationShare(t *testing.T) {
	const limit = 1000 * time.Millisecond
	for _, c := range []struct {
		share   float64
		elapsed time.Duration
		late    bool
		fixed   bool
	}{
		{0, 499 * time.Millisecond, false, false},
		{0, 501 * time.Millisecond, true, false},
		{0.9, 501 * time.Millisecond, false, false},
		{0.9, 899 * time.Millisecond, false, false},
		{0.9, 901 * time.Millisecond, true, false},
		{2, 999 * time.Millisecond, false, false},
		{-1, time.Millisecond, true, false},
		{0, 501 * time.Millisecond, false, true},
		{0, 999 * time.Millisecond, false, true},
		{0, 1001 * time.Millisecond, true, true},
		{0.2, 501 * time.Millisecond, false, true},
	} {
		e := ai.NewEngine(1)
		e.SetMoveTimeFixed(c.fixed)
		start := time.Now()
		now := start.Add(c.elapsed)
		e.SetClock(func() time.Time { return now })
		if got := e.LateForIteration(c.share, start, start.Add(limit)); got != c.late {
			t.Errorf("share %v, fixed %v, after %v: late %v, want %v", c.share, c.fixed, c.elapsed, got, c.late)
		}
	}
}

// TestIterationShares checks which games set their own iteration share:
// Gomoku only (all its time), so the other games keep the half-time rule.
func TestIterationShares(t *testing.T) {
	for _, g := range realGames {
		share := 0.0
		if h, ok := ai.KnowledgeFor(g.new()).(ai.SearchHooks); ok {
			share = h.SearchHooks().IterationShare
		}
		gomokuGame := g.name == "gomoku" || g.name == "gomoku-swap-exact5"
		if want := map[bool]float64{true: 1, false: 0}[gomokuGame]; share != want {
			t.Errorf("%s: iteration share %v, want %v", g.name, share, want)
		}
	}
}
