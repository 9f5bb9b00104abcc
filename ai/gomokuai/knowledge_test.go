package gomokuai

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"planiverse/ai"
	"planiverse/rules"
	"planiverse/rules/gomoku"
)

// fillerPoints are far points (top and bottom rows of 15x15, three apart)
// where setup puts the stones that balance the counts: no window of five
// holds more than two of them.
var fillerPoints = strings.Fields("A15 D15 G15 J15 M15 A1 D1 G1 J1 M1 B13 E13 H13 K13 N13")

// setup builds a position with the black stones and white stones given as
// point names, with color toMove (0 black, 1 white) to move, adding filler
// stones for the side that is short. Stones are placed alternately, so the
// position must not hold a five.
func setup(t testing.TB, o gomoku.Options, black, white string, toMove rules.Seat) *gomoku.Game {
	t.Helper()
	g, err := gomoku.New(o)
	if err != nil {
		t.Fatal(err)
	}
	var pts [2][]int
	used := map[int]bool{}
	for c, list := range []string{black, white} {
		for _, s := range strings.Fields(list) {
			p, err := gomoku.ParsePoint(o.Size, s)
			if err != nil {
				t.Fatal(err)
			}
			if used[p] {
				t.Fatalf("point %s given twice", s)
			}
			used[p] = true
			pts[c] = append(pts[c], p)
		}
	}
	fill := fillerPoints
	need := func() int { // color that needs a filler, or -1
		nb, nw := len(pts[0]), len(pts[1])
		switch {
		case toMove == 0 && nb > nw, toMove == 1 && nb > nw+1:
			return 1
		case toMove == 0 && nb < nw, toMove == 1 && nb < nw+1:
			return 0
		}
		return -1
	}
	for c := need(); c >= 0; c = need() {
		if len(fill) == 0 {
			t.Fatal("out of filler points")
		}
		p, _ := gomoku.ParsePoint(o.Size, fill[0])
		fill = fill[1:]
		if !used[p] {
			used[p] = true
			pts[c] = append(pts[c], p)
		}
	}
	for i := 0; i < len(pts[0]); i++ {
		g.Play(rules.Move(pts[0][i]))
		if i < len(pts[1]) {
			g.Play(rules.Move(pts[1][i]))
		}
		if over, _ := g.Outcome(); over && g.Stones() < len(pts[0])+len(pts[1]) {
			t.Fatalf("setup reaches a finished game\n%s", g)
		}
	}
	if g.ColorToMove() != toMove {
		t.Fatalf("setup: color %d to move, want %d", g.ColorToMove(), toMove)
	}
	return g
}

func names(g *gomoku.Game, ms []rules.Move) string {
	var s []string
	for _, m := range ms {
		s = append(s, g.MoveString(m))
	}
	return strings.Join(s, " ")
}

// naiveWinsFor lists the empty points where the color to move of g would
// make five, by playing each one (after a pass-like trick: the color is
// fixed by the stone count, so the opponent's are found by the caller).
func naiveWinPointsOf(g *gomoku.Game) []rules.Move {
	var out []rules.Move
	n := g.Size() * g.Size()
	for p := 0; p < n; p++ {
		if g.Point(p) != 0 {
			continue
		}
		g.Play(rules.Move(p))
		if g.Won() {
			out = append(out, rules.Move(p))
		}
		g.Undo()
	}
	return out
}

// naiveOppWinPoints finds the opponent's win points by letting the side to
// move play a far-away empty point first (a "pass"), which cannot create or
// destroy an opponent five point unless it is one: such points are checked
// separately.
func naiveOppWinPoints(g *gomoku.Game) []rules.Move {
	var out []rules.Move
	n := g.Size() * g.Size()
	for p := 0; p < n; p++ {
		if g.Point(p) != 0 {
			continue
		}
		// Play any other empty point as the side to move, then p.
		q := -1
		for r := n - 1; r >= 0; r-- {
			if r != p && g.Point(r) == 0 && !nearLine(g, r, p) {
				q = r
				break
			}
		}
		if q < 0 {
			continue
		}
		g.Play(rules.Move(q))
		if !g.Won() {
			g.Play(rules.Move(p))
			if g.Won() {
				out = append(out, rules.Move(p))
			}
			g.Undo()
		}
		g.Undo()
	}
	return out
}

