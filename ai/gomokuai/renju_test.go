package gomokuai_test

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"planiverse/ai"
	"planiverse/ai/gomokuai"
	"planiverse/rules"
	"planiverse/rules/gomoku"
)

// replayOpts plays the space-separated moves on a new board of options o.
func replayOpts(t *testing.T, o gomoku.Options, moves string) *gomoku.Game {
	t.Helper()
	g, err := gomoku.New(o)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range strings.Fields(moves) {
		m, err := g.ParseMove(s)
		if err != nil {
			t.Fatalf("move %s: %v", s, err)
		}
		g.Play(m)
	}
	return g
}

var renju = gomoku.Options{Size: 15, Rule: gomoku.Renju}

// randomRenju plays up to n random legal plies near the center of a Renju
// game, stopping before the game ends.
func randomRenju(r *rand.Rand, n int) *gomoku.Game {
	g, _ := gomoku.New(renju)
	var buf []rules.Move
	for range n {
		buf = g.Moves(buf[:0])
		var near []rules.Move
		for _, m := range buf {
			if x, y := int(m)%15, int(m)/15; x >= 3 && x <= 11 && y >= 3 && y <= 11 {
				near = append(near, m)
			}
		}
		if len(near) == 0 {
			near = buf
		}
		g.Play(near[r.IntN(len(near))])
		if over, _ := g.Outcome(); over {
			g.Undo()
			break
		}
	}
	return g
}

// TestRenjuCandidatesLegal: on random Renju positions the candidates are
// legal moves (never a forbidden point for Black), and there is at least
// one.
func TestRenjuCandidatesLegal(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	k := gomokuai.New()
	fouls := 0
	for i := range 300 {
		g := randomRenju(r, 10+r.IntN(50))
		fouls += len(g.Forbidden(nil))
		c := k.Candidates(g, nil)
		if len(c) == 0 {
			t.Fatalf("position %d: no candidates\n%s", i, g)
		}
		for _, m := range c {
			if !g.Legal(m) {
				t.Fatalf("position %d: candidate %s is illegal (%s)\n%s", i, g.MoveString(m), g.ForbiddenReason(m), g)
			}
		}
	}
	if fouls == 0 {
		t.Fatal("no forbidden points in the random positions: the test is too weak")
	}
}

// TestRenjuEngineLegal: the engine's move is legal in random Renju
// positions, with Black and White to move.
func TestRenjuEngineLegal(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	e := ai.NewEngine(4)
	n := 40
	if testing.Short() {
		n = 10
	}
	for i := range n {
		g := randomRenju(r, 12+r.IntN(40))
		before := g.String()
		res := e.Search(context.Background(), g, ai.Limits{Depth: 2, Nodes: 20_000}, nil)
		if g.String() != before {
			t.Fatal("Search changed the position")
		}
		if !g.Legal(res.Move) {
			t.Fatalf("position %d: the engine plays %s, illegal (%s)\n%s", i, g.MoveString(res.Move), g.ForbiddenReason(res.Move), g)
		}
	}
}

// foulTrap is a Renju position, White to move, where White's fours I7 J6
// K5 + L4 or + G9 can be blocked only at H8, a double-three point of Black
// (the row F8 G8 and the column H9 H10): White wins by making either.
const foulTrap = "F8 I7 G8 J6 H9 K5 H10 A1 M3"

