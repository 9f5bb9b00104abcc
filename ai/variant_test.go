package ai

import (
	"context"
	"math/rand/v2"
	"testing"

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

// TestNoLeakBetweenVariants checks that a transposition table filled by
// searches of one variant does not change the results of another: an
// engine that searched classic Alak (or freestyle Gomoku) first gives, on
// 60 positions of modern 11-point Alak (or exact-five Gomoku), the same
// scores as a fresh engine. Both search in the exact-depth mode of the
// minimax tests (no reductions, table cutoffs only at the same depth), so
// that the score is the depth-limited minimax value whatever the move
// ordering, and only a wrong table entry can change it.
func TestNoLeakBetweenVariants(t *testing.T) {
	modern := func() rules.State { g, _ := alak.NewModern(alak.ClassicSlots); return g }
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
		{"alak classic then modern", classic, modern, 6, 60, 10},
		{"alak modern then classic", modern, classic, 6, 60, 10},
		{"gomoku freestyle then exact five", gomokuOf(gomoku.Freestyle), gomokuOf(gomoku.ExactFive), 2, 60, 12},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			positions := playouts(c.then, c.n, c.plies, 3)
			// The same boards under the first variant, where the rules
			// allow them, fill the table of the used engine.
			used := NewEngine(4)
			used.exactDepth = true
			for _, s := range playouts(c.first, c.n, c.plies, 3) {
				used.Search(context.Background(), s, Limits{Depth: c.depth}, nil)
			}
			for _, s := range positions {
				used.Search(context.Background(), mirror(c.first, s), Limits{Depth: c.depth}, nil)
			}
			differ := 0
			for _, s := range positions {
				fresh := NewEngine(4)
				fresh.exactDepth = true
				want := fresh.Search(context.Background(), s, Limits{Depth: c.depth}, nil)
				got := used.Search(context.Background(), s, Limits{Depth: c.depth}, nil)
				if got.Score != want.Score {
					differ++
					t.Logf("%s: used engine %s %d, fresh %s %d", s, s.MoveString(got.Move), got.Score, s.MoveString(want.Move), want.Score)
				}
			}
			if differ > 0 {
				t.Fatalf("%d of %d positions searched differently after the other variant", differ, len(positions))
			}
		})
	}
}

// mirror returns s's stones as a position of the variant newGame starts,
// where the game has a position text for it (Alak), else a fresh start.
func mirror(newGame func() rules.State, s rules.State) rules.State {
	a, ok := s.(*alak.Game)
	if !ok {
		return newGame()
	}
	g, err := alak.ParsePosition(!a.Modern(), a.Position())
	if err != nil {
		return newGame()
	}
	return g
}
