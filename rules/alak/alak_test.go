package alak

import (
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"planiverse/rules"
	"planiverse/rules/rulestest"
)

// mustParse parses a position or fails the test.
func mustParse(t testing.TB, modern bool, s string) *Game {
	t.Helper()
	g, err := ParsePosition(modern, s)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// texts returns the move texts of the legal moves.
func texts(g *Game) []string {
	var out []string
	for _, m := range g.Moves(nil) {
		out = append(out, g.MoveString(m))
	}
	return out
}

func TestClassicStart(t *testing.T) {
	g := NewClassic()
	if got := g.Position(); got != "xxxx...oooo x" {
		t.Fatalf("start %q", got)
	}
	if got, want := texts(g), []string{"1-5", "2-5", "3-5", "4-5"}; !slices.Equal(got, want) {
		t.Fatalf("start moves %v, want %v", got, want)
	}
	if g.LastMove() != rules.NoMove || g.Modern() || g.Len() != 11 {
		t.Fatal("bad start metadata")
	}
	if d := g.Destinations(2); !slices.Equal(d, []int{4}) {
		t.Fatalf("Destinations(2) = %v, want [4]", d)
	}
	if d := g.Destinations(8); d != nil {
		t.Fatalf("Destinations of an o piece with x to move = %v, want nil", d)
	}
}

// The Games::Alak seed's example game: x wins when o is left with one piece.
func TestSeedClassicGame(t *testing.T) {
	g := NewClassic()
	rulestest.Play(t, g, "3-5 9-7 4-6 10-9")
	if got := g.Position(); got != "xx..xxooo.o x" {
		t.Fatalf("before the last move: %q", got)
	}
	if d := g.Destinations(4); !slices.Equal(d, []int{3, 9}) {
		t.Fatalf("Destinations(4) = %v, want [3 9]", d)
	}
	rulestest.Play(t, g, "5-10")
	if got := g.Position(); got != "xx...x...xo o" {
		t.Fatalf("after 5-10: %q", got)
	}
	if got := g.LastCaptured(); got != 0b111<<6 {
		t.Fatalf("LastCaptured %b, want slots 7-9", got)
	}
	if from, to := g.DecodeMove(g.LastMove()); from != 4 || to != 9 {
		t.Fatalf("DecodeMove(last) = %d, %d", from, to)
	}
	over, score := g.Outcome()
	if !over || score != 1-4 {
		t.Fatalf("Outcome = %v, %d; want over, -3 (o to move has lost)", over, score)
	}
	if len(g.Moves(nil)) != 0 {
		t.Fatal("moves listed after the end")
	}
	if _, err := g.ParseMove("11-8"); !errors.Is(err, rules.ErrIllegal) {
		t.Fatalf("move after the end: %v", err)
	}
	if !strings.Contains(g.String(), "x wins by 3") {
		t.Fatalf("diagram:\n%s", g)
	}
}

func TestClassicCaptures(t *testing.T) {
	cases := []struct {
		name, pos, move, after string
		captured               uint32
	}{
		// x lands next to o on slot 1: no capture against the edge.
		{"no edge capture", "o.x.x..oo.. x", "3-2", "ox..x..oo.. o", 0},
		// o lands between two x pieces: safe, and captures nothing.
		{"landing between enemies", "x.xo..o.... o", "4-2", "xox...o.... x", 0},
		// x closes runs on both sides of its landing slot.
		{"two-sided capture", "xo.oxx..o.. x", "6-3", "x.x.x...o.. o", 1<<1 | 1<<3},
		// A run of two closed by a piece that did not move.
		{"long run", "x.oox...o.o x", "1-2", ".x..x...o.o o", 1<<2 | 1<<3},
		// The vacated slot does not close a run.
		{"vacated slot", "xoo.x...o.. x", "1-4", ".ooxx...o.. o", 0},
	}
	for _, c := range cases {
		g := mustParse(t, false, c.pos)
		rulestest.Play(t, g, c.move)
		if got := g.Position(); got != c.after {
			t.Errorf("%s: %s after %s: %q, want %q", c.name, c.pos, c.move, got, c.after)
		}
		if got := g.LastCaptured(); got != c.captured {
			t.Errorf("%s: captured %b, want %b", c.name, got, c.captured)
		}
	}
}

func TestClassicRepetitionDraw(t *testing.T) {
	g := mustParse(t, false, "xx.......oo x")
	cycle := "2-3 10-9 3-2 9-10 "
	rulestest.Play(t, g, cycle)
	if g.Repetitions() != 2 {
		t.Fatalf("repetitions %d after one cycle, want 2", g.Repetitions())
	}
	rulestest.Play(t, g, cycle[:len(cycle)-5]) // three plies
	if over, _ := g.Outcome(); over {
		t.Fatal("over before the third occurrence")
	}
	rulestest.Play(t, g, "9-10")
	over, score := g.Outcome()
	if !over || score != 0 || g.Repetitions() != 3 {
		t.Fatalf("after two cycles: over %v score %d reps %d; want a draw", over, score, g.Repetitions())
	}
	if len(g.Moves(nil)) != 0 || !strings.Contains(g.String(), "draw by repetition") {
		t.Fatalf("moves listed or wrong diagram after the draw:\n%s", g)
	}
	g.Undo()
	if over, _ := g.Outcome(); over || g.Repetitions() != 2 {
		t.Fatalf("undo of the drawing move: over %v, reps %d", over, g.Repetitions())
	}
}

func TestModernStart(t *testing.T) {
	for _, n := range []int{7, 11, 26} {
		g, err := NewModern(n)
		if err != nil {
			t.Fatal(err)
		}
		if g.Len() != n || !g.Modern() || len(g.Moves(nil)) != n || g.ToMove() != 0 {
			t.Fatalf("NewModern(%d): len %d, moves %d", n, g.Len(), len(g.Moves(nil)))
		}
		if g.MoveString(rules.Move(n-1)) != string(rune('a'+n-1)) {
			t.Fatalf("last point text %q", g.MoveString(rules.Move(n-1)))
		}
	}
	for _, n := range []int{0, 6, 27} {
		if _, err := NewModern(n); err == nil {
			t.Fatalf("NewModern(%d) succeeded", n)
		}
	}
}

func TestModernCaptures(t *testing.T) {
	cases := []struct {
		name, pos, move, after string
		captured               uint32
	}{
		{"edge capture", "o...... x", "b", ".x..... o ko=a", 1},
		{"edge capture right", ".....xx o", "e", "....o.. x ko=fg", 0b11 << 5},
		{"two-sided capture", "xo.ox.. x", "c", "x.x.x.. o ko=bd", 1<<1 | 1<<3},
		{"group of three", ".xxxo.. o", "a", "o...o.. x ko=bcd", 0b111 << 1},
		{"open group survives", ".o.o... x", "c", ".oxo... o", 0},
		{"no suicide", "xo.ox.. o", "c", "xooox.. x", 0},
		{"closed by an old stone", "oxo.... x", "d", "ox.x... o ko=c", 1 << 2},
	}
	for _, c := range cases {
		g := mustParse(t, true, c.pos)
		rulestest.Play(t, g, c.move)
		if got := g.Position(); got != c.after {
			t.Errorf("%s: %s after %s: %q, want %q", c.name, c.pos, c.move, got, c.after)
		}
		if got := g.LastCaptured(); got != c.captured {
			t.Errorf("%s: captured %b, want %b", c.name, got, c.captured)
		}
		if got := g.Forbidden(); got != c.captured {
			t.Errorf("%s: forbidden %b, want the captured points %b", c.name, got, c.captured)
		}
	}
}

func TestModernKo(t *testing.T) {
	g := mustParse(t, true, "o...o.. x")
	rulestest.Play(t, g, "b") // captures a
	if g.Forbidden() != 1 {
		t.Fatalf("forbidden %b, want point a", g.Forbidden())
	}
	if _, err := g.ParseMove("a"); !errors.Is(err, rules.ErrIllegal) {
		t.Fatalf("ko point a accepted: %v", err)
	}
	if slices.Contains(texts(g), "a") {
		t.Fatal("ko point a in Moves")
	}
	rulestest.Play(t, g, "g") // o plays elsewhere
	if g.Forbidden() != 0 {
		t.Fatalf("x has forbidden points %b", g.Forbidden())
	}
	rulestest.Play(t, g, "d") // x plays elsewhere, capturing nothing
	if g.Forbidden() != 0 || !slices.Contains(texts(g), "a") {
		t.Fatalf("ko lasted more than one turn: forbidden %b", g.Forbidden())
	}
	rulestest.Play(t, g, "a")
}

func TestModernEnd(t *testing.T) {
	// x fills the last point and captures f; o's only empty point is forbidden.
	g := mustParse(t, true, "xoxoxo. x")
	rulestest.Play(t, g, "g")
	if got := g.Position(); got != "xoxox.x o ko=f" {
		t.Fatalf("after g: %q", got)
	}
	over, score := g.Outcome()
	if !over || score != 2-4 {
		t.Fatalf("Outcome %v %d, want over with o losing by 2", over, score)
	}
	if len(g.Moves(nil)) != 0 {
		t.Fatal("moves after the end")
	}
	// A full board: the side to move (x) has fewer stones.
	g = mustParse(t, true, "xoxoxo. o")
	rulestest.Play(t, g, "g")
	if over, score := g.Outcome(); !over || score != 3-4 {
		t.Fatalf("full board: Outcome %v %d, want over, -1", over, score)
	}
	// Equal stones: a draw.
	g = mustParse(t, true, "xoxoxox o")
	if over, score := g.Outcome(); !over || score != 3-4 {
		t.Fatalf("full board, o to move: %v %d", over, score)
	}
	g = mustParse(t, true, "xoxoxoox x")
	if over, score := g.Outcome(); !over || score != 0 {
		t.Fatalf("equal full board: %v %d", over, score)
	}
}

// A ko fight that cycles on 7 points (found by a search): the position after
// "a d c e" recurs after every 6 plies; its third occurrence is a draw.
func TestModernRepetitionDraw(t *testing.T) {
	g, _ := NewModern(7)
	rulestest.Play(t, g, "a d c e")
	start := g.Position()
	cycle := "f b g e a d"
	rulestest.Play(t, g, cycle)
	if g.Position() != start || g.Repetitions() != 2 {
		t.Fatalf("after one cycle %q reps %d", g.Position(), g.Repetitions())
	}
	rulestest.Play(t, g, cycle)
	over, score := g.Outcome()
	if !over || score != 0 || g.Repetitions() != 3 {
		t.Fatalf("after two cycles: over %v score %d reps %d", over, score, g.Repetitions())
	}
}

// The same board with different forbidden points is a different position.
func TestModernRepetitionNeedsSameKo(t *testing.T) {
	g, _ := NewModern(7)
	rulestest.Play(t, g, "a d c e f b")
	h := g.Hash()
	if g.Forbidden() == 0 {
		t.Fatal("expected a ko")
	}
	pos := g.Position()
	if !strings.Contains(pos, " ko=") || mustParse(t, true, pos).Hash() != h {
		t.Fatalf("%q does not carry the ko into the same position", pos)
	}
	bare, _, _ := strings.Cut(pos, " ko=")
	if h == mustParse(t, true, bare).Hash() {
		t.Fatal("hash ignores the forbidden points")
	}
}

// TestPositionKo checks ParsePosition's ko= field: the forbidden points are
// refused by Moves and ParseMove (and lifted by the next move), Position
// writes them back, and bad fields are errors that say what is wrong.
func TestPositionKo(t *testing.T) {
	for _, c := range []struct {
		pos       string
		forbidden uint32
		refused   []string
	}{
		{"x.o.xx. o ko=b", 1 << 1, []string{"b"}},
		{"x...x.. o ko=bd", 1<<1 | 1<<3, []string{"b", "d"}},
		{".......... x ko=a", 1, []string{"a"}},
		{strings.Repeat(".", 26) + " x ko=z", 1 << 25, []string{"z"}},
	} {
		g := mustParse(t, true, c.pos)
		if g.Forbidden() != c.forbidden {
			t.Errorf("%q: forbidden %b, want %b", c.pos, g.Forbidden(), c.forbidden)
		}
		moves := texts(g)
		for _, p := range c.refused {
			if slices.Contains(moves, p) {
				t.Errorf("%q: ko point %s among the moves %v", c.pos, p, moves)
			}
			if _, err := g.ParseMove(p); !errors.Is(err, rules.ErrIllegal) || !strings.Contains(err.Error(), "ko") {
				t.Errorf("%q: ParseMove(%s) on the ko point: %v", c.pos, p, err)
			}
		}
		if want := g.Len() - bits.OnesCount32(g.Stones(0)|g.Stones(1)|c.forbidden); len(moves) != want {
			t.Errorf("%q: %d moves %v, want %d", c.pos, len(moves), moves, want)
		}
		if g.Position() != c.pos || g.Hash() != ScratchHash(g) {
			t.Errorf("%q: round trip %q", c.pos, g.Position())
		}
		if back := mustParse(t, true, g.Position()); back.Hash() != g.Hash() {
			t.Errorf("%q: read back with another hash", c.pos)
		}
		// The ko lasts one turn; Undo brings it back.
		rulestest.Play(t, g, moves[0])
		if g.Forbidden()&c.forbidden != 0 {
			t.Errorf("%q: still forbidden after %s: %b", c.pos, moves[0], g.Forbidden())
		}
		g.Undo()
		if g.Forbidden() != c.forbidden || g.Hash() != ScratchHash(g) || g.Position() != c.pos {
			t.Errorf("%q: undo lost the start position's ko: %q", c.pos, g.Position())
		}
	}
	// A bare position has no ko and hashes differently from the same
	// board with one.
	if mustParse(t, true, "x.o.xx. o").Hash() == mustParse(t, true, "x.o.xx. o ko=b").Hash() {
		t.Error("the ko does not change the hash")
	}
	for _, c := range []struct {
		modern   bool
		pos, why string
	}{
		{true, "x.o.xx. o ko=a", "occupied"},
		{true, "x.o.xx. o ko=h", "not one of a..g"},
		{true, "x.o.xx. o ko=B", "not one of a..g"},
		{true, strings.Repeat(".", 24) + " o ko=y", "not one of a..x"},
		{true, "x.o.xx. o ko=1", "not one of a..g"},
		{true, "x.o.xx. o ko=", "want ko=<point letters>"},
		{true, "x.o.xx. o kb=b", "want ko=<point letters>"},
		{true, "x.o.xx. o b", "want ko=<point letters>"},
		{true, "x.o.xx. o ko=b x", "want the slots"},
		{false, "xxxx...oooo x ko=e", "classic Alak has no ko"},
	} {
		_, err := ParsePosition(c.modern, c.pos)
		if !errors.Is(err, rules.ErrSyntax) || !strings.Contains(err.Error(), c.why) || !strings.Contains(err.Error(), c.pos) {
			t.Errorf("ParsePosition(%v, %q) = %v; want ErrSyntax quoting the text and saying %q", c.modern, c.pos, err, c.why)
		}
	}
}

// TestVariantHashes checks that the hash tells the variants apart, so that
// one engine's transposition table cannot mix them: the same stones under
// both rule sets and on boards of different lengths hash differently, and
// the start positions of every variant (classic, modern on 7..26 points)
// hash to distinct non-zero values.
func TestVariantHashes(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 4))
	alike := 0
	for range 300 {
		b := []byte("...........")
		for i := range b {
			b[i] = "xo."[r.IntN(3)]
		}
		b[r.IntN(len(b))] = '.' // classic needs an empty slot
		pos := string(b) + " " + string("xo"[r.IntN(2)])
		c, m := mustParse(t, false, pos), mustParse(t, true, pos)
		if c.Hash() == m.Hash() {
			alike++
		}
	}
	if alike > 0 {
		t.Errorf("%d of 300 boards hash alike in classic and modern 11", alike)
	}
	starts := map[uint64]string{}
	same := map[uint64]string{}
	add := func(seen map[uint64]string, name string, h uint64) {
		t.Helper()
		if prev, dup := seen[h]; dup || h == 0 {
			t.Errorf("%s hashes to %x, as %q", name, h, prev)
		}
		seen[h] = name
	}
	add(starts, "classic start", NewClassic().Hash())
	for n := MinPoints; n <= MaxPoints; n++ {
		g, err := NewModern(n)
		if err != nil {
			t.Fatal(err)
		}
		add(starts, fmt.Sprintf("empty modern %d", n), g.Hash())
		// The same stones (x on a, o on b) on every board length.
		pos := "xo" + strings.Repeat(".", n-2) + " x"
		add(same, pos, mustParse(t, true, pos).Hash())
	}
}

