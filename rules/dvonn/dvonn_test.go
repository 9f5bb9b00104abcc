package dvonn

import (
	"bufio"
	"compress/gzip"
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"planiverse/rules"
	"planiverse/rules/rulestest"
)

// RULES.md, DVONN, known perft values.
const (
	placement1 = "C3 B3 C4 C1 B2 F4 D5 H4 E5 G1 C2 C5 B4 F1 A3 F2 A2 F3 D4 K4 D3 J4 E4 I3 D2 " +
		"E2 D1 G2 E3 I5 A1 H5 F5 H2 E1 B1 G5 G3 G4 K3 H1 J3 J5 K5 I1 I2 H3 J2 I4"
	moves2 = "G5F4 H5G4 F4F2 F1F2 E1F2 G2F2 E3E2 F3E2 D1C1 G4E4"
)

var (
	perft1 = []uint64{49, 2074, 102997, 4672518, 236303432}
	perft2 = []uint64{51, 2072, 98653, 3545058, 160345269}
	perft0 = []uint64{49, 2352, 110544, 5085024}
)

// replay plays space-separated move texts from New, failing the test on any
// rejected move.
func replay(t testing.TB, text string) *Game {
	t.Helper()
	g := New()
	for _, mv := range strings.Fields(text) {
		m, err := g.ParseMove(mv)
		if err != nil {
			t.Fatalf("replay %s: %v\n%s", mv, err, g)
		}
		g.Play(m)
	}
	return g
}

func TestGeometry(t *testing.T) {
	t.Run("cells", testGeometryCells)
	t.Run("names", testGeometryNames)
	t.Run("off the board", testGeometryOffBoard)
	t.Run("E3", testGeometryE3)
}

// testGeometryCells checks names, coordinates and neighbors of every cell,
// and the counts of adjacent pairs and inner cells.
func testGeometryCells(t *testing.T) {
	edges, innerCells := 0, 0
	for c := range NumCells {
		name := CellName(c)
		if back, ok := CellIndex(strings.ToLower(name)); !ok || back != c {
			t.Errorf("CellIndex(%q) = %d, %v; want %d", name, back, ok, c)
		}
		col, row := CellCoord(c)
		if back, ok := CellAt(col, row); !ok || back != c {
			t.Errorf("CellAt(CellCoord(%d)) = %d, %v", c, back, ok)
		}
		for _, n := range Neighbors(c) {
			if NeighborMask(n)&(1<<c) == 0 {
				t.Errorf("neighbors not symmetric: %s %s", name, CellName(n))
			}
		}
		edges += len(Neighbors(c))
		if !EdgeCell(c) {
			innerCells++
		}
	}
	// 49 cells: 5 rows; edges of the hex-like grid.
	if edges/2 != 120 {
		t.Errorf("%d adjacent pairs, want 120", edges/2)
	}
	if innerCells != 25 {
		t.Errorf("%d inner cells, want 25 (rows 2..4 without their ends)", innerCells)
	}
}

// testGeometryNames checks the names of the rows' ends and names that are
// no space.
func testGeometryNames(t *testing.T) {
	for _, tc := range []struct {
		name string
		cell int
	}{{"A1", 0}, {"I1", 8}, {"A2", 9}, {"J2", 18}, {"A3", 19}, {"K3", 29}, {"B4", 30}, {"K4", 39}, {"C5", 40}, {"K5", 48}} {
		if c, ok := CellIndex(tc.name); !ok || c != tc.cell {
			t.Errorf("CellIndex(%s) = %d, want %d", tc.name, c, tc.cell)
		}
	}
	for _, bad := range []string{"", "A", "A4", "J1", "L3", "A0", "A6", "K1", "C55", "11"} {
		if c, ok := CellIndex(bad); ok {
			t.Errorf("CellIndex(%q) = %d, want no space", bad, c)
		}
	}
}

// testGeometryOffBoard checks the cell functions on cells off the board.
func testGeometryOffBoard(t *testing.T) {
	for _, bad := range []int{-1, 49, 64, 1000} {
		g := New()
		if c, r := CellCoord(bad); c != -1 || r != -1 || Neighbors(bad) != nil || NeighborMask(bad) != 0 ||
			TargetMask(bad, 1) != 0 || !EdgeCell(bad) || CellName(bad) != "??" || g.Targets(bad) != 0 {
			t.Errorf("cell %d outside the board not handled", bad)
		}
		if h, top, dv := g.Stack(bad); h != 0 || top != Empty || dv != 0 {
			t.Errorf("Stack(%d) not empty", bad)
		}
	}
}

