package ai_test

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"planiverse/ai"
	"planiverse/rules"
	"planiverse/rules/alak"
	"planiverse/rules/gomoku"
)

// playouts returns n positions reached by random legal plies (1 to plies)
// from the start position that newGame returns, with the game not over.
func playouts(newGame func() rules.State, n, plies int, seed uint64) []rules.State {
	r := rand.New(rand.NewPCG(seed, 7))
	var out []rules.State
	var buf []rules.Move
	for len(out) < n {
		s := newGame()
		k := 1 + r.IntN(plies)
		for range k {
			buf = s.Moves(buf[:0])
			if len(buf) == 0 {
				break
			}
			s.Play(buf[r.IntN(len(buf))])
		}
		if over, _ := s.Outcome(); !over {
			out = append(out, s)
		}
	}
	return out
}

// exactEngine returns a new engine in the exact-depth mode of the minimax
// tests (no reductions, table cutoffs only from entries of the same depth),
// so that a search's score is the depth-limited minimax value whatever the
// move ordering, and only a wrong table entry can change it.
func exactEngine() *ai.Engine {
	e := ai.NewEngine(4)
	e.SetExactDepth(true)
	return e
}

// TestNoLeakBetweenVariants checks that a transposition table filled by
// searches of one variant does not change the results of another (the app
// keeps one engine, and its table, for the whole session). One engine
// searches positions of the first variant: random playouts and, where the
// rules allow, the very boards of the second variant's positions read as
// positions of the first (the same seed gives Gomoku the same boards under
// both win rules). Then, on each of 60 positions of the second variant, an
// engine that starts from that engine's table and history must find the
// same move and score as a fresh engine, at a fixed depth. Each position
// gets its own copy of the filled engine, so that only the first variant's
// entries can make the two differ.
func TestNoLeakBetweenVariants(t *testing.T) {
	modern := func() rules.State { g, _ := alak.NewModern(alak.DefaultPoints); return g }
	classic := func() rules.State { return alak.NewClassic() }
	gomokuOf := func(r gomoku.Rule) func() rules.State {
		return func() rules.State { g, _ := gomoku.New(gomoku.Options{Size: 15, Rule: r}); return g }
	}
	cases := []struct {
		name        string
		first, then func() rules.State
		depth, n    int
		plies       int
	}{
		{"alak classic then modern 11", classic, modern, 6, 60, 10},
		{"alak modern 11 then classic", modern, classic, 6, 60, 10},
		{"gomoku freestyle then exact five", gomokuOf(gomoku.Freestyle), gomokuOf(gomoku.ExactFive), 2, 60, 12},
	}
	ctx := context.Background()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			lim := ai.Limits{Depth: c.depth}
			positions := playouts(c.then, c.n, c.plies, 3)
			filled := exactEngine()
			for _, s := range playouts(c.first, c.n, c.plies, 3) {
				filled.Search(ctx, s, lim, nil)
			}
			mirrored := 0
			for _, s := range positions {
				if m := mirror(c.first, s); m != nil {
					filled.Search(ctx, m, lim, nil)
					mirrored++
				}
			}
			if mirrored < c.n/2 {
				t.Fatalf("only %d of %d positions have a twin in the first variant", mirrored, c.n)
			}
			differ := 0
			for _, s := range positions {
				want := exactEngine().Search(ctx, s, lim, nil)
				used := exactEngine()
				used.CopyTableFrom(filled)
				got := used.Search(ctx, s, lim, nil)
				if got.Move != want.Move || got.Score != want.Score {
					differ++
					t.Logf("%s\nafter the other variant %s %d, fresh %s %d", s, s.MoveString(got.Move), got.Score, s.MoveString(want.Move), want.Score)
				}
			}
			if differ > 0 {
				t.Fatalf("%d of %d positions searched differently after the other variant", differ, len(positions))
			}
		})
	}
}

// mirror returns the board of s as a position of the variant newGame
// starts, or nil when there is none: for Alak the same slots under the
// other rule set (when that rule set allows them); for Gomoku the moves of
// s replayed from newGame's empty board (when they are legal there).
func mirror(newGame func() rules.State, s rules.State) rules.State {
	switch a := s.(type) {
	case *alak.Game:
		g, err := alak.ParsePosition(!a.Modern(), a.Position())
		if err != nil {
			return nil
		}
		return g
	case *gomoku.Game:
		g := newGame()
		var buf []rules.Move
		for i := range a.Ply() {
			m := a.History(i)
			buf = g.Moves(buf[:0])
			if !slices.Contains(buf, m) {
				return nil
			}
			g.Play(m)
		}
		return g
	}
	return nil
}
