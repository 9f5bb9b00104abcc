package alakai

import (
	"context"
	"math/bits"
	"math/rand/v2"
	"testing"

	"planiverse/ai"
	"planiverse/rules"
	"planiverse/rules/alak"
)

// minimax is a plain depth-bounded exhaustive search over alak.AppendMoves
// and alak.Step, ignoring repetition: result +1 when the side to move (own)
// forces the end of the game with a win within depth plies, -1 when the
// opponent does, 0 otherwise (draw or undecided), with the distance (the
// shortest win, the longest loss).
func minimax(modern bool, n int, own, opp, f uint32, depth int) (result, distance int) {
	full := uint32(1)<<n - 1
	no, np := bits.OnesCount32(own), bits.OnesCount32(opp)
	if modern {
		if full&^(own|opp|f) == 0 {
			return ai.Sign(no - np), 0
		}
	} else if no < 2 || np < 2 {
		if no < 2 && np < 2 {
			return 0, 0
		}
		return ai.Sign(no - np), 0
	}
	if depth == 0 {
		return 0, 0
	}
	var buf [32]rules.Move
	moves := alak.AppendMoves(modern, n, own, opp, f, buf[:0])
	if len(moves) == 0 {
		return 0, 0
	}
	bestWin, longestLoss, allLose := 1<<30, 0, true
	for _, m := range moves {
		o2, p2, c := alak.Step(modern, n, own, opp, m)
		if !modern {
			c = 0
		}
		r, d := minimax(modern, n, p2, o2, c, depth-1)
		if r < 0 {
			bestWin = min(bestWin, d+1)
		}
		if r <= 0 {
			allLose = false
		} else {
			longestLoss = max(longestLoss, d+1)
		}
	}
	switch {
	case bestWin < 1<<30:
		return 1, bestWin
	case allLose:
		return -1, longestLoss
	}
	return 0, 0
}

// randomPosition returns a random position, sometimes after one random
// move so that modern positions have forbidden points.
func randomPosition(t *testing.T, r *rand.Rand, modern bool, n int, fill float64) *alak.Game {
	for {
		b := make([]byte, n)
		for i := range b {
			b[i] = '.'
			if r.Float64() < fill {
				b[i] = "xo"[r.IntN(2)]
			}
		}
		g, err := alak.ParsePosition(modern, string(b)+" "+string("xo"[r.IntN(2)]))
		if err != nil {
			continue
		}
		if moves := g.Moves(nil); len(moves) > 0 && r.IntN(2) == 0 {
			g.Play(moves[r.IntN(len(moves))])
		}
		return g
	}
}

// checkAgainstMinimax compares the table with minimax at depth on random
// positions.
func checkAgainstMinimax(t *testing.T, modern bool, n, positions, depth int, fill float64) {
	r := rand.New(rand.NewPCG(uint64(n), 3))
	decided := 0
	for i := 0; i < positions; i++ {
		g := randomPosition(t, r, modern, n, fill)
		res, dist, ok := Value(g)
		if !ok {
			t.Fatalf("no value for %s", g.Position())
		}
		s := g.ToMove()
		f := g.Forbidden()
		mr, md := minimax(modern, n, g.Stones(s), g.Stones(s^1), f, depth)
		want, wantD := res, dist
		if res == 0 || dist > depth {
			want, wantD = 0, 0
		}
		if mr != want || md != wantD {
			t.Fatalf("%s forbidden %b: table %d in %d, minimax(%d) %d in %d", g.Position(), f, res, dist, depth, mr, md)
		}
		if mr != 0 {
			decided++
		}
	}
	if decided < positions/10 {
		t.Fatalf("only %d of %d positions decided within %d plies: weak test", decided, positions, depth)
	}
}

func TestModernTableAgreesWithMinimax(t *testing.T) {
	checkAgainstMinimax(t, true, 7, 300, 6, 0.6)
	checkAgainstMinimax(t, true, 7, 100, 6, 0.3)
}

func TestClassicTableAgreesWithMinimax(t *testing.T) {
	checkAgainstMinimax(t, false, 11, 150, 5, 0.4)
}

// A longer comparison (about 2 s), skipped with -short.
func TestHeavyAgreement(t *testing.T) {
	if testing.Short() {
		t.Skip("a longer comparison; skipped with -short")
	}
	checkAgainstMinimax(t, true, 7, 3000, 9, 0.5)
	checkAgainstMinimax(t, true, 7, 1000, 9, 0.2)
	checkAgainstMinimax(t, true, 8, 1000, 8, 0.4)
	checkAgainstMinimax(t, true, 9, 300, 7, 0.4)
	checkAgainstMinimax(t, false, 11, 300, 7, 0.4)
}

