package gomoku

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"planiverse/rules"
	"planiverse/rules/rulestest"
)

// put places a stone of color c (0 black, 1 white) on point p of g without
// a move (for setting up diagrams), keeping lines, counts and hash right.
func (g *Game) put(c, p int) {
	g.board[p] = uint8(c) + 1
	g.stones[c]++
	line, bit := lineRefs(g.size, p)
	place(&g.lines, c, line, bit, true)
	g.hash ^= zobrist[c][p]
}

// diagram returns a 15x15 Renju board with the given black and white stones
// (space-separated point names).
func diagram(t testing.TB, black, white string) *Game {
	t.Helper()
	g := mustNew(t, Options{Size: 15, Rule: Renju})
	for c, list := range []string{black, white} {
		for _, s := range strings.Fields(list) {
			p := pt(t, 15, s)
			if g.board[p] != 0 {
				t.Fatalf("%s given twice", s)
			}
			g.put(c, p)
		}
	}
	return g
}

// forbiddenSet returns Black's forbidden points of g as sorted names with
// their fouls ("H8 double-three").
func forbiddenSet(g *Game) []string {
	var out []string
	for _, m := range g.Forbidden(nil) {
		out = append(out, PointName(15, int(m))+" "+g.ForbiddenReason(m))
	}
	slices.Sort(out)
	return out
}

// Diagrams in the manner of the RIF rules (renju.net, "The International
// Rules of Renju": the definitions of three, four, straight four and the
// fouls, and the usual forbidden-move examples of renju textbooks): each
// lists Black's and White's stones (columns A-O skipping no letter, rows
// from the bottom) and the complete set of Black's forbidden points with
// the foul, worked out by hand.
var renjuDiagrams = []struct {
	name         string
	black, white string
	want         []string
}{
	{
		// Two open threes crossing at H8: the row F8 G8 and the column
		// H9 H10.
		name:  "double-three",
		black: "F8 G8 H9 H10",
		want:  []string{"H8 double-three"},
	},
	{
		// As above with White on E8: F8 G8 H8 can become a straight four
		// only as F8-I8, whose end E8 is white, so the row is no three.
		name:  "double-three with one three blocked",
		black: "F8 G8 H9 H10", white: "E8",
		want: nil,
	},
	{
		// A split three counts: F8 _ H8 I8 (G8 makes the straight four
		// F8-I8), with the column H9 H10.
		name:  "double-three with a split three",
		black: "F8 I8 H9 H10",
		want:  []string{"H8 double-three"},
	},
	{
		// Two fours on one line: B8 C8 D8 _ [F8] _ H8 I8 J8; F8 has five
		// points E8 and G8.
		name:  "four-four on one line",
		black: "B8 C8 D8 H8 I8 J8",
		want:  []string{"F8 double-four"},
	},
	{
		// D8 _ F8 _ H8 _ J8 _ L8: G8 has five points E8 and I8, I8 has G8
		// and K8; E8 and K8 make one four each.
		name:  "four-four on one line, split",
		black: "D8 F8 H8 J8 L8",
		want:  []string{"G8 double-four", "I8 double-four"},
	},
	{
		// Two fours on crossing lines: the row E8 F8 G8 (closed at D8)
		// and the column H9 H10 H11 (closed at H12).
		name:  "double-four on two lines",
		black: "E8 F8 G8 H9 H10 H11", white: "D8 H12",
		want: []string{"H8 double-four"},
	},
	{
		// Six in a row at G8: D8 E8 F8 _ H8 I8.
		name:  "overline",
		black: "D8 E8 F8 H8 I8",
		want:  []string{"G8 overline"},
	},
	{
		// G8 makes six on the row and exactly five on the column G4-G8:
		// the five wins, so G8 is allowed (and G3 and G9 too: G3 is a
		// five, G9 nothing). F6 is a double-three of the side stones: the
		// diagonal F6 G7 H8 and the split anti-diagonal D8 _ F6 G5.
		name:  "five and overline",
		black: "D8 E8 F8 H8 I8 G4 G5 G6 G7",
		want:  []string{"F6 double-three"},
	},
	{
		// H8 completes the five D8-H8 and makes fours on the column
		// (H9 H10 H11, closed at H12) and the diagonal (I9 J10 K11,
		// closed at L12): a five with a double-four wins. The crowd of
		// black stones makes double-threes elsewhere (G9: the row G9 H9
		// I9 and the diagonal F8 G9 H10; ...).
		name:  "five with double-four",
		black: "D8 E8 F8 G8 H9 H10 H11 I9 J10 K11", white: "C8 H12 L12",
		want: []string{"F9 double-three", "G10 double-three", "G9 double-three",
			"I10 double-three", "I11 double-three", "J11 double-three"},
	},
	{
		// A fake three: with White on D8, the row F8 G8 [H8] can become a
		// straight four only at I8, and I8 is an overline point for Black
		// (F11 G10 H9 I8 J7 K6). So H8 makes one real three (the
		// column) and is allowed; I8 itself is forbidden. (G9, I10, F10
		// are double-threes of the other stones: G9 the column G8 G9 G10
		// and the diagonal F8 G9 H10.)
		name:  "fake three: the completing point is an overline",
		black: "F8 G8 H9 H10 F11 G10 J7 K6", white: "D8",
		want: []string{"I8 overline", "F10 double-three", "G9 double-three", "I10 double-three"},
	},
	{
		// The same without F11: I8 now makes the five G10-K6 and is
		// allowed, the row three is real, and H8 is a double-three (G9
		// and I10 stay double-threes; F10 is no longer one).
		name:  "the same three made real",
		black: "F8 G8 H9 H10 G10 J7 K6", white: "D8",
		want: []string{"H8 double-three", "G9 double-three", "I10 double-three"},
	},
	{
		// A fake three whose completing point is a double-four: with
		// White on D8 the row F8 G8 [H8] completes only at I8, which
		// (with H8 black) makes the row four F8-I8 and the column four
		// I9 I10 I11 (closed at I12): a double-four, so H8 is allowed.
		// Without H8, I8 makes only the column four and is allowed too.
		name:  "fake three: the completing point is a double-four",
		black: "F8 G8 H9 H10 I9 I10 I11", white: "D8 I12",
		want: nil,
	},
}