func TestParseMoveErrors(t *testing.T) {
	c := NewClassic()
	m, _ := NewModern(9)
	cases := []struct {
		g    *Game
		text string
		want error
	}{
		{c, "", rules.ErrSyntax},
		{c, "3", rules.ErrSyntax},
		{c, "3-", rules.ErrSyntax},
		{c, "a-b", rules.ErrSyntax},
		{c, "0-5", rules.ErrSyntax},
		{c, "3-12", rules.ErrSyntax},
		{c, "5-6", rules.ErrIllegal}, // empty slot
		{c, "8-7", rules.ErrIllegal}, // o piece, x to move
		{c, "3-6", rules.ErrIllegal}, // not the nearest empty slot
		{c, "3-2", rules.ErrIllegal}, // occupied
		{m, "", rules.ErrSyntax},
		{m, "ab", rules.ErrSyntax},
		{m, "1", rules.ErrSyntax},
		{m, "j", rules.ErrSyntax}, // 9 points: a-i
	}
	for _, k := range cases {
		before := k.g.Position()
		_, err := k.g.ParseMove(k.text)
		if !errors.Is(err, k.want) {
			t.Errorf("ParseMove(%q) = %v, want %v", k.text, err, k.want)
		}
		if k.g.Position() != before {
			t.Errorf("ParseMove(%q) changed the position", k.text)
		}
	}
	rulestest.Play(t, m, "c")
	if _, err := m.ParseMove("c"); !errors.Is(err, rules.ErrIllegal) {
		t.Errorf("occupied point: %v", err)
	}
	if mv, err := m.ParseMove(" D "); err != nil || mv != 3 {
		t.Errorf("ParseMove(\" D \") = %v, %v", mv, err)
	}
	if mv, err := c.ParseMove("4-5"); err != nil || mv != ClassicMove(3, 4) {
		t.Errorf("ParseMove(4-5) = %v, %v", mv, err)
	}
}