// RULES.md: with perfect play 11-slot classic Alak is a draw.
func TestClassicStartIsDraw(t *testing.T) {
	res, dist, ok := Value(alak.NewClassic())
	if !ok || res != 0 || dist != 0 {
		t.Fatalf("classic start: %d in %d (ok %v), want a draw", res, dist, ok)
	}
}

// selfPlay plays Solve against itself from g and checks that the game ends
// exactly as the table predicts.
func selfPlay(t *testing.T, g *alak.Game) {
	t.Helper()
	res, dist, _ := Value(g)
	if res == 0 {
		t.Fatalf("selfPlay needs a decided position: %s", g.Position())
	}
	winner := g.ToMove()
	if res < 0 {
		winner ^= 1
	}
	k := New()
	start := g.Position()
	for ply := 0; ; ply++ {
		if over, outcome := g.Outcome(); over {
			if ply != dist || outcome == 0 || (outcome > 0) != (g.ToMove() == winner) {
				t.Fatalf("from %s (%d in %d): ended after %d plies, score %d for %c\n%s", start, res, dist, ply, outcome, "xo"[g.ToMove()], g)
			}
			return
		}
		m, got, _, ok := k.Solve(context.Background(), g)
		if !ok {
			t.Fatalf("Solve failed at ply %d\n%s", ply, g)
		}
		wantScore := ai.WinScore - (dist - ply)
		if g.ToMove() != winner {
			wantScore = -wantScore
		}
		if got != wantScore {
			t.Fatalf("from %s ply %d: score %d, want %d", start, ply, got, wantScore)
		}
		g.Play(m)
	}
}

func TestSelfPlayModern7Start(t *testing.T) {
	g, _ := alak.NewModern(7)
	res, dist, ok := Value(g)
	if !ok || res != 1 {
		t.Fatalf("modern 7 start: %d in %d, ok %v", res, dist, ok)
	}
	selfPlay(t, g)
}

func TestSelfPlayRandomWins(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 5))
	for _, v := range []struct {
		modern bool
		n      int
	}{{false, 11}, {true, 7}, {true, 8}} {
		found := 0
		for found < 15 {
			g := randomPosition(t, r, v.modern, v.n, 0.5)
			if res, dist, _ := Value(g); res != 0 && dist >= 3 {
				selfPlay(t, g)
				found++
			}
		}
	}
}

// findLosingCycle looks for a classic position c (side s to move, lost for s in
// the table) with a 4-ply cycle c -> q -> a -> b -> c that visits no
// finished position. It returns the game started at q with the cycle played
// twice but for the last move, and that move.
func findLosingCycle(t *testing.T, r *rand.Rand) (*alak.Game, rules.Move) {
	for tries := 0; tries < 20000; tries++ {
		c := randomPosition(t, r, false, 11, 0.5)
		if res, _, _ := Value(c); res >= 0 || c.Plies() > 0 {
			continue
		}
		var m [4]rules.Move
		for _, m[0] = range c.Moves(nil) {
			c.Play(m[0])
			q := c.Hash()
			for _, m[1] = range c.Moves(nil) {
				c.Play(m[1])
				for _, m[2] = range c.Moves(nil) {
					c.Play(m[2])
					for _, m[3] = range c.Moves(nil) {
						c.Play(m[3])
						back := c.Repetitions() == 2
						c.Undo()
						if !back {
							continue
						}
						// Cycle found: rebuild from q.
						c.Undo()
						c.Undo()
						if c.Hash() != q {
							t.Fatal("lost track of the cycle")
						}
						g, _ := alak.ParsePosition(false, c.Position())
						seq := []rules.Move{m[1], m[2], m[3], m[0], m[1], m[2], m[3]}
						for _, mv := range seq {
							g.Play(mv)
						}
						return g, m[0]
					}
					c.Undo()
				}
				c.Undo()
			}
			c.Undo()
		}
	}
	t.Fatal("no losing cycle found")
	return nil, 0
}

// A side lost in the table takes a drawing third repetition.
func TestSolveTakesRepetitionDraw(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	g, draw := findLosingCycle(t, r)
	if res, _, _ := Value(g); res >= 0 {
		t.Fatalf("not a lost position: %s", g.Position())
	}
	m, score, _, ok := New().Solve(context.Background(), g)
	if !ok || score != 0 || m != draw {
		t.Fatalf("%s: Solve = %s score %d ok %v; want the drawing %s, 0", g.Position(), g.MoveString(m), score, ok, g.MoveString(draw))
	}
	g.Play(m)
	if over, sc := g.Outcome(); !over || sc != 0 {
		t.Fatal("the move does not draw")
	}
}