func TestRenjuDiagrams(t *testing.T) {
	for _, c := range renjuDiagrams {
		t.Run(c.name, func(t *testing.T) {
			g := diagram(t, c.black, c.white)
			want := slices.Clone(c.want)
			slices.Sort(want)
			got := forbiddenSet(g)
			if !slices.Equal(got, want) {
				t.Errorf("forbidden %q, want %q\n%s", got, want, g)
			}
			if ref := naiveForbidden(g); !slices.Equal(ref, got) {
				t.Errorf("naive reference finds %q, fast test %q\n%s", ref, got, g)
			}
		})
	}
}

// naiveForbidden is a deliberately plain reference for Black's forbidden
// points of a 15x15 position: the RIF definitions on a grid, walking
// coordinates instead of bitboards. It returns "name foul" strings, sorted.
func naiveForbidden(g *Game) []string {
	var b [15][15]uint8
	for p := 0; p < 225; p++ {
		b[p/15][p%15] = g.board[p]
	}
	var out []string
	for y := 0; y < 15; y++ {
		for x := 0; x < 15; x++ {
			if b[y][x] == 0 {
				if f := naiveFoul(&b, x, y, 0); f != NoFoul {
					out = append(out, PointName(15, y*15+x)+" "+f.String())
				}
			}
		}
	}
	slices.Sort(out)
	return out
}

var naiveDirs = [4][2]int{{1, 0}, {0, 1}, {1, 1}, {1, -1}}

func naiveIn(x, y int) bool { return x >= 0 && y >= 0 && x < 15 && y < 15 }

// naiveRun returns the black run through (x, y) along dir: its length and
// its first point (as the step index from (x, y), negative or zero).
func naiveRun(b *[15][15]uint8, x, y, dir int) (n, from int) {
	dx, dy := naiveDirs[dir][0], naiveDirs[dir][1]
	lo, hi := 0, 0
	for naiveIn(x+(lo-1)*dx, y+(lo-1)*dy) && b[y+(lo-1)*dy][x+(lo-1)*dx] == 1 {
		lo--
	}
	for naiveIn(x+(hi+1)*dx, y+(hi+1)*dy) && b[y+(hi+1)*dy][x+(hi+1)*dx] == 1 {
		hi++
	}
	return hi - lo + 1, lo
}

// naiveFives returns the steps k along dir from (x, y) (a black stone)
// of the empty points where a black stone makes exactly five containing
// (x, y).
func naiveFives(b *[15][15]uint8, x, y, dir int) []int {
	dx, dy := naiveDirs[dir][0], naiveDirs[dir][1]
	var out []int
	for k := -5; k <= 5; k++ {
		qx, qy := x+k*dx, y+k*dy
		if k == 0 || !naiveIn(qx, qy) || b[qy][qx] != 0 {
			continue
		}
		b[qy][qx] = 1
		n, from := naiveRun(b, qx, qy, dir)
		// (x, y) is at step -k from q; the run covers steps from..from+n-1.
		if n == 5 && -k >= from && -k < from+n {
			out = append(out, k)
		}
		b[qy][qx] = 0
	}
	return out
}