func TestParsePosition(t *testing.T) {
	bad := []struct {
		modern bool
		s      string
	}{
		{false, ""},
		{false, "xxxx...oooo"},
		{false, "xxxx...oooo x extra"},
		{false, "xxxx...ooo x"},   // 10 slots
		{false, "xxxx...ooooo x"}, // 12 slots
		{false, "xxxx...oooO x"},
		{false, "xxxx...oooo X"},
		{false, "xxxx-..oooo x"},
		{false, "xxxxxxooooo x"}, // no empty slot
		{true, "...... x"},       // 6 points
		{true, strings.Repeat(".", 27) + " x"},
		{true, "....... -"},
	}
	for _, b := range bad {
		if _, err := ParsePosition(b.modern, b.s); !errors.Is(err, rules.ErrSyntax) {
			t.Errorf("ParsePosition(%v, %q) = %v, want ErrSyntax", b.modern, b.s, err)
		}
	}
	good := []struct {
		modern bool
		s      string
	}{
		{false, ".xxx...xoo. x"},
		{false, "x.........o o"},
		{true, "xo.ox.. o"},
		{true, strings.Repeat("xo", 13) + " x"},
	}
	for _, c := range good {
		g := mustParse(t, c.modern, c.s)
		if g.Position() != c.s {
			t.Errorf("round trip %q -> %q", c.s, g.Position())
		}
		if g.Hash() != ScratchHash(g) {
			t.Errorf("%q: hash", c.s)
		}
	}
	g := mustParse(t, false, ".xxx...xoo. o")
	if p, ok := g.At(1); !ok || p != 0 {
		t.Error("At(1)")
	}
	if p, ok := g.At(8); !ok || p != 1 {
		t.Error("At(8)")
	}
	if _, ok := g.At(0); ok {
		t.Error("At(0) of an empty slot")
	}
	if _, ok := g.At(11); ok {
		t.Error("At(11) off the board")
	}
	if x, o := g.Count(); x != 4 || o != 2 {
		t.Errorf("Count = %d, %d", x, o)
	}
	// Both sides below two pieces: a draw (our decision).
	if over, score := mustParse(t, false, "x.........o x").Outcome(); !over || score != 0 {
		t.Errorf("both below two: %v %d", over, score)
	}
	if over, score := mustParse(t, false, "xx........o x").Outcome(); !over || score != 1 {
		t.Errorf("o below two: %v %d", over, score)
	}
}

