package othello

import (
	"errors"
	"math/bits"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"planiverse/rules"
	"planiverse/rules/rulestest"
)

// perftCounts are RULES.md's perft counts from the start, depth 1..12.
var perftCounts = []uint64{4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288, 24571284, 212258800, 1939886636}

var game = rulestest.Game{
	New:         func() rules.State { return New() },
	ScratchHash: func(s rules.State) uint64 { return ScratchHash(s.(*Board)) },
	Invariants: func(s rules.State) string {
		b := s.(*Board)
		if b.discs[0]&b.discs[1] != 0 {
			return "black and white bitboards overlap"
		}
		black, white := b.Count()
		if black+white+b.Empties() != 64 {
			return "counts do not add up to 64"
		}
		own, opp := b.Bitboards()
		if own != b.discs[b.ToMove()] || opp != b.discs[b.ToMove()^1] {
			return "Bitboards do not follow the side to move"
		}
		if p, err := ParsePosition(b.Position()); err != nil || p.discs != b.discs || p.toMove != b.toMove {
			return "Position does not round-trip"
		}
		return ""
	},
}

func TestPerftInterface(t *testing.T) {
	var buf []rules.Move
	for d := 1; d <= 9; d++ {
		var n uint64
		n, buf = rules.Perft(New(), d, true, buf)
		if n != perftCounts[d-1] {
			t.Errorf("rules.Perft(start, %d) = %d, want %d", d, n, perftCounts[d-1])
		}
	}
}

func TestPerftBitboards(t *testing.T) {
	own, opp := New().Bitboards()
	for d := 1; d <= 9; d++ {
		if n := PerftBitboards(own, opp, d); n != perftCounts[d-1] {
			t.Errorf("PerftBitboards(start, %d) = %d, want %d", d, n, perftCounts[d-1])
		}
	}
}

// naiveFlips walks the eight directions square by square: the reference
// for FlipsMask and MovesMask.
func naiveFlips(sq int, own, opp uint64) uint64 {
	if (own|opp)>>sq&1 != 0 {
		return 0
	}
	var f uint64
	for _, d := range [8][2]int{{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, -1}, {1, 0}, {1, 1}} {
		var line uint64
		r, c := sq/8+d[0], sq%8+d[1]
		for r >= 0 && r < 8 && c >= 0 && c < 8 && opp>>(r*8+c)&1 != 0 {
			line |= 1 << (r*8 + c)
			r, c = r+d[0], c+d[1]
		}
		if r >= 0 && r < 8 && c >= 0 && c < 8 && own>>(r*8+c)&1 != 0 {
			f |= line
		}
	}
	return f
}

func TestMasksAgainstNaive(t *testing.T) {
	// Random disjoint boards of every density, including ones no game reaches.
	x := uint64(88172645463325252)
	rnd := func() uint64 { x ^= x << 13; x ^= x >> 7; x ^= x << 17; return x }
	for i := 0; i < 20000; i++ {
		a, c := rnd(), rnd()
		switch i % 4 {
		case 1:
			a &= rnd()
		case 2:
			c &= rnd()
		case 3:
			a |= rnd()
		}
		own, opp := a&^c, c&^a
		if i%5 == 0 {
			own, opp = a&c, a^c // dense
		}
		var want uint64
		for sq := 0; sq < 64; sq++ {
			nf := naiveFlips(sq, own, opp)
			if nf != 0 {
				want |= 1 << sq
			}
			if (own|opp)>>sq&1 == 0 {
				if got := FlipsMask(sq, own, opp); got != nf {
					t.Fatalf("FlipsMask(%d, %#x, %#x) = %#x, want %#x", sq, own, opp, got, nf)
				}
			}
		}
		if got := MovesMask(own, opp); got != want {
			t.Fatalf("MovesMask(%#x, %#x) = %#x, want %#x", own, opp, got, want)
		}
	}
}

func TestRandomPlayouts(t *testing.T) {
	rulestest.RandomPlayouts(t, game, 100, 130, 1)
}

func TestNoAllocs(t *testing.T) {
	rulestest.NoAllocs(t, game, 130, 7)
}

func FuzzPlayout(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Add([]byte("othello endgame with passes: 0123456789abcdefghijklmnopqrstuvwxyz"))
	f.Fuzz(func(t *testing.T, choices []byte) {
		rulestest.Playout(t, game, choices, 130)
	})
}

