package othello

import (
	"math/bits"
	"math/rand/v2"
	"testing"
)

// The tests below compare MovesMask and FlipsMask (on amd64 with AVX2, the
// assembly in moves_amd64.s) with movesMaskGeneric and flipsMaskGeneric;
// TestMasksAgainstNaive checks them against the square-by-square
// reference.

func skipWithoutAVX2(t testing.TB) {
	t.Helper()
	if !hasAVX2 {
		t.Skip("MovesMask and FlipsMask are the Go versions here (no AVX2 assembly)")
	}
}

// walkPositions calls visit on every position of the move tree of depth
// plies from (own, opp), passes included.
func walkPositions(own, opp uint64, depth int, visit func(own, opp uint64)) {
	visit(own, opp)
	if depth == 0 {
		return
	}
	moves := movesMaskGeneric(own, opp)
	if moves == 0 {
		if movesMaskGeneric(opp, own) != 0 {
			walkPositions(opp, own, depth-1, visit)
		}
		return
	}
	for ; moves != 0; moves &= moves - 1 {
		sq := bits.TrailingZeros64(moves)
		f := FlipsMask(sq, own, opp)
		walkPositions(opp&^f, own|f|1<<sq, depth-1, visit)
	}
}

// checkMoves compares MovesMask with movesMaskGeneric on (own, opp) with
// either side to move.
func checkMoves(t *testing.T, own, opp uint64) {
	t.Helper()
	for _, p := range [2][2]uint64{{own, opp}, {opp, own}} {
		if got, want := MovesMask(p[0], p[1]), movesMaskGeneric(p[0], p[1]); got != want {
			t.Fatalf("MovesMask(%#x, %#x) = %#x, movesMaskGeneric %#x", p[0], p[1], got, want)
		}
	}
}

func TestMovesMaskAVX2PerftPositions(t *testing.T) {
	skipWithoutAVX2(t)
	own, opp := New().Bitboards()
	n := 0
	walkPositions(own, opp, 8, func(own, opp uint64) {
		n++
		checkMoves(t, own, opp)
	})
	if n < 400000 {
		t.Fatalf("only %d positions visited", n)
	}
}

// Boards rich in edge squares and lines: the AVX2 lanes must mask the a
// and h columns exactly as movesMaskGeneric does.
var maskShapes = []uint64{
	0xFF818181818181FF, // the border
	0x8181818181818181, // columns a and h
	0xFF000000000000FF, // rows 1 and 8
	0x8040201008040201, // the long diagonals
	0x0102040810204080,
	0x00000000000000FF, // one row
	0x0101010101010101, // one column
	0x7E7E7E7E7E7E7E7E, // all but the edge columns
}

// randomBoards returns n disjoint (own, opp) pairs of every density and
// shape: uniform, sparse, dense, full, edge-heavy, on a single line.
func randomBoards(r *rand.Rand, n int) [][2]uint64 {
	boards := make([][2]uint64, 0, n)
	for len(boards) < n {
		a, c := r.Uint64(), r.Uint64()
		switch r.IntN(8) {
		case 1: // sparse
			a &= r.Uint64() & r.Uint64()
			c &= r.Uint64()
		case 2: // dense: few empty squares
			c |= r.Uint64() | r.Uint64()
			a |= r.Uint64()
		case 3: // the opponent almost everywhere
			c = ^(a & r.Uint64() & r.Uint64())
		case 4: // edge-heavy
			s := maskShapes[r.IntN(len(maskShapes))]
			a &= s | r.Uint64()&r.Uint64()&r.Uint64()
			c |= s
		case 5: // one line
			s := maskShapes[r.IntN(len(maskShapes))]
			if r.IntN(2) == 0 {
				s = bits.RotateLeft64(s, 8*r.IntN(8))
			}
			a &= s
			c &= s
		case 6: // full board
			c = ^a
		}
		boards = append(boards, [2]uint64{a &^ c, c})
	}
	return boards
}

func TestMovesMaskAVX2Random(t *testing.T) {
	skipWithoutAVX2(t)
	r := rand.New(rand.NewPCG(11, 12))
	for _, b := range randomBoards(r, 300000) {
		checkMoves(t, b[0], b[1])
	}
}

