package ai

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"testing"
	"time"

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
			e := NewEngine(4)
			e.SetMoveTime(50 * time.Millisecond)
			clock := time.Now()
			e.now = func() time.Time { clock = clock.Add(time.Hour); return clock }
			res := e.Play(context.Background(), s, MaxLevel, nil, nil)
			if res.Depth != 1 || !slices.Contains(s.Moves(nil), res.Move) {
				t.Fatalf("depth %d move %s: want the depth-1 iteration's legal move", res.Depth, s.MoveString(res.Move))
			}
		})
	}
}

// TestBudgetMidIteration checks that a search whose time runs out inside an
// iteration returns a legal move of a finished iteration (at least depth
// 1), whatever the iteration reached.
func TestBudgetMidIteration(t *testing.T) {
	for name, s := range budgetPositions(t) {
		for _, step := range []time.Duration{time.Millisecond, 5 * time.Millisecond} {
			t.Run(fmt.Sprint(name, step), func(t *testing.T) {
				e := NewEngine(4)
				e.SetMoveTime(200 * time.Millisecond)
				clock := time.Now()
				e.now = func() time.Time { clock = clock.Add(step); return clock }
				res := e.Play(context.Background(), s, MaxLevel, nil, nil)
				if res.Depth < 1 || !slices.Contains(s.Moves(nil), res.Move) {
					t.Fatalf("depth %d move %s", res.Depth, s.MoveString(res.Move))
				}
			})
		}
	}
}

// TestMeasureMoveTime is a measurement, not a check: with
// PLANIVERSE_BUDGET=<milliseconds> it plays Master moves at that move time
// in self-play from the budget positions and classic and 13-point modern
// Alak (the first move waits for the table), and reports per game the
// largest and the 95th-percentile time taken against the budget.
//
//	PLANIVERSE_BUDGET=1000 go test -run TestMeasureMoveTime -v -timeout 1h ./ai
func TestMeasureMoveTime(t *testing.T) {
	ms := os.Getenv("PLANIVERSE_BUDGET")
	if ms == "" {
		t.Skip("set PLANIVERSE_BUDGET=<milliseconds> to measure")
	}
	var budget time.Duration
	if _, err := fmt.Sscan(ms, &budget); err != nil {
		t.Fatal(err)
	}
	budget *= time.Millisecond
	games := budgetPositions(t)
	games["alak"] = alak.NewClassic()
	modern, _ := alak.NewModern(13)
	games["alak-modern-13"] = modern
	for _, name := range []string{"othello", "gomoku", "dvonn", "alak", "alak-modern-13"} {
		s := games[name]
		e := NewEngine(64)
		e.SetMoveTime(budget)
		var took []time.Duration
		for range 40 {
			if over, _ := s.Outcome(); over {
				break
			}
			start := time.Now()
			res := e.Play(context.Background(), s, MaxLevel, nil, nil)
			took = append(took, time.Since(start))
			s.Play(res.Move)
		}
		slices.Sort(took)
		p95 := took[len(took)*95/100]
		limit := budget + min(budget/10, 50*time.Millisecond)
		over := 0
		for _, d := range took {
			if d > limit {
				over++
			}
		}
		t.Logf("%-15s %d moves at %v: max %v, p95 %v, %d over %v", name, len(took), budget,
			took[len(took)-1].Round(time.Millisecond), p95.Round(time.Millisecond), over, limit)
	}
}