func naiveFoul(b *[15][15]uint8, x, y, depth int) Foul {
	if depth > maxFoulDepth {
		return NoFoul
	}
	b[y][x] = 1
	defer func() { b[y][x] = 0 }()
	over := false
	for d := 0; d < 4; d++ {
		n, _ := naiveRun(b, x, y, d)
		if n == 5 {
			return NoFoul
		}
		if n > 5 {
			over = true
		}
	}
	if over {
		return FoulOverline
	}
	fours, threes := 0, 0
	for d := 0; d < 4; d++ {
		f := naiveFives(b, x, y, d)
		if len(f) == 2 && f[1]-f[0] == 5 {
			f = f[:1] // the two ends of one straight four
		}
		if len(f) > 0 {
			fours += len(f)
			continue
		}
		// A three: an empty point q (within 3) that makes a straight four
		// containing (x, y), q not forbidden.
		dx, dy := naiveDirs[d][0], naiveDirs[d][1]
		for k := -3; k <= 3; k++ {
			qx, qy := x+k*dx, y+k*dy
			if k == 0 || !naiveIn(qx, qy) || b[qy][qx] != 0 {
				continue
			}
			b[qy][qx] = 1
			n, from := naiveRun(b, qx, qy, d)
			straight := false
			if n == 4 && -k >= from && -k < from+4 {
				// The ends, steps from-1 and from+4 from q.
				ends := 0
				for _, e := range []int{from - 1, from + 4} {
					ex, ey := qx+e*dx, qy+e*dy
					if naiveIn(ex, ey) && b[ey][ex] == 0 {
						b[ey][ex] = 1
						if m, _ := naiveRun(b, ex, ey, d); m == 5 {
							ends++
						}
						b[ey][ex] = 0
					}
				}
				straight = ends == 2
			}
			b[qy][qx] = 0
			if straight && naiveFoul(b, qx, qy, depth+1) == NoFoul {
				threes++
				break
			}
		}
	}
	switch {
	case fours >= 2:
		return FoulDoubleFour
	case threes >= 2:
		return FoulDoubleThree
	}
	return NoFoul
}

// TestRenjuAgainstNaive compares the fast test with the naive reference on
// dense random positions near the center, where fouls of every kind (and
// fake threes) are common.
func TestRenjuAgainstNaive(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 10))
	fouls := map[Foul]int{}
	n := 300
	if testing.Short() {
		n = 60
	}
	for i := range n {
		g := mustNew(t, Options{Size: 15, Rule: Renju})
		nb := 8 + r.IntN(30)
		for c, k := range []int{nb, nb * (1 + r.IntN(3)) / 4} {
			for range k {
				lo, span := 2, 11
				if i%3 == 0 {
					lo, span = 0, 15
				}
				p := (lo+r.IntN(span))*15 + lo + r.IntN(span)
				if g.board[p] == 0 {
					g.put(c, p)
				}
			}
		}
		got, ref := forbiddenSet(g), naiveForbidden(g)
		if !slices.Equal(got, ref) {
			t.Fatalf("position %d: fast %q, naive %q\n%s", i, got, ref, g)
		}
		for _, s := range got {
			fouls[g.FoulAt(pt(t, 15, strings.Fields(s)[0]))]++
		}
	}
	for _, f := range []Foul{FoulDoubleThree, FoulDoubleFour, FoulOverline} {
		if fouls[f] == 0 {
			t.Errorf("no %s among the random positions: the test is too weak", f)
		}
	}
	t.Logf("fouls found: %v", fouls)
}

// TestRenjuLegality checks Moves, Legal and ParseMove against each other
// and against FoulAt on positions of random Renju games, Black and White to
// move (a perft-style consistency check: a point is listed exactly when it
// is legal).
func TestRenjuLegality(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	checked, forbidden := 0, 0
	for game := range 40 {
		g := mustNew(t, Options{Size: 15, Rule: Renju})
		var buf []rules.Move
		for ply := 0; ; ply++ {
			buf = g.Moves(buf[:0])
			if len(buf) == 0 {
				break
			}
			listed := map[rules.Move]bool{}
			for _, m := range buf {
				listed[m] = true
			}
			black := g.ColorToMove() == 0
			for p := 0; p < 225; p++ {
				m := rules.Move(p)
				_, err := g.ParseMove(PointName(15, p))
				foul := g.FoulAt(p)
				want := g.board[p] == 0 && (!black || foul == NoFoul)
				if listed[m] != want || g.Legal(m) != want || (err == nil) != want {
					t.Fatalf("game %d ply %d %s: listed %v, Legal %v, ParseMove %v, foul %v\n%s",
						game, ply, PointName(15, p), listed[m], g.Legal(m), err, foul, g)
				}
				if black && g.board[p] == 0 && foul != NoFoul {
					forbidden++
					if !errors.Is(err, rules.ErrIllegal) || !strings.Contains(err.Error(), foul.String()) {
						t.Fatalf("ParseMove of forbidden %s: %v", PointName(15, p), err)
					}
				}
				checked++
			}
			// Random play, biased towards the center so that patterns form.
			m := buf[r.IntN(len(buf))]
			for range 3 {
				c := buf[r.IntN(len(buf))]
				if x, y := int(c)%15, int(c)/15; x >= 4 && x <= 10 && y >= 4 && y <= 10 {
					m = c
					break
				}
			}
			g.Play(m)
		}
		if over, _ := g.Outcome(); !over {
			t.Fatal("no moves but not over")
		}
		if w := g.WinningLine(); w != nil && g.board[w[0]] == 1 && len(w) != 5 {
			t.Fatalf("Black won with %d in a row", len(w))
		}
	}
	if forbidden == 0 {
		t.Error("no forbidden point met: the test is too weak")
	}
	t.Logf("%d points checked, %d forbidden", checked, forbidden)
}