func TestStart(t *testing.T) {
	b := New()
	if got, want := b.Position(), strings.Repeat("-", 27)+"OX------XO"+strings.Repeat("-", 27)+" X"; got != want {
		t.Errorf("start Position = %q, want %q", got, want)
	}
	if b.ToMove() != rules.First || b.LastMove() != rules.NoMove || b.LastFlips() != 0 || b.Empties() != 60 {
		t.Errorf("start: toMove %d lastMove %d lastFlips %#x empties %d", b.ToMove(), b.LastMove(), b.LastFlips(), b.Empties())
	}
	var names []string
	for _, m := range b.Moves(nil) {
		names = append(names, b.MoveString(m))
	}
	// RULES.md: black's four first moves are d3, c4, f5, e6.
	if got := strings.Join(names, " "); got != "d3 c4 f5 e6" {
		t.Errorf("start moves = %s, want d3 c4 f5 e6", got)
	}
	for sq, want := range map[int]rules.Seat{sqD4: rules.Second, sqE5: rules.Second, sqD5: rules.First, sqE4: rules.First} {
		if p, ok := b.Disc(sq); !ok || p != want {
			t.Errorf("Disc(%s) = %d, %v; want %d", SquareName(sq), p, ok, want)
		}
	}
	for _, sq := range []int{-1, 0, 19, 63, 64} {
		if _, ok := b.Disc(sq); ok {
			t.Errorf("Disc(%d) reports a disc", sq)
		}
	}
}

func TestPlaceDiscAndFlips(t *testing.T) {
	b := New()
	d3, _ := ParseSquare("d3")
	flipped, err := b.PlaceDisc(d3)
	if err != nil || !reflect.DeepEqual(flipped, []int{sqD4}) {
		t.Fatalf("PlaceDisc(d3) = %v, %v; want [%d] <nil>", flipped, err, sqD4)
	}
	if b.LastMove() != rules.Move(d3) || b.LastFlips() != 1<<sqD4 || b.ToMove() != rules.Second {
		t.Errorf("after d3: lastMove %d lastFlips %#x toMove %d", b.LastMove(), b.LastFlips(), b.ToMove())
	}
	if black, white := b.Count(); black != 4 || white != 1 {
		t.Errorf("after d3: Count = %d, %d; want 4, 1", black, white)
	}
	// White's replies with their flips.
	want := map[string][]string{"c3": {"d4"}, "e3": {"e4"}, "c5": {"d5"}}
	got := map[string][]string{}
	for _, p := range b.LegalPlacements() {
		var fl []string
		for _, f := range p.Flips {
			fl = append(fl, SquareName(f))
		}
		got[SquareName(p.Square)] = fl
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("white's placements after d3 = %v, want %v", got, want)
	}
	// A multi-direction flip: place on a square bracketing two lines.
	pos := "--------" + "-XXXO---" + "-X------" + "-XO-----" + "-O------" + strings.Repeat("-", 24) + " O"
	b2, err := ParsePosition(pos)
	if err != nil {
		t.Fatal(err)
	}
	a2, _ := ParseSquare("a2")
	flipped, err = b2.PlaceDisc(a2)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range flipped {
		names = append(names, SquareName(f))
	}
	// East b2 c2 d2 (to e2), south-east b3 (to c4); nothing south or north.
	if got := strings.Join(names, " "); got != "b2 c2 d2 b3" {
		t.Errorf("a2 flips %s, want b2 c2 d2 b3", got)
	}
}

func TestIllegalMovesLeavePositionUnchanged(t *testing.T) {
	b := New()
	before, hash := b.Position(), b.Hash()
	for _, sq := range []int{-1, 0, sqD4, 64, 63, 20} { // off board, no flip, occupied, off, no flip, d3's neighbor e3 (flips nothing)
		if _, err := b.PlaceDisc(sq); !errors.Is(err, rules.ErrIllegal) {
			t.Errorf("PlaceDisc(%d) error = %v, want ErrIllegal", sq, err)
		}
	}
	if err := b.PassTurn(); !errors.Is(err, rules.ErrIllegal) {
		t.Errorf("PassTurn at start error = %v, want ErrIllegal", err)
	}
	for _, s := range []string{"pass", "PASS", "a1", "D4", "e3"} {
		if _, err := b.ParseMove(s); !errors.Is(err, rules.ErrIllegal) {
			t.Errorf("ParseMove(%q) error = %v, want ErrIllegal", s, err)
		}
	}
	for _, s := range []string{"", "z9", "d", "d9", "i1", "d33", "pas", "1d"} {
		if _, err := b.ParseMove(s); !errors.Is(err, rules.ErrSyntax) {
			t.Errorf("ParseMove(%q) error = %v, want ErrSyntax", s, err)
		}
	}
	if b.Position() != before || b.Hash() != hash || b.Plies() != 0 {
		t.Errorf("failed moves changed the position")
	}
	for _, s := range []string{"d3", "D3", " c4 ", "F5", "e6"} {
		if m, err := b.ParseMove(s); err != nil || b.MoveString(m) != strings.ToLower(strings.TrimSpace(s)) {
			t.Errorf("ParseMove(%q) = %d, %v", s, m, err)
		}
	}
}