func TestDecode(t *testing.T) {
	c := NewClassic()
	if f, to := c.DecodeMove(ClassicMove(4, 9)); f != 4 || to != 9 {
		t.Errorf("DecodeMove classic = %d %d", f, to)
	}
	m, _ := NewModern(7)
	if f, to := m.DecodeMove(rules.Move(5)); f != -1 || to != 5 {
		t.Errorf("DecodeMove modern = %d %d", f, to)
	}
	if f, to := c.DecodeMove(rules.NoMove); f != -1 || to != -1 {
		t.Errorf("DecodeMove(NoMove) = %d %d", f, to)
	}
	if f, to := c.DecodeMove(ClassicMove(0, 4)); f != 0 || to != 4 {
		t.Errorf("DecodeMove classic from slot 0 = %d %d", f, to)
	}
}

// naiveMoves is a deliberately simple string implementation of the move
// generator and the captures of both rule sets, for differential tests:
// it returns the legal moves' texts with the resulting boards.
func naiveMoves(modern bool, board string, side byte, forbidden uint32) map[string]string {
	opp := byte('o')
	if side == 'o' {
		opp = 'x'
	}
	out := map[string]string{}
	finish := func(b []byte, at int) string {
		for _, dir := range []int{-1, 1} {
			j := at + dir
			for j >= 0 && j < len(b) && b[j] == opp {
				j += dir
			}
			if j == at+dir {
				continue
			}
			closed := false
			if j < 0 || j >= len(b) {
				closed = modern
			} else {
				closed = b[j] == side
			}
			if closed {
				for k := at + dir; k != j; k += dir {
					b[k] = '.'
				}
			}
		}
		return string(b)
	}
	for i := 0; i < len(board); i++ {
		if modern {
			if board[i] == '.' && forbidden&(1<<i) == 0 {
				b := []byte(board)
				b[i] = side
				out[string(rune('a'+i))] = finish(b, i)
			}
			continue
		}
		if board[i] != side {
			continue
		}
		for _, dir := range []int{-1, 1} {
			j := i + dir
			for j >= 0 && j < len(board) && board[j] != '.' {
				j += dir
			}
			if j < 0 || j >= len(board) {
				continue
			}
			b := []byte(board)
			b[i], b[j] = '.', side
			out[itoa(i+1)+"-"+itoa(j+1)] = finish(b, j)
		}
	}
	return out
}

