package othelloai

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"planiverse/ai"
	"planiverse/rules"
	"planiverse/rules/othello"
)

// symmetries returns the 8 images of a bitboard under the board's
// symmetry group (identity, flips, rotations).
func symmetries(x uint64) [8]uint64 {
	flipV := func(x uint64) uint64 { return bits.ReverseBytes64(x) }
	flipH := func(x uint64) uint64 {
		var y uint64
		for sq := 0; sq < 64; sq++ {
			if x>>sq&1 != 0 {
				y |= 1 << (sq/8*8 + 7 - sq%8)
			}
		}
		return y
	}
	transpose := func(x uint64) uint64 {
		var y uint64
		for sq := 0; sq < 64; sq++ {
			if x>>sq&1 != 0 {
				y |= 1 << (sq%8*8 + sq/8)
			}
		}
		return y
	}
	var out [8]uint64
	for i := 0; i < 8; i++ {
		y := x
		if i&1 != 0 {
			y = flipV(y)
		}
		if i&2 != 0 {
			y = flipH(y)
		}
		if i&4 != 0 {
			y = transpose(y)
		}
		out[i] = y
	}
	return out
}

// randomGame plays a random game and returns the positions (side to move
// first) along it, the final one included.
func randomGame(r *rand.Rand) (own, opp []uint64) {
	b := othello.New()
	var buf []rules.Move
	for {
		o, p := b.Bitboards()
		own, opp = append(own, o), append(opp, p)
		buf = b.Moves(buf[:0])
		if len(buf) == 0 {
			return own, opp
		}
		b.Play(buf[r.IntN(len(buf))])
	}
}

func TestEvaluateSymmetricAndBounded(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for g := 0; g < 30; g++ {
		own, opp := randomGame(r)
		for i := range own {
			v := EvaluateBitboards(own[i], opp[i])
			if v <= -ai.MaxEval || v >= ai.MaxEval {
				t.Fatalf("eval %d out of ±ai.MaxEval", v)
			}
			so, sp := symmetries(own[i]), symmetries(opp[i])
			for k := 1; k < 8; k++ {
				if w := EvaluateBitboards(so[k], sp[k]); w != v {
					t.Fatalf("eval of symmetry %d = %d, want %d (own %#x opp %#x)", k, w, v, own[i], opp[i])
				}
			}
		}
		// The last position is over: exact score times 100.
		n := len(own) - 1
		if got, want := EvaluateBitboards(own[n], opp[n]), 100*othello.FinalScore(own[n], opp[n]); got != want {
			t.Errorf("eval of a finished game = %d, want %d", got, want)
		}
	}
}

func TestEvaluateCornerIsGood(t *testing.T) {
	own, opp := othello.New().Bitboards()
	for _, c := range []uint64{1, 1 << 7, 1 << 56, 1 << 63} {
		mine, theirs := EvaluateBitboards(own|c, opp), EvaluateBitboards(own, opp|c)
		if mine <= theirs+500 {
			t.Errorf("corner %#x: eval with it %d, with the opponent holding it %d", c, mine, theirs)
		}
	}
	// An X-square next to an empty corner is bad for its owner.
	x := uint64(1) << 9 // b2
	if EvaluateBitboards(own|x, opp) >= EvaluateBitboards(own, opp|x) {
		t.Errorf("owning b2 next to an empty a1 should not help")
	}
}

func TestEvaluateKnowledge(t *testing.T) {
	k := New()
	b := othello.New()
	own, opp := b.Bitboards()
	if k.Evaluate(b) != EvaluatePatterns(own, opp) {
		t.Errorf("Evaluate differs from EvaluatePatterns")
	}
	if k.Evaluate(fakeState{}) != 0 {
		t.Errorf("Evaluate of a non-Othello state is not 0")
	}
	allocs := testing.AllocsPerRun(100, func() { k.Evaluate(b) })
	if allocs != 0 {
		t.Errorf("Evaluate allocates %.1f times", allocs)
	}
}

