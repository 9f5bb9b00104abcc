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

var allSizes = []int{15, 19, 20}

func mustNew(t testing.TB, o Options) *Game {
	t.Helper()
	g, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func pt(t testing.TB, size int, s string) int {
	t.Helper()
	p, err := ParsePoint(size, s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestNew(t *testing.T) {
	for _, size := range allSizes {
		g := mustNew(t, Options{Size: size})
		if g.Size() != size || g.Stones() != 0 || g.ToMove() != rules.First || g.LastMove() != rules.NoMove {
			t.Errorf("size %d: bad start position\n%s", size, g)
		}
		if n := len(g.Moves(nil)); n != size*size {
			t.Errorf("size %d: %d moves at the start, want %d", size, n, size*size)
		}
	}
	for _, o := range []Options{{Size: 0}, {Size: 16}, {Size: 21}, {Size: 15, Rule: 3}, {Size: 19, Rule: Renju}, {Size: 15, Opening: 3}} {
		if g, err := New(o); err == nil || g != nil {
			t.Errorf("New(%+v) = %v, %v; want an error", o, g, err)
		}
	}
}

func TestPointNames(t *testing.T) {
	for _, size := range allSizes {
		for p := 0; p < size*size; p++ {
			name := PointName(size, p)
			for _, s := range []string{name, strings.ToLower(name), " " + name + " "} {
				back, err := ParsePoint(size, s)
				if err != nil || back != p {
					t.Fatalf("size %d: %q parses to %d, %v; want %d", size, s, back, err, p)
				}
			}
		}
	}
	known := []struct {
		size int
		name string
		p    int
	}{
		{15, "H8", 7*15 + 7}, {15, "A1", 14 * 15}, {15, "A15", 0}, {15, "O15", 14}, {15, "O1", 224},
		{19, "K10", 9*19 + 10}, {19, "S19", 18}, {20, "T20", 19}, {20, "T1", 399}, {20, "a20", 0},
	}
	for _, k := range known {
		if got := PointName(k.size, k.p); !strings.EqualFold(got, k.name) {
			t.Errorf("PointName(%d, %d) = %s, want %s", k.size, k.p, got, k.name)
		}
		if got, err := ParsePoint(k.size, k.name); got != k.p || err != nil {
			t.Errorf("ParsePoint(%d, %s) = %d, %v; want %d", k.size, k.name, got, err, k.p)
		}
	}
}

func TestParsePointErrors(t *testing.T) {
	for _, c := range []struct {
		size int
		s    string
		want error
	}{
		{15, "", rules.ErrSyntax}, {15, "H", rules.ErrSyntax}, {15, "8H", rules.ErrSyntax},
		{15, "HH", rules.ErrSyntax}, {15, "H8x", rules.ErrSyntax}, {15, "H-8", rules.ErrSyntax},
		{15, "Ä8", rules.ErrSyntax}, {15, "P8", rules.ErrIllegal}, {15, "A16", rules.ErrIllegal},
		{15, "A0", rules.ErrIllegal}, {19, "T1", rules.ErrIllegal}, {20, "U1", rules.ErrIllegal},
		{20, "A21", rules.ErrIllegal}, {15, "A1000", rules.ErrIllegal},
	} {
		_, err := ParsePoint(c.size, c.s)
		if !errors.Is(err, c.want) {
			t.Errorf("ParsePoint(%d, %q) error %v, want %v", c.size, c.s, err, c.want)
		}
	}
}

func TestLineGeometry(t *testing.T) {
	for _, size := range allSizes {
		for dir := 0; dir < 4; dir++ {
			seen := 0
			for line := 0; line < NumLines(size, dir); line++ {
				mask := LineMask(size, dir, line)
				if mask&1 != 0 || mask>>(size+1) != 0 {
					t.Fatalf("size %d dir %d line %d: mask %b uses a guard bit", size, dir, line, mask)
				}
				for b := 0; b < 32; b++ {
					p := LinePoint(size, dir, line, b)
					if (p >= 0) != (mask>>b&1 == 1) {
						t.Fatalf("size %d dir %d line %d bit %d: point %d, mask %b", size, dir, line, b, p, mask)
					}
					if p < 0 {
						continue
					}
					seen++
					if l2, b2 := LineOf(size, dir, p); l2 != line || b2 != b {
						t.Fatalf("size %d dir %d: LineOf(%d) = %d,%d; want %d,%d", size, dir, p, l2, b2, line, b)
					}
					// The next bit is the next point along DirDelta.
					if q := LinePoint(size, dir, line, b+1); q >= 0 {
						x, y := p%size, p/size
						want := (y+DirDelta[dir][1])*size + x + DirDelta[dir][0]
						if q != want {
							t.Fatalf("size %d dir %d: after %d comes %d, want %d", size, dir, p, q, want)
						}
					}
				}
			}
			if seen != size*size {
				t.Errorf("size %d dir %d: lines cover %d points, want %d", size, dir, seen, size*size)
			}
		}
	}
}

// fillers returns up to k points of the board (of size) that are not in
// avoid and not next to one another on any line, for the other color's
// moves while a test builds a five.
func fillers(size int, avoid []int, k int) []int {
	var out []int
	for p := 0; p < size*size && len(out) < k; p++ {
		if slices.Contains(avoid, p) {
			continue
		}
		x, y := p%size, p/size
		if x%3 != 0 || y%3 != 0 {
			continue
		}
		out = append(out, p)
	}
	return out
}

// buildFive plays the given black points with White's moves on fillers,
// the black stone at index last played last, and returns the game.
func buildFive(t *testing.T, o Options, five []int, last int) *Game {
	t.Helper()
	g := mustNew(t, o)
	order := make([]int, 0, len(five))
	for i, p := range five {
		if i != last {
			order = append(order, p)
		}
	}
	order = append(order, five[last])
	white := fillers(o.Size, five, len(five)-1)
	for i, p := range order {
		if over, _ := g.Outcome(); over {
			t.Fatalf("game over before the five is complete\n%s", g)
		}
		g.Play(rules.Move(p))
		if i < len(order)-1 {
			g.Play(rules.Move(white[i]))
		}
	}
	return g
}

func TestFiveEveryDirectionAndPlace(t *testing.T) {
	for _, size := range allSizes {
		for _, rule := range []Rule{Freestyle, ExactFive} {
			for dir := 0; dir < 4; dir++ {
				dx, dy := DirDelta[dir][0], DirDelta[dir][1]
				count := 0
				for p := 0; p < size*size; p++ {
					x, y := p%size, p/size
					ex, ey := x+4*dx, y+4*dy
					if ex < 0 || ey < 0 || ex >= size || ey >= size {
						continue
					}
					five := make([]int, 5)
					for i := range five {
						five[i] = (y+i*dy)*size + x + i*dx
					}
					g := buildFive(t, Options{Size: size, Rule: rule}, five, count%5)
					count++
					over, score := g.Outcome()
					if !over || score != -1 || !g.Won() {
						t.Fatalf("size %d dir %d five at %s: Outcome %v %d\n%s", size, dir, PointName(size, p), over, score, g)
					}
					if g.ToMove() != rules.Second {
						t.Fatalf("after Black's five seat %d is to move, want seat 1", g.ToMove())
					}
					if got := g.WinningLine(); !slices.Equal(got, five) {
						t.Fatalf("size %d dir %d: WinningLine %v, want %v\n%s", size, dir, got, five, g)
					}
					if n := len(g.Moves(nil)); n != 0 {
						t.Fatalf("%d moves after a five", n)
					}
					g.Undo()
					if over, _ := g.Outcome(); over || g.WinningLine() != nil {
						t.Fatalf("undo of the five leaves the game over")
					}
				}
				// Every start of a five in the direction was tried: edges
				// and corners included.
				want := (size - 4) * size
				if dir >= Diagonal {
					want = (size - 4) * (size - 4)
				}
				if count != want {
					t.Fatalf("size %d dir %d: %d fives tried, want %d", size, dir, count, want)
				}
			}
		}
	}
}

func TestWhiteFive(t *testing.T) {
	g := mustNew(t, Options{Size: 15})
	rulestest.Play(t, g, "A1 B2 A3 C2 A5 D2 A7 E2 A9")
	if over, _ := g.Outcome(); over {
		t.Fatal("no five yet")
	}
	rulestest.Play(t, g, "F2")
	if over, score := g.Outcome(); !over || score != -1 || g.ToMove() != rules.First {
		t.Fatalf("White's five: Outcome %v %d, ToMove %d", over, score, g.ToMove())
	}
	want := []int{pt(t, 15, "B2"), pt(t, 15, "C2"), pt(t, 15, "D2"), pt(t, 15, "E2"), pt(t, 15, "F2")}
	if got := g.WinningLine(); !slices.Equal(got, want) {
		t.Fatalf("WinningLine %v, want %v", got, want)
	}
}

func TestOverline(t *testing.T) {
	// Black: A1 B1 C1 E1 F1, then D1 makes six in a row.
	const moves = "A1 A15 B1 C15 C1 E15 E1 G15 F1 I15 D1"
	g := mustNew(t, Options{Size: 15, Rule: Freestyle})
	rulestest.Play(t, g, moves)
	if over, score := g.Outcome(); !over || score != -1 {
		t.Fatalf("freestyle: six in a row should win\n%s", g)
	}
	if got := len(g.WinningLine()); got != 6 {
		t.Fatalf("freestyle: winning line has %d points, want the whole overline (6)", got)
	}

	g = mustNew(t, Options{Size: 15, Rule: ExactFive})
	rulestest.Play(t, g, moves)
	if over, _ := g.Outcome(); over || g.WinningLine() != nil {
		t.Fatalf("exact five: six in a row must not win\n%s", g)
	}
	// Seven is no better.
	rulestest.Play(t, g, "K15 G1")
	if over, _ := g.Outcome(); over {
		t.Fatalf("exact five: seven in a row must not win\n%s", g)
	}
	// A separate exact five still wins: A3..E3.
	rulestest.Play(t, g, "M15 A3 A12 B3 C12 C3 E12 D3 G12 E3")
	if over, score := g.Outcome(); !over || score != -1 || len(g.WinningLine()) != 5 {
		t.Fatalf("exact five: a separate five must win\n%s", g)
	}

	// One stone making six one way and exactly five another way wins with
	// the five. Black: B1 C1 D1 E1 F1 G1 minus D1 (row), and D2..D5 (column).
	g = mustNew(t, Options{Size: 15, Rule: ExactFive})
	rulestest.Play(t, g, "B1 A15 C1 C15 E1 E15 F1 G15 G1 I15 D2 K15 D3 M15 D4 O15 D5 A13 D1")
	if over, _ := g.Outcome(); !over {
		t.Fatalf("exact five: the column five must win\n%s", g)
	}
	want := []int{pt(t, 15, "D5"), pt(t, 15, "D4"), pt(t, 15, "D3"), pt(t, 15, "D2"), pt(t, 15, "D1")}
	if got := g.WinningLine(); !slices.Equal(got, want) {
		t.Fatalf("WinningLine %v, want the column %v", got, want)
	}

	// Exactly five with a gap then an own stone: XXXX_ then X beyond a gap.
	g = mustNew(t, Options{Size: 15, Rule: ExactFive})
	rulestest.Play(t, g, "A1 A15 B1 C15 C1 E15 D1 G15 G1 I15 E1")
	if over, _ := g.Outcome(); !over {
		t.Fatalf("exact five: A1..E1 with G1 apart is a five\n%s", g)
	}
}

func TestSwap(t *testing.T) {
	t.Run("before the first stone", func(t *testing.T) {
		g := mustNew(t, Options{Size: 15, Opening: SwapOpening})
		if g.CanSwap() || g.Legal(rules.Swap) || slices.Contains(g.Moves(nil), rules.Swap) {
			t.Fatal("swap listed before the first stone")
		}
		if _, err := g.ParseMove("swap"); !errors.Is(err, rules.ErrIllegal) {
			t.Fatalf("swap at ply 1: error %v, want ErrIllegal", err)
		}
	})
	t.Run("swap and undo", testSwapAndUndo)
	t.Run("five after the swap", func(t *testing.T) {
		// Seat 1, now Black, makes a five: seat 0 is to move and has lost.
		g := mustNew(t, Options{Size: 15, Opening: SwapOpening})
		rulestest.Play(t, g, "A1 swap A15 B1 C15 C1 E15 D1 G15 E1")
		if over, score := g.Outcome(); !over || score != -1 || g.ToMove() != rules.First {
			t.Fatalf("after swap the five by seat 1 should beat seat 0: %v %d\n%s", over, score, g)
		}
	})
	t.Run("not offered", func(t *testing.T) {
		// Without the swap opening, swap is never legal.
		g := mustNew(t, Options{Size: 15})
		rulestest.Play(t, g, "H8")
		if g.CanSwap() || slices.Contains(g.Moves(nil), rules.Swap) {
			t.Fatal("swap without the swap opening")
		}
		if _, err := g.ParseMove("swap"); !errors.Is(err, rules.ErrIllegal) {
			t.Fatalf("swap without the opening: error %v", err)
		}
		// Nor after the second ply.
		g = mustNew(t, Options{Size: 15, Opening: SwapOpening})
		rulestest.Play(t, g, "H8 J9")
		if g.CanSwap() {
			t.Fatal("swap at ply 3")
		}
	})
}

// testSwapAndUndo swaps after the first stone, checks the seats, colors,
// board and hash, plays on and undoes back to before the swap.
func testSwapAndUndo(t *testing.T) {
	g := mustNew(t, Options{Size: 15, Opening: SwapOpening})
	rulestest.Play(t, g, "H8")
	moves := g.Moves(nil)
	if !slices.Contains(moves, rules.Swap) || len(moves) != 225 {
		t.Fatalf("after the first stone: %d moves, swap listed %v", len(moves), slices.Contains(moves, rules.Swap))
	}
	if g.MoveString(rules.Swap) != "swap" {
		t.Fatalf("swap text %q", g.MoveString(rules.Swap))
	}
	before := g.String()
	hBefore := g.Hash()
	m, err := g.ParseMove("SWAP")
	if err != nil || m != rules.Swap {
		t.Fatalf("ParseMove(SWAP) = %d, %v", m, err)
	}
	if g.ToMove() != rules.Second || g.ColorOf(rules.First) != 0 || g.ColorOf(rules.Second) != 1 {
		t.Fatal("before the swap seat 1 should be White and to move")
	}
	g.Play(m)
	checkSwapped(t, g, hBefore)
	// Seat 0 (now White) plays; its stone is white.
	rulestest.Play(t, g, "J9")
	if c, ok := g.At(9, 6); !ok || c != 1 || g.ToMove() != rules.Second {
		t.Fatal("after the swap seat 0 plays White")
	}
	g.Undo()
	g.Undo()
	if g.String() != before || g.Hash() != hBefore || g.Swapped() || !g.CanSwap() {
		t.Fatalf("undo of swap does not restore\n%s\nwant\n%s", g, before)
	}
}

// checkSwapped checks g just after the swap of a first stone on H8 (hash
// hBefore before the swap).
func checkSwapped(t *testing.T, g *Game, hBefore uint64) {
	t.Helper()
	if !g.Swapped() || g.ToMove() != rules.First || g.ColorOf(rules.First) != 1 || g.ColorOf(rules.Second) != 0 {
		t.Fatalf("after swap: swapped %v, ToMove %d, colors %d %d", g.Swapped(), g.ToMove(), g.ColorOf(0), g.ColorOf(1))
	}
	if c, ok := g.At(7, 7); !ok || c != 0 || g.Stones() != 1 || g.ColorToMove() != 1 {
		t.Fatal("swap must leave the board unchanged, White to play")
	}
	if g.Hash() == hBefore || g.Hash() != ScratchHash(g) {
		t.Fatal("swap must change the hash")
	}
	if g.LastMove() != rules.Swap {
		t.Fatal("LastMove after swap")
	}
	if slices.Contains(g.Moves(nil), rules.Swap) {
		t.Fatal("swap listed twice")
	}
	if _, err := g.ParseMove("swap"); !errors.Is(err, rules.ErrIllegal) {
		t.Fatalf("second swap: error %v, want ErrIllegal", err)
	}
}

// drawnBoard returns the color (0 black, 1 white) of point (x, y) in a
// full 15x15 board with no five: pairs of columns in stripes shifted by one
// per row, so no line has more than two in a row. It has 113 black points.
func drawnBoard(x, y int) int { return (x/2 + y) % 2 }

func TestFullBoardDraw(t *testing.T) {
	for _, rule := range []Rule{Freestyle, ExactFive} {
		g := mustNew(t, Options{Size: 15, Rule: rule})
		var black, white []int
		for p := 0; p < 225; p++ {
			if drawnBoard(p%15, p/15) == 0 {
				black = append(black, p)
			} else {
				white = append(white, p)
			}
		}
		if len(black) != 113 || len(white) != 112 {
			t.Fatalf("pattern has %d black and %d white points", len(black), len(white))
		}
		for i := range black {
			if over, _ := g.Outcome(); over {
				t.Fatalf("game over at ply %d\n%s", g.Ply(), g)
			}
			g.Play(rules.Move(black[i]))
			if i < len(white) {
				g.Play(rules.Move(white[i]))
			}
		}
		over, score := g.Outcome()
		if !over || score != 0 || g.Won() || g.WinningLine() != nil || len(g.Moves(nil)) != 0 {
			t.Fatalf("full board: Outcome %v %d\n%s", over, score, g)
		}
		if _, err := g.ParseMove("H8"); !errors.Is(err, rules.ErrIllegal) {
			t.Fatalf("move on a full board: %v", err)
		}
		if !strings.Contains(g.String(), "draw") {
			t.Fatalf("diagram does not say draw\n%s", g)
		}
	}
}

func TestIllegalMoves(t *testing.T) {
	g := mustNew(t, Options{Size: 15})
	rulestest.Play(t, g, "H8 J9")
	before, h := g.String(), g.Hash()
	for _, c := range []struct {
		s    string
		want error
	}{
		{"H8", rules.ErrIllegal}, {"j9", rules.ErrIllegal}, {"P8", rules.ErrIllegal},
		{"A16", rules.ErrIllegal}, {"swap", rules.ErrIllegal}, {"", rules.ErrSyntax},
		{"pass", rules.ErrSyntax}, {"8H", rules.ErrSyntax}, {"H8 J9", rules.ErrSyntax},
	} {
		_, err := g.ParseMove(c.s)
		if !errors.Is(err, c.want) {
			t.Errorf("ParseMove(%q) error %v, want %v", c.s, err, c.want)
		}
		if err != nil && !strings.Contains(err.Error(), fmt.Sprintf("%q", c.s)) {
			t.Errorf("error %q does not quote the text %q", err, c.s)
		}
	}
	if g.Legal(rules.Move(pt(t, 15, "H8"))) || g.Legal(rules.Move(225)) || g.Legal(rules.Pass) || !g.Legal(rules.Move(0)) {
		t.Error("Legal is wrong")
	}
	if g.String() != before || g.Hash() != h {
		t.Error("a rejected move changed the position")
	}
	// No move after a five.
	g = mustNew(t, Options{Size: 15})
	rulestest.Play(t, g, "A1 A15 B1 C15 C1 E15 D1 G15 E1")
	if _, err := g.ParseMove("H8"); !errors.Is(err, rules.ErrIllegal) {
		t.Errorf("move after the game ended: %v", err)
	}
}

func TestAtAndClone(t *testing.T) {
	g := mustNew(t, Options{Size: 19})
	rulestest.Play(t, g, "A1 S19")
	if c, ok := g.At(0, 18); !ok || c != 0 {
		t.Error("A1 should be black at (0, 18)")
	}
	if c, ok := g.At(18, 0); !ok || c != 1 {
		t.Error("S19 should be white at (18, 0)")
	}
	for _, xy := range [][2]int{{1, 1}, {-1, 0}, {0, 19}, {19, 0}} {
		if _, ok := g.At(xy[0], xy[1]); ok {
			t.Errorf("At%v reports a stone", xy)
		}
	}
	c := g.Clone().(*Game)
	rulestest.Play(t, c, "K10")
	if g.Stones() != 2 || c.Stones() != 3 || g.Hash() == c.Hash() {
		t.Error("Clone shares state with the original")
	}
	if g.Options() != (Options{Size: 19}) {
		t.Error("Options")
	}
}

// choices counts the moves of g's history that place no stone.
func choices(g *Game) int {
	n := 0
	for i := range g.ply {
		if int(g.hist[i]) >= g.n {
			n++
		}
	}
	return n
}

// scratchLines recomputes the line bitboards of g from its board.
func invariants(s rules.State) string {
	g := s.(*Game)
	b, w := 0, 0
	var lines [2][4][MaxLines]uint32
	for p := 0; p < g.n; p++ {
		c := g.board[p]
		if c == 0 {
			continue
		}
		if c == 1 {
			b++
		} else {
			w++
		}
		for dir := 0; dir < 4; dir++ {
			line, bit := LineOf(g.size, dir, p)
			lines[c-1][dir][line] |= 1 << bit
		}
	}
	switch {
	case b != g.stones[0] || w != g.stones[1]:
		return fmt.Sprintf("stone counts %d/%d, board has %d/%d", g.stones[0], g.stones[1], b, w)
	case b-w != 0 && b-w != 1:
		return fmt.Sprintf("%d black and %d white stones", b, w)
	case lines != g.lines:
		return "line bitboards differ from the board"
	case g.swapped != g.swappedNow():
		return "swapped flag"
	case g.ply != g.Stones()+choices(g):
		return fmt.Sprintf("ply %d with %d stones", g.ply, g.Stones())
	case g.phase() == PhaseNone && rules.Seat(g.ColorOf(g.ToMove())) != g.ColorToMove():
		return "the seat to move does not play the color to move"
	case g.opts.Opening != Swap2Opening && g.ToMove() != rules.Seat(g.ply&1):
		return "the seats do not alternate"
	}
	return ""
}

func spec(o Options) rulestest.Game {
	return rulestest.Game{
		New: func() rules.State {
			g, err := New(o)
			if err != nil {
				panic(err)
			}
			return g
		},
		ScratchHash: func(s rules.State) uint64 { return ScratchHash(s.(*Game)) },
		Invariants:  invariants,
	}
}

func allOptions() []Options {
	var out []Options
	for _, size := range allSizes {
		for _, r := range []Rule{Freestyle, ExactFive} {
			for _, o := range []Opening{NoOpening, SwapOpening, Swap2Opening} {
				out = append(out, Options{size, r, o})
			}
		}
	}
	for _, o := range []Opening{NoOpening, SwapOpening, Swap2Opening} {
		out = append(out, Options{15, Renju, o})
	}
	return out
}

func TestRandomPlayouts(t *testing.T) {
	for i, o := range allOptions() {
		t.Run(fmt.Sprintf("%d-%s-%s", o.Size, o.Rule, o.Opening), func(t *testing.T) {
			// Random games rarely end early; 400 plies lets some boards fill.
			rulestest.RandomPlayouts(t, spec(o), 4, 400, uint64(i+1))
		})
	}
}

// TestPlayoutsEndWithFive checks that random playouts do reach fives, and
// that Outcome and Moves agree, over many games.
func TestRandomGamesEnd(t *testing.T) {
	wins := 0
	for seed := uint64(0); seed < 50; seed++ {
		g := mustNew(t, Options{Size: 15, Rule: Rule(seed % 2), Opening: Opening(seed / 2 % 2)})
		buf := make([]rules.Move, 0, 256)
		x := seed*0x9E3779B97F4A7C15 + 1
		for {
			buf = g.Moves(buf[:0])
			if len(buf) == 0 {
				break
			}
			x ^= x << 13
			x ^= x >> 7
			x ^= x << 17
			g.Play(buf[x%uint64(len(buf))])
		}
		over, score := g.Outcome()
		if !over {
			t.Fatal("no moves but not over")
		}
		if score < 0 {
			wins++
			line := g.WinningLine()
			if len(line) < 5 || (g.opts.Rule == ExactFive && len(line) != 5) {
				t.Fatalf("winning line %v", line)
			}
			last := int(g.LastMove())
			if !slices.Contains(line, last) {
				t.Fatalf("winning line %v misses the last stone %d", line, last)
			}
			for _, p := range line {
				if g.board[p] != g.board[last] {
					t.Fatalf("winning line %v has a foreign stone", line)
				}
			}
		}
	}
	if wins == 0 {
		t.Fatal("no random game ended with a five")
	}
}

func TestNoAllocs(t *testing.T) {
	for _, o := range []Options{{15, Freestyle, SwapOpening}, {20, ExactFive, NoOpening}} {
		rulestest.NoAllocs(t, spec(o), 60, 7)
	}
}

func FuzzPlayout(f *testing.F) {
	f.Add(byte(0), []byte{})
	f.Add(byte(5), []byte{112, 113, 0, 1, 2, 3, 4})
	f.Add(byte(1), []byte{0, 255, 0, 255, 0, 255, 0, 255, 0, 255})
	f.Add(byte(10), []byte("gomoku five in a row"))
	opts := allOptions()
	f.Fuzz(func(t *testing.T, o byte, choices []byte) {
		rulestest.Playout(t, spec(opts[int(o)%len(opts)]), choices, len(choices)+5)
	})
}

func BenchmarkPlayUndo(b *testing.B) {
	g := mustNew(b, Options{Size: 15})
	rulestest.Play(b, g, "H8 J9 G7 K10")
	m := rules.Move(pt(b, 15, "F6"))
	for b.Loop() {
		g.Play(m)
		g.Undo()
	}
}

func BenchmarkMoves(b *testing.B) {
	g := mustNew(b, Options{Size: 15})
	rulestest.Play(b, g, "H8 J9 G7 K10")
	buf := make([]rules.Move, 0, 256)
	for b.Loop() {
		buf = g.Moves(buf[:0])
	}
}

func BenchmarkRandomGame(b *testing.B) {
	g := mustNew(b, Options{Size: 15})
	buf := make([]rules.Move, 0, 256)
	x := uint64(88172645463325252)
	for b.Loop() {
		for {
			buf = g.Moves(buf[:0])
			if len(buf) == 0 {
				break
			}
			x ^= x << 13
			x ^= x >> 7
			x ^= x << 17
			g.Play(buf[x%uint64(len(buf))])
		}
		for g.Ply() > 0 {
			g.Undo()
		}
	}
}

// TestVariantHashes checks that the hash tells the variants apart, so that
// one engine's transposition table cannot mix them: the empty boards of the
// twelve variants (size, win rule, opening) hash to distinct non-zero
// values, and so do the same stones (the same point indices, in the same
// order) played on each of them, incrementally and from scratch.
func TestVariantHashes(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 8))
	var lines [][]rules.Move
	for range 20 {
		line := make([]rules.Move, 1+r.IntN(12))
		for i := range line {
			line[i] = rules.Move(r.IntN(15 * 15)) // on every board
		}
		if len(slices.Compact(slices.Sorted(slices.Values(line)))) == len(line) {
			lines = append(lines, line)
		}
	}
	if len(lines) < 10 {
		t.Fatalf("only %d lines of distinct points", len(lines))
	}
	starts := map[uint64]Options{}
	for _, o := range allOptions() {
		g := mustNew(t, o)
		if prev, dup := starts[g.Hash()]; dup || g.Hash() == 0 {
			t.Errorf("the empty %+v board hashes to %x, as %+v", o, g.Hash(), prev)
		}
		starts[g.Hash()] = o
	}
	for _, line := range lines {
		seen := map[uint64]Options{}
		for _, o := range allOptions() {
			g := mustNew(t, o)
			for _, m := range line {
				g.Play(m)
			}
			if g.Hash() != ScratchHash(g) {
				t.Fatalf("%+v %v: incremental hash %x, scratch %x", o, line, g.Hash(), ScratchHash(g))
			}
			if prev, dup := seen[g.Hash()]; dup {
				t.Errorf("stones %v: %+v hashes as %+v", line, o, prev)
			}
			seen[g.Hash()] = o
		}
	}
}

// swap2Seats checks the seat to move, the phase and the colors the
// descriptor reports for the two seats.
func swap2Seats(t *testing.T, g *Game, when string, toMove rules.Seat, phase int, seat0 rules.Color) {
	t.Helper()
	if g.ToMove() != toMove || g.Deciding() != phase {
		t.Fatalf("%s: seat %d to move in phase %d, want seat %d in phase %d\n%s", when, g.ToMove(), g.Deciding(), toMove, phase, g)
	}
	if c0, c1 := Descriptor.ColorOf(g, 0), Descriptor.ColorOf(g, 1); c0 != seat0 || c1 != seat0^1 {
		t.Fatalf("%s: colors %d %d, want seat 0 %d\n%s", when, c0, c1, seat0, g)
	}
	if g.Hash() != ScratchHash(g) {
		t.Fatalf("%s: hash", when)
	}
}

func TestSwap2(t *testing.T) {
	newGame := func() *Game { return mustNew(t, Options{Size: 15, Opening: Swap2Opening}) }
	g := newGame()
	swap2Placement(t, g)
	base := g.String()
	baseHash := g.Hash()
	swap2OptionA(t, g, base, baseHash)
	swap2OptionB(t, g, base, baseHash)
	swap2OptionC(t, g, base, baseHash)
	swap2HashesApart(t)
	// A game through swap2 ends with the right winner: after (b) seat 1
	// is Black and its five beats seat 0.
	g = newGame()
	rulestest.Play(t, g, "A1 A15 B1 swap C15 C1 E15 D1 G15 E1")
	if w, ok := rules.Winner(g); !ok || w != rules.Second || Descriptor.SeatName(g, w) != "Black" {
		t.Fatalf("winner %d %v\n%s", w, ok, g)
	}
}

// swap2Placement places swap2's three stones on g, checking seats and the
// moves on the way, up to the second player's choice.
func swap2Placement(t *testing.T, g *Game) {
	swap2Seats(t, g, "start", 0, PhasePlaceThree, 0)
	if g.CanSwap() || g.CanBalance() {
		t.Fatal("a choice at the start")
	}
	for i, s := range []string{"H8", "I9", "G9"} {
		swap2Seats(t, g, "placing "+s, 0, PhasePlaceThree, 0)
		if _, err := g.ParseMove("swap"); !errors.Is(err, rules.ErrIllegal) {
			t.Fatalf("swap during the placement: %v", err)
		}
		if _, err := g.ParseMove("balance"); !errors.Is(err, rules.ErrIllegal) {
			t.Fatalf("balance during the placement: %v", err)
		}
		rulestest.Play(t, g, s)
		if c, _ := g.At(pt(t, 15, s)%15, pt(t, 15, s)/15); c != rules.Seat(i%2) {
			t.Fatalf("stone %d has color %d", i+1, c)
		}
	}
	swap2Seats(t, g, "the second player's choice", 1, PhaseChoose, 0)
	moves := g.Moves(nil)
	if len(moves) != 222+2 || !slices.Contains(moves, rules.Swap) || !slices.Contains(moves, Balance) {
		t.Fatalf("%d moves at the choice", len(moves))
	}
	for _, m := range moves {
		back, err := g.ParseMove(g.MoveString(m))
		if err != nil || back != m {
			t.Fatalf("%s parses to %d, %v", g.MoveString(m), back, err)
		}
	}
	if g.MoveString(Balance) != "balance" {
		t.Fatal("balance text")
	}
}

// swap2OptionA checks option (a) from the choice (base, baseHash) on g and
// undoes it.
func swap2OptionA(t *testing.T, g *Game, base string, baseHash uint64) {
	// (a) The second player takes White with the fourth stone; Black
	// (seat 0) moves next and the seats alternate.
	rulestest.Play(t, g, "J10")
	swap2Seats(t, g, "(a) after the fourth stone", 0, PhaseNone, 0)
	if c, _ := g.At(9, 5); c != 1 || g.CanSwap() || g.CanBalance() {
		t.Fatal("(a): the fourth stone is white and no choice is left")
	}
	rulestest.Play(t, g, "K11")
	swap2Seats(t, g, "(a) after the fifth stone", 1, PhaseNone, 0)
	g.Undo()
	g.Undo()
	if g.String() != base || g.Hash() != baseHash {
		t.Fatal("(a): undo does not restore the choice")
	}
}

// swap2OptionB checks option (b) from the choice on g and undoes it.
func swap2OptionB(t *testing.T, g *Game, base string, baseHash uint64) {
	// (b) The second player takes Black: the seats exchange colors and
	// the first player, now White, places the fourth stone.
	rulestest.Play(t, g, "swap")
	swap2Seats(t, g, "(b) after swap", 0, PhaseNone, 1)
	if g.Stones() != 3 || g.ColorToMove() != 1 || !g.Swapped() || g.CanSwap() {
		t.Fatal("(b): White to play the fourth stone, no more swap")
	}
	rulestest.Play(t, g, "J10")
	swap2Seats(t, g, "(b) after the fourth stone", 1, PhaseNone, 1)
	g.Undo()
	g.Undo()
	if g.String() != base || g.Hash() != baseHash {
		t.Fatal("(b): undo does not restore the choice")
	}
}

// swap2OptionC checks option (c) and its two answers from the choice on g
// and undoes back to the choice.
func swap2OptionC(t *testing.T, g *Game, base string, baseHash uint64) {
	// (c) The second player places two more stones; the first player
	// chooses.
	rulestest.Play(t, g, "balance")
	swap2Seats(t, g, "(c) after balance", 1, PhasePlaceTwo, 0)
	if g.Stones() != 3 || g.CanSwap() || g.CanBalance() || g.LastMove() != Balance {
		t.Fatal("(c): balance places no stone and leaves no choice")
	}
	rulestest.Play(t, g, "J10")
	swap2Seats(t, g, "(c) after the white balancing stone", 1, PhasePlaceTwo, 0)
	rulestest.Play(t, g, "G7")
	swap2Seats(t, g, "(c) the first player's choice", 0, PhaseChooseAgain, 0)
	if !g.CanSwap() || g.CanBalance() || len(g.Moves(nil)) != 220+1 {
		t.Fatal("(c): the first player may swap, not balance")
	}
	if _, err := g.ParseMove("balance"); !errors.Is(err, rules.ErrIllegal) {
		t.Fatalf("a second balance: %v", err)
	}
	five := g.String()
	fiveHash := g.Hash()
	// (c1) The first player takes White with the sixth stone: the seats
	// exchange colors, the second player (Black) moves next.
	rulestest.Play(t, g, "F6")
	swap2Seats(t, g, "(c1) after the sixth stone", 1, PhaseNone, 1)
	if c, _ := g.At(5, 9); c != 1 {
		t.Fatal("(c1): the sixth stone is white")
	}
	rulestest.Play(t, g, "K11")
	swap2Seats(t, g, "(c1) after the seventh stone", 0, PhaseNone, 1)
	g.Undo()
	g.Undo()
	if g.String() != five || g.Hash() != fiveHash {
		t.Fatal("(c1): undo does not restore the choice")
	}
	// (c2) The first player takes Black: the second player, White, places
	// the sixth stone.
	rulestest.Play(t, g, "swap")
	swap2Seats(t, g, "(c2) after swap", 1, PhaseNone, 0)
	if g.Stones() != 5 || g.ColorToMove() != 1 || g.CanSwap() {
		t.Fatal("(c2): White to play the sixth stone")
	}
	rulestest.Play(t, g, "F6")
	swap2Seats(t, g, "(c2) after the sixth stone", 0, PhaseNone, 0)
	for g.Ply() > 3 {
		g.Undo()
	}
	if g.String() != base || g.Hash() != baseHash {
		t.Fatal("undo through balance does not restore the choice")
	}
}

// swap2HashesApart checks that the positions of swap2's choices hash apart.
func swap2HashesApart(t *testing.T) {
	// The five positions of the choices hash apart although some share
	// their stones.
	seen := map[uint64]string{}
	for _, line := range []string{"", "swap", "balance", "balance J10 G7", "balance J10 G7 swap"} {
		c := mustNew(t, Options{Size: 15, Opening: Swap2Opening})
		rulestest.Play(t, c, "H8 I9 G9 "+line)
		if prev, dup := seen[c.Hash()]; dup {
			t.Errorf("%q hashes as %q", line, prev)
		}
		seen[c.Hash()] = line
	}
}

func TestSwap2Descriptor(t *testing.T) {
	o, err := Descriptor.Resolve(rules.Options{"opening": "swap2", "rules": "renju"})
	if err != nil {
		t.Fatal(err)
	}
	s, err := Descriptor.New(o)
	if err != nil {
		t.Fatal(err)
	}
	g := s.(*Game)
	if g.Options() != (Options{15, Renju, Swap2Opening}) {
		t.Fatalf("options %+v", g.Options())
	}
	for _, step := range []struct{ move, action string }{
		{"", "opening stone 1 of 3 (black)"}, {"H8", "opening stone 2 of 3 (white)"},
		{"I9", "opening stone 3 of 3 (black)"}, {"G9", "Balance"}, {"balance", "balancing stone 1 of 2 (white)"},
		{"J10", "balancing stone 2 of 2 (black)"}, {"G7", "sixth stone"}, {"swap", ""},
	} {
		if step.move != "" {
			rulestest.Play(t, g, step.move)
		}
		if a := Descriptor.Action(g).String(); !strings.Contains(a, step.action) || (step.action == "") != (a == "") {
			t.Errorf("after %q: action %q, want %q", step.move, a, step.action)
		}
	}
	if d := Descriptor.Describe(o); d != "Gomoku · renju · swap2" {
		t.Errorf("description %q", d)
	}
}