// nearLine reports whether q lies within 6 points of p on one of p's lines.
func nearLine(g *gomoku.Game, q, p int) bool {
	size := g.Size()
	dx, dy := q%size-p%size, q/size-p/size
	if max(abs(dx), abs(dy)) > 6 {
		return false
	}
	return dx == 0 || dy == 0 || dx == dy || dx == -dy
}

// naiveVCF is a deliberately simple reference for VCF: moves found by
// playing every empty point, five points by playing every empty point.
func naiveVCF(g *gomoku.Game, depth int) bool {
	if over, _ := g.Outcome(); over {
		return false
	}
	if len(naiveWinPointsOf(g)) > 0 {
		return true
	}
	if depth == 0 {
		return false
	}
	threats := naiveOppWinPoints(g)
	if len(threats) >= 2 {
		return false
	}
	var tries []rules.Move
	if len(threats) == 1 {
		tries = threats
	} else {
		for p := 0; p < g.Size()*g.Size(); p++ {
			if g.Point(p) == 0 {
				tries = append(tries, rules.Move(p))
			}
		}
	}
	for _, p := range tries {
		g.Play(p)
		// The attacker's win points now are the defender's opponent's.
		w := naiveOppWinPoints(g)
		ok := false
		switch {
		case len(w) >= 2:
			ok = true
		case len(w) == 1:
			g.Play(w[0])
			ok = naiveVCF(g, depth-1)
			g.Undo()
		}
		g.Undo()
		if ok {
			return true
		}
	}
	return false
}

// checkVCFLine replays seq on g and checks it is a VCF: every attacker move
// but the last makes a four (the defender's reply is then one of the
// attacker's win points, the only one unless two existed), and the last
// makes five.
func checkVCFLine(t *testing.T, g *gomoku.Game, seq []rules.Move) {
	t.Helper()
	c := g.Clone().(*gomoku.Game)
	if len(seq)%2 != 1 {
		t.Fatalf("VCF line %s has even length", names(c, seq))
	}
	for i := 0; i+1 < len(seq); i += 2 {
		if !c.Legal(seq[i]) {
			t.Fatalf("move %d (%s) illegal", i, c.MoveString(seq[i]))
		}
		c.Play(seq[i])
		w := naiveOppWinPoints(c)
		if len(w) == 0 || !slices.Contains(w, seq[i+1]) {
			t.Fatalf("attacker move %s makes no four answered by %s (win points %s)\n%s",
				c.MoveString(seq[i]), c.MoveString(seq[i+1]), names(c, w), c)
		}
		if len(w) == 1 {
			// Only a forced reply. Otherwise two win points: any reply loses.
		} else if i+3 != len(seq) {
			t.Fatalf("line goes on after an open four")
		}
		c.Play(seq[i+1])
	}
	c.Play(seq[len(seq)-1])
	if !c.Won() {
		t.Fatalf("VCF line %s does not end with five\n%s", names(g, seq), c)
	}
}

type vcfCase struct {
	name         string
	opts         gomoku.Options
	black, white string
	toMove       rules.Seat
	plies        int // length of the shortest VCF line; 0: no VCF
}

var std = gomoku.Options{Size: 15}
var exact5 = gomoku.Options{Size: 15, Rule: gomoku.ExactFive}