// checkFlips compares FlipsMask with flipsMaskGeneric on every square of
// (own, opp), occupied ones included (neither looks at sq's own square),
// and on sq out of 0..63 (taken modulo 64).
func checkFlips(t *testing.T, own, opp uint64) {
	t.Helper()
	for sq := -1; sq <= 64; sq++ {
		if got, want := FlipsMask(sq, own, opp), flipsMaskGeneric(sq, own, opp); got != want {
			t.Fatalf("FlipsMask(%d, %#x, %#x) = %#x, flipsMaskGeneric %#x", sq, own, opp, got, want)
		}
	}
}

func TestFlipsMaskAVX2PerftPositions(t *testing.T) {
	skipWithoutAVX2(t)
	own, opp := New().Bitboards()
	n := 0
	walkPositions(own, opp, 7, func(own, opp uint64) {
		n++
		checkFlips(t, own, opp)
		checkFlips(t, opp, own)
	})
	if n < 65000 {
		t.Fatalf("only %d positions visited", n)
	}
}

func TestFlipsMaskAVX2Random(t *testing.T) {
	skipWithoutAVX2(t)
	r := rand.New(rand.NewPCG(15, 16))
	for _, b := range randomBoards(r, 100000) {
		checkFlips(t, b[0], b[1])
	}
}

func TestMasksNoAllocs(t *testing.T) {
	own, opp := New().Bitboards()
	if n := testing.AllocsPerRun(100, func() { sink += MovesMask(own, opp) }); n != 0 {
		t.Errorf("MovesMask allocates %v times a call", n)
	}
	if n := testing.AllocsPerRun(100, func() { sink += FlipsMask(19, own, opp) }); n != 0 {
		t.Errorf("FlipsMask allocates %v times a call", n)
	}
}

// FuzzMovesMask compares MovesMask with movesMaskGeneric and with the
// square-by-square reference on arbitrary disjoint boards.
func FuzzMovesMask(f *testing.F) {
	own, opp := New().Bitboards()
	f.Add(own, opp)
	f.Add(uint64(0x8100000000000081), uint64(0x7E7E7E7E7E7E7E7E))
	f.Add(uint64(1), ^uint64(1)&^(1<<63))
	f.Fuzz(func(t *testing.T, own, opp uint64) {
		opp &^= own
		got := MovesMask(own, opp)
		if want := movesMaskGeneric(own, opp); got != want {
			t.Fatalf("MovesMask(%#x, %#x) = %#x, movesMaskGeneric %#x", own, opp, got, want)
		}
		var want uint64
		for sq := 0; sq < 64; sq++ {
			if naiveFlips(sq, own, opp) != 0 {
				want |= 1 << sq
			}
		}
		if got != want {
			t.Fatalf("MovesMask(%#x, %#x) = %#x, want %#x", own, opp, got, want)
		}
	})
}

// FuzzFlipsMask compares FlipsMask with flipsMaskGeneric and, on an empty
// square, with the square-by-square reference.
func FuzzFlipsMask(f *testing.F) {
	own, opp := New().Bitboards()
	f.Add(19, own, opp)
	f.Add(0, uint64(0x8100000000000081), uint64(0x7E7E7E7E7E7E7E7E))
	f.Add(-1, uint64(1), ^uint64(1)&^(1<<63))
	f.Fuzz(func(t *testing.T, sq int, own, opp uint64) {
		opp &^= own
		got := FlipsMask(sq, own, opp)
		if want := flipsMaskGeneric(sq, own, opp); got != want {
			t.Fatalf("FlipsMask(%d, %#x, %#x) = %#x, flipsMaskGeneric %#x", sq, own, opp, got, want)
		}
		if (own|opp)>>(sq&63)&1 == 0 {
			if want := naiveFlips(sq&63, own, opp); got != want {
				t.Fatalf("FlipsMask(%d, %#x, %#x) = %#x, want %#x", sq, own, opp, got, want)
			}
		}
	})
}