func TestStableDiscs(t *testing.T) {
	for _, c := range []struct {
		own, opp, want uint64
	}{
		{0xFF, 0, 0xFF},                                      // full row 1
		{0x07, 0x1800000000, 0x07},                           // a1 b1 c1 anchored at a1
		{0x06, 0x1800000000, 0},                              // b1 c1: a1 empty
		{0x0101, 0x02, 0x0101},                               // a1 a2
		{0x8000000, 0x1000000000, 0},                         // a lone center disc
		{^uint64(0) &^ 0xFF00, 0xFF00, ^uint64(0) &^ 0xFF00}, // full board: all stable
	} {
		if got := StableDiscs(c.own, c.opp); got != c.want {
			t.Errorf("StableDiscs(%#x, %#x) = %#x, want %#x", c.own, c.opp, got, c.want)
		}
	}
	// Soundness: a disc reported stable keeps its color to the end of the
	// game, along random games.
	r := rand.New(rand.NewPCG(8, 9))
	for g := 0; g < 200; g++ {
		b := othello.New()
		var stable [2]uint64 // by color: 0 black, 1 white
		var buf []rules.Move
		for {
			own, opp := b.Bitboards()
			p := b.ToMove()
			if own&stable[p] != stable[p] || opp&stable[p^1] != stable[p^1] {
				t.Fatalf("game %d: a disc reported stable was flipped\n%s", g, b)
			}
			stable[p] |= StableDiscs(own, opp)
			stable[p^1] |= StableDiscs(opp, own)
			buf = b.Moves(buf[:0])
			if len(buf) == 0 {
				break
			}
			b.Play(buf[r.IntN(len(buf))])
		}
	}
}

func TestOrderMoves(t *testing.T) {
	k := New()
	// Start: the four moves are symmetric and score the same.
	b := othello.New()
	moves := b.Moves(nil)
	scores := make([]int32, len(moves))
	k.OrderMoves(b, moves, scores)
	for i := range scores {
		if scores[i] != scores[0] {
			t.Errorf("start moves scored %v, want all equal", scores)
		}
	}
	allocs := testing.AllocsPerRun(100, func() { k.OrderMoves(b, moves, scores) })
	if allocs != 0 {
		t.Errorf("OrderMoves allocates %.1f times", allocs)
	}
	// Along random games: a corner outranks an X-square next to an empty
	// corner.
	r := rand.New(rand.NewPCG(10, 11))
	compared := 0
	for g := 0; g < 100; g++ {
		b := othello.New()
		for {
			moves = b.Moves(moves[:0])
			if len(moves) == 0 {
				break
			}
			scores = append(scores[:0], make([]int32, len(moves))...)
			k.OrderMoves(b, moves, scores)
			own, opp := b.Bitboards()
			empt := ^(own | opp)
			var corner, x int32 = -1 << 30, -1 << 30
			for i, m := range moves {
				if m >= 64 {
					continue
				}
				if cornerMask>>m&1 != 0 {
					corner = max(corner, scores[i])
				}
				if c := xCorner[m]; c >= 0 && empt>>c&1 != 0 {
					x = max(x, scores[i])
				}
			}
			if corner > -1<<30 && x > -1<<30 {
				compared++
				if corner <= x {
					t.Errorf("corner scored %d, X-square %d\n%s", corner, x, b)
				}
			}
			b.Play(moves[r.IntN(len(moves))])
		}
	}
	if compared == 0 {
		t.Errorf("no position had both a corner and an X-square move")
	}
}

func BenchmarkEvaluate(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	own, opp := randomGame(r)
	for b.Loop() {
		for i := range own {
			EvaluateBitboards(own[i], opp[i])
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(own)), "ns/eval")
}

// fullLinesSlow is fullLines line by line: the reference of the test.
func fullLinesSlow(filled uint64) (h, v, d7, d9 uint64) {
	var lines [4][15]uint64 // rows, columns, row+col, row-col+7
	for sq := 0; sq < 64; sq++ {
		r, c := sq/8, sq%8
		lines[0][r] |= 1 << sq
		lines[1][c] |= 1 << sq
		lines[2][r+c] |= 1 << sq
		lines[3][r-c+7] |= 1 << sq
	}
	var out [4]uint64
	for a := range lines {
		for _, m := range lines[a] {
			if m != 0 && filled&m == m {
				out[a] |= m
			}
		}
	}
	return out[0], out[1], out[2], out[3]
}

func TestFullLines(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for i := 0; i < 20000; i++ {
		// Dense boards (most squares filled) so that full lines occur.
		filled := r.Uint64() | r.Uint64() | r.Uint64()
		if i%2 == 0 {
			filled |= r.Uint64()
		}
		h, v, d7, d9 := fullLines(filled)
		wh, wv, w7, w9 := fullLinesSlow(filled)
		if h != wh || v != wv || d7 != w7 || d9 != w9 {
			t.Fatalf("fullLines(%#x) = %#x %#x %#x %#x, want %#x %#x %#x %#x", filled, h, v, d7, d9, wh, wv, w7, w9)
		}
	}
	if h, v, d7, d9 := fullLines(^uint64(0)); h&v&d7&d9 != ^uint64(0) {
		t.Errorf("full board: %#x %#x %#x %#x", h, v, d7, d9)
	}
}