var vcfCases = []vcfCase{
	{"five now", std, "E8 F8 G8 H8", "E9 F9 G9", 0, 1},
	{"open three to open four", std, "G8 H8 I8", "G9 H10", 0, 3},
	{"four-three", std, "E8 F8 G8 H6 H7", "D8", 0, 5},
	{"double four", std, "E8 F8 G8 H5 H6 H7", "D8 H4", 0, 3},
	{"broken four then open four", std, "E8 F8 H8 I9 I10", "D8 J8 C9 D10", 0, 5},
	// Found by a random search and checked by hand: H6 (broken four, O J6),
	// E6 (broken four on row 6, O F6), E9 (open four on column E).
	{"three fours", std, "K9 E8 E7 G6 I6 K6", "K11 F9 G8 H8 G7 K5", 0, 7},
	// Found by a random search: E4 E5 G8 F7 H7 F9 G6 D3 I8.
	{"four fours", std, "E10 I10 K10 H9 E8 E7 E6 I6 K6 F5", "E11 F11 E9 J9 K8 F6 H6 I5 J5 K5", 0, 9},
	{"white attacker, double four", std, "E8 D8 H4 A1", "E9 F9 G9 H6 H7 H8", 1, 3},
	// X must block O's diagonal four at G7 with a move that is also a four
	// (G7-G10, win point G6), then makes an open four on row 7.
	{"block the opponent's four with a four", std, "B2 G8 G9 G10 E7 F7", "C3 D4 E5 F6 G11 A8", 0, 5},
	{"overline wins in freestyle", std, "D8 E8 F8 G8 I8", "C8 D9 E9 F9", 0, 1},
	{"overline is no five in exact five", exact5, "D8 E8 F8 G8 I8", "C8 D9 E9 F9", 0, 0},
	{"lone stones", std, "H8", "H9", 0, 0},
	{"closed three", std, "E8 F8 G8", "D8", 0, 0},
	{"opponent has a double four", std, "H8 I9 J10", "D4 E4 F4 G4 D6 D7 D8", 0, 0},
	{"forced block makes a counter-four", std, "E8 F8 G8 H6 H7 I4", "D8 I5 I6 I7", 0, 0},
}

func TestVCFPositions(t *testing.T) {
	for _, c := range vcfCases {
		t.Run(c.name, func(t *testing.T) {
			g := setup(t, c.opts, c.black, c.white, c.toMove)
			before, h := g.String(), g.Hash()
			seq, ok := VCF(g, 10)
			if g.String() != before || g.Hash() != h {
				t.Fatal("VCF changed the position")
			}
			if c.plies == 0 {
				if ok {
					t.Fatalf("VCF found %s, want none\n%s", names(g, seq), g)
				}
				if naiveVCF(g, 2) {
					t.Fatal("the reference finds a VCF within two fours")
				}
				return
			}
			if !ok {
				t.Fatalf("no VCF found\n%s", g)
			}
			if len(seq) != c.plies {
				t.Errorf("VCF %s has %d plies, want %d\n%s", names(g, seq), len(seq), c.plies, g)
			}
			checkVCFLine(t, g, seq)
			// Not shorter: no VCF with one four less.
			if _, ok := VCF(g, (c.plies-1)/2-1); ok && c.plies > 1 {
				t.Errorf("a shorter VCF exists")
			}
			if c.plies <= 5 && !naiveVCF(g, (c.plies-1)/2) {
				t.Errorf("the reference finds no VCF of %d fours", (c.plies-1)/2)
			}
			if c.plies == 7 && naiveVCF(g, 2) {
				t.Errorf("the reference finds a VCF of two fours")
			}
		})
	}
}

// randomDense returns a position of k stones played at random in the
// central 7x7 square, not over.
func randomDense(r *rand.Rand, o gomoku.Options, k int) *gomoku.Game {
	for {
		g, _ := gomoku.New(o)
		c := o.Size / 2
		for g.Stones() < k {
			over, _ := g.Outcome()
			if over {
				break
			}
			x, y := c-3+r.IntN(7), c-3+r.IntN(7)
			if p := rules.Move(y*o.Size + x); g.Legal(p) {
				g.Play(p)
			}
		}
		if over, _ := g.Outcome(); !over {
			return g
		}
	}
}

// TestVCFAgainstReference compares VCF with the naive reference on random
// dense positions, at up to two fours.
func TestVCFAgainstReference(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	found := 0
	for i := 0; i < 60; i++ {
		o := gomoku.Options{Size: 15, Rule: gomoku.Rule(i % 2)}
		g := randomDense(r, o, 10+r.IntN(14))
		depth := i % 3
		seq, ok := VCF(g, depth)
		if want := naiveVCF(g, depth); ok != want {
			t.Fatalf("VCF depth %d: %v, reference %v\n%s", depth, ok, want, g)
		}
		if ok {
			found++
			checkVCFLine(t, g, seq)
		}
	}
	if found < 5 {
		t.Fatalf("only %d random positions had a VCF; the test is too weak", found)
	}
}

