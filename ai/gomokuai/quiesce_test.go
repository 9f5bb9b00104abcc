package gomokuai

import (
	"math/rand/v2"
	"testing"

	"planiverse/ai"
	"planiverse/rules"
	"planiverse/rules/gomoku"
)

const inf = ai.WinScore + 1

func TestQuiesceCases(t *testing.T) {
	cases := []struct {
		name  string
		moves string
		want  int // plies to a proven result below the leaf: > 0 a win, < 0 a loss, 0 none
	}{
		// ExampleVCF's four-three: H8 (a four and a three), I8 forced,
		// then H9 or H5 is an open four that the opponent cannot meet.
		{"four-three", "E8 D8 F8 A1 G8 C1 H6 E1 H7 A15", 5},
		// Black has a four (E8-H8, win point I8 or D8 is blocked).
		{"win point", "E8 D8 F8 A1 G8 C1 H8 E1", 1},
		// White has an open three and Black (to move) no four point: an
		// open four next, then a five.
		{"open four next", "A1 H8 A3 I8 C1 J8 C3", 3},
		// White has a double four (column A and row 1): Black loses.
		{"opponent double four", "H8 A2 J10 A3 K12 A4 M9 B1 M11 C1 C13 D1 H12 A5 L8 E1", -2},
		{"quiet", "H8 H9 J10", 0},
		// Black's three on row 8 is far from its last stone (A15): the
		// quiescence only looks near it.
		{"far four not tried", "E8 D8 F8 A1 G8 C1 H6 E1 A15", 0},
	}
	k := New()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := playMoves(t, c.moves)
			before, h := g.String(), g.Hash()
			const ply = 3
			v, nodes := k.Quiesce(g, ply, -inf, inf)
			if g.String() != before || g.Hash() != h {
				t.Fatal("Quiesce changed the position")
			}
			if nodes < 1 {
				t.Errorf("nodes %d, want at least 1", nodes)
			}
			switch {
			case c.want > 0 && v != ai.WinScore-ply-c.want:
				t.Errorf("score %d, want a win in %d plies (%d)\n%s", v, c.want, ai.WinScore-ply-c.want, g)
			case c.want < 0 && v != -(ai.WinScore-ply+c.want):
				t.Errorf("score %d, want a loss in %d plies\n%s", v, -c.want, g)
			case c.want == 0 && (v > ai.MaxEval || v < -ai.MaxEval):
				t.Errorf("score %d, want an evaluation\n%s", v, g)
			}
		})
	}
}

// TestQuiesceQuiet: with no four point for either side and no threats, the
// quiescence is the evaluation.
func TestQuiesceQuiet(t *testing.T) {
	k := New()
	g := playMoves(t, "H8 H9 J10 G7")
	want := k.Evaluate(g)
	if v, n := k.Quiesce(g, 4, -inf, inf); v != want || n != 1 {
		t.Fatalf("Quiesce %d (%d nodes), want the evaluation %d (1 node)", v, n, want)
	}
}

// TestQuiesceSound: on random positions, a win that the quiescence reports
// is confirmed by the VCT search (which plays fours and threes), and the
// fail-soft score with a window agrees with the full-window one where it
// falls inside the window (and bounds it outside).
func TestQuiesceSound(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	k := New()
	wins := 0
	for i := 0; i < 400; i++ {
		o := gomoku.Options{Size: 15, Rule: gomoku.Rule(i % 3)}
		g := randomDense(r, o, 8+r.IntN(24))
		const ply = 2
		v, _ := k.Quiesce(g, ply, -inf, inf)
		if v > ai.MateBound {
			wins++
			if _, ok := VCT(g, 24, 2_000_000); !ok {
				t.Fatalf("Quiesce reports a win in %d plies that VCT does not find\n%s", ai.WinScore-ply-v, g)
			}
		}
		lo := v - 1 - r.IntN(500)
		hi := lo + 1 + r.IntN(1000)
		w, _ := k.Quiesce(g, ply, lo, hi)
		switch {
		case w > lo && w < hi && w != v:
			t.Fatalf("window (%d, %d): %d, full window %d\n%s", lo, hi, w, v, g)
		case w <= lo && v > lo, w >= hi && v < hi:
			t.Fatalf("window (%d, %d): %d does not bound the full window's %d\n%s", lo, hi, w, v, g)
		}
	}
	if wins == 0 {
		t.Fatal("no position with a quiescence win: the test checks nothing")
	}
	t.Logf("%d quiescence wins confirmed", wins)
}