func itoa(i int) string {
	if i >= 10 {
		return string(rune('0'+i/10)) + string(rune('0'+i%10))
	}
	return string(rune('0' + i))
}

// Differential test: moves and captures agree with naiveMoves on random
// positions of both rule sets.
func TestAgainstNaive(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 7))
	for iter := 0; iter < 3000; iter++ {
		modern := iter%2 == 1
		n := ClassicSlots
		if modern {
			n = MinPoints + r.IntN(MaxPoints-MinPoints+1)
		}
		b := make([]byte, n)
		for i := range b {
			b[i] = ".xo"[r.IntN(3)]
		}
		if !modern && !strings.Contains(string(b), ".") {
			b[r.IntN(n)] = '.'
		}
		side := "xo"[r.IntN(2)]
		g := mustParse(t, modern, string(b)+" "+string(side))
		var forbidden uint32
		if modern {
			forbidden = uint32(r.Uint64()) & ((1<<n - 1) &^ (g.stones[0] | g.stones[1]))
		}
		want := naiveMoves(modern, string(b), side, forbidden)
		s := rules.Seat(strings.IndexByte("xo", side))
		got := map[string]string{}
		for _, m := range AppendMoves(modern, n, g.stones[s], g.stones[s^1], forbidden, nil) {
			own, opp, c := Step(modern, n, g.stones[s], g.stones[s^1], m)
			if c&own != 0 || own&opp != 0 || c != g.stones[s^1]&^opp {
				t.Fatalf("%s %c move %s: inconsistent masks", b, side, g.MoveString(m))
			}
			var x, o uint32 = own, opp
			if s == 1 {
				x, o = opp, own
			}
			after := make([]byte, n)
			for i := range after {
				after[i] = '.'
				if x&(1<<i) != 0 {
					after[i] = 'x'
				} else if o&(1<<i) != 0 {
					after[i] = 'o'
				}
			}
			got[g.MoveString(m)] = string(after)
		}
		if len(got) != len(want) {
			t.Fatalf("%s %c (modern %v, forbidden %b): moves %v, naive %v", b, side, modern, forbidden, got, want)
		}
		for k, v := range want {
			if got[k] != v {
				t.Fatalf("%s %c (modern %v): move %s gives %q, naive %q", b, side, modern, k, got[k], v)
			}
		}
	}
}