func TestSolve(t *testing.T) {
	k := New()
	g := setup(t, std, "K9 E8 E7 G6 I6 K6", "K11 F9 G8 H8 G7 K5", 0)
	m, got, nodes, ok := k.Solve(context.Background(), g)
	if !ok || got != ai.WinScore-7 || nodes == 0 || !g.Legal(m) {
		t.Fatalf("Solve = %s %d %d %v", g.MoveString(m), got, nodes, ok)
	}
	g = setup(t, std, "H8", "H9", 0)
	if _, _, _, ok := k.Solve(context.Background(), g); ok {
		t.Fatal("Solve claims a win in a quiet position")
	}
	// A canceled context stops at once.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	g = setup(t, std, "K9 E8 E7 G6 I6 K6", "K11 F9 G8 H8 G7 K5", 0)
	k2 := New()
	if _, _, nodes, ok := k2.Solve(ctx, g); ok || nodes > 256 {
		t.Fatalf("Solve with a canceled context: ok %v after %d nodes", ok, nodes)
	}
}

func pts(t testing.TB, g *gomoku.Game, list string) []rules.Move {
	var out []rules.Move
	for _, s := range strings.Fields(list) {
		p, err := gomoku.ParsePoint(g.Size(), s)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, rules.Move(p))
	}
	return out
}

func sorted(ms []rules.Move) []rules.Move {
	c := slices.Clone(ms)
	slices.Sort(c)
	return c
}

func TestCandidates(t *testing.T) {
	k := New()
	check := func(name string, g *gomoku.Game, want string) {
		t.Helper()
		got := k.Candidates(g, nil)
		if w := sorted(pts(t, g, want)); !slices.Equal(sorted(got), w) {
			t.Errorf("%s: candidates %s, want %s\n%s", name, names(g, got), names(g, w), g)
		}
	}
	g, _ := gomoku.New(std)
	check("empty board", g, "H8")

	g = setup(t, std, "E8 F8 G8 H8", "E9 F9 G9 I8", 1)
	check("block the four", g, "D8")
	g = setup(t, std, "E8 F8 G8 H8 B2", "E9 F9 G9 J8", 0)
	check("take the win", g, "D8")
	g = setup(t, std, "E8 F8 G8 H8 B2", "E9 F9 G9 J8 H9", 0)
	check("own win beats blocking", g, "D8")
	g = setup(t, std, "F8 G8 H8 I8", "F9 G9 H9 J10", 1)
	check("open four: both ends", g, "E8 J8")

	// Our three, and the opponent has no four to interpose: only the
	// points making our open four (they win).
	g = setup(t, std, "F8 G8 H8", "A14 C12 F9", 0)
	check("make the open four", g, "E8 I8")
	// With a four point of the opponent's, the open four is not forced.
	g = setup(t, std, "F8 G8 H8 A1", "B14 C14 D14 F9", 0)
	if got := k.Candidates(g, nil); len(got) <= 2 {
		t.Errorf("three against a closed three: candidates %s, want more than the open fours\n%s", names(g, got), g)
	}

	// Open three on row 8 (F..H) with room on both sides: only the ends E8
	// and I8 defend (after D8 Black still makes the open four I8); White has
	// no four points.
	g = setup(t, std, "F8 G8 H8", "A14 C12", 1)
	check("open three", g, "E8 I8")
	// With the far end D8 taken, the three also dies at J8.
	g = setup(t, std, "F8 G8 H8", "D8 C12", 1)
	check("three next to a stone", g, "E8 I8 J8")
	// A broken three F8 G8 _ I8: the defences are E8, H8 and J8.
	g = setup(t, std, "F8 G8 I8", "A14 C12", 1)
	check("broken three", g, "E8 H8 J8")
	// With a three of its own on another line, White's candidates also
	// include its four points.
	g = setup(t, std, "F8 G8 H8 B3", "C12 C11 C10", 1)
	got := k.Candidates(g, nil)
	for _, m := range pts(t, g, "E8 I8 C8 C9 C13 C14") {
		if !slices.Contains(got, m) {
			t.Errorf("candidates %s lack %s", names(g, got), g.MoveString(m))
		}
	}

	// Quiet: the best candidateCap of the 24 points around a lone stone,
	// its 8 neighbors among them, plus swap when legal.
	g, _ = gomoku.New(gomoku.Options{Size: 15, Opening: gomoku.SwapOpening})
	g.Play(rules.Move(7*15 + 7))
	got = k.Candidates(g, nil)
	if len(got) != params.candidateCap+1 || !slices.Contains(got, rules.Swap) {
		t.Errorf("after the first stone: %d candidates %s", len(got), names(g, got))
	}
	for _, m := range pts(t, g, "G9 H9 I9 G8 I8 G7 H7 I7") {
		if !slices.Contains(got, m) {
			t.Errorf("after the first stone: candidates %s lack %s", names(g, got), g.MoveString(m))
		}
	}
	g.Play(rules.Swap)
	got = k.Candidates(g, nil)
	if len(got) != params.candidateCap || slices.Contains(got, rules.Swap) {
		t.Errorf("after swap: %d candidates", len(got))
	}
	// A corner stone has 8 neighbors within distance 2.
	g, _ = gomoku.New(gomoku.Options{Size: 20})
	g.Play(rules.Move(399))
	if got = k.Candidates(g, nil); len(got) != 8 {
		t.Errorf("corner: %d candidates %s", len(got), names(g, got))
	}
}