func TestPrunerRules(t *testing.T) {
	k := New()
	quiet := playMoves(t, "H8 H9 J10 G7")
	if m, ok := k.ReverseFutilityMargin(quiet, 2); !ok || m != 2*params.futilityUnit {
		t.Errorf("quiet position, depth 2: margin %d %v, want %d true", m, ok, 2*params.futilityUnit)
	}
	if _, ok := k.ReverseFutilityMargin(quiet, params.futilityMaxDepth+1); ok {
		t.Error("futility pruning past params.futilityMaxDepth")
	}
	// White (who just moved) has an open three on row 8: no pruning.
	three := playMoves(t, "A1 H8 A3 I8 C1 J8")
	if _, ok := k.ReverseFutilityMargin(three, 1); ok {
		t.Error("futility pruning against the opponent's open three")
	}
	prev := 0
	lateMaxDepth := len(params.lateMoves) - 1
	if lateMaxDepth != 8 {
		t.Errorf("late move pruning reaches %d plies, want 8", lateMaxDepth)
	}
	for d := 1; d <= lateMaxDepth; d++ {
		n := k.MoveCountLimit(d)
		if n <= prev || n < 3 {
			t.Errorf("MoveCountLimit(%d) = %d after %d", d, n, prev)
		}
		prev = n
	}
	if k.MoveCountLimit(lateMaxDepth+1) != 0 {
		t.Error("late move pruning past lateMaxDepth")
	}
}

func TestQuiesceNoAllocs(t *testing.T) {
	k := New()
	r := rand.New(rand.NewPCG(23, 24))
	for i := 0; i < 20; i++ {
		g := randomDense(r, gomoku.Options{Size: 15, Rule: gomoku.Rule(i % 3)}, 10+r.IntN(25))
		var buf []rules.Move
		allocs := testing.AllocsPerRun(4, func() {
			_, _ = k.Quiesce(g, 1, -inf, inf)
			_, _ = k.QuickWin(g, 1)
			_, _ = k.ReverseFutilityMargin(g, 2)
			buf = buf[:0]
		})
		if allocs != 0 {
			t.Fatalf("Quiesce or QuickWin allocates %.1f times\n%s", allocs, g)
		}
	}
}

// TestLateReduction checks the reductions' shape: none below lmrMinDepth
// plies or before the lmrMinIndex-th move, growing with depth and index,
// and the largest table entry standing for larger depths and indexes.
func TestLateReduction(t *testing.T) {
	k := New()
	for d := 0; d < 80; d++ {
		for i := 0; i < 80; i++ {
			r := k.LateReduction(d, i)
			if (d < params.lmrMinDepth || i < params.lmrMinIndex) && r != 0 {
				t.Fatalf("LateReduction(%d, %d) = %d, want 0", d, i, r)
			}
			if d > 0 && r < k.LateReduction(d-1, i) || i > 0 && r < k.LateReduction(d, i-1) {
				t.Fatalf("LateReduction(%d, %d) = %d falls below a smaller depth's or index's", d, i, r)
			}
		}
	}
	if k.LateReduction(10, 10) < 2 || k.LateReduction(100, 100) != k.LateReduction(63, 63) {
		t.Errorf("LateReduction(10, 10) = %d, (100, 100) = %d, (63, 63) = %d", k.LateReduction(10, 10), k.LateReduction(100, 100), k.LateReduction(63, 63))
	}
	if k.InternalReductionDepth() != params.iirDepth {
		t.Errorf("InternalReductionDepth() = %d", k.InternalReductionDepth())
	}
}