// invariants checks the masks, the forbidden points and the text round trip.
func invariants(s rules.State) string {
	g := s.(*Game)
	full := uint32(1)<<g.n - 1
	switch {
	case g.stones[0]&g.stones[1] != 0:
		return "x and o overlap"
	case (g.stones[0]|g.stones[1])&^full != 0:
		return "a piece off the board"
	case g.Forbidden()&(g.stones[0]|g.stones[1]) != 0:
		return "a forbidden point is occupied"
	case !g.modern && (bits.OnesCount32(g.stones[0]) > 4 || bits.OnesCount32(g.stones[1]) > 4):
		return "more than four pieces in classic"
	case g.Repetitions() < 1 || g.Repetitions() > 3:
		return "repetition count out of range"
	}
	reps := 1
	for k := len(g.hist) - 2; k >= 0 && reps < 3; k -= 2 {
		if g.hist[k].hash == g.hash {
			reps++
		}
	}
	if reps != g.Repetitions() {
		return "repetition count differs from a full history scan"
	}
	back, err := ParsePosition(g.modern, g.Position())
	if err != nil || back.stones != g.stones || back.side != g.side {
		return "Position does not round-trip"
	}
	if over, score := g.Outcome(); over && !g.modern && score == 0 && g.Repetitions() < 3 {
		return "classic draw without repetition"
	}
	return ""
}