// TestCandidatesSubset checks on random positions that Candidates is a
// non-empty subset of Moves without duplicates, and agrees with Moves on a
// finished game.
func TestCandidatesSubset(t *testing.T) {
	k := New()
	r := rand.New(rand.NewPCG(5, 6))
	for i := 0; i < 300; i++ {
		o := gomoku.Options{Size: []int{15, 19, 20}[i%3], Rule: gomoku.Rule(i % 2), Opening: gomoku.Opening(i / 2 % 2)}
		g, _ := gomoku.New(o)
		n := r.IntN(80)
		for j := 0; j < n; j++ {
			ms := g.Moves(nil)
			if len(ms) == 0 {
				break
			}
			g.Play(ms[r.IntN(len(ms))])
		}
		cands := k.Candidates(g, nil)
		moves := g.Moves(nil)
		over, _ := g.Outcome()
		if over != (len(cands) == 0) {
			t.Fatalf("over %v with %d candidates\n%s", over, len(cands), g)
		}
		seen := map[rules.Move]bool{}
		for _, m := range cands {
			if seen[m] || !slices.Contains(moves, m) {
				t.Fatalf("candidate %s duplicated or illegal\n%s", g.MoveString(m), g)
			}
			seen[m] = true
		}
	}
}

// TestAnalyzerIncremental checks that the cached analysis equals a fresh
// one along random games with undos.
func TestAnalyzerIncremental(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	var inc analyzer
	for i := 0; i < 40; i++ {
		o := gomoku.Options{Size: []int{15, 19, 20}[i%3], Rule: gomoku.Rule(i % 2)}
		g, _ := gomoku.New(o)
		for j := 0; j < 120; j++ {
			ms := g.Moves(nil)
			if len(ms) == 0 {
				break
			}
			if g.Ply() > 0 && r.IntN(4) == 0 {
				g.Undo()
			} else {
				g.Play(ms[r.IntN(len(ms))])
			}
			inc.refresh(g, false)
			var fresh analyzer
			fresh.refresh(g, false)
			if inc.score != fresh.score || inc.nWin != fresh.nWin || inc.nFour != fresh.nFour ||
				inc.nThree != fresh.nThree || inc.info != fresh.info {
				t.Fatalf("incremental analysis differs from a fresh one\n%s", g)
			}
		}
	}
}

