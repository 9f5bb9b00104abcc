//go:build !purego

package othello

import (
	"math/rand/v2"
	"testing"
)

// TestMasksFallback clears hasAVX2 so that MovesMask and FlipsMask take
// their jumps to movesMaskGeneric and flipsMaskGeneric, as on a CPU without
// AVX2.
func TestMasksFallback(t *testing.T) {
	saved := hasAVX2
	hasAVX2 = false
	defer func() { hasAVX2 = saved }()
	own, opp := New().Bitboards()
	for d := 1; d <= 8; d++ {
		if n := PerftBitboards(own, opp, d); n != perftCounts[d-1] {
			t.Errorf("PerftBitboards(start, %d) without AVX2 = %d, want %d", d, n, perftCounts[d-1])
		}
	}
	r := rand.New(rand.NewPCG(13, 14))
	for _, b := range randomBoards(r, 20000) {
		if got, want := MovesMask(b[0], b[1]), movesMaskGeneric(b[0], b[1]); got != want {
			t.Fatalf("MovesMask(%#x, %#x) without AVX2 = %#x, movesMaskGeneric %#x", b[0], b[1], got, want)
		}
		sq := r.IntN(64)
		if got, want := FlipsMask(sq, b[0], b[1]), flipsMaskGeneric(sq, b[0], b[1]); got != want {
			t.Fatalf("FlipsMask(%d, %#x, %#x) without AVX2 = %#x, flipsMaskGeneric %#x", sq, b[0], b[1], got, want)
		}
	}
}