func TestRenjuVCFForbiddenBlock(t *testing.T) {
	g := replayOpts(t, renju, foulTrap)
	if g.ColorToMove() != 1 || g.ForbiddenReason(rules.Move(7*15+7)) != "double-three" {
		t.Fatalf("bad set-up\n%s", g)
	}
	seq, ok := gomokuai.VCF(g, 1)
	four := func(m rules.Move) bool { s := g.MoveString(m); return s == "L4" || s == "G9" }
	if !ok || len(seq) != 3 || !four(seq[0]) || seq[1] != rules.NoMove || g.MoveString(seq[2]) != "H8" {
		t.Fatalf("VCF %v %v, want L4 or G9, (any), H8", ok, seq)
	}
	// Without the foul (B2 instead of H10) Black may block at H8, and the
	// only win by one four is White's open four at H8 itself.
	f := replayOpts(t, renju, "F8 I7 G8 J6 H9 K5 B2 A1 M3")
	if seq, ok := gomokuai.VCF(f, 1); !ok || f.MoveString(seq[0]) != "H8" {
		t.Fatalf("without the foul the only one-four win is the open four H8: %v %v", ok, seq)
	}
	// The engine wins (with those fours or the open four H8).
	res := ai.NewEngine(4).Search(context.Background(), g, ai.Limits{Depth: 3}, nil)
	if s := g.MoveString(res.Move); !four(res.Move) && s != "H8" || res.Score < ai.WinScore-10 {
		t.Fatalf("the engine plays %s, score %d", s, res.Score)
	}
	// Black to move after the four knows it is lost.
	g.Play(seq[0])
	if v := gomokuai.New().Evaluate(g); v > -50_000 {
		t.Fatalf("Black facing a four it may not block: evaluation %d", v)
	}
}

// TestRenjuBlackVCFAvoidsFouls: Black's VCF never plays a forbidden point.
func TestRenjuBlackVCFAvoidsFouls(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	found := 0
	for range 400 {
		g := randomRenju(r, 20+r.IntN(40))
		if g.ColorToMove() != 0 {
			continue
		}
		seq, ok := gomokuai.VCF(g, 6)
		if !ok {
			continue
		}
		found++
		c := g.Clone().(*gomoku.Game)
		for i, m := range seq {
			if m == rules.NoMove {
				break
			}
			if !c.Legal(m) {
				t.Fatalf("VCF move %d %s is illegal (%s)\n%s", i, c.MoveString(m), c.ForbiddenReason(m), c)
			}
			c.Play(m)
		}
	}
	t.Logf("%d Black VCFs checked", found)
}

var swap2 = gomoku.Options{Size: 15, Opening: gomoku.Swap2Opening}

// TestSwap2EngineLegal: the engine returns a legal move at every step of
// the Swap2 opening, in each of its flows, and the game goes on normally.
func TestSwap2EngineLegal(t *testing.T) {
	for _, rule := range []gomoku.Rule{gomoku.Freestyle, gomoku.Renju} {
		for _, prefix := range []string{"", "H8 I9 G9", "H8 I9 G9 balance", "H8 I9 G9 balance J10", "H8 I9 G9 balance J10 G7"} {
			o := swap2
			o.Rule = rule
			g := replayOpts(t, o, prefix)
			e := ai.NewEngine(4)
			for ply := 0; ply < 4 && g.Deciding() != gomoku.PhaseNone || ply < 2; ply++ {
				phase := g.Deciding()
				res := e.Search(context.Background(), g, ai.Limits{Depth: 3, Nodes: 50_000}, nil)
				if !g.Legal(res.Move) {
					t.Fatalf("%s %q phase %d: illegal move %v", rule, prefix, phase, res.Move)
				}
				g.Play(res.Move)
			}
		}
	}
}

// TestSwap2Choice: the chooser takes the color that is better: after three
// stones where Black is far ahead it takes Black (swap), and where White's
// stones surround Black's it places a white stone (takes White).
func TestSwap2Choice(t *testing.T) {
	for _, c := range []struct {
		name, moves string
		swap        bool
	}{
		{"black ahead", "H8 A1 I9", true},
		{"white ahead", "A1 H8 O15 balance I9 A15", false},
	} {
		g := replayOpts(t, swap2, c.moves)
		res := ai.NewEngine(4).Search(context.Background(), g, ai.Limits{Depth: 3}, nil)
		if (res.Move == rules.Swap) != c.swap {
			t.Errorf("%s: the engine plays %s", c.name, g.MoveString(res.Move))
		}
		if res.Move == gomoku.Balance {
			t.Errorf("%s: balance with a clear choice", c.name)
		}
	}
	// The candidates of a choice include the choices.
	g := replayOpts(t, swap2, "H8 I9 G9")
	cands := gomokuai.New().Candidates(g, nil)
	if !slices.Contains(cands, rules.Swap) || !slices.Contains(cands, gomoku.Balance) {
		t.Fatalf("candidates %v lack swap or balance", cands)
	}
}