func TestEvaluate(t *testing.T) {
	k := New()
	// Side to move has a four.
	g := setup(t, std, "E8 F8 G8 H8 B2", "E9 F9 G9 J8", 0)
	if v := k.Evaluate(g); v != evalWinNext {
		t.Errorf("four to move: %d", v)
	}
	// Opponent has an open four.
	g = setup(t, std, "F8 G8 H8 I8", "F9 G9 H9 J10", 1)
	if v := k.Evaluate(g); v != evalLost {
		t.Errorf("facing an open four: %d", v)
	}
	// An open three to move is worth a lot; facing one costs.
	g = setup(t, std, "F8 G8 H8", "A14 C12", 0)
	to := k.Evaluate(g)
	g = setup(t, std, "F8 G8 H8", "A14 C12", 1)
	against := k.Evaluate(g)
	if to < 5000 || against > -100 {
		t.Errorf("open three: %d to move, %d against", to, against)
	}
	// Facing a closed four (one win point), the block is forced: the value
	// is the opponent's after it, negated; the position is left unchanged.
	g = setup(t, std, "E8 F8 G8 H8 B2 K12", "D8 F9 G9 H9 A15", 1)
	before := g.String()
	facing := k.Evaluate(g)
	if g.String() != before {
		t.Fatal("Evaluate changed the position")
	}
	g.Play(pts(t, g, "I8")[0])
	if after := k.Evaluate(g); facing != -after {
		t.Errorf("facing a four: %d, after the block %d", facing, after)
	}
	// Values stay in range on random positions, and are color symmetric:
	// the same shapes with colors exchanged give the same value.
	r := rand.New(rand.NewPCG(9, 10))
	for i := 0; i < 200; i++ {
		g := randomDense(r, gomoku.Options{Size: 15, Rule: gomoku.Rule(i % 2)}, 2+r.IntN(30))
		if v := k.Evaluate(g); v < -ai.MaxEval || v > ai.MaxEval {
			t.Fatalf("evaluation %d out of range", v)
		}
	}
}

// TestSwapEvaluation: after a swap the board and the color to move are
// unchanged, so Evaluate is unchanged; and the one-ply choice swaps a
// central first stone. (After a corner one, one ply of the evaluation has
// preferred the swap by 33 units to the candidates near the corner since
// the threat values' refit; a 4-ply search does not: TestSwapChoice,
// engine_test.go.)
func TestSwapEvaluation(t *testing.T) {
	k := New()
	for _, c := range []struct {
		first string
		swap  bool // the one-ply choice swaps; checked when true
	}{{"H8", true}, {"G7", true}, {"A1", false}, {"O15", false}} {
		g, _ := gomoku.New(gomoku.Options{Size: 15, Opening: gomoku.SwapOpening})
		p, _ := gomoku.ParsePoint(15, c.first)
		g.Play(rules.Move(p))
		before := k.Evaluate(g)
		best, bestMove := -ai.WinScore, rules.NoMove
		for _, m := range k.Candidates(g, nil) {
			g.Play(m)
			if m == rules.Swap && k.Evaluate(g) != before {
				t.Errorf("%s: Evaluate after swap %d, before %d", c.first, k.Evaluate(g), before)
			}
			if v := -k.Evaluate(g); v > best {
				best, bestMove = v, m
			}
			g.Undo()
		}
		if c.swap && bestMove != rules.Swap {
			t.Errorf("first stone %s: one-ply choice %s", c.first, g.MoveString(bestMove))
		}
	}
}

func TestOrderMoves(t *testing.T) {
	k := New()
	// Black to move: winning at D8 beats blocking White's four at E10,
	// which beats any quiet move.
	g := setup(t, std, "E8 F8 G8 H8 B2", "E10 F10 G10 H10 L3", 0)
	moves := pts(t, g, "D8 D10 K12 A15")
	_ = moves
	ms := pts(t, g, "K12 D10 D8")
	sc := make([]int32, len(ms))
	k.OrderMoves(g, ms, sc)
	if !(sc[2] > sc[1] && sc[1] > sc[0]) {
		t.Errorf("order scores %v: want win > block > quiet", sc)
	}
}

