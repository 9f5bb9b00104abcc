package dvonnai

import (
	"context"
	"math/bits"
	"math/rand/v2"
	"testing"

	"planiverse/ai"
	"planiverse/rules"
	"planiverse/rules/dvonn"
)

// minimax is a plain full-width negamax without pruning: the reference
// value of g for its side to move, ply plies below the root.
func minimax(g *dvonn.Game, ply int) int {
	if over, margin := g.Outcome(); over {
		return ai.TerminalScore(margin, ply)
	}
	best := -ai.WinScore - 1
	for _, m := range g.Moves(nil) {
		g.Play(m)
		best = max(best, -minimax(g, ply+1))
		g.Undo()
	}
	return best
}

// lateEndgames plays random DVONN games and returns positions of the
// movement phase with at most mobile stacks able to move.
func lateEndgames(t *testing.T, n, mobile int) []*dvonn.Game {
	t.Helper()
	r := rand.New(rand.NewPCG(5, 9))
	var out []*dvonn.Game
	for len(out) < n {
		g := dvonn.New()
		g.PlaceRandom(r)
		for {
			if over, _ := g.Outcome(); over {
				break
			}
			if bits.OnesCount64(g.Mobile()) <= mobile {
				out = append(out, g.Copy())
				break
			}
			moves := g.Moves(nil)
			g.Play(moves[r.IntN(len(moves))])
		}
	}
	return out
}

// TestExactSolver: on late endgames the solver's value equals a plain
// minimax's, its move keeps that value, and it gives up past its budget.
func TestExactSolver(t *testing.T) {
	var e exactSolver
	decided := 0
	for i, g := range lateEndgames(t, 30, 11) {
		want := minimax(g.Copy(), 0)
		before := g.Hash()
		m, got, ok := e.solve(g, 1<<30, nil)
		if !ok || g.Hash() != before {
			t.Fatalf("endgame %d: ok %v, position changed %v", i, ok, g.Hash() != before)
		}
		if got != want {
			t.Fatalf("endgame %d: solver %d, minimax %d\n%v", i, got, want, g)
		}
		child := g.Copy()
		child.Play(m)
		if after := -minimax(child, 1); after != want {
			t.Fatalf("endgame %d: the solver's move %s gives %d, not %d", i, g.MoveString(m), after, want)
		}
		if got != 0 {
			decided++
		}
	}
	if decided == 0 {
		t.Fatal("no endgame was won or lost")
	}
	g := lateEndgames(t, 1, 12)[0]
	if _, _, ok := e.solve(g, 10, nil); ok {
		t.Fatal("the solver ended within 10 nodes")
	}
}

// TestExactValue: DVONN's ExactValue decides late endgames with the
// solver's value and leaves the placement phase and the middle game to
// the search.
func TestExactValue(t *testing.T) {
	k := New()
	ctx := context.Background()
	for i, g := range lateEndgames(t, 10, 6) {
		m, score, ok := k.ExactValue(ctx, g)
		if !ok || m == rules.NoMove || score != minimax(g.Copy(), 0) {
			t.Fatalf("endgame %d: %v %d %v, want the minimax value %d", i, m, score, ok, minimax(g.Copy(), 0))
		}
	}
	g := dvonn.New()
	if _, _, ok := k.ExactValue(ctx, g); ok {
		t.Fatal("the placement phase was solved")
	}
	r := rand.New(rand.NewPCG(1, 2))
	g.PlaceRandom(r)
	if _, _, ok := k.ExactValue(ctx, g); ok {
		t.Fatal("the first movement position was solved")
	}
	done, cancel := context.WithCancel(ctx)
	cancel()
	if _, _, ok := k.ExactValue(done, lateEndgames(t, 1, 6)[0]); ok {
		t.Fatal("a canceled context gave a value")
	}
}