func TestSolveLegalAndUnchanged(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 11))
	k := New()
	for i := 0; i < 200; i++ {
		modern := i%2 == 0
		n := 11
		if modern {
			n = 7 + r.IntN(2)
		}
		g := randomPosition(t, r, modern, n, 0.5)
		if over, _ := g.Outcome(); over {
			continue
		}
		before, h := g.Position(), g.Hash()
		m, got, nodes, ok := k.Solve(context.Background(), g)
		if !ok || nodes == 0 || got < -ai.WinScore || got > ai.WinScore {
			t.Fatalf("%s: Solve %v %d %d %v", before, m, got, nodes, ok)
		}
		if _, err := g.ParseMove(g.MoveString(m)); err != nil {
			t.Fatalf("%s: Solve returned an illegal move: %v", before, err)
		}
		if g.Position() != before || g.Hash() != h {
			t.Fatal("Solve changed the position")
		}
		res, dist, _ := Value(g)
		if want := scoreOf(res, dist); got != want {
			t.Fatalf("%s: Solve score %d, table value %d", before, got, want)
		}
	}
}

// Solve does not wait for a table once ctx is done; Value does, and then
// Solve answers at once.
func TestSolveWhileBuilding(t *testing.T) {
	g, _ := alak.NewModern(10)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	k := New()
	if _, _, _, ok := k.Solve(ctx, g); ok {
		t.Fatal("Solve waited for the 10-point table with a canceled context")
	}
	if _, _, ok := Value(g); !ok {
		t.Fatal("no 10-point table")
	}
	if _, _, _, ok := k.Solve(ctx, g); !ok {
		t.Fatal("Solve did not use the built table")
	}
}

func TestNoTableBeyond13(t *testing.T) {
	g, _ := alak.NewModern(14)
	if _, _, ok := Value(g); ok {
		t.Fatal("Value on 14 points")
	}
	if _, _, _, ok := New().Solve(context.Background(), g); ok {
		t.Fatal("Solve on 14 points")
	}
	if Prepare(g) {
		t.Fatal("Prepare on 14 points")
	}
}

func TestEvaluate(t *testing.T) {
	k := New()
	ahead, _ := alak.ParsePosition(false, "xxx.x...oo. x")
	if v := k.Evaluate(ahead); v <= 0 || v > ai.MaxEval {
		t.Fatalf("x two pieces ahead scores %d", v)
	}
	behind, _ := alak.ParsePosition(false, "xxx.x...oo. o")
	if v := k.Evaluate(behind); v >= 0 {
		t.Fatalf("o two pieces behind scores %d", v)
	}
	// x to move can capture the o on b by playing c.
	threat, _ := alak.ParsePosition(true, "xo..... x")
	quiet, _ := alak.ParsePosition(true, "x....o. x")
	if k.Evaluate(threat) <= k.Evaluate(quiet) {
		t.Fatalf("a capture at hand is not valued: %d <= %d", k.Evaluate(threat), k.Evaluate(quiet))
	}
	g, _ := alak.NewModern(26)
	for i := 0; i < 10; i++ {
		g.Play(g.Moves(nil)[i%3])
	}
	if a := testing.AllocsPerRun(100, func() { k.Evaluate(g) }); a != 0 {
		t.Fatalf("Evaluate allocates %.1f", a)
	}
}

func TestOrderMovesCapturesFirst(t *testing.T) {
	g, _ := alak.ParsePosition(true, "xo..... x")
	moves := g.Moves(nil)
	scores := make([]int32, len(moves))
	k := New()
	k.OrderMoves(g, moves, scores)
	best := 0
	for i := range moves {
		if scores[i] > scores[best] {
			best = i
		}
	}
	if g.MoveString(moves[best]) != "c" {
		t.Fatalf("best ordered move %s, want the capture c", g.MoveString(moves[best]))
	}
	if a := testing.AllocsPerRun(100, func() { k.OrderMoves(g, moves, scores) }); a != 0 {
		t.Fatalf("OrderMoves allocates %.1f", a)
	}
}

func BenchmarkBuildTable(b *testing.B) {
	for _, v := range []struct {
		name   string
		modern bool
		n      int
	}{{"classic", false, 11}, {"modern7", true, 7}, {"modern11", true, 11}, {"modern13", true, 13}} {
		b.Run(v.name, func(b *testing.B) {
			for b.Loop() {
				buildTable(v.modern, v.n)
			}
		})
	}
}

func BenchmarkSolveClassic(b *testing.B) {
	g := alak.NewClassic()
	k := New()
	k.Solve(context.Background(), g)
	for b.Loop() {
		k.Solve(context.Background(), g)
	}
}

func BenchmarkEvaluate(b *testing.B) {
	g := alak.NewClassic()
	k := New()
	for b.Loop() {
		k.Evaluate(g)
	}
}