// TestRenjuWins: White wins with an overline, Black does not.
func TestRenjuWins(t *testing.T) {
	g := mustNew(t, Options{Size: 15, Rule: Renju})
	// White: A2 B2 C2 E2 F2, then D2 makes six; Black plays far apart.
	rulestest.Play(t, g, "H8 A2 K12 B2 M4 C2 C12 E2 N13 F2 L6 D2")
	if over, score := g.Outcome(); !over || score != -1 || len(g.WinningLine()) != 6 {
		t.Fatalf("White's overline must win: %v %d\n%s", over, score, g)
	}
	// Black's overline point is forbidden, so not playable.
	g = mustNew(t, Options{Size: 15, Rule: Renju})
	rulestest.Play(t, g, "A1 O15 B1 O13 C1 O11 E1 O9 F1 O7")
	if _, err := g.ParseMove("D1"); !errors.Is(err, rules.ErrIllegal) || !strings.Contains(err.Error(), "overline") {
		t.Fatalf("D1: %v, want an overline error", err)
	}
	if g.Legal(rules.Move(pt(t, 15, "D1"))) || slices.Contains(g.Moves(nil), rules.Move(pt(t, 15, "D1"))) {
		t.Fatal("the overline point is listed")
	}
	// Black's exact five wins.
	rulestest.Play(t, g, "G2 A15 H3 A13 D2 A11 D3 A9 D4 A7 D5 A5 D6")
	if over, score := g.Outcome(); !over || score != -1 {
		t.Fatalf("Black's five: %v %d\n%s", over, score, g)
	}
}

func TestRenjuOptions(t *testing.T) {
	for _, size := range []int{19, 20} {
		if _, err := New(Options{Size: size, Rule: Renju}); err == nil || !strings.Contains(err.Error(), "15x15") {
			t.Errorf("renju %dx%d: %v", size, size, err)
		}
	}
	if _, err := Descriptor.Resolve(rules.Options{"rules": "renju", "size": "19"}); !errors.Is(err, rules.ErrOption) {
		t.Errorf("resolve renju on 19x19: %v", err)
	}
	o, err := Descriptor.Resolve(rules.Options{"rules": "renju"})
	if err != nil {
		t.Fatal(err)
	}
	s, err := Descriptor.New(o)
	if err != nil || s.(*Game).Rule() != Renju || s.(*Game).Size() != 15 {
		t.Fatalf("renju from the descriptor: %v", err)
	}
	if d := Descriptor.Describe(o); !strings.Contains(d, "renju") {
		t.Errorf("description %q", d)
	}
}

func TestRenjuPlayouts(t *testing.T) {
	for i, o := range []Options{{15, Renju, NoOpening}, {15, Renju, SwapOpening}} {
		t.Run(fmt.Sprint(o.Opening), func(t *testing.T) {
			rulestest.RandomPlayouts(t, spec(o), 3, 250, uint64(40+i))
		})
	}
	rulestest.NoAllocs(t, spec(Options{15, Renju, NoOpening}), 80, 9)
}

// BenchmarkRenjuMoves measures Black's Moves (every empty point tested for a
// foul) in a middle-game position with several forbidden points.
func BenchmarkRenjuMoves(b *testing.B) {
	g := diagram(b, "F8 G8 H9 H10 J9 J10 J11 D8 E6 F6 K8 L9", "J12 H11 H7 E9 D10 M10 F9 G10 L7 C8 K11 G5")
	buf := make([]rules.Move, 0, 256)
	for b.Loop() {
		buf = g.Moves(buf[:0])
	}
}

// BenchmarkRenjuFoulAt measures the foul test of one point that needs the
// full (recursive) test.
func BenchmarkRenjuFoulAt(b *testing.B) {
	g := diagram(b, "F8 G8 H9 H10 J9 J10 J11", "D8 J12 H11 H7")
	p := pt(b, 15, "H8")
	for b.Loop() {
		g.FoulAt(p)
	}
}