// TestOrderScale checks orderScale against the search's history
// heuristic: in random positions, a point where the side to move makes a
// double threat (two threes, a four and a three, or more) scores over
// 1<<20 (the history's ceiling, planiverse/ai) above every point where
// neither color makes a three or a four, so the history cannot reorder
// them; and below a five no score reaches the search's clamp (1<<26).
func TestOrderScale(t *testing.T) {
	const historyMax, orderClamp = 1 << 20, 1 << 26
	k := New()
	r := rand.New(rand.NewPCG(21, 22))
	var threats, quiet int
	for i := 0; i < 200; i++ {
		g := randomDense(r, gomoku.Options{Size: 15}, 4+r.IntN(30))
		if over, _ := g.Outcome(); over {
			continue
		}
		moves := Near(g, nil)
		sc := make([]int32, len(moves))
		k.OrderMoves(g, moves, sc)
		a := &k.a
		me := g.ColorToMove()
		combo := func(p rules.Move, c rules.Seat) int { return comboOf(patternSet(a.sets[c&1][p] & setMask)) }
		lowThreat, highQuiet := int32(math.MaxInt32), int32(math.MinInt32)
		for j, m := range moves {
			mine, theirs := combo(m, me), combo(m, me^1)
			if mine != comboFive && theirs != comboFive && sc[j] >= orderClamp {
				t.Errorf("%s scores %d, at the clamp without a five\n%s", g.MoveString(m), sc[j], g)
			}
			switch {
			case mine <= comboThree3:
				threats++
				lowThreat = min(lowThreat, sc[j])
			case mine == comboOther && theirs == comboOther:
				quiet++
				highQuiet = max(highQuiet, sc[j])
			}
		}
		if lowThreat != math.MaxInt32 && highQuiet != math.MinInt32 && int64(lowThreat)-int64(highQuiet) <= historyMax {
			t.Errorf("lowest double threat scores %d, highest quiet point %d: history could reorder them\n%s", lowThreat, highQuiet, g)
		}
	}
	if threats == 0 || quiet == 0 {
		t.Fatalf("%d double-threat points, %d quiet points: the positions test nothing", threats, quiet)
	}
}

func TestNoAllocs(t *testing.T) {
	k := New()
	r := rand.New(rand.NewPCG(11, 12))
	buf := make([]rules.Move, 0, 1024)
	sc := make([]int32, 1024)
	for i := 0; i < 20; i++ {
		g := randomDense(r, gomoku.Options{Size: 15, Rule: gomoku.Rule(i % 2)}, 5+r.IntN(25))
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond) // Refuted's searches
		allocs := testing.AllocsPerRun(4, func() {
			_ = k.Evaluate(g)
			buf = k.Candidates(g, buf[:0])
			k.OrderMoves(g, buf, sc[:len(buf)])
			_, _, _, _ = k.Solve(context.Background(), g)
			if len(buf) > 0 {
				_ = k.Refuted(ctx, g, buf[0])
			}
		})
		cancel()
		if allocs != 0 {
			t.Fatalf("Evaluate/Candidates/OrderMoves/Solve/Refuted allocate %.1f times\n%s", allocs, g)
		}
	}
}

func ExampleVCF() {
	g, _ := gomoku.New(gomoku.Options{Size: 15})
	// Black: a three on row 8 closed by White's D8, and two on column H.
	for _, s := range strings.Fields("E8 D8 F8 A1 G8 C1 H6 E1 H7 A15") {
		m, _ := g.ParseMove(s)
		g.Play(m)
	}
	// Black to move wins with a four-three: H8 (four on row 8 and three on
	// column H), White must block at I8, then H9 makes an open four.
	seq, ok := VCF(g, 5)
	var text []string
	for _, m := range seq {
		text = append(text, g.MoveString(m))
	}
	fmt.Println(ok, strings.Join(text, " "))
	// Output: true H8 I8 H9 H10 H5
}

func BenchmarkEvaluate(b *testing.B) {
	k := New()
	r := rand.New(rand.NewPCG(13, 14))
	g := randomDense(r, gomoku.Options{Size: 15}, 30)
	ms := g.Moves(nil)
	i := 0
	for b.Loop() {
		g.Play(ms[i%len(ms)])
		_ = k.Evaluate(g)
		g.Undo()
		i++
	}
}

func BenchmarkCandidates(b *testing.B) {
	k := New()
	r := rand.New(rand.NewPCG(13, 14))
	g := randomDense(r, gomoku.Options{Size: 15}, 30)
	buf := make([]rules.Move, 0, 1024)
	for b.Loop() {
		buf = k.Candidates(g, buf[:0])
	}
}