// testGeometryE3 checks the neighbors of E3.
func testGeometryE3(t *testing.T) {
	// E3's neighbors: D3 F3 E2 E4 F4 D2.
	want := map[string]bool{"D3": true, "F3": true, "E2": true, "E4": true, "F4": true, "D2": true}
	e3, _ := CellIndex("E3")
	for _, n := range Neighbors(e3) {
		if !want[CellName(n)] {
			t.Errorf("E3 has neighbor %s", CellName(n))
		}
	}
	if len(Neighbors(e3)) != 6 {
		t.Errorf("E3 has %d neighbors", len(Neighbors(e3)))
	}
}

func TestPerftPlacement(t *testing.T) {
	g := New()
	for d, want := range perft0 {
		if got, _ := rules.Perft(g, d+1, false, nil); got != want {
			t.Errorf("placement perft(%d) = %d, want %d", d+1, got, want)
		}
	}
}

func TestPerftMovement(t *testing.T) {
	for i, tc := range []struct {
		moves string
		want  []uint64
	}{{placement1, perft1}, {placement1 + " " + moves2, perft2}} {
		g := replay(t, tc.moves)
		for d := 1; d <= 3; d++ {
			if got, _ := rules.Perft(g, d, false, nil); got != tc.want[d-1] {
				t.Errorf("position %d perft(%d) = %d, want %d", i+1, d, got, tc.want[d-1])
			}
			if got := perftDirect(g, d); got != tc.want[d-1] {
				t.Errorf("position %d perftDirect(%d) = %d, want %d", i+1, d, got, tc.want[d-1])
			}
		}
		if ScratchHash(g) != g.Hash() {
			t.Errorf("hash differs after replay")
		}
	}
}

// perftDirect is perft without the interface: a specialised move loop with
// bulk counting at the last ply (the DVONN convention: a finished game has
// no children).
func perftDirect(g *Game, depth int) uint64 {
	p := g.toMove
	if depth == 1 {
		if n := g.CountMoves(p); n > 0 {
			return uint64(n)
		}
		if g.canMove(p ^ 1) {
			return 1
		}
		return 0
	}
	var total uint64
	any := false
	for m := g.ctrl[p]; m != 0; m &= m - 1 {
		c := bits.TrailingZeros64(m)
		for t := g.targets(c); t != 0; t &= t - 1 {
			any = true
			g.Play(Step(c, bits.TrailingZeros64(t)))
			total += perftDirect(g, depth-1)
			g.Undo()
		}
	}
	if !any && g.canMove(p^1) {
		g.Play(rules.Pass)
		total = perftDirect(g, depth-1)
		g.Undo()
	}
	return total
}

func BenchmarkPerft5(b *testing.B) {
	g := replay(b, placement1)
	b.Run("interface", func(b *testing.B) {
		var s rules.State = g
		buf := make([]rules.Move, 0, 1024)
		for b.Loop() {
			var n uint64
			if n, buf = rules.Perft(s, 5, false, buf); n != perft1[4] {
				b.Fatalf("perft(5) = %d, want %d", n, perft1[4])
			}
		}
	})
	b.Run("direct", func(b *testing.B) {
		for b.Loop() {
			if n := perftDirect(g, 5); n != perft1[4] {
				b.Fatalf("perft(5) = %d, want %d", n, perft1[4])
			}
		}
	})
	g2 := replay(b, placement1+" "+moves2)
	b.Run("position2", func(b *testing.B) {
		for b.Loop() {
			if n := perftDirect(g2, 5); n != perft2[4] {
				b.Fatalf("perft(5) = %d, want %d", n, perft2[4])
			}
		}
	})
}

func BenchmarkPerft4(b *testing.B) {
	for i, tc := range []struct {
		moves string
		want  uint64
	}{{placement1, perft1[3]}, {placement1 + " " + moves2, perft2[3]}} {
		g := replay(b, tc.moves)
		b.Run(fmt.Sprintf("position%d", i+1), func(b *testing.B) {
			buf := make([]rules.Move, 0, 1024)
			for b.Loop() {
				var n uint64
				if n, buf = rules.Perft(g, 4, false, buf); n != tc.want {
					b.Fatalf("perft(4) = %d, want %d", n, tc.want)
				}
			}
		})
	}
}

