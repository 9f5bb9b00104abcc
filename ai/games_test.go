package ai_test

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"planiverse/ai"
	"planiverse/rules"
	"planiverse/rules/alak"
	"planiverse/rules/dvonn"
	"planiverse/rules/gomoku"
	"planiverse/rules/othello"
)

// realGames are the four games' start positions, with the number of random
// plies worth walking from them for the tests.
var realGames = []struct {
	name string
	new  func() rules.State
	walk int
}{
	{"othello", func() rules.State { return othello.New() }, 55},
	{"gomoku", func() rules.State {
		g, _ := gomoku.New(gomoku.Options{Size: 15})
		return g
	}, 40},
	{"gomoku-swap-exact5", func() rules.State {
		g, _ := gomoku.New(gomoku.Options{Size: 15, Rule: gomoku.ExactFive, Opening: gomoku.SwapOpening})
		return g
	}, 20},
	{"dvonn", func() rules.State { return dvonn.New() }, 90},
	{"alak", func() rules.State { return alak.NewClassic() }, 40},
	{"alak-modern", func() rules.State {
		g, _ := alak.NewModern(9)
		return g
	}, 30},
}

func TestSearchEqualsMinimaxGames(t *testing.T) {
	for _, g := range realGames {
		n, d := 12, 3
		if g.name == "gomoku" || g.name == "gomoku-swap-exact5" || g.name == "dvonn" {
			n, d = 4, 2 // wide: minimax is slow
		}
		ai.CheckMinimax(t, g.name, g.new, ai.HashEval{}, n, g.walk, d)
		ai.CheckMinimax(t, g.name+"/knowledge", g.new, ai.KnowledgeFor(g.new()), n, g.walk, d)
	}
}

// TestLegalMoves searches many random positions of every game with tiny
// limits (and plays a level) and checks each answer is legal.
func TestLegalMoves(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	e := ai.NewEngine(1)
	for _, g := range realGames {
		count, playLevels := 1000, 2
		if g.name == "gomoku" || g.name == "gomoku-swap-exact5" {
			count, playLevels = 300, 1 // 225 points: keep the -race run short
		}
		var buf []rules.Move
		for i := range count {
			s := g.new()
			ai.RandomWalk(s, r, r.IntN(g.walk+1))
			lim := ai.Limits{Depth: 1 + i%3, Nodes: 300}
			var res ai.Result
			if i%10 == 9 {
				res = e.Play(context.Background(), s, 1+i%playLevels, r, nil)
			} else {
				res = e.Search(context.Background(), s, lim, nil)
			}
			buf = s.Moves(buf[:0])
			legal := false
			for _, m := range buf {
				legal = legal || m == res.Move
			}
			if over, _ := s.Outcome(); over {
				legal = res.Move == rules.NoMove
			}
			if !legal {
				t.Fatalf("%s: move %d (%q) is not legal in\n%s", g.name, res.Move, s.MoveString(res.Move), s)
			}
		}
	}
}

// TestDvonnLastPlacement checks the search across DVONN's non-alternating
// turn: White places the 49th piece and moves next.
func TestDvonnLastPlacement(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	for i := range 4 {
		g := dvonn.New()
		var buf []rules.Move
		for g.Placed() < 47+i%2 {
			buf = g.Moves(buf[:0])
			g.Play(buf[r.IntN(len(buf))])
		}
		for _, ev := range []ai.Knowledge{ai.HashEval{}, ai.KnowledgeFor(g)} {
			e := ai.NewEngine(1)
			e.SetKnowledge(ev)
			e.SetExactDepth(true)
			for d := 1; d <= 3; d++ {
				res := e.SearchUsingSolver(context.Background(), g, ai.Limits{Depth: d}, nil, false)
				if want := ai.Minimax(g, ev, d, 0); res.Score != want {
					t.Fatalf("position %d depth %d: search %d, minimax %d", i, d, res.Score, want)
				}
			}
		}
	}
}

func TestGamesAllocs(t *testing.T) {
	r := rand.New(rand.NewPCG(2, 3))
	for _, g := range realGames {
		s := g.new()
		ai.RandomWalk(s, r, g.walk/2)
		e := ai.NewEngine(4)
		allocs := func(d int) float64 {
			return testing.AllocsPerRun(3, func() {
				e.SearchUsingSolver(context.Background(), s, ai.Limits{Depth: d}, nil, false)
			})
		}
		a2, a4 := allocs(2), allocs(4)
		if a4 != a2 || a4 > 8 {
			t.Errorf("%s: allocations per search: depth 2 %v, depth 4 %v; want equal and small", g.name, a2, a4)
		}
	}
}

// TestGamesCancelAndTopLevel plays the top level with a long move time and
// cancels it after 20 ms; the move must be legal and come back promptly.
func TestGamesCancelAndTopLevel(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 4))
	for _, g := range realGames {
		s := g.new()
		ai.RandomWalk(s, r, 10)
		e := ai.NewEngine(4)
		e.SetMoveTime(time.Minute)
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
		begin := time.Now()
		res := e.Play(ctx, s, ai.MaxLevel, r, nil)
		el := time.Since(begin)
		cancel()
		if el > time.Second {
			t.Errorf("%s: Play took %v after a 20 ms cancel", g.name, el)
		}
		if _, err := s.ParseMove(s.MoveString(res.Move)); err != nil {
			t.Errorf("%s: canceled Play gave %d: %v", g.name, res.Move, err)
		}
	}
}

func TestMoveShareByGame(t *testing.T) {
	// Othello and DVONN plan their clocks; Gomoku and Alak do not.
	for _, tc := range []struct {
		s    rules.State
		plan bool
	}{
		{othello.New(), true},
		{dvonn.New(), true},
		{mustGomoku(t), false},
	} {
		part, ok := ai.MoveShare(tc.s)
		if ok != tc.plan || ok && (part <= 0 || part > 1) {
			t.Errorf("%s: part %v, ok %v; want a plan: %v", rules.GameName(tc.s), part, ok, tc.plan)
		}
	}
}

func mustGomoku(t *testing.T) rules.State {
	g, err := gomoku.New(gomoku.Options{Size: 15})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestAdvantageScale checks the displays' score scale: Gomoku's own (its
// evaluation counts about 1,300 units a logit), the default for the other
// games (TestMissingKnowledgeIsAnError: a game without knowledge panics).
func TestAdvantageScale(t *testing.T) {
	for _, tc := range []struct {
		game string
		want int
	}{
		{gomoku.Descriptor.Name, 1300},
		{othello.Descriptor.Name, ai.DefaultAdvantageScale},
		{dvonn.Descriptor.Name, ai.DefaultAdvantageScale},
		{alak.Descriptor.Name, ai.DefaultAdvantageScale},
	} {
		if got := ai.AdvantageScale(tc.game); got != tc.want || got <= 0 {
			t.Errorf("AdvantageScale(%q) = %d, want %d", tc.game, got, tc.want)
		}
	}
}