func BenchmarkVCFLadder(b *testing.B) {
	g := setup(b, std, "F8 G9 G10 G11 I5 I6 I7", "G12 I4", 0)
	k := New()
	for b.Loop() {
		k.vcf.fail = make([]failEntry, len(k.vcf.fail))
		if _, _, _, ok := k.Solve(context.Background(), g); !ok {
			b.Fatal("no VCF")
		}
	}
}

// TestLongVCF: a VCF of 19 fours (issue 10's position, found against us by
// a peer engine) is found by VCF and by the engine's root solver, starting
// with one of its two winning moves; a position whose fours run out ends
// the iterative deepening early (no search to maxVCFDepth).
func TestLongVCF(t *testing.T) {
	g, _ := gomoku.New(gomoku.Options{Size: 15})
	if err := rules.PlayMoves(g, "N9 H9 H8 J9 I8 I7 L8 K7 N6 G6 J5 K6 L5 L6 N5 L4 J4 G2"); err != nil {
		t.Fatal(err)
	}
	seq, ok := VCF(g, maxVCFDepth)
	if !ok || len(seq) != 37 {
		t.Fatalf("VCF: ok %v, %d plies, want 37 (19 fours)", ok, len(seq))
	}
	if first := g.MoveString(seq[0]); first != "J8" && first != "M7" {
		t.Errorf("VCF starts with %s, want J8 or M7", first)
	}
	m, v, _, ok := New().Solve(context.Background(), g)
	if !ok || v != ai.WinScore-37 || !slices.Contains(pts(t, g, "J8 M7"), m) {
		t.Fatalf("Solve = %s %d %v", g.MoveString(m), v, ok)
	}
	quiet := setup(t, std, "H8 J10", "H9 K11", 0)
	k := New()
	if _, _, nodes, ok := k.Solve(context.Background(), quiet); ok || nodes > 1000 {
		t.Fatalf("a quiet position: ok %v after %d nodes", ok, nodes)
	}
}

// TestPatternMovesOrder checks patternMoves' selection against keeping
// the best candidateCap by insertion (highest pointOrder first, earlier
// points first among equals) along random games, with more or fewer
// points near the stones than that.
func TestPatternMovesOrder(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	k := New()
	for it := 0; it < 30; it++ {
		g, _ := gomoku.New(gomoku.Options{Size: []int{15, 19, 20}[it%3]})
		var buf []rules.Move
		for step := 0; step < 60; step++ {
			if over, _ := g.Outcome(); over {
				break
			}
			buf = g.Moves(buf[:0])
			g.Play(buf[r.IntN(len(buf))])
			k.a.refreshAll(g)
			me := g.ColorToMove()
			near := Near(g, nil)
			var want []rules.Move
			var sc []int32
			for _, m := range near {
				v := k.a.pointOrder(int(m), me)
				i := len(want)
				for i > 0 && sc[i-1] < v {
					i--
				}
				want, sc = slices.Insert(want, i, m), slices.Insert(sc, i, v)
			}
			if len(near) <= params.candidateCap {
				want = near // all of them, unsorted
			} else {
				want = want[:params.candidateCap]
			}
			if got := k.patternMoves(g, nil); !slices.Equal(got, want) {
				t.Fatalf("patternMoves %v, want %v\n%s", got, want, g)
			}
		}
	}
}

// TestSelectSmallest checks selectSmallest against sorting, with many
// equal high parts as pointOrder's keys have.
func TestSelectSmallest(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 24))
	for it := 0; it < 2000; it++ {
		n := 1 + r.IntN(120)
		keys := make([]uint64, n)
		for i := range keys {
			keys[i] = uint64(r.IntN(1+r.IntN(8)))<<32 | uint64(i)
		}
		r.Shuffle(n, func(i, j int) { keys[i], keys[j] = keys[j], keys[i] })
		want := slices.Sorted(slices.Values(keys))
		m := 1 + r.IntN(n)
		selectSmallest(keys, m)
		got := slices.Sorted(slices.Values(keys[:m]))
		if !slices.Equal(got, want[:m]) {
			t.Fatalf("n %d, m %d: smallest %v, want %v", n, m, got, want[:m])
		}
	}
}