// corpusPath is the boardspace game collection (../shared/data/README.md).
const corpusPath = "../../../shared/data/dvonn-boardspace-games.txt.gz"

func TestCorpus(t *testing.T) {
	f, err := os.Open(corpusPath)
	if err != nil {
		t.Skipf("corpus missing: %v", err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(zr)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	counts := map[string]int{}
	g := New()
	for sc.Scan() {
		line := sc.Text()
		head, moves, ok := strings.Cut(line, " : ")
		fields := strings.Fields(head)
		if len(fields) < 2 {
			t.Fatalf("bad line %q", line)
		}
		name, result := fields[0], fields[1]
		counts[result]++
		if result == "skip" {
			continue
		}
		if !ok {
			t.Fatalf("%s: no moves", name)
		}
		for g.Plies() > 0 {
			g.Undo()
		}
		failed := false
		for i, mv := range strings.Fields(moves) {
			m, err := g.ParseMove(mv)
			if err != nil {
				t.Errorf("%s: move %d %s rejected: %v", name, i+1, mv, err)
				failed = true
				break
			}
			g.Play(m)
		}
		if failed {
			continue
		}
		switch result {
		case "over":
			var w, b int
			if _, err := fmt.Sscanf(fields[2]+" "+fields[3], "W%d B%d", &w, &b); err != nil {
				t.Fatalf("%s: result %q: %v", name, head, err)
			}
			over, score := g.Outcome()
			gw, gb := g.Score()
			if !over || gw != w || gb != b {
				t.Errorf("%s: over=%v score W%d B%d, want over W%d B%d", name, over, gw, gb, w, b)
			}
			if want := w - b; over && (g.ToMove() == rules.First && score != want || g.ToMove() == rules.Second && score != -want) {
				t.Errorf("%s: Outcome score %d, want %+d for the side to move", name, score, want)
			}
		case "resigned":
			// Every listed move was legal; some resigned during placement.
		case "illegal":
			_, err := g.ParseMove(fields[2])
			if !errors.Is(err, rules.ErrIllegal) {
				t.Errorf("%s: illegal move %s accepted (err %v)", name, fields[2], err)
			}
		default:
			t.Fatalf("%s: unknown result %q", name, result)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if counts["over"] != 9581 || counts["resigned"] != 110 || counts["illegal"] != 15 {
		t.Errorf("corpus counts %v, want 9581 over, 110 resigned, 15 illegal", counts)
	}
}

// invariants checks the consistency of the representation and the rules'
// invariants: piece counts, phase, connection to the DVONN pieces.
func invariants(s rules.State) string {
	g := s.(*Game)
	var occ, dv uint64
	var ctrl [2]uint64
	var whites, blacks, reds int
	for c := range NumCells {
		st := g.cells[c]
		if st.height == 0 {
			if st != (stack{}) {
				return fmt.Sprintf("empty %s has content %+v", CellName(c), st)
			}
			continue
		}
		if msg := stackInvariants(g, c, st); msg != "" {
			return msg
		}
		occ |= 1 << c
		whites += int(st.whites)
		reds += int(st.dvonns)
		blacks += int(st.height - st.whites - st.dvonns)
		if st.dvonns > 0 {
			dv |= 1 << c
		}
		switch Piece(st.top) {
		case White:
			ctrl[0] |= 1 << c
		case Black:
			ctrl[1] |= 1 << c
		}
	}
	if occ != g.occ || dv != g.dvonn || ctrl != g.ctrl {
		return "masks disagree with cells"
	}
	if g.Placing() {
		return placementInvariants(g, occ, whites, blacks, reds)
	}
	if whites+int(g.gone[0]) != 23 || blacks+int(g.gone[1]) != 23 || reds != 3 || g.gone[2] != 0 {
		return fmt.Sprintf("piece counts %d+%d / %d+%d / %d", whites, g.gone[0], blacks, g.gone[1], reds)
	}
	if Connected(occ, dv) != occ {
		return "a stack is not connected to a DVONN piece"
	}
	if g.removed&occ != 0 {
		return "removed cells still occupied"
	}
	return ""
}

// stackInvariants checks the stack st on the occupied cell c of g: its
// composition, its top piece and, while placing, its height.
func stackInvariants(g *Game, c int, st stack) string {
	if int(st.whites)+int(st.dvonns) > int(st.height) {
		return fmt.Sprintf("%s: composition %+v exceeds height", CellName(c), st)
	}
	switch Piece(st.top) {
	case White:
		if st.whites == 0 {
			return CellName(c) + ": white top without white piece"
		}
	case Black:
		if st.height == st.whites+st.dvonns {
			return CellName(c) + ": black top without black piece"
		}
	case Red:
		if st.height != 1 || st.dvonns != 1 {
			return CellName(c) + ": red on top of a stack"
		}
	default:
		return CellName(c) + ": bad top"
	}
	if g.Placing() && st.height != 1 {
		return CellName(c) + ": stack during placement"
	}
	return ""
}

// placementInvariants checks the piece counts and the placer of g during
// placement (occupied cells occ, pieces counted on the board).
func placementInvariants(g *Game, occ uint64, whites, blacks, reds int) string {
	n := int(g.placed)
	wantW, wantB := 0, 0
	for i := 3; i < n; i++ {
		if i%2 == 0 {
			wantW++
		} else {
			wantB++
		}
	}
	if bits.OnesCount64(occ) != n || whites != wantW || blacks != wantB || reds != min(n, 3) {
		return fmt.Sprintf("placement counts %d/%d/%d of %d placed", whites, blacks, reds, n)
	}
	if g.toMove != rules.Seat(n&1) {
		return "wrong placer"
	}
	return ""
}

var testGame = rulestest.Game{
	New:         func() rules.State { return New() },
	ScratchHash: func(s rules.State) uint64 { return ScratchHash(s.(*Game)) },
	Invariants:  invariants,
}

func TestRandomPlayouts(t *testing.T) {
	rulestest.RandomPlayouts(t, testGame, 150, 200, 1)
}

func TestNoAllocs(t *testing.T) {
	rulestest.NoAllocs(t, testGame, 200, 3)
}

func FuzzPlayout(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Add([]byte(strings.Repeat("\x07\xff\x13\x80", 40)))
	f.Fuzz(func(t *testing.T, b []byte) {
		rulestest.Playout(t, testGame, b, 200)
	})
}

func TestPlaceRandom(t *testing.T) {
	a, b := New(), New()
	a.PlaceRandom(rand.New(rand.NewPCG(7, 8)))
	b.PlaceRandom(rand.New(rand.NewPCG(7, 8)))
	if a.String() != b.String() || a.Hash() != b.Hash() {
		t.Fatal("PlaceRandom with the same seed differs")
	}
	if a.Placing() || a.Plies() != NumCells || a.ToMove() != rules.First {
		t.Fatalf("after PlaceRandom: placing %v, plies %d, to move %d", a.Placing(), a.Plies(), a.ToMove())
	}
	if msg := invariants(a); msg != "" {
		t.Fatal(msg)
	}
	c := New()
	c.PlaceRandom(rand.New(rand.NewPCG(9, 8)))
	if c.String() == a.String() {
		t.Error("different seeds gave the same placement")
	}
	// Partial placement by hand, then random; then undo back to the start.
	d := replay(t, "E3 A1 K5 C3")
	h := d.Hash()
	d.PlaceRandom(rand.New(rand.NewPCG(1, 1)))
	if d.Placing() {
		t.Fatal("still placing")
	}
	for d.Plies() > 4 {
		d.Undo()
	}
	if d.Hash() != h || d.Placed() != 4 {
		t.Error("undo after PlaceRandom does not restore the position")
	}
}

func TestPhases(t *testing.T) {
	g := New()
	want := []Piece{Red, Red, Red, Black, White, Black}
	wantSide := []rules.Seat{0, 1, 0, 1, 0, 1}
	names := strings.Fields(placement1)
	for i, name := range names {
		if i < len(want) && (g.PieceToPlace() != want[i] || g.ToMove() != wantSide[i]) {
			t.Errorf("placement %d: %v by %d, want %v by %d", i+1, g.PieceToPlace(), g.ToMove(), want[i], wantSide[i])
		}
		if i == 48 {
			if g.ToMove() != rules.First || len(g.Moves(nil)) != 1 {
				t.Errorf("49th placement: White must place on the one space left")
			}
		}
		m, err := g.ParseMove(name)
		if err != nil {
			t.Fatal(err)
		}
		g.Play(m)
	}
	if g.Placing() || g.ToMove() != rules.First || g.PieceToPlace() != Empty {
		t.Errorf("after placement: placing %v, to move %d", g.Placing(), g.ToMove())
	}
	if h, top, dv := g.Stack(mustCell("C3")); h != 1 || top != Red || dv != 1 {
		t.Errorf("C3 = %d %v %d, want a lone DVONN piece", h, top, dv)
	}
	if h, top, _ := g.Stack(mustCell("C1")); h != 1 || top != Black {
		t.Errorf("C1 = %d %v, want a black piece (4th placement)", h, top)
	}
	if h, top, _ := g.Stack(mustCell("B2")); h != 1 || top != White {
		t.Errorf("B2 = %d %v, want a white piece (5th placement)", h, top)
	}
	if w, b := g.Score(); w != 23 || b != 23 {
		t.Errorf("score %d %d after placement", w, b)
	}
}

func mustCell(name string) int {
	c, ok := CellIndex(name)
	if !ok {
		panic(name)
	}
	return c
}

func TestParseErrors(t *testing.T) {
	t.Run("placement", testParsePlacementErrors)
	t.Run("illegal stack moves", testParseIllegalStackMoves)
	t.Run("parser agrees with Moves", testParseAgreesWithMoves)
}

// testParsePlacementErrors checks the errors of malformed and illegal
// moves during placement.
func testParsePlacementErrors(t *testing.T) {
	g := New()
	for _, tc := range []struct {
		text string
		err  error
	}{
		{"", rules.ErrSyntax}, {"Z9", rules.ErrSyntax}, {"E3G", rules.ErrSyntax}, {"A1L1", rules.ErrSyntax},
		{"hello", rules.ErrSyntax}, {"PASS", rules.ErrIllegal}, {"E3F3", rules.ErrIllegal},
	} {
		if _, err := g.ParseMove(tc.text); !errors.Is(err, tc.err) {
			t.Errorf("placement: ParseMove(%q) = %v, want %v", tc.text, err, tc.err)
		}
	}
	if m, err := g.ParseMove(" e3 "); err != nil || m != Placement(mustCell("E3")) {
		t.Errorf("ParseMove(e3) = %v, %v", m, err)
	}
	g.Play(Placement(mustCell("E3")))
	if _, err := g.ParseMove("E3"); !errors.Is(err, rules.ErrIllegal) {
		t.Errorf("placement on an occupied space: %v", err)
	}
}

// testParseIllegalStackMoves tries each kind of illegal stack move found on
// the board of placement1 and checks that parsing changes nothing.
func testParseIllegalStackMoves(t *testing.T) {
	g := replay(t, placement1) // White to move.
	h, text := g.Hash(), g.String()
	for _, tc := range []string{"E3", "PASS"} {
		if _, err := g.ParseMove(tc); !errors.Is(err, rules.ErrIllegal) {
			t.Errorf("ParseMove(%q) = %v, want ErrIllegal", tc, err)
		}
	}
	// Each kind of illegal stack move, found on the board.
	kinds := map[string]bool{}
	for from := range NumCells {
		hgt, top, _ := g.Stack(from)
		kind := ""
		switch {
		case top == Red:
			kind = "lone DVONN piece"
		case top == Black:
			kind = "opponent's stack"
		case g.surrounded(from):
			kind = "surrounded"
		default:
			continue
		}
		for _, n := range Neighbors(from) {
			if _, err := g.ParseMove(CellName(from) + CellName(n)); !errors.Is(err, rules.ErrIllegal) {
				t.Errorf("%s %s%s: %v, want ErrIllegal", kind, CellName(from), CellName(n), err)
			}
		}
		kinds[kind] = hgt > 0
	}
	if len(kinds) != 3 {
		t.Errorf("kinds of illegal moves tried: %v", kinds)
	}
	if g.Hash() != h || g.String() != text {
		t.Error("ParseMove changed the position")
	}
}

// testParseAgreesWithMoves checks, in several positions, that every stack
// move the parser accepts is in Moves and vice versa, that rejected ones
// wrap ErrIllegal, and that no move lands on an empty space.
func testParseAgreesWithMoves(t *testing.T) {
	// Every stack move the parser accepts is in Moves and vice versa, in
	// several positions; rejected ones wrap ErrIllegal.
	r := rand.New(rand.NewPCG(11, 12))
	positions := []*Game{replay(t, placement1), replay(t, placement1+" "+moves2)}
	for range 6 {
		p := New()
		p.PlaceRandom(r)
		for range r.IntN(30) {
			ms := p.Moves(nil)
			if len(ms) == 0 {
				break
			}
			p.Play(ms[r.IntN(len(ms))])
		}
		positions = append(positions, p)
	}
	emptyLandings := 0
	for _, p := range positions {
		emptyLandings += checkParseAgrees(t, p)
	}
	if emptyLandings == 0 {
		t.Error("no move onto an empty space tried")
	}
}

// checkParseAgrees checks every from-to text in p against Moves and returns
// the number of would-be landings on an empty space it tried.
func checkParseAgrees(t *testing.T, p *Game) (emptyLandings int) {
	t.Helper()
	for from := range NumCells {
		for to := range NumCells {
			m, err := p.ParseMove(CellName(from) + CellName(to))
			in := legal(p, Step(from, to))
			if (err == nil) != in || err != nil && !errors.Is(err, rules.ErrIllegal) {
				t.Errorf("%s%s: ParseMove err %v, in Moves %v\n%s", CellName(from), CellName(to), err, in, p)
			}
			if err == nil && m != Step(from, to) {
				t.Errorf("wrong code")
			}
			hgt, top, _ := p.Stack(from)
			if top == PlayerPiece(p.ToMove()) && !p.surrounded(from) && int(hgt) <= maxDistance &&
				TargetMask(from, hgt)&(1<<to) != 0 && p.Occupied()&(1<<to) == 0 {
				emptyLandings++
				if err == nil {
					t.Errorf("%s%s lands on an empty space", CellName(from), CellName(to))
				}
			}
		}
	}
	return emptyLandings
}

func legal(g *Game, m rules.Move) bool {
	for _, x := range g.Moves(nil) {
		if x == m {
			return true
		}
	}
	return false
}

func TestMoveText(t *testing.T) {
	for _, tc := range []struct {
		m    rules.Move
		text string
	}{{Placement(0), "A1"}, {Placement(48), "K5"}, {Step(21, 23), "C3E3"}, {rules.Pass, "PASS"}, {rules.NoMove, "?"}} {
		if got := MoveText(tc.m); got != tc.text {
			t.Errorf("MoveText(%d) = %q, want %q", tc.m, got, tc.text)
		}
	}
	for c := range NumCells {
		if from, to, p := Decode(Placement(c)); !p || to != c || from != -1 {
			t.Errorf("Decode(Placement(%d))", c)
		}
		for d := range NumCells {
			if from, to, p := Decode(Step(c, d)); p || from != c || to != d {
				t.Errorf("Decode(Step(%d,%d))", c, d)
			}
		}
	}
	if _, to, _ := Decode(rules.Pass); to != -1 {
		t.Error("Decode(Pass)")
	}
}

// TestRemoval checks LastRemoved and the final Outcome along random games.
func TestRemoval(t *testing.T) {
	// Random games: LastRemoved must be exactly the cells that emptied
	// besides the from cell, removals must happen, and every game must end
	// with Outcome agreeing with Score.
	r := rand.New(rand.NewPCG(5, 5))
	seen := 0
	for game := 0; game < 40; game++ {
		g := New()
		g.PlaceRandom(r)
		var buf []rules.Move
		for {
			buf = g.Moves(buf[:0])
			if len(buf) == 0 {
				break
			}
			m := buf[r.IntN(len(buf))]
			before := g.Occupied()
			g.Play(m)
			vacated := before &^ g.Occupied()
			if from, _, _ := Decode(m); from >= 0 {
				vacated &^= 1 << from
			}
			if vacated != g.LastRemoved() {
				t.Fatalf("LastRemoved %x, vacated %x", g.LastRemoved(), vacated)
			}
			if vacated != 0 {
				seen++
			}
		}
		over, score := g.Outcome()
		w, b := g.Score()
		want := w - b
		if g.ToMove() == rules.Second {
			want = -want
		}
		if !over || score != want {
			t.Fatalf("end: over %v score %d (W%d B%d)", over, score, w, b)
		}
	}
	if seen == 0 {
		t.Error("no removal seen in 40 random games")
	}
}

func TestCloneIndependent(t *testing.T) {
	g := replay(t, placement1)
	c := g.Clone().(*Game)
	c.Play(c.Moves(nil)[0])
	if g.Plies() != NumCells || c.Plies() != NumCells+1 || g.Hash() == c.Hash() {
		t.Error("clone shares state")
	}
	c.Undo()
	if c.String() != g.String() || c.Hash() != g.Hash() {
		t.Error("clone differs after undo")
	}
}

// contentsOf reads g's board as NewPosition input.
func contentsOf(g *Game) [NumCells]Contents {
	var cs [NumCells]Contents
	for c := range NumCells {
		w, b, d := g.Pieces(c)
		_, top, _ := g.Stack(c)
		cs[c] = Contents{White: w, Black: b, Dvonns: d, Top: top}
	}
	return cs
}

func TestNewPosition(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	for range 20 {
		g := New()
		g.PlaceRandom(r)
		for range r.IntN(40) {
			ms := g.Moves(nil)
			if len(ms) == 0 {
				break
			}
			g.Play(ms[r.IntN(len(ms))])
		}
		p, err := NewPosition(contentsOf(g), g.ToMove())
		if err != nil {
			t.Fatal(err)
		}
		if p.String() != g.String() || p.Hash() != g.Hash() || invariants(p) != "" {
			t.Fatalf("NewPosition differs:\n%s\n%s\n%s", g, p, invariants(p))
		}
		if fmt.Sprint(p.Moves(nil)) != fmt.Sprint(g.Moves(nil)) {
			t.Fatal("moves differ")
		}
	}
	g := replay(t, placement1+" "+moves2)
	for name, edit := range map[string]func(cs *[NumCells]Contents){
		"red on top": func(cs *[NumCells]Contents) { cs[mustCell("F2")].Top = Red },
		"white top without white": func(cs *[NumCells]Contents) {
			cs[mustCell("B2")] = Contents{Black: 1, Top: White}
		},
		"empty with top": func(cs *[NumCells]Contents) { cs[mustCell("F4")].Top = Black },
		"two DVONN":      func(cs *[NumCells]Contents) { cs[mustCell("C3")] = Contents{White: 1, Top: White} },
		"24 white":       func(cs *[NumCells]Contents) { cs[mustCell("F2")].White += 10 },
		"cut off": func(cs *[NumCells]Contents) {
			*cs = [NumCells]Contents{}
			for _, n := range []string{"C3", "B3", "C4"} {
				cs[mustCell(n)] = Contents{Dvonns: 1, Top: Red}
			}
			cs[mustCell("K5")] = Contents{White: 1, Top: White}
		},
		"negative pieces": func(cs *[NumCells]Contents) { cs[mustCell("A1")].Black = -1 },
	} {
		cs := contentsOf(g)
		edit(&cs)
		if _, err := NewPosition(cs, 0); !errors.Is(err, rules.ErrIllegal) {
			t.Errorf("%s: err %v, want ErrIllegal", name, err)
		}
	}
}

// TestConnected compares the shift-based flood fill with a plain
// breadth-first search over the neighbor lists.
func TestConnected(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 32))
	for range 2000 {
		occ := r.Uint64() & allCells
		if r.IntN(2) == 0 {
			occ |= r.Uint64() & allCells
		}
		from := uint64(1) << r.IntN(NumCells)
		want := uint64(0)
		if occ&from != 0 {
			want = from
			queue := []int{bits.TrailingZeros64(from)}
			for len(queue) > 0 {
				c := queue[0]
				queue = queue[1:]
				for _, n := range Neighbors(c) {
					if occ&(1<<n) != 0 && want&(1<<n) == 0 {
						want |= 1 << n
						queue = append(queue, n)
					}
				}
			}
		}
		if got := Connected(occ, from); got != want {
			t.Fatalf("Connected(%#x, %#x) = %#x, want %#x", occ, from, got, want)
		}
	}
	for c := range NumCells {
		if fromGrid(toGrid(1<<c)) != 1<<c {
			t.Fatalf("grid round trip of %s", CellName(c))
		}
	}
}