// games lists the rule sets the generic checks run on.
var games = []struct {
	name string
	new  func() rules.State
}{
	{"classic", func() rules.State { return NewClassic() }},
	{"modern7", func() rules.State { g, _ := NewModern(7); return g }},
	{"modern11", func() rules.State { g, _ := NewModern(11); return g }},
	{"modern26", func() rules.State { g, _ := NewModern(26); return g }},
}

func spec(newGame func() rules.State) rulestest.Game {
	return rulestest.Game{
		New:         newGame,
		ScratchHash: func(s rules.State) uint64 { return ScratchHash(s.(*Game)) },
		Invariants:  invariants,
	}
}

func TestRandomPlayouts(t *testing.T) {
	for i, g := range games {
		t.Run(g.name, func(t *testing.T) {
			rulestest.RandomPlayouts(t, spec(g.new), 40, 300, uint64(i+1))
		})
	}
}

func TestNoAllocs(t *testing.T) {
	for i, g := range games {
		t.Run(g.name, func(t *testing.T) {
			rulestest.NoAllocs(t, spec(g.new), 120, uint64(i+10))
		})
	}
}

// Clone is deep: playing on the copy leaves the original unchanged.
func TestClone(t *testing.T) {
	g := NewClassic()
	rulestest.Play(t, g, "3-5 9-7")
	c := g.Clone().(*Game)
	rulestest.Play(t, c, "4-6 10-9 5-10")
	c.Undo()
	c.Undo()
	c.Undo()
	if g.Position() != c.Position() || g.Hash() != c.Hash() || g.LastMove() != c.LastMove() {
		t.Fatal("clone differs after play and undo")
	}
	rulestest.Play(t, g, "4-6")
	if c.Plies() != 2 {
		t.Fatal("clone shares history")
	}
}

func FuzzPlayout(f *testing.F) {
	f.Add(byte(0), []byte{})
	f.Add(byte(1), []byte{2, 3, 0, 1, 5})
	f.Add(byte(2), []byte("alak alak alak"))
	f.Add(byte(3), []byte{0, 3, 2, 4, 5, 1, 6, 4, 0, 3, 5, 1, 6, 4, 0, 3})
	f.Fuzz(func(t *testing.T, variant byte, choices []byte) {
		g := games[int(variant)%len(games)]
		rulestest.Playout(t, spec(g.new), choices, 400)
	})
}

func BenchmarkPlayUndo(b *testing.B) {
	for _, gm := range games[:2] {
		b.Run(gm.name, func(b *testing.B) {
			s := gm.new()
			buf := make([]rules.Move, 0, 64)
			for b.Loop() {
				buf = s.Moves(buf[:0])
				for _, m := range buf {
					s.Play(m)
					s.Undo()
				}
			}
		})
	}
}

func BenchmarkPerft(b *testing.B) {
	for _, gm := range games[:2] {
		b.Run(gm.name, func(b *testing.B) {
			s := gm.new()
			var buf []rules.Move
			for b.Loop() {
				_, buf = rules.Perft(s, 8, false, buf)
			}
		})
	}
}