func TestPass(t *testing.T) {
	// Black to move with a1 white, b1 black: black brackets nothing, white
	// can play c1 (flipping b1), so black must pass.
	b, err := ParsePosition("OX------" + strings.Repeat("-", 56) + " X")
	if err != nil {
		t.Fatal(err)
	}
	if got := b.Moves(nil); !reflect.DeepEqual(got, []rules.Move{rules.Pass}) {
		t.Fatalf("Moves = %v, want [Pass]", got)
	}
	if over, _ := b.Outcome(); over {
		t.Fatal("Outcome says over, want a pass")
	}
	c1, _ := ParseSquare("c1")
	if _, err := b.PlaceDisc(c1); !errors.Is(err, rules.ErrIllegal) {
		t.Errorf("PlaceDisc while a pass is forced: %v, want ErrIllegal", err)
	}
	if m, err := b.ParseMove("pass"); err != nil || m != rules.Pass {
		t.Errorf("ParseMove(pass) = %d, %v", m, err)
	}
	if err := b.PassTurn(); err != nil {
		t.Fatalf("PassTurn: %v", err)
	}
	if b.ToMove() != rules.Second || b.LastMove() != rules.Pass || b.LastFlips() != 0 || b.Hash() != ScratchHash(b) {
		t.Errorf("after pass: toMove %d lastMove %d lastFlips %#x", b.ToMove(), b.LastMove(), b.LastFlips())
	}
	flipped, err := b.PlaceDisc(c1)
	if err != nil || !reflect.DeepEqual(flipped, []int{1}) {
		t.Fatalf("white c1 = %v, %v", flipped, err)
	}
	// White owns everything: the game is over, empties go to white.
	over, score := b.Outcome()
	if !over || score != -64 {
		t.Errorf("Outcome = %v, %d; want true, -64 (black to move, wiped out)", over, score)
	}
	if got := b.Moves(nil); len(got) != 0 {
		t.Errorf("Moves after the end = %v", got)
	}
	if err := b.PassTurn(); !errors.Is(err, rules.ErrIllegal) {
		t.Errorf("PassTurn after the end: %v", err)
	}
	if _, err := b.ParseMove("pass"); !errors.Is(err, rules.ErrIllegal) {
		t.Errorf("ParseMove(pass) after the end: %v", err)
	}
	if _, err := b.PlaceDisc(10); !errors.Is(err, rules.ErrIllegal) || !strings.Contains(err.Error(), "over") {
		t.Errorf("PlaceDisc after the end: %v", err)
	}
	b.Undo()
	b.Undo()
	if b.Position() != "OX------"+strings.Repeat("-", 56)+" X" || b.Hash() != ScratchHash(b) || b.LastMove() != rules.NoMove {
		t.Errorf("undo did not restore: %s", b.Position())
	}
}

func TestFinalScore(t *testing.T) {
	for _, c := range []struct {
		own, opp uint64
		want     int
	}{
		{0xFF, 0xFF00, 0},                 // 8-8 draw, empties to nobody
		{0xFFF, 0xF000, 64 - 8},           // 12-4 with 48 empties: 12+48-4
		{0xF, 0xFF0, -(64 - 8)},           // 4-8: loss by 56
		{^uint64(0) >> 1, 1 << 63, 62},    // full board 63-1
		{0, 1, -64},                       // wiped out
		{0xFFFFFFFF, 0xFFFFFFFF << 32, 0}, // full board draw
	} {
		if got := FinalScore(c.own, c.opp); got != c.want {
			t.Errorf("FinalScore(%#x, %#x) = %d, want %d", c.own, c.opp, got, c.want)
		}
	}
}

