package dvonnai

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"planiverse/rules"
	"planiverse/rules/dvonn"
)

// board builds a movement position from "cell:token" pairs: token R is a
// lone DVONN piece, W3 / B2 a white / black topped stack of that height
// made of its top color, W3* one holding a DVONN piece under its top.
func board(t *testing.T, toMove rules.Seat, spec string) *dvonn.Game {
	t.Helper()
	var cs [dvonn.NumCells]dvonn.Contents
	for _, f := range strings.Fields(spec) {
		name, tok, _ := strings.Cut(f, ":")
		c, ok := dvonn.CellIndex(name)
		if !ok {
			t.Fatalf("bad cell %q", name)
		}
		if tok == "R" {
			cs[c] = dvonn.Contents{Dvonns: 1, Top: dvonn.Red}
			continue
		}
		dv := 0
		if strings.HasSuffix(tok, "*") {
			dv, tok = 1, tok[:len(tok)-1]
		}
		h, err := strconv.Atoi(tok[1:])
		if err != nil {
			t.Fatalf("bad token %q", f)
		}
		in := dvonn.Contents{Dvonns: dv}
		if tok[0] == 'W' {
			in.Top, in.White = dvonn.White, h-dv
		} else {
			in.Top, in.Black = dvonn.Black, h-dv
		}
		cs[c] = in
	}
	g, err := dvonn.NewPosition(cs, toMove)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// search is a plain negamax to depth plies with k's evaluation (finished
// games score the margin times 10000), for the tests only.
func search(k *Knowledge, g *dvonn.Game, depth int) (rules.Move, int) {
	if over, sc := g.Outcome(); over {
		return rules.NoMove, 10000 * sc
	}
	if depth == 0 {
		return rules.NoMove, k.Evaluate(g)
	}
	best, bestMove := -1<<30, rules.NoMove
	side := g.ToMove()
	for _, m := range g.Moves(nil) {
		g.Play(m)
		_, v := search(k, g, depth-1)
		if g.ToMove() != side {
			v = -v
		}
		g.Undo()
		if v > best {
			best, bestMove = v, m
		}
	}
	return bestMove, best
}

// randomPositions returns positions along random games: some during
// placement, most in the movement phase.
func randomPositions(n int, seed uint64) []*dvonn.Game {
	r := rand.New(rand.NewPCG(seed, 3))
	var out []*dvonn.Game
	for len(out) < n {
		g := dvonn.New()
		for {
			ms := g.Moves(nil)
			if len(ms) == 0 {
				break
			}
			if r.IntN(8) == 0 {
				out = append(out, g.Copy())
			}
			g.Play(ms[r.IntN(len(ms))])
		}
	}
	return out[:n]
}

// swapColors returns the movement position with White and Black exchanged,
// the other side to move.
func swapColors(t *testing.T, g *dvonn.Game) *dvonn.Game {
	var cs [dvonn.NumCells]dvonn.Contents
	for c := range dvonn.NumCells {
		w, b, d := g.Pieces(c)
		_, top, _ := g.Stack(c)
		switch top {
		case dvonn.White:
			top = dvonn.Black
		case dvonn.Black:
			top = dvonn.White
		}
		cs[c] = dvonn.Contents{White: b, Black: w, Dvonns: d, Top: top}
	}
	s, err := dvonn.NewPosition(cs, g.ToMove().Opponent())
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestColorSymmetry(t *testing.T) {
	k := New()
	n := 0
	for _, g := range randomPositions(300, 1) {
		if over, _ := g.Outcome(); over || g.Placing() {
			continue
		}
		n++
		if a, b := k.Evaluate(g), k.Evaluate(swapColors(t, g)); a != b {
			t.Fatalf("Evaluate %d, with colors and turn swapped %d\n%s", a, b, g)
		}
	}
	if n < 50 {
		t.Fatalf("only %d movement positions", n)
	}
}

func TestPerspective(t *testing.T) {
	// The same board with the other side to move: the model's side
	// features change sign exactly, so the evaluations sum to the
	// asymmetric features' part (tempo, next capture, cut-off threats),
	// within asymBound.
	k := New()
	n := 0
	for _, g := range randomPositions(200, 2) {
		if g.Placing() {
			continue
		}
		if over, _ := g.Outcome(); over {
			continue
		}
		o := otherToMove(t, g)
		var x, y [NumModelFeatures]int32
		ModelFeatures(g, &x)
		ModelFeatures(o, &y)
		for j := range NumModelFeatures {
			switch j {
			case mTempo, mCapMover, mCapWaiting, mCutMover, mCutWaiting:
			default:
				if x[j] != -y[j] {
					t.Fatalf("model feature %d: %d, other side to move %d\n%s", j, x[j], y[j], g)
				}
			}
		}
		if a, b := k.Evaluate(g), k.Evaluate(o); abs(a+b) > asymBound() {
			t.Fatalf("evaluations %d and %d not of opposite sign\n%s", a, b, g)
		}
		n++
	}
	if n < 50 {
		t.Fatalf("only %d movement positions checked", n)
	}
}

// otherToMove returns the movement position g with the other side to move.
func otherToMove(t *testing.T, g *dvonn.Game) *dvonn.Game {
	t.Helper()
	var cs [dvonn.NumCells]dvonn.Contents
	for c := range dvonn.NumCells {
		w, b, d := g.Pieces(c)
		_, top, _ := g.Stack(c)
		cs[c] = dvonn.Contents{White: w, Black: b, Dvonns: d, Top: top}
	}
	o, err := dvonn.NewPosition(cs, g.ToMove().Opponent())
	if err != nil {
		t.Fatal(err)
	}
	return o
}

// asymBound bounds the sum of the evaluations of one board with either side
// to move: the side differences cancel, and what is left are the features
// that favor the mover (tempo, capture and cut-off threats), each at most
// the whole board's height.
func asymBound() int {
	b := 0
	for _, j := range []int{mTempo, mCapMover, mCapWaiting, mCutMover, mCutWaiting} {
		// x is 1 for the tempo and at most the 46 pieces' height otherwise.
		b += 2 * max(abs(int(modelFull[j])), abs(int(modelEnd[j]))) * PhaseMax * 46 / modelDiv
	}
	return b
}

func TestMaterial(t *testing.T) {
	// White controls everything: a large positive score for White to move,
	// the negation for Black.
	g := board(t, rules.First, "C3:R D3:R E3:R C2:W3 D2:W1 E2:W2")
	if v := New().Evaluate(g); v < 500 {
		t.Errorf("White owning all stacks evaluates %d", v)
	}
	b := board(t, rules.Second, "C3:R D3:R E3:R C2:W3 D2:W1 E2:W2")
	if v := New().Evaluate(b); v > -500 {
		t.Errorf("Black to move without stacks evaluates %d", v)
	}
}

func TestNoAllocs(t *testing.T) {
	k := New()
	scores := make([]int32, 64)
	var buf []rules.Move
	for _, g := range randomPositions(40, 4) {
		buf = g.Moves(buf[:0])
		if len(buf) == 0 {
			continue
		}
		cands := make([]rules.Move, 0, 8)
		if a := testing.AllocsPerRun(10, func() {
			k.Evaluate(g)
			k.OrderMoves(g, buf, scores[:len(buf)])
			cands = k.Candidates(g, cands[:0])
		}); a != 0 {
			t.Fatalf("Evaluate/OrderMoves allocate %.1f times\n%s", a, g)
		}
	}
}

func TestTakesTallStack(t *testing.T) {
	g := board(t, rules.First, "B3:R C3:R D3:W1 E3:W1 F3:B4 G3:W1 H3:R I3:B1")
	m, _ := search(New(), g, 1)
	if _, to, _ := dvonn.Decode(m); dvonn.CellName(to) != "F3" {
		t.Errorf("plays %s, want a capture of F3", dvonn.MoveText(m))
	}
	// Move ordering puts the captures first.
	ms := g.Moves(nil)
	sc := make([]int32, len(ms))
	New().OrderMoves(g, ms, sc)
	bi := 0
	for i := range sc {
		if sc[i] > sc[bi] {
			bi = i
		}
	}
	if _, to, _ := dvonn.Decode(ms[bi]); dvonn.CellName(to) != "F3" {
		t.Errorf("OrderMoves ranks %s first", dvonn.MoveText(ms[bi]))
	}
}

func TestKeepsConnection(t *testing.T) {
	// B3 links the tall white C3 to the DVONN piece on A3: moving it cuts
	// C3 off. J3I3 keeps everything, takes the DVONN piece on I3 and cuts
	// off the black K3 (J3K3 would lose both).
	g := board(t, rules.First, "A3:R B3:W1 C3:W4 H3:R I3:R J3:W1 K3:B1 H4:B1")
	for depth := 1; depth <= 3; depth++ {
		m, _ := search(New(), g, depth)
		if got := dvonn.MoveText(m); got != "J3I3" {
			t.Errorf("depth %d plays %s, want J3I3", depth, got)
		}
	}
}

func TestEscapesCapture(t *testing.T) {
	// Black's single piece on G3 threatens to land on White's tall stack on
	// F3; White, to move, takes G3 with H3 (E3F3 would make F3 a target
	// of 5, F3J3 gives H3 away).
	g := board(t, rules.First, "C3:R D3:R E3:W1 F3:W4 G3:B1 H3:W1 I3:R J3:B1")
	m, _ := search(New(), g, 2)
	if got := dvonn.MoveText(m); got != "H3G3" {
		t.Errorf("plays %s, want H3G3 (removing the threat to F3)", got)
	}
}

func TestPlacementPolicy(t *testing.T) {
	k := New()
	g := dvonn.New()
	// The first DVONN piece goes to the center by move ordering.
	ms := g.Moves(nil)
	sc := make([]int32, len(ms))
	k.OrderMoves(g, ms, sc)
	bi := 0
	for i := range sc {
		if sc[i] > sc[bi] {
			bi = i
		}
	}
	if got := dvonn.MoveText(ms[bi]); got != "F3" {
		t.Errorf("first DVONN piece ordered at %s, want F3", got)
	}
	// The DVONN pieces go to B3 F3 J3 (the only candidates).
	var buf []rules.Move
	for _, want := range []string{"F3", "B3", "J3"} {
		buf = k.Candidates(g, buf[:0])
		if len(buf) != 1 || dvonn.MoveText(buf[0]) != want {
			t.Fatalf("DVONN candidates %v, want %s", buf, want)
		}
		g.Play(buf[0])
	}
	if buf = k.Candidates(g, buf[:0]); len(buf) != 0 {
		t.Fatalf("candidates %v for a colored piece, want none (all moves)", buf)
	}
	// Black's first piece goes near a DVONN piece, and so does White's
	// answer (depth 2). Near is within two spaces: in the boardspace games
	// (cmd/tune) pieces two spaces away predict a win as well as adjacent
	// ones early in the placement.
	for range 2 {
		m, _ := search(k, g, 2)
		_, to, ok := dvonn.Decode(m)
		if !ok || nearestDvonn(to, g.DvonnCells()) > 2 {
			t.Fatalf("places at %s, want within two spaces of a DVONN piece", dvonn.MoveText(m))
		}
		g.Play(m)
	}
}

func BenchmarkEvaluate(b *testing.B) {
	k := New()
	var ps []*dvonn.Game
	for _, g := range randomPositions(200, 9) {
		if !g.Placing() {
			ps = append(ps, g)
		}
	}
	i := 0
	for b.Loop() {
		k.Evaluate(ps[i%len(ps)])
		i++
	}
}