func TestParsePosition(t *testing.T) {
	ffo := "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; H1:+12"
	b, err := ParsePosition(ffo)
	if err != nil {
		t.Fatal(err)
	}
	if got := b.Position(); got != ffo[:66] {
		t.Errorf("Position = %q, want %q", got, ffo[:66])
	}
	if b.ToMove() != rules.First || b.Empties() != 14 || b.Hash() != ScratchHash(b) {
		t.Errorf("ffo: toMove %d empties %d", b.ToMove(), b.Empties())
	}
	w, err := ParsePosition(strings.Replace(ffo[:66], " X", "\to", 1))
	if err != nil || w.ToMove() != rules.Second || w.Hash() == b.Hash() {
		t.Errorf("side o: %v toMove %d", err, w.ToMove())
	}
	bad := []string{
		"",
		strings.Repeat("-", 63) + " X",
		strings.Repeat("-", 64),
		strings.Repeat("-", 64) + " ",
		strings.Repeat("-", 64) + "X",
		strings.Repeat("-", 64) + " B",
		strings.Repeat("-", 63) + "Z X",
	}
	for _, s := range bad {
		if _, err := ParsePosition(s); !errors.Is(err, rules.ErrSyntax) {
			t.Errorf("ParsePosition(%q) error = %v, want ErrSyntax", s, err)
		}
	}
}

func TestCloneIndependent(t *testing.T) {
	b := New()
	b.Play(19)
	c := b.Clone().(*Board)
	c.Play(c.Moves(nil)[0])
	if b.Plies() != 1 || c.Plies() != 2 || b.Position() == c.Position() {
		t.Errorf("clone shares state")
	}
	c.Undo()
	c.Undo()
	if c.Position() != New().Position() {
		t.Errorf("clone history lost")
	}
}

func TestSquareNames(t *testing.T) {
	for sq := 0; sq < 64; sq++ {
		back, err := ParseSquare(SquareName(sq))
		if err != nil || back != sq {
			t.Errorf("square %d -> %q -> %d, %v", sq, SquareName(sq), back, err)
		}
	}
	if d3, _ := ParseSquare("d3"); d3 != 19 {
		t.Errorf("d3 = %d, want 19", d3)
	}
	if SquareName(64) != "?" {
		t.Errorf("SquareName(64) = %q", SquareName(64))
	}
}

var sink uint64

func BenchmarkMovesMask(b *testing.B) {
	own, opp := New().Bitboards()
	for b.Loop() {
		sink += MovesMask(own, opp)
		own, opp = opp^sink&0xFF, own
	}
}

func BenchmarkFlipsMask(b *testing.B) {
	p, _ := ParsePosition("--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X")
	own, opp := p.Bitboards()
	moves := MovesMask(own, opp)
	for b.Loop() {
		for m := moves; m != 0; m &= m - 1 {
			sink += FlipsMask(bits.TrailingZeros64(m), own, opp)
		}
	}
}

func benchPerft(b *testing.B, depth int) {
	own, opp := New().Bitboards()
	for b.Loop() {
		if n := PerftBitboards(own, opp, depth); n != perftCounts[depth-1] {
			b.Fatalf("perft(%d) = %d, want %d", depth, n, perftCounts[depth-1])
		}
	}
}

func BenchmarkPerft9(b *testing.B)  { benchPerft(b, 9) }
func BenchmarkPerft10(b *testing.B) { benchPerft(b, 10) }
func BenchmarkPerft11(b *testing.B) { benchPerft(b, 11) }

// BenchmarkPerft7Interface is perft(7) through rules.State (rules.Perft).
func BenchmarkPerft7Interface(b *testing.B) {
	var s rules.State = New()
	buf := make([]rules.Move, 0, 1024)
	for b.Loop() {
		var n uint64
		n, buf = rules.Perft(s, 7, true, buf)
		if n != perftCounts[6] {
			b.Fatalf("perft(7) = %d", n)
		}
	}
}

func TestCountLastFlips(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for i := 0; i < 20000; i++ {
		sq := r.IntN(64)
		own := r.Uint64() &^ (1 << sq)
		if i%2 == 0 { // sparse or dense boards: long runs of one color
			own &= r.Uint64() & r.Uint64()
		} else if i%3 == 0 {
			own |= r.Uint64() | r.Uint64()
			own &^= 1 << sq
		}
		opp := ^own &^ (1 << sq)
		want := bits.OnesCount64(FlipsMask(sq, own, opp))
		if got := CountLastFlips(sq, own); got != want {
			t.Fatalf("CountLastFlips(%d, %#x) = %d, want %d", sq, own, got, want)
		}
	}
}
